"""Every value the dashboard takes as the name of a file or folder stays in the results folder
(issue 35, items 1 and 2). Each callback and route that takes one is sent climbing, absolute and
symlinked names through Dash's own HTTP API (POST /_dash-update-component, GET /_dash-layout and
the file routes), as a hostile page would send them; each must refuse, in words that carry no path,
the same words whether the place outside exists or not, and show nothing of what lies outside.

The callbacks that take a name, found by `grep -n 'Input("run"\\|State("run"\\|run-b\\|balance-search\\|
launch-current\\|launch-shipped\\|launch-upload\\|run-action' dashboards/`, are listed in NAMED below;
a callback added later that takes one of these values fails `test_every_callback_taking_a_name_is_tried`
until it is tried here too, and a route added later fails `test_every_route_is_known`."""

from __future__ import annotations

import base64
import json
import shutil
from typing import Any
from urllib.parse import quote, unquote

import pytest

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game, for the balance search)
from dashboards import data
from dashboards.app import create_app
from sim.balance.search import search
from sim.cli import main
from sim.core.ruleset import get_ruleset
from sim.run.spec import load_spec
from tests.balance.test_balance_search import write_tiny

SECRET = "SECRETO-DE-FUERA-5521"  # what the places outside the results folder hold: never in an answer
RUN_SPEC = 'ruleset = "dicedraft"\ngames = 200\nseed = 3\n[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
CAP = 100  # this app's --max-games: a launch that passes every other check stops here, before it starts


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory):
    """A results folder holding a run "rr", a balance search "tiny_balance", a run "dentro" that is
    a link to rr (inside: read as usual), and, leading outside to copies that hold SECRET: a run
    folder that is a link ("enlace"), a run whose manifest is one ("fuera"), a search folder that is
    one ("fuga.balance"), a card folder link ("cartas"), a shipped spec that is one ("enlace.toml")."""
    folder = tmp_path_factory.mktemp("names")
    results = folder / "results"
    (folder / "rr.toml").write_text(f'name = "rr"\n{RUN_SPEC}', encoding="utf-8")
    assert main(["run", str(folder / "rr.toml"), "--results", str(results), "--executor", "serial"]) == 0
    search(load_spec(write_tiny(folder)), results)
    outside = folder / "outside"
    shutil.copytree(results / "rr", outside / "run")
    manifest = json.loads((outside / "run" / "manifest.json").read_text())
    (outside / "run" / "manifest.json").write_text(json.dumps(manifest | {"status": SECRET}))
    shutil.copytree(results / "tiny_balance.balance", outside / "search.balance")
    proposals = json.loads((outside / "search.balance" / "proposals.json").read_text())
    (outside / "search.balance" / "proposals.json").write_text(json.dumps(proposals | {"seconds": SECRET}))
    shutil.copytree(get_ruleset("dicedraft").cards_dir, outside / "cards")
    (outside / "cards" / "secreto.toml").write_text((outside / "cards" / "aranas.toml").read_text())
    (outside / "spec.toml").write_text(f'name = "secreto"\n{RUN_SPEC}', encoding="utf-8")
    (results / "enlace").symlink_to(outside / "run", target_is_directory=True)
    (results / "fuera").mkdir()
    (results / "fuera" / "manifest.json").symlink_to(outside / "run" / "manifest.json")
    (results / "fuga.balance").symlink_to(outside / "search.balance", target_is_directory=True)
    (results / "cartas").symlink_to(outside / "cards", target_is_directory=True)
    (results / "dentro").symlink_to(results / "rr", target_is_directory=True)
    shutil.copytree(get_ruleset("dicedraft").cards_dir, results / "mis_cartas")  # cards inside: allowed
    experiments = folder / "experiments"
    experiments.mkdir()
    (experiments / "enlace.toml").symlink_to(outside / "spec.toml")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(data, "EXPERIMENTS_DIR", experiments)
        yield folder, results, outside


@pytest.fixture(scope="module")
def client(place):
    _, results, _ = place
    app = create_app(results, executor="serial", warm=False)
    app.server.config["SIM_MAX_GAMES"] = CAP
    served = app.server.test_client()
    assert served.get("/").status_code == 200  # the pages' callbacks are registered on the first request
    return served


