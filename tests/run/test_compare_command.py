"""`sim compare RUN_A RUN_B` on small dicedraft runs: one spec played on the shipped cards, again on a
copy with CI-04 Ciempiés de Casa's cost 5 -> 6 (the designer's workflow: sim cards, edit, sim run
--cards, sim compare), on an unchanged copy, on another seed, as a round robin and as a forced-draw
experiment. What a designer reads is checked: the headline first, paired or two-sample and why, the
figures against sim.analysis.compare and against the dashboard's Compare page, both languages, and
the refusals (exit 2, both runs named, results untouched)."""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

import polars as pl
import pytest

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game, for a run of another game)
from sim.analysis.compare import first_player_comparison, win_rate_comparison
from sim.analysis.intervals import Z95
from sim.results.scans import scan_games
from sim.cli import main
from sim.report.formatting import count, percent, signed_points_with_interval
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.manifest import read_manifest

from small_runs import tree_bytes, write_spec
from test_card_folder_runs import edit_ci04_cost
from test_run_store import Interrupted, InterruptedExecutor

TINY_CARDS = Path(__file__).parents[1] / "rulesets" / "tiny" / "cards"
GAMES = 600
ROUND_ROBIN = 'matchups = "round_robin"'
IMPACT = '[impact]\nside = 2\ncards = ["CI-01", "CI-05"]'


def run(spec: Path, results: Path, *extra: str) -> None:
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial", *extra]) == 0


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("compare")
    results = folder / "results"
    assert main(["cards", "dicedraft", "--to", str(folder / "mis_cartas")]) == 0
    edit_ci04_cost(folder / "mis_cartas")
    assert main(["cards", "dicedraft", "--to", str(folder / "as_shipped")]) == 0
    mine, shipped = ("--cards", str(folder / "mis_cartas")), ("--cards", str(folder / "as_shipped"))
    spec = write_spec(folder, name="dd", games=GAMES, seed=5)
    run(spec, results)
    run(spec, results, *mine, "--run", "mine")
    run(spec, results, *mine, "--run", "short", "--games", "400")
    run(spec, results, *shipped, "--run", "same_cards")
    run(spec, results, "--seed", "6", "--run", "other_seed")
    rr = write_spec(folder, "rr.toml", name="rr", games=200, seed=5, top=ROUND_ROBIN)
    run(rr, results)
    run(rr, results, *mine, "--run", "rr_mine")
    # a [impact] table goes after the sides: the spec's top level ends where its first table starts
    impact = folder / "im.toml"
    impact.write_text(write_spec(folder, "im_sides.toml", name="im", games=200, seed=5).read_text(encoding="utf-8")
                      + "\n" + IMPACT + "\n", encoding="utf-8")
    run(impact, results)
    run(impact, results, *mine, "--run", "im_mine")
    tiny = folder / "tiny.toml"
    tiny.write_text(f'name = "tiny"\nruleset = "tiny"\ngames = 200\nseed = 5\ncards_dir = "{TINY_CARDS}"\n'
                    '[[side]]\nfaction = "azul"\n[[side]]\nfaction = "rojo"\n', encoding="utf-8")
    run(tiny, results)
    with pytest.raises(Interrupted):  # a run stopped half-way, as Ctrl-C leaves it
        run_experiment(load_spec(spec), results, run_name="halfway", executor=InterruptedExecutor(1), chunk_size=200)
    return results


def compare(results: Path, capsys, *runs: str, lang: str = "en") -> str:
    assert main(["compare", *runs, "--results", str(results), "--lang", lang]) == 0
    return capsys.readouterr().out


