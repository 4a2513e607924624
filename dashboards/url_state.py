"""The view's state in the address: run, page, filters and language in the query string
(`/cards?run=rr&lang=en&config=base&min_games=100`), so a link opens the same view and a reload
keeps it.

One mechanism serves the shell and every page:
- a page wraps its layout with `url_filters(layout, key="component-id", ...)`: Dash pages calls the
  result as `layout(**query_params)`, so each filter starts on the value its key has in the address
  (read as the component takes it: a number box gets a number, a multi-choice dropdown a list);
- the same call registers one clientside callback that writes the filters' values back into the
  address whenever they change (`history.replaceState`: the page is not reloaded and redrawn, as
  dcc.Location refresh=False, and the Back button is not filled with every filter change). It runs
  in the browser on the address as it is at that moment, so the shell's run and language and a
  page's filters, written by different callbacks at the same time, never overwrite each other.

A page whose filter options come from the run (a config dropdown) keeps the address's value when
the run offers it: `kept(value, options)`.

The language: the address's `lang` wins, then the browser's stored choice (`SAVED_LANGUAGE`, in
localStorage, written only when the user switches), then Spanish (`LANGUAGE_FIRST`, run before Dash
starts, puts the chosen one in the address, so the layout and every page are built in it at once).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs, urlencode, urlparse, urlsplit

from dash import Input, Output, clientside_callback, dcc
from dash.development.base_component import Component
from flask import has_request_context, request

from sim.report.language import LANGUAGES, t

DEFAULT_LANGUAGE = "es"
SAVED_LANGUAGE = "lang-saved"  # the dcc.Store (storage_type="local") holding the browser's choice
SHELL_KEYS = ("run", "lang")  # written by the shell; a page's filters use other keys

# Before Dash starts: an address without a (known) lang gets the browser's stored choice, else
# Spanish. dcc.Store keeps its data as JSON under its id.
LANGUAGE_FIRST = f"""        <script>
        (function () {{
            var known = {json.dumps(list(LANGUAGES))}, query = new URLSearchParams(window.location.search);
            if (known.indexOf(query.get("lang")) < 0) {{
                var saved = null;
                try {{ saved = JSON.parse(window.localStorage.getItem({json.dumps(SAVED_LANGUAGE)})); }} catch (e) {{}}
                query.set("lang", known.indexOf(saved) >= 0 ? saved : {json.dumps(DEFAULT_LANGUAGE)});
                window.history.replaceState(window.history.state, "",
                    window.location.pathname + "?" + query.toString() + window.location.hash);
            }}
            document.documentElement.setAttribute("data-loading-lang", query.get("lang"));
        }})();
        </script>"""

# Dash's placeholder, shown until the layout has come (seconds on a busy machine), is an English
# "Loading..." written by its renderer: hidden, and the address's language (which LANGUAGE_FIRST has
# set, and marks on <html>) says it instead.
LOADING_IN_LANGUAGE = "        <style>\n        ._dash-loading { visibility: hidden; }\n" + "".join(
    f'        html[data-loading-lang="{lang}"] ._dash-loading::after {{ visibility: visible; '
    f'content: {json.dumps(t("grid_loadingOoo", lang), ensure_ascii=False)}; }}\n' for lang in LANGUAGES) + "        </style>"

# Write each (key, value) into the address: a list as the key repeated, nothing for an empty value.
WRITE_TO_ADDRESS = """function () {
    var keys = KEYS, keepWhenEmpty = KEEP, values = arguments, url = new URL(window.location.href);
    keys.forEach(function (key, i) {
        var value = values[i], empty = value === null || value === undefined || value === "";
        if (empty && keepWhenEmpty) { return; }
        url.searchParams.delete(key);
        if (empty) { return; }
        (Array.isArray(value) ? value : [value]).forEach(function (v) { url.searchParams.append(key, String(v)); });
    });
    if (url.href !== window.location.href) { window.history.replaceState(window.history.state, "", url.href); }
}"""


def address() -> str | None:
    """The address of the page the browser shows (None outside a request, or when the browser did not
    say). Dash asks for the layout and runs callbacks from the page itself, so the page's address,
    kept current by the clientside writes, is the Referer."""
    return (request.referrer or None) if has_request_context() else None


def location_of_address() -> dict[str, str]:
    """A dcc.Location's properties for the address the browser shows (none when it did not say).
    Every property a Location compares with the browser's is given: one left out, the Location
    sets it from the browser as it starts, and that change runs the callbacks that read it, which
    a layout drawn for this address has no need of."""
    shown = address()
    if shown is None:
        return {}
    parts = urlsplit(shown)
    return {"pathname": parts.path, "search": f"?{parts.query}" if parts.query else "", "hash": "", "href": shown}


def address_query() -> dict[str, list[str]]:
    """The query of the page the browser shows."""
    return parse_qs(urlparse(address() or "").query)


def address_value(key: str) -> str | None:
    return address_query().get(key, [None])[0]


def address_language() -> str:
    """The language the page is shown in: the address's `lang` (which LANGUAGE_FIRST has set from
    the stored choice when it had none), else Spanish."""
    asked = address_value("lang")
    return asked if asked in LANGUAGES else DEFAULT_LANGUAGE


def with_shell_query(path: str, run: str | None, lang: str | None) -> str:
    """A page's address carrying the run and the language (the navigation links): a page's own
    filters are left behind."""
    query = [(k, v) for k, v in (("run", run), ("lang", lang)) if v]
    return path + (f"?{urlencode(query)}" if query else "")


def bind_to_address(values: Mapping[str, tuple[str, str]], keep_when_empty: bool = False) -> None:
    """Write each component property into the address under its key whenever it changes:
    `values` maps a query key to (component id, property). An empty value removes its key, or with
    `keep_when_empty` leaves the address's (the shell's run: none is chosen when the one the address
    names cannot be read, and a reload must still say why)."""
    if not values:
        return
    code = WRITE_TO_ADDRESS.replace("KEYS", json.dumps(list(values))).replace("KEEP", json.dumps(keep_when_empty))
    clientside_callback(code,
                        [Input(component_id, prop) for component_id, prop in values.values()])


def dropdown_labels(lang: str) -> dict[str, str]:
    """The words a dcc.Dropdown shows itself (its search box, "no options"...: Dash's `labels`, in
    English unless given), in `lang`."""
    keys = ("select_all", "deselect_all", "selected_count", "search", "clear_search", "clear_selection",
            "no_options_found")
    return {key: t(f"dropdown_{key}", lang, num_selected="{num_selected}") for key in keys}


def translate_dropdowns(ids: Sequence[str]) -> None:
    """Keep the own words of the dropdowns `ids` in the page's language (in the browser: the texts of
    both languages travel with the callback, so a switch costs no request)."""
    if not ids:
        return
    labels = json.dumps({lang: dropdown_labels(lang) for lang in LANGUAGES}, ensure_ascii=False)
    clientside_callback(f"""function (lang) {{
        var labels = {labels}, chosen = labels[lang] || labels[{json.dumps(DEFAULT_LANGUAGE)}];
        return {json.dumps(list(ids))}.map(function () {{ return chosen; }});
    }}""", [Output(component_id, "labels") for component_id in ids], Input("lang", "data"))


def _as_number(text: str) -> int | float | None:
    try:
        number = float(text)
    except ValueError:
        return None
    return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number


def value_from_address(component: Component, given: str | Sequence[str]) -> Any:
    """The value a component takes from its query text: a number box a number (None when the text
    is none), a multi-choice dropdown a list, anything else the text."""
    texts = [given] if isinstance(given, str) else list(given)
    if isinstance(component, dcc.Dropdown) and getattr(component, "multi", False):
        return texts
    text = texts[0] if texts else ""
    if isinstance(component, dcc.Input) and getattr(component, "type", None) == "number":
        return _as_number(text)
    if isinstance(component, (dcc.Checklist,)):
        return texts
    return text


def url_filters(template: Component, **filters: str) -> Callable[..., Component]:
    """A page layout whose filters live in the address: `filters` maps a query key to the id of a
    component in `template` whose `value` it holds. Returns `layout(**query_params)` for
    dash.register_page (Dash pages calls it with the address's query), and writes the filters back
    into the address as they change. A page calls it once, at import."""
    for component_id in filters.values():
        template[component_id]  # noqa: B018  (a KeyError now, at import, for an id the layout lacks)
    clash = set(filters) & set(SHELL_KEYS)
    if clash:
        raise ValueError(f"url_filters: {', '.join(sorted(clash))} is the shell's key")
    bind_to_address({key: (component_id, "value") for key, component_id in filters.items()})
    translate_dropdowns([i for i in filters.values() if isinstance(template[i], dcc.Dropdown)])

    def layout(**query: str | list[str]) -> Component:
        page = copy.deepcopy(template)
        for key, component_id in filters.items():
            if key in query:
                component = page[component_id]
                component.value = value_from_address(component, query[key])
                if isinstance(component, dcc.Dropdown):  # offered until the run's own options come,
                    wanted = component.value if isinstance(component.value, list) else [component.value]
                    offered = list(getattr(component, "options", None) or [])  # so that it is not dropped
                    component.options = offered + [v for v in wanted if v not in offered]
        return page

    return layout


def kept(value: Any, options: Sequence[Any], default: Any = "first") -> Any:
    """`value` when the options offer it (the address's choice, or the one already made), else the
    first option (or `default` when given): for a filter whose options the run decides."""
    offered = [o["value"] if isinstance(o, Mapping) else o for o in options]
    if value is not None and value in offered:
        return value
    if default == "first":
        return offered[0] if offered else None
    return default