def hostile_names(place, symlinked: list[str]) -> dict[str, list[str]]:
    """Names a hostile page sends, by kind; each climbing and absolute name comes in a pair, one
    whose target exists outside and one whose target does not (the answers must be the same)."""
    folder, results, outside = place
    return {
        "climbing": ["../outside/run", "../outside/nothing", "..", "rr/../../outside/run", "..\\outside\\run"],
        "absolute": [str(outside / "run"), str(outside / "nothing"), "/etc/passwd", "/etc/nothing"],
        "symlinked": symlinked,
        "not a string": [["rr"], {"run": "rr"}, 7],
    }


def forbidden_words(place) -> list[str]:
    """What no answer may carry: the places' paths (the results folder's included) and SECRET."""
    folder, results, outside = place
    return [SECRET, str(outside), str(folder), str(results), "secreto", "/etc"]


def assert_no_path(answer: str, place, sent: str | None = None) -> None:
    """No forbidden word in `answer`, beyond `sent` itself where a page repeats its own address (the
    meta tags of Dash's page, a filter's value before the run's options come)."""
    if sent:
        answer = answer.replace(sent, "")
    for word in forbidden_words(place):
        assert word not in answer, f"{word!r} in {answer[:600]}"
    assert "Traceback" not in answer


# -- driving callbacks through Dash's HTTP API ---------------------------------------------------------

DEFAULTS = {("lang", "data"): "en", ("runs-refresh", "n_intervals"): 1, ("progress-refresh", "n_intervals"): 1,
            ("upload-limit", "data"): 1024 * 1024}


def dependencies(client) -> list[dict[str, Any]]:
    return [d for d in json.loads(client.get("/_dash-dependencies").data) if d.get("clientside_function") is None]


def split_output(output: str) -> list[dict[str, str]]:
    parts = output[2:-2].split("...") if output.startswith("..") else [output]
    return [{"id": part.rsplit(".", 1)[0], "property": part.rsplit(".", 1)[1].split("@")[0]} for part in parts]


def call(client, output: str, values: dict[tuple[str, str], Any], changed: tuple[str, str]) -> tuple[int, str]:
    """POST one callback as the page would: every input and state with `values` (else DEFAULTS, else
    None), `changed` the input that fired it. Returns the status and the answer's text."""
    dep = next(d for d in dependencies(client) if d["output"] == output)

    def entries(kind: str) -> list[Any]:
        out = []
        for item in dep[kind]:
            key = (item["id"], item["property"])
            if item["id"].startswith("{"):  # a pattern-matching input (ALL): the list the page sends
                out.append(values.get(key, []))
            else:
                out.append({**item, "value": values.get(key, DEFAULTS.get(key))})
        return out

    # a pattern-matching output (ALL) is the list of the components it matches: none on this page
    outputs = [[] if o["id"].startswith("{") else o for o in split_output(output)]
    payload = {"output": output, "outputs": outputs if len(outputs) > 1 or output.startswith("..") else outputs[0],
               "inputs": entries("inputs"), "state": entries("state"), "changedPropIds": [".".join(changed)]}
    # the page's address is the Referer (dashboards.url_state): the shell's messages follow its lang
    answer = client.post("/_dash-update-component", json=payload, headers={"Referer": "http://localhost/?lang=en"})
    return answer.status_code, readable(answer.get_data(as_text=True))


def apply_pressed(client, output: str, name: Any, lang: str = "en") -> tuple[int, str]:
    """POST the balance page's "apply to a copy" of proposal 1 (a MATCH callback: the page sends the
    one pressed button and its one output, not lists) with `name` as the search, the page in `lang`."""
    button = {"type": "balance-apply", "rank": 1}
    payload = {"output": output, "outputs": {"id": {"type": "balance-applied", "rank": 1}, "property": "children"},
               "inputs": [{"id": button, "property": "n_clicks", "value": 1}],
               "state": [{"id": "balance-search", "property": "value", "value": name},
                         {"id": "lang", "property": "data", "value": lang}],
               "changedPropIds": [json.dumps(button, sort_keys=True, separators=(",", ":")) + ".n_clicks"]}
    answer = client.post("/_dash-update-component", json=payload, headers={"Referer": f"http://localhost/?lang={lang}"})
    return answer.status_code, readable(answer.get_data(as_text=True))


