// Functions the dashboard's AG Grid tables name in their column definitions (dashboards/widgets.py).
var dagfuncs = (window.dashAgGridFunctions = window.dashAgGridFunctions || {});

// A column shows its text (column__text) and sorts by its raw value, kept in the row under the
// column's own key: "9.5%" after "52.1%" would be text order. Made once per column, then AG Grid
// calls it directly. Empty values first, as AG Grid's own order puts them.
dagfuncs.simRawOrder = function (key) {
    return function (valueA, valueB, nodeA, nodeB) {
        var a = nodeA && nodeA.data ? nodeA.data[key] : valueA;
        var b = nodeB && nodeB.data ? nodeB.data[key] : valueB;
        var aEmpty = a === null || a === undefined, bEmpty = b === null || b === undefined;
        if (aEmpty || bEmpty) {
            return aEmpty && bEmpty ? 0 : (aEmpty ? -1 : 1);
        }
        return a < b ? -1 : (a > b ? 1 : 0);
    };
};

// A number filter compares the value as the cell reads it (dashboards/widgets.py number_filter):
// the raw value under the column's key times its scale (100 for a rate shown as % and a difference
// shown in points), rounded so that 0.553 * 100 is 55.3, not 55.300000000000004. Empty stays empty,
// so "greater than" leaves out a card with no figure.
dagfuncs.simShownNumber = function (params, key, scale) {
    var raw = params && params.data ? params.data[key] : null;
    if (raw === null || raw === undefined || typeof raw !== "number") {
        return null;
    }
    return Math.round(raw * scale * 1e9) / 1e9;
};

// The number typed in a filter box, with either decimal mark: "0,5" and "0.5" are a half in both
// languages; a mark followed by exactly three digits and no other mark ("200.000", "1,000") is the
// thousands separator of `lang` when it is that language's one; with both marks, the last one is
// the decimal mark ("1.234,5", "1,234.5"). null when nothing number-like was typed.
dagfuncs.simParseNumber = function (text, lang) {
    if (text === null || text === undefined) {
        return null;
    }
    var cleaned = String(text).replace(/\s/g, "");
    if (cleaned === "" || cleaned === "-" || cleaned === "+") {
        return null;
    }
    var lastComma = cleaned.lastIndexOf(","), lastDot = cleaned.lastIndexOf(".");
    var thousands = lang === "es" ? "." : ",";
    if (lastComma >= 0 && lastDot >= 0) {
        var decimal = lastComma > lastDot ? "," : ".";
        cleaned = cleaned.split(decimal === "," ? "." : ",").join("").replace(decimal, ".");
    } else if (lastComma >= 0 || lastDot >= 0) {
        var mark = lastComma >= 0 ? "," : ".";
        var groups = cleaned.split(mark);
        var grouped = mark === thousands && groups.length > 1 && groups.slice(1).every(function (g) { return g.length === 3; });
        cleaned = grouped ? groups.join("") : (groups.length === 2 ? groups.join(".") : cleaned);
    }
    var number = Number(cleaned);
    return isFinite(number) ? number : null;
};

// A filter's number shown back in its box as `lang` writes it (Spanish 0,5).
dagfuncs.simFormatNumber = function (value, lang) {
    if (value === null || value === undefined) {
        return null;
    }
    var text = String(value);
    return lang === "es" ? text.replace(".", ",") : text;
};
