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