def readable(answer: str) -> str:
    """A JSON answer as text a check can search: Dash's encoder writes "/" as "\\u002f" (a path would
    hide in it) and accents as escapes."""
    try:
        return json.dumps(json.loads(answer), ensure_ascii=False)
    except ValueError:
        return answer


def outputs_named(client, prefix: str) -> list[str]:
    return [d["output"] for d in dependencies(client) if d["output"].lstrip(".").startswith(prefix)]


RUN_REFUSED = ("that is not a run's name", "there is no run", "is a link leading outside the results folder")
PAGES = ("factions", "cards", "budget", "sweeps", "levels", "ablations", "matches", "story", "compare", "replay", "runs")
# every callback that takes a name, by the output it draws: (what names it, how it must answer)
NAMED = {
    **{f"{page}-heading.children": ("run", "says") for page in ("factions", "budget", "sweeps", "levels", "ablations",
                                                                 "matches", "story")},
    "cards-body.children": ("run", "says"),
    "compare-head.children": ("run", "says"), "compare-head.children/run_b": ("compare-run-b", "says"),
    "compare-run-b.options": ("run", "quiet"),
    "replay-config.options": ("run", "says"), "replay-body.children": ("run", "says"),
    "run-card.children": ("run", "says"),
    **{f"{page}-download.data": ("run", "says") for page in PAGES},
    "unfinished-banner.children": ("run", "quiet"), "app-title.children": ("run", "quiet"),
    "findings-panel.children": ("run", "quiet"),  # a run it cannot read: the panel stays hidden
    "run-problem.children": ("run", "quiet"), "run.options": ("run", "says"),
    "balance-heading.children": ("balance-search", "says"),
    "balance-patch-file.data": ("balance-search", "quiet"),  # a refused search downloads nothing
    "balance-applied.children": ("balance-search", "says"),
    "launch-message.children/follow": ("launch-current", "quiet"),
    "launch-message.children/action": ("run-action", "says"),
    "launch-message.children/launch": ("launch-shipped", "says"),
    # the Try a change page: the run's cards and form, the edits checked against its card model,
    # and a trial named by the address (its answer read, kept or discarded: removing folders)
    "try-heading.children": ("run", "quiet"), "try-form.children": ("run", "quiet"),
    "try-edits.value": ("run", "quiet"), "try-trial.value": ("run", "quiet"),
    "try-answer.children": ("try-trial", "quiet"), "try-keep-name.value": ("try-trial", "quiet"),
    "try-kept.children": ("try-trial", "quiet"),
}


def output_of(client, key: str) -> str:
    """The callback NAMED[key] stands for, by its output."""
    name = key.split("/")[0]
    found = outputs_named(client, name)
    if key == "launch-message.children/follow":
        found = [o for o in found if o.startswith("launch-message.children@")
                 and next(d for d in dependencies(client) if d["output"] == o)["inputs"][0]["id"] == "progress-refresh"]
    elif key == "launch-message.children/action":
        found = [o for o in found if "run-action" in json.dumps(next(d for d in dependencies(client)
                                                                       if d["output"] == o)["inputs"])]
    elif key == "launch-message.children/launch":
        found = [o for o in found if o.startswith("..launch-message.children...launch-current")]
    elif key == "try-kept.children":  # Keep and Discard, not the play that also draws it
        found = [o for o in found if o.startswith("..try-kept.children...try-trial.value")]
    elif key == "balance-applied.children":  # one output per proposal (MATCH): its id is a pattern
        found = [d["output"] for d in dependencies(client) if '"type":"balance-applied"' in d["output"]]
    assert len(found) == 1, (key, found)
    return found[0]


