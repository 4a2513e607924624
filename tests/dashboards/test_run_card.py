"""The runs page's card of a run, for the kinds of run the browser tests do not open: a sweep over
agents says every level each side plays, a round robin every faction, a best of three counts its
matches, and a run with a chunk changed since it was written reads "damaged" with the chunk and the
command that plays it again; in Spanish and English. And what the pages send the browser of a run,
through Dash's own HTTP API: the config choices of the cards and replay pages in words, the runs
grid's games by their names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import json

from dashboards import data, run_card
from dashboards.app import create_app
from sim.cli import main
from sim.results.manifest import read_manifest
from sim.results.resuming import manifest_resume_command
from tests.dashboards.test_dashboard_names import call, outputs_named

SIDES = '[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
SPECS = {
    # both sides greedy (the baseline), then both random (a list sweep: one config of both axes)
    "levels": f'ruleset = "dicedraft"\ngames = 40\nseed = 3\n{SIDES}[sweep]\nmode = "list"\n'
              '[[sweep.axis]]\nside = 1\nfield = "agent"\nvalues = ["random"]\n'
              '[[sweep.axis]]\nside = 2\nfield = "agent"\nvalues = ["random"]\n',
    "bo3": f'ruleset = "dicedraft"\nkind = "best_of_three"\ngames = 30\nseed = 3\n{SIDES}',
    "rr": 'ruleset = "fortaleza"\nmatchups = "round_robin"\ngames = 20\nseed = 3\n'
          '[[side]]\nfaction = "china"\n[[side]]\nfaction = "japon"\n[[side]]\nfaction = "corea"\n',
}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("card")
    for name, body in SPECS.items():
        spec = folder / f"{name}.toml"
        spec.write_text(f'name = "{name}"\n{body}', encoding="utf-8")
        assert main(["run", str(spec), "--results", str(folder / "results"), "--executor", "serial"]) == 0
    # a copy of the best of three with one chunk's games file changed since it was written
    shutil.copytree(folder / "results" / "bo3", folder / "results" / "rota")
    manifest = (folder / "results" / "rota" / "manifest.json")
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"run": "bo3"', '"run": "rota"'), encoding="utf-8")
    chunk = next((folder / "results" / "rota" / "games").rglob("*.parquet"))
    chunk.write_bytes(chunk.read_bytes()[:-8] + b"\0" * 8)  # same size, other content: only its SHA-256 tells
    return folder / "results"


@pytest.fixture(scope="module")
def app(results: Path):
    return create_app(results, executor="serial", warm=False)


def lines(app, run: str, lang: str) -> dict[str, list[str]]:
    with app.server.app_context():
        content = run_card.card_content(run, lang, "Europe/Madrid")
    return {line["key"]: line["values"] for line in content["lines"]}


@pytest.mark.parametrize("lang, agents", [("es", "agentes"), ("en", "agents")])
def test_a_sweep_over_agents_says_every_level_of_each_side(app, results: Path, lang: str, agents: str) -> None:
    manifest = read_manifest(results / "levels")
    levels = [list(dict.fromkeys(config["sides"][side]["agent"] for config in manifest["configs"].values()))
              for side in (0, 1)]
    assert levels == [["greedy", "random"], ["greedy", "random"]]
    card = lines(app, "levels", lang)
    assert card["sides"] == [f"A: Arañas, {agents} greedy, random", f"B: Ciempiés, {agents} greedy, random"]
    total = manifest["games"] * len(manifest["configs"])
    assert card["n"] == [f"{total} de {total} partidas en total" if lang == "es" else f"{total} of {total} games in all"]
    assert len(card["n-configs"]) == len(manifest["configs"]) == 2  # the baseline, and both sides random


def test_a_round_robin_lists_each_faction_with_its_agent(app) -> None:
    assert lines(app, "rr", "es")["sides"] == ["China, agente greedy", "Japón, agente greedy", "Corea, agente greedy"]
    assert lines(app, "rr", "en")["game"] == ["Fortaleza"]


@pytest.mark.parametrize("lang, unit", [("es", "partidos"), ("en", "matches")])
def test_a_best_of_three_counts_its_matches(app, results: Path, lang: str, unit: str) -> None:
    games = read_manifest(results / "bo3")["games"]
    assert lines(app, "bo3", lang)["n"] == [f"{games} {'de' if lang == 'es' else 'of'} {games} {unit} "
                                            f"{'en total' if lang == 'es' else 'in all'}"]


@pytest.mark.parametrize("lang, said", [("es", "dañada: 1 bloque(s) no coinciden"), ("en", "damaged: 1 chunk(s) no longer")])
def test_a_damaged_run_says_so_with_its_chunk_and_the_command_that_repairs_it(app, results: Path, lang: str,
                                                                              said: str) -> None:
    card = lines(app, "rota", lang)
    assert card["state"][0].startswith(said)
    assert "SHA-256" in card["state"][1] and "games/config=base/chunk-" in card["state"][1]
    assert card["resume"] == [manifest_resume_command(read_manifest(results / "rota"), results / "rota")]
    assert "resume" not in lines(app, "bo3", lang)  # a finished, whole run: nothing to resume


PAIRS_IN_WORDS = {"es": ["China contra China", "China contra Japón", "China contra Corea", "Japón contra Japón",
                         "Japón contra Corea", "Corea contra Corea"],
                  "en": ["China vs China", "China vs Japón", "China vs Corea", "Japón vs Japón", "Japón vs Corea",
                         "Corea vs Corea"]}


def sent(app, output_prefix: str, values: dict, changed: tuple[str, str]) -> dict:
    """What the page's callback drawing `output_prefix` sends the browser (Dash's HTTP API), by id."""
    client = app.server.test_client()
    client.get("/")
    output = next(o for o in outputs_named(client, output_prefix))
    status, answer = call(client, output, values, changed)
    assert status == 200, answer[:400]
    return json.loads(answer)["response"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_config_choices_say_each_config_in_words(app, lang: str) -> None:
    """The cards and replay pages offer a round robin's configs as "China vs Japón", not as the
    config ids the address and the tables keep ("china~japon"), and the cards page its factions by
    their names."""
    with app.server.app_context():
        offered = data.config_options("rr", lang)
    assert [o["label"] for o in offered] == PAIRS_IN_WORDS[lang]
    assert [o["value"] for o in offered] == list(read_manifest(app.server.config["SIM_RESULTS"] + "/rr")["configs"])
    cards = sent(app, "cards-body.children", {("run", "value"): "rr", ("lang", "data"): lang, ("cards-tab", "value"): "decks"},
                 ("run", "value"))
    assert [o["label"] for o in cards["cards-config"]["options"]] == PAIRS_IN_WORDS[lang]
    assert cards["cards-config"]["value"] == "china~china"
    assert [o["label"] for o in cards["cards-faction"]["options"]] == ["China", "Corea", "Japón"]  # not "japon"
    replay = sent(app, "replay-config.options", {("run", "value"): "rr", ("lang", "data"): lang,
                                                 ("replay-config", "value"): "japon~corea"}, ("lang", "data"))
    assert [o["label"] for o in replay["replay-config"]["options"]] == PAIRS_IN_WORDS[lang]
    assert replay["replay-config"]["value"] == "japon~corea"  # the choice made stays across a language switch


def test_the_runs_grid_names_each_game(app) -> None:
    for lang in ("es", "en"):
        answer = sent(app, "runs-list.children", {("lang", "data"): lang, ("runs-time-zone", "data"): "UTC"},
                      ("lang", "data"))
        rows = answer["runs-list"]["children"]["props"]["children"]["props"]["rowData"]
        games = {row["run__text"]: row["ruleset__text"] for row in rows}
        assert games == {"levels": "Dicedraft", "bo3": "Dicedraft", "rr": "Fortaleza", "rota": "Dicedraft"}, games