def section(out: str, title: str) -> str:
    """The lines of the table titled `title`: its title (which may wrap) and the table under it."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    top = next(i for i in range(start, len(lines)) if lines[i].startswith("┏"))
    end = next(i for i in range(top, len(lines)) if lines[i].startswith("└")) + 1
    return "\n".join(lines[start:end])


def cells_of(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("│").split("│")]


def line_of(text: str, *words: str) -> str:
    return next(line for line in text.splitlines() if all(w in line for w in words))


def test_an_edited_card_compares_paired_with_the_headline_first(results: Path, capsys) -> None:
    out = compare(results, capsys, "dd", "mine")
    expected = win_rate_comparison(scan_games(results / "dd"), scan_games(results / "mine"), paired=True).row(0, named=True)
    difference = signed_points_with_interval(expected["diff"], expected["diff_low"], expected["diff_high"])
    assert expected["diff"] != 0  # the edit changed the drafts, so the games
    first = out.splitlines()[0]
    assert first == (f"Arañas: {percent(expected['a_win_rate'])} → {percent(expected['b_win_rate'])}, {difference}, "
                     f"paired on {count(GAMES)} games")
    assert "B = mine (600 games, cards from " in out and "mis_cartas)" in out and "the game's shipped cards" in out
    assert "Paired comparison: both runs have seed 5" in out and "over the 600 games both runs played" in out
    row = line_of(section(out, "Side A's win rate per config"), "Arañas")
    assert difference in row and row.rstrip(" │").endswith(count(GAMES))
    # the first player: its win rate over both seats, and its advantage (first minus second) changing twice as much
    seats = first_player_comparison(scan_games(results / "dd"), scan_games(results / "mine"), paired=True).row(
        0, named=True)
    cells = cells_of(section(out, "First player").splitlines()[-2])
    assert cells[4] == signed_points_with_interval(seats["diff"], seats["diff_low"], seats["diff_high"])
    assert cells[5] == signed_points_with_interval(2 * seats["diff"], 2 * seats["diff_low"], 2 * seats["diff_high"])
    # CI-04 at cost 6 leaves the greedy drafts: seen in run A's decks only
    gih = line_of(section(out, "GIH WR of the cards measured in both runs"), "CI-04 Ciempiés de Casa")
    assert re.search(r"│\s+0 │\s+- │\s+- │$", gih), gih


def test_runs_of_different_lengths_pair_on_the_games_both_played(results: Path, capsys) -> None:
    out = compare(results, capsys, "dd", "short")
    assert out.splitlines()[0].endswith("paired on 400 games")
    cells = cells_of(line_of(section(out, "Side A's win rate per config"), "Arañas"))
    assert (cells[0], cells[1], cells[3], cells[6]) == ("Arañas", "600", "400", "400")  # label, A n, B n, paired


def test_an_unchanged_copy_of_the_cards_pairs_to_exactly_zero(results: Path, capsys) -> None:
    out = compare(results, capsys, "dd", "same_cards")
    assert out.splitlines()[0].startswith("Arañas: ") and ", +0.0 pts [+0.0, +0.0], paired on 600 games" in out
    assert "+0.0 pts [+0.0, +0.0]" in section(out, "First player")


def test_runs_on_other_seeds_compare_two_sample_and_say_why(results: Path, capsys) -> None:
    out = compare(results, capsys, "dd", "other_seed")
    expected = win_rate_comparison(scan_games(results / "dd"), scan_games(results / "other_seed"), paired=False).row(
        0, named=True)
    difference = signed_points_with_interval(expected["diff"], expected["diff_low"], expected["diff_high"])
    assert out.splitlines()[0].endswith(f"{difference}, two-sample, as the seeds differ (5 and 6): 600 and 600 games")
    assert "Unpaired comparison (two independent samples): the seeds differ (5 and 6)" in out
    assert "paired" not in section(out, "Side A's win rate per config")  # no paired-games column
    spanish = compare(results, capsys, "dd", "other_seed", lang="es")
    assert spanish.splitlines()[0].endswith(f"{difference}, dos muestras, porque las semillas difieren (5 y 6): "
                                            "600 y 600 partidas")


def test_every_word_in_the_language_asked(results: Path, capsys) -> None:
    english, spanish = compare(results, capsys, "dd", "mine"), compare(results, capsys, "dd", "mine", lang="es")
    assert spanish.splitlines()[0].endswith("emparejada en 600 partidas")
    for words in ("Comparación emparejada", "Tasa de victoria del lado A por configuración", "lado A",
                  "A: tasa de victoria", "emparejadas", "Primer jugador", "GIH WR de las cartas", "las cartas de serie",
                  "cartas no se vieron en ningún mazo"):
        assert words in spanish and words not in english, words
    for words in ("Paired comparison", "Side A's win rate per config", "side A", "A: win rate", "paired on",
                  "First player", "GIH WR of the cards", "the game's shipped cards", "cards were in no deck"):
        assert words in english and words not in spanish, words
    # the numbers read alike in both: the table rows hold the same figures
    assert line_of(english, "│ Arañas").replace(" ", "") == line_of(spanish, "│ Arañas").replace(" ", "")


def test_a_round_robin_compares_each_cell_and_each_faction_against_the_field(results: Path, capsys) -> None:
    out = compare(results, capsys, "rr", "rr_mine")
    cells = {r["config"]: r for r in win_rate_comparison(scan_games(results / "rr"), scan_games(results / "rr_mine"),
                                                         paired=True).iter_rows(named=True)}
    assert set(cells) == {"Arañas~Arañas", "Arañas~Ciempiés", "Ciempiés~Ciempiés"}
    table = section(out, "Side A's win rate per config")
    for config, cell in cells.items():
        assert signed_points_with_interval(cell["diff"], cell["diff_low"], cell["diff_high"]) in line_of(table, config)
    # against the field: the mean of a faction's two cells, Arañas~Ciempiés seen from Ciempiés with its sign turned;
    # the cells are independent games, so the variances add (each cell's se read off its interval)
    se = {c: (r["diff_high"] - r["diff_low"]) / (2 * Z95) for c, r in cells.items()}
    field = {"Arañas": ((cells["Arañas~Arañas"]["diff"] + cells["Arañas~Ciempiés"]["diff"]) / 2,
                        math.hypot(se["Arañas~Arañas"], se["Arañas~Ciempiés"]) / 2),
             "Ciempiés": ((-cells["Arañas~Ciempiés"]["diff"] + cells["Ciempiés~Ciempiés"]["diff"]) / 2,
                          math.hypot(se["Arañas~Ciempiés"], se["Ciempiés~Ciempiés"]) / 2)}
    table = section(out, "Each faction against the field")
    for label, (diff, half) in field.items():
        expected = signed_points_with_interval(diff, diff - Z95 * half, diff + Z95 * half)
        assert expected in line_of(table, f"│ {label} "), (label, expected)
    moved = max(field, key=lambda label: abs(field[label][0]))
    assert out.splitlines()[0].startswith(f"{moved} vs the field: ")
    assert out.splitlines()[0].endswith("paired on 400 games")  # its two cells' games


def test_forced_draw_effects_compared_where_both_runs_measured_them(results: Path, capsys) -> None:
    from sim.analysis.forced_draw import forced_draw_effect

    out = compare(results, capsys, "im", "im_mine")
    effects = [forced_draw_effect(results / r, read_manifest(results / r)) for r in ("im", "im_mine")]
    table = section(out, "Forced-draw effect of each card (causal), measured in both runs")
    for card in ("CI-01", "CI-05"):
        a, b = (e.filter(pl.col("card_id") == card).row(0, named=True) for e in effects)
        line = line_of(table, card)
        assert signed_points_with_interval(a["effect"], a["effect_low"], a["effect_high"]) in line
        assert signed_points_with_interval(b["effect"], b["effect_low"], b["effect_high"]) in line
        assert f"{100 * (b['effect'] - a['effect']):+.1f} pts [" in line
    # the drawn / undrawn configs are the instrument: the win rates show the baseline only
    assert "side2.drawn" not in section(out, "Side A's win rate per config")
    only_one = compare(results, capsys, "dd", "im")
    assert "Only im measured forced-draw effects ([impact]): not compared." in only_one


def test_the_cli_prints_the_numbers_the_compare_page_shows(results: Path, capsys) -> None:
    import dash

    from dashboards.app import create_app
    from dashboards.widgets import table_texts

    out = compare(results, capsys, "dd", "mine")
    app = create_app(results, executor="serial", warm=False)
    page = sys.modules[next(p["module"] for p in dash.page_registry.values() if p["path"] == "/compare")]
    with app.server.app_context():
        def page_table(tab: str, table_id: str) -> list[dict[str, str]]:
            _, parts, _ = page.draw("dd", "mine", "en", tab)
            return table_texts(next(p for p in parts if getattr(p, "id", None) == table_id))

        [cell] = page_table("win-rates", "compare-win-rates-table")
        [first_player] = page_table("first-player", "compare-first-player-table")
        cards = page_table("cards", "compare-cards-table")
    assert cell["compare_diff"] in out.splitlines()[0]
    row = line_of(section(out, "Side A's win rate per config"), "Arañas")
    for name in ("a_n", "a_win_rate", "b_n", "b_win_rate", "compare_diff", "pairs"):
        assert cell[name] in row, name
    row = section(out, "First player").splitlines()[-2]
    for name in ("a_pairs", "a_first_player_win_rate", "b_pairs", "b_first_player_win_rate", "compare_diff"):
        assert first_player[name] in row, name
    gih, iwd = section(out, "GIH WR of the cards"), section(out, "IWD (GIH WR − GNS WR")
    shown = [c for c in cards if c["a_gih_n"] != "0" or c["b_gih_n"] != "0"]
    assert len(shown) > 20
    for card in shown:
        where = (f"│ {card['side']} ", f" {card['card_id']} ")
        for name in ("a_gih_n", "a_gih_wr", "b_gih_n", "b_gih_wr", "gih_diff"):
            assert card[name] in line_of(gih, *where), (card["card_id"], name)
        for name in ("a_iwd_diff", "b_iwd_diff", "iwd_diff"):
            assert card[name] in line_of(iwd, *where), (card["card_id"], name)


@pytest.mark.parametrize("runs, lang, words", [
    (("dd", "nothing"), "en", "there is no run 'nothing'"),
    (("nothing", "dd"), "es", "no hay ninguna ejecución 'nothing'"),
    (("dd", "halfway"), "en", "halfway is not finished (interrupted, 1 of 3 chunks)"),
    (("halfway", "dd"), "es", "halfway no ha terminado (interrumpida, 1 de 3 bloques)"),
    (("dd", "tiny"), "en", "they are different games (dicedraft and tiny)"),
    (("dd", "dd"), "en", "they are the same run"),
    (("dd", "rr"), "en", "they share no config (dd: base; rr: Arañas~Arañas, Arañas~Ciempiés, Ciempiés~Ciempiés)"),
])
def test_refusals_name_both_runs_and_touch_nothing(results: Path, capsys, runs: tuple[str, str], lang: str,
                                                   words: str) -> None:
    before = tree_bytes(results)
    assert main(["compare", *runs, "--results", str(results), "--lang", lang]) == 2
    captured = capsys.readouterr()
    start = "cannot compare" if lang == "en" else "no se puede comparar"
    assert f"sim compare: error: {start} {runs[0]} {'with' if lang == 'en' else 'con'} {runs[1]}: " in captured.err
    assert words in captured.err and captured.out == ""
    assert tree_bytes(results) == before