def ask(client, key: str, name: Any) -> tuple[int, str]:
    """Send `name` to the callback NAMED[key] in the value it takes a name from."""
    output = output_of(client, key)
    what = NAMED[key][0]
    if key == "try-edits.value":  # fired by the precision's choice: its first inputs are the form's fields
        return call(client, output, {("run", "value"): name, ("try-by", "value"): "games"}, ("try-by", "value"))
    if what == "run":
        dep = next(d for d in dependencies(client) if d["output"] == output)
        fired = next(((i["id"], i["property"]) for i in dep["inputs"] if i["id"] == "run"),
                     (dep["inputs"][0]["id"], dep["inputs"][0]["property"]))
        values = {("run", "value"): name, fired: name if fired == ("run", "value") else 1}
        if key.endswith("-download.data"):
            values[(dep["inputs"][0]["id"], "n_clicks")] = 1  # the HTML report button
        if key == "replay-body.children":
            values[("replay-config", "value")] = "base"
        return call(client, output, values, fired)
    if what == "try-trial":
        if key == "try-kept.children":  # Discard pressed: the folder-removing path
            return call(client, output, {("try-trial", "value"): name, ("try-discard", "n_clicks"): 1},
                        ("try-discard", "n_clicks"))
        return call(client, output, {("try-trial", "value"): name}, ("try-trial", "value"))
    if what == "compare-run-b":
        return call(client, output, {("run", "value"): "rr", ("compare-run-b", "value"): name},
                    ("compare-run-b", "value"))
    if what == "balance-search" and key == "balance-patch-file.data":
        pattern = next(d for d in dependencies(client) if d["output"] == output)["inputs"][0]
        button = {"id": {"type": "balance-download", "rank": 1}, "property": "n_clicks", "value": 1}
        changed = json.dumps(button["id"], sort_keys=True, separators=(",", ":"))
        return call(client, output, {("balance-search", "value"): name, (pattern["id"], "n_clicks"): [button]},
                    (changed, "n_clicks"))
    if what == "balance-search" and key == "balance-applied.children":
        return apply_pressed(client, output, name)
    if what == "balance-search":
        return call(client, output, {("balance-search", "value"): name}, ("balance-search", "value"))
    if what == "launch-current":
        return call(client, output, {("launch-current", "data"): name}, ("progress-refresh", "n_intervals"))
    if what == "run-action":
        pattern = next(i for i in next(d for d in dependencies(client) if d["output"] == output)["inputs"])
        button = {"id": {"type": "run-action", "action": "cancel", "run": name}, "property": "n_clicks", "value": 1}
        changed = json.dumps(button["id"], sort_keys=True, separators=(",", ":"))
        return call(client, output, {(pattern["id"], "n_clicks"): [button]}, (changed, "n_clicks"))
    assert what == "launch-shipped"
    return call(client, output, {("launch-shipped", "value"): name, ("launch-button", "n_clicks"): 1},
                ("launch-button", "n_clicks"))


SYMLINKED = {"run": ["enlace", "fuera"], "compare-run-b": ["enlace", "fuera"], "balance-search": ["fuga"],
             "launch-current": ["enlace"], "run-action": ["enlace", "fuera"], "launch-shipped": ["enlace.toml"],
             "try-trial": ["enlace", "fuera"]}
REFUSALS = {"run": RUN_REFUSED, "compare-run-b": RUN_REFUSED, "run-action": RUN_REFUSED,
            "balance-search": ("that is not a search's name", "there is no search", "is a link leading outside"),
            "launch-shipped": ("there is no shipped experiment of that name",), "launch-current": (), "try-trial": ()}


@pytest.mark.parametrize("key", sorted(NAMED))
def test_a_name_leading_outside_is_refused_without_a_path(client, place, key: str) -> None:
    what, answers = NAMED[key]
    names = hostile_names(place, SYMLINKED[what])
    said: dict[str, str] = {}
    for kind, sent in names.items():
        for name in sent:
            status, answer = ask(client, key, name)
            assert status in (200, 204), (kind, name, status, answer[:400])
            assert_no_path(answer, place)
            if answers == "says" and kind != "not a string":
                assert any(words in answer for words in REFUSALS[what]), (kind, name, answer[:600])
            said[str(name)] = answer.replace(str(name), "NAME").replace(quote(str(name), safe=""), "NAME")
    # no oracle: a place outside that exists is refused in the same words as one that does not
    for there, missing in (("../outside/run", "../outside/nothing"), ("/etc/passwd", "/etc/nothing")):
        assert said[there] == said[missing]
    there, missing = str(place[2] / "run"), str(place[2] / "nothing")
    assert said[there] == said[missing]


def test_names_inside_the_results_folder_still_open(client, place) -> None:
    """The same callbacks read what is inside: the run, a link to it that stays inside, the search."""
    status, answer = ask(client, "factions-heading.children", "dentro")
    assert status == 200 and "Factions: win rates" in answer and not any(w in answer for w in RUN_REFUSED)
    status, answer = ask(client, "balance-heading.children", "tiny_balance")
    assert status == 200 and "Proposal 1" in answer and "AZ-06.value 3 → 6" in answer


def test_the_address_s_run_is_refused_without_a_path(client, place) -> None:
    """GET /_dash-layout: the shell reads ?run= from the page's address (its Referer)."""
    for name in ["../outside/run", str(place[2] / "run"), "enlace", "fuera", "nadie"]:
        query = quote(name, safe="")
        layout = client.get("/_dash-layout", headers={"Referer": f"http://localhost/factions?run={query}&lang=en"})
        text = readable(layout.get_data(as_text=True))
        assert layout.status_code == 200
        assert_no_path(text, place)
        assert any(words in text for words in RUN_REFUSED), (name, text[:400])


def test_the_page_s_own_query_names_nothing_outside(client, place) -> None:
    """Dash pages hands the address's query to a page's layout: /balance?search= and /compare?run_b=."""
    output = "_pages_content.children"
    dep = next(d for d in dependencies(client) if d["output"].lstrip(".").startswith(output))
    for path, query in (("/balance", "search"), ("/compare", "run_b")):
        for name in ["../outside/search", str(place[2] / "search"), "fuga", "enlace"]:
            values = {("_pages_location", "pathname"): path, ("_pages_location", "search"): f"?{query}={name}"}
            status, text = call(client, dep["output"], values, ("_pages_location", "search"))
            assert status == 200
            assert_no_path(text, place, sent=name)


# -- item 2: an uploaded spec's cards_dir -------------------------------------------------------------

def upload(client, name: str, text: str) -> str:
    output = output_of(client, "launch-message.children/launch")
    encoded = base64.b64encode(text.encode()).decode()
    sent = {"filename": name, "contents": f"data:application/octet-stream;base64,{encoded}"}
    status, answer = call(client, output, {("launch-upload-checked", "data"): sent}, ("launch-upload-checked", "data"))
    assert status == 200, answer[:400]
    return answer


def test_an_uploaded_spec_reads_cards_only_from_the_project_uploads_or_results(client, place) -> None:
    folder, results, outside = place
    refused = "reads its cards from the project's rulesets (sim/rulesets), the uploads folder or the results folder"
    said = {}
    for kind, cards_dir in [("climbing", "../../outside/cards"), ("climbing", "../../nothing/cards"),
                            ("absolute", str(outside / "cards")), ("absolute", str(outside / "nothing")),
                            ("absolute", "/etc"), ("symlinked", "../cartas"), ("the results folder itself", "..")]:
        answer = upload(client, "subida.toml", f'name = "subida"\ncards_dir = "{cards_dir}"\n{RUN_SPEC}')
        assert refused in answer and "subida.toml: cards_dir" in answer, (kind, cards_dir, answer[:600])
        assert_no_path(answer, place)
        assert "aranas" not in answer  # nothing of the folder is listed (it was: "the factions are ...")
        said[cards_dir] = answer
    assert said["../../outside/cards"] == said["../../nothing/cards"]
    assert said[str(outside / "cards")] == said[str(outside / "nothing")]
    assert not (results / "subida").exists() and not (results / "_launches").exists()
    assert not (results / "_uploads" / "subida.toml").exists()
    # inside the results folder, the uploads folder or the project's rulesets the cards are read: the
    # launch goes on to the next check (this app's cap on games) and stops there
    for cards_dir in ["../mis_cartas", str(get_ruleset("dicedraft").cards_dir)]:
        answer = upload(client, "dentro.toml", f'name = "dentro"\ncards_dir = "{cards_dir}"\n{RUN_SPEC}')
        assert "more than the 100 a launch from this dashboard may play" in answer, (cards_dir, answer[:600])
    assert not (results / "_uploads" / "dentro.toml").exists() and not (results / "_launches").exists()


# -- completeness --------------------------------------------------------------------------------------

NAME_VALUES = {("run", "value"), ("compare-run-b", "value"), ("balance-search", "value"), ("launch-current", "data"),
               ("launch-shipped", "value"), ("launch-upload-checked", "data"), ("try-trial", "value")}


def test_every_callback_taking_a_name_is_tried(client) -> None:
    taking = set()
    for dep in dependencies(client):
        values = {(i["id"], i["property"]) for i in dep["inputs"] + dep["state"]}
        if values & NAME_VALUES or any("run-action" in i["id"] for i in dep["inputs"]):
            taking.add(dep["output"])
    tried = {output_of(client, key) for key in NAMED}
    assert taking == tried, f"not tried here: {sorted(taking - tried)}"


def test_every_app_of_a_process_holds_each_callback_once(tmp_path) -> None:
    """Apps built one after another in one process (as the dashboard tests build them), the later
    one asked first: each holds every callback once, the findings panel's among them, and the code
    of its clientside callbacks. Dash hands the callbacks registered with dash.callback to the first
    app asked, so the later app held each page callback twice and the earlier one none."""
    first = create_app(tmp_path, executor="serial", warm=False)
    second = create_app(tmp_path, executor="serial", warm=False)
    held = []
    for app in (second, first):
        served = app.server.test_client()
        page = served.get("/").get_data(as_text=True)
        outputs = [d["output"] for d in json.loads(served.get("/_dash-dependencies").data)]
        assert len(outputs) == len(set(outputs)), sorted(o for o in outputs if outputs.count(o) > 1)
        assert "..findings-panel.children...findings-panel.hidden.." in outputs
        assert "cards-body.children" in " ".join(outputs)
        held.append((sorted(outputs), page.count("_dashprivate_clientside_funcs")))
    assert held[0] == held[1] and held[0][1] > 0


KNOWN_ROUTES = {"/static/<path:filename>", "/assets/<path:filename>",
                "/_dash-component-suites/<string:package_name>/<path:fingerprinted_path>", "/_dash-layout",
                "/_dash-dependencies", "/_dash-update-component", "/_reload-hash", "/_favicon.ico", "/",
                "/<path:path>", "/_dash-component-suites/plotly/package_data/plotly.min.js"}


def test_every_route_is_known(client) -> None:
    routes = {str(rule) for rule in client.application.url_map.iter_rules()}
    assert routes == KNOWN_ROUTES, f"a route to try here: {sorted(routes ^ KNOWN_ROUTES)}"


@pytest.mark.parametrize("route", ["/_dash-component-suites/dash/", "/_dash-component-suites/plotly/",
                                   "/assets/", "/static/"])
def test_the_file_routes_answer_404_to_a_name_leading_outside(client, place, route: str,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    """A climbing name, encoded or not: 404, nothing said, nothing in the log (/_dash-component-suites/
    answered 500 with a traceback in the log before). An absolute one ("//etc/passwd" once decoded)
    is no file route's: the pages' catch-all answers with the app's page. Neither serves a file."""
    outside = place[2]
    climbing = ["..%2F..%2F..%2Fsim%2Fcli.py", "%2e%2e/%2e%2e/%2e%2e/sim/cli.py", "dcc/..%2F..%2F..%2Fversion.py",
                "..%5C..%5Cversion.py", "dcc/%2e%2e%2f%2e%2e%2fversion.py"]
    absolute = [quote(str(outside / "spec.toml"), safe=""), "%2Fetc%2Fpasswd"]
    for name in climbing + absolute:
        answer = client.get(route + name)
        text = answer.get_data(as_text=True)
        if name in climbing:
            assert answer.status_code == 404, (route, name, answer.status_code)
        else:
            assert answer.status_code == 404 or (answer.status_code == 200 and "_dash-renderer" in text)
        assert_no_path(text, place, sent=unquote(name))
        assert "import " not in text and "root:" not in text and "__version__" not in text  # no file served
    assert "Traceback" not in caplog.text and "DependencyException" not in caplog.text
