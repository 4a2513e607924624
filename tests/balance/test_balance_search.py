"""`sim balance`: a search whose optimum is known, resumption, held-out seeds, spec errors, patches.

The known optimum: in the tiny game (tests/rulesets/tiny: the higher card takes the round) azul
holds rojo's twelve values 1..12 except that its card AZ-06 is a 3 instead of a 6. With AZ-06 back
at 6 the two decks are the same values, so the matchup is even; at 5 or 7 it is not (about 42% and
61%). The search may change AZ-06 to anything in 1..11 and AZ-01 to 1..3, one edit at most, and must
propose AZ-06 = 6, confirmed near 50% on the held-out seed.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path

import pytest

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game)
from sim.balance.patch import Edit, apply_proposal, card_patch, edit_card_text
from sim.balance.search import PATH_FILE, balance_dir, confirmation_seed, plan_search, search
from sim.cli import main
from sim.core.errors import InputError
from sim.run.executors import SerialExecutor
from sim.run.spec import load_spec

TINY_CARDS = Path(__file__).parents[1] / "rulesets" / "tiny" / "cards"

BALANCE = """
[balance]
max_edits = 1
screen_games = 1000
rungs = 2
keep = 0.5
beam = 2
proposals = 2
confirm_games = 4000
held_out_seed = 99

[[balance.objective]]
figure = "win_rate"
target = 0.5
tolerance = 0.02

[[balance.edit]]
card = "AZ-06"
field = "value"
min = 1
max = 11

[[balance.edit]]
card = "AZ-01"
field = "value"
min = 1
max = 3
"""


def write_tiny(tmp_path: Path, balance: str = BALANCE, seed: int = 11) -> Path:
    cards = tmp_path / "cards"
    cards.mkdir()
    rojo = (TINY_CARDS / "rojo.toml").read_text(encoding="utf-8")
    (cards / "rojo.toml").write_text(rojo, encoding="utf-8")
    azul = (rojo.replace('faction = "rojo"', 'faction = "azul"').replace('name = "Rojo"', 'name = "Azul"')
            .replace('"RO-', '"AZ-').replace('name = "Fragua"\nvalue = 6', 'name = "Fragua"\nvalue = 3  # weak'))
    assert 'value = 3  # weak' in azul
    (cards / "azul.toml").write_text(azul, encoding="utf-8")
    spec = tmp_path / "tiny_balance.toml"
    spec.write_text(f'name = "tiny_balance"\nruleset = "tiny"\ngames = 2000\nseed = {seed}\ncards_dir = "cards"\n\n'
                    '[[side]]\nfaction = "azul"\n\n[[side]]\nfaction = "rojo"\n' + balance, encoding="utf-8")
    return spec


@pytest.fixture(scope="module")
def tiny_search(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("tiny_balance")
    spec = write_tiny(tmp)
    results = tmp / "results"
    return spec, results, search(load_spec(spec), results)


def test_search_finds_the_known_optimum(tiny_search) -> None:
    _, _, result = tiny_search
    best = result.record["proposals"][0]
    assert best["edits"] == [{"target": "AZ-06", "field": "value", "old": 3, "new": 6}]
    assert best["met"]
    figure = best["figures"][0]
    assert figure["low"] <= 0.5 <= figure["high"] and figure["n"] == 4000
    baseline = result.record["baseline"][0]
    assert baseline["high"] < 0.45  # the weak AZ-06 really is a handicap, so the search had work to do
    # the runner-up is measurably off target on the same held-out games
    assert not result.record["proposals"][1]["met"]


def test_held_out_seed_is_never_a_search_seed(tiny_search) -> None:
    _, _, result = tiny_search
    record = result.record
    assert record["held_out_seed"] == 99
    assert record["search_seeds"] and 99 not in record["search_seeds"] and record["seed"] not in record["search_seeds"]
    confirm = json.loads((result.folder / "confirm" / "manifest.json").read_text())
    assert confirm["seed"] == 99 and confirm["games"] == 4000
    assert set(result.path["seed"].unique().to_list()) == set(record["search_seeds"])


def test_search_path_records_every_candidate_at_every_rung(tiny_search) -> None:
    _, _, result = tiny_search
    path = result.path
    assert set(path.filter(path["rung"] == 1)["edits"]) >= {"AZ-06.value 3 → 6", "AZ-01.value 1 → 2"}
    assert path.filter(path["rung"] == 1).height == 13  # the baseline, 10 values of AZ-06, 2 of AZ-01
    assert path.filter((path["rung"] == 1) & (path["candidate"] == "base"))["distance"][0] > 4  # 40%: 10 pts off
    dropped = path.filter(path["rung"] == 1)["dropped"].to_list()
    assert "race" in dropped  # AZ-06 = 11 is far from even: racing drops it at once
    assert (result.folder / PATH_FILE).is_file()


def test_rerun_resumes_without_playing_again(tiny_search) -> None:
    """Nothing is played again, and the record still counts every game of the search (its stored
    chunks) and their play time, not the nothing this invocation played."""
    spec, results, first = tiny_search
    again = search(load_spec(spec), results)
    assert again.record["session_games"] == 0
    assert again.record["games_played"] == first.record["games_played"] == first.record["session_games"] > 0
    assert again.record["play_seconds"] >= first.record["play_seconds"] > 0
    assert again.record["proposals"] == first.record["proposals"]


def test_patch_changes_only_the_edited_line(tiny_search, tmp_path: Path) -> None:
    spec, _, result = tiny_search
    cards = spec.parent / "cards"
    before = (cards / "azul.toml").read_text(encoding="utf-8")
    patch = result.record["proposals"][0]["patch"]
    assert "-value = 3  # weak\n+value = 6  # weak\n" in patch
    assert sum(1 for line in patch.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")) == 2
    out = tmp_path / "copy"
    assert main(["balance", str(spec), "--results", str(spec.parent / "results"), "--apply", "1", "--to", str(out)]) == 0
    after = (out / "azul.toml").read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert changed == [("value = 3  # weak", "value = 6  # weak")]
    assert (out / "rojo.toml").read_text() == (cards / "rojo.toml").read_text()
    assert (cards / "azul.toml").read_text(encoding="utf-8") == before  # the source folder is untouched


@pytest.mark.parametrize("lang", ["en", "es"])
def test_apply_ends_with_the_spec_line_and_the_run_that_play_the_proposal(
        tiny_search, tmp_path: Path, capsys: pytest.CaptureFixture, lang: str) -> None:
    """The printed cards_dir line, put in the spec in place of its own, reads the edited copy; the
    printed `sim run` plays it into a folder of its own, beside the baseline's."""
    spec, results, _ = tiny_search
    out = tmp_path / "proposal"
    capsys.readouterr()
    assert main(["balance", str(spec), "--results", str(results), "--apply", "1", "--to", str(out), "--lang", lang]) == 0
    printed = capsys.readouterr().out.splitlines()
    line, command = printed[-3].strip(), printed[-1].strip()
    assert printed[-4].startswith({"en": "To play proposal 1, put this line in", "es": "Para jugar la propuesta 1, pon "
                                   "esta línea en"}[lang]) and 'cards_dir = "cards"' in printed[-4]
    assert line == f'cards_dir = "{Path(os.path.relpath(out, spec.parent)).as_posix()}"'
    assert command == f"sim run {spec} --run tiny_balance_proposal1"
    text = spec.read_text(encoding="utf-8")
    played = spec.parent / f"proposal_{lang}.toml"  # the spec with the line in place of its own, beside it
    played.write_text(text.replace('cards_dir = "cards"', line), encoding="utf-8")
    assert load_spec(played).cards_dir == out.resolve()
    assert main(["run", str(played), *command.split()[3:], "--results", str(tmp_path / "r"), "--executor", "threads"]) == 0
    manifest = json.loads((tmp_path / "r" / "tiny_balance_proposal1" / "manifest.json").read_text())
    assert str(out.resolve() / "azul.toml") in manifest["configs"]["base"]["card_files"][0]


def test_a_game_reading_its_decks_beside_the_cards_gets_them_beside_the_copy(tmp_path: Path) -> None:
    """rolplay reads its deck lists from the folder beside its cards: the copy is DIR/cards (the one
    edit applied) with DIR/decks beside it, laid out as `sim cards` lays one out, and a spec whose
    cards_dir names DIR/cards loads its decks from there."""
    import filecmp

    from sim.core.ruleset import get_ruleset

    rolplay = get_ruleset("rolplay")
    assert rolplay.beside_cards == ("decks",)
    shipped = Path(rolplay.cards_dir)
    dest = tmp_path / "copy"
    written = apply_proposal((Edit("RP-040", "cost", 1, 2),), shipped, dest, rolplay.beside_cards)
    assert written == [dest / "cards" / "amuletos.toml"]
    assert 'id = "RP-040"\nname = "Escudal"\nname_en = "Scud"\nclass = "amulet"\nlevel = 6\ncost = 2\n' in \
        written[0].read_text(encoding="utf-8")
    same = filecmp.dircmp(shipped, dest / "cards")
    assert same.diff_files == ["amuletos.toml"] and not same.left_only and not same.right_only
    decks = filecmp.dircmp(shipped.parent / "decks", dest / "decks")
    assert not decks.diff_files and not decks.left_only and not decks.right_only and decks.same_files
    spec = tmp_path / "rolplay_copy.toml"
    spec.write_text('name = "rolplay_copy"\nruleset = "rolplay"\ngames = 2\nseed = 1\ncards_dir = "copy/cards"\n\n'
                    '[[side]]\nfaction = "carga_25"\n\n[[side]]\nfaction = "misticos_25"\n', encoding="utf-8")
    assert load_spec(spec).cards_dir == (dest / "cards").resolve()


def test_apply_refuses_the_card_folder_itself(tiny_search) -> None:
    spec, _, _ = tiny_search
    cards = spec.parent / "cards"
    with pytest.raises(InputError, match="never changed"):
        apply_proposal((Edit("AZ-06", "value", 3, 6),), cards, cards)
    assert main(["balance", str(spec), "--results", str(spec.parent / "results"), "--apply", "9", "--to",
                 str(spec.parent / "x")]) == 2


def test_edit_adds_a_field_the_card_leaves_out() -> None:
    text = '[[card]]\nid = "A"\ncost = 2\n\n[[card.effect]]\nn = 1\n\n[[card]]\nid = "B"\ncost = 3\n'
    edited = edit_card_text(text, "A", "atq", 0, 1)
    assert edited == '[[card]]\nid = "A"\ncost = 2\natq = 1\n\n[[card.effect]]\nn = 1\n\n[[card]]\nid = "B"\ncost = 3\n'
    assert edit_card_text(text, "B", "cost", 3, 4).endswith('id = "B"\ncost = 4\n')
    with pytest.raises(InputError, match="changed since the search"):
        edit_card_text(text, "B", "cost", 5, 4)


def test_shipped_dicedraft_patch_keeps_the_file_format() -> None:
    cards = Path(__file__).parents[2] / "sim" / "rulesets" / "dicedraft" / "cards"
    patch = card_patch((Edit("CI-04", "cost", 5, 6),), cards)
    assert "-cost = 5\n+cost = 6\n" in patch and patch.startswith("--- a/ciempies.toml\n+++ b/ciempies.toml\n")


@pytest.mark.parametrize(("change", "field"), [
    (("screen_games = 1000", 'screen_games = "1000"'), "balance.screen_games"),
    (("confirm_games = 4000", "confirm_games = 4001"), "balance.confirm_games"),
    (('figure = "win_rate"', 'figure = "elo"'), "balance.objective[1].figure"),
    (("held_out_seed = 99", "held_out_seed = 11"), "balance.held_out_seed"),
    (('card = "AZ-01"', 'card = "ZZ-99"'), "balance.edit[2].card"),
    (('field = "value"\nmin = 1\nmax = 3', 'field = "value"\nmin = 4\nmax = 3'), "balance.edit[2].max"),
    (("tolerance = 0.02", "tolerance = 0.02\nlimit = 3"), "balance.objective[1].limit"),
])
def test_bad_balance_specs_name_the_field(tmp_path: Path, capsys: pytest.CaptureFixture, change, field) -> None:
    assert_refused(write_tiny(tmp_path, BALANCE.replace(*change, 1)), capsys, field)


def assert_refused(spec: Path, capsys: pytest.CaptureFixture, words: str) -> None:
    """`sim balance SPEC` stops with exit 2, a message naming the spec and `words`, nothing written."""
    results = spec.parent / "results"
    assert main(["balance", str(spec), "--results", str(results)]) == 2
    err = capsys.readouterr().err
    assert str(spec) in err and words in err
    assert not results.exists()  # bad input leaves results/ as it was


def test_round_robin_figures_need_a_round_robin(tmp_path: Path) -> None:
    spec = write_tiny(tmp_path, BALANCE.replace('figure = "win_rate"', 'figure = "field_win_rate"'))
    with pytest.raises(InputError, match=r"balance.objective\[1\].figure: field_win_rate is a round robin"):
        plan_search(load_spec(spec))


def test_balance_folder_sits_beside_the_runs(tiny_search) -> None:
    spec, results, result = tiny_search
    assert result.folder == balance_dir(results, load_spec(spec)) == results / "tiny_balance.balance"


def test_the_search_writes_its_report(tiny_search) -> None:
    _, _, result = tiny_search
    page = (result.folder / "report.html").read_text(encoding="utf-8")
    assert "Propuesta 1: AZ-06.value 3 → 6 (cumple todos los objetivos)" in page
    assert "+value = 6  # weak" in page and "semilla reservada 99" in page and "fig-path" in page


EXPERIMENTS = Path(__file__).parents[2] / "experiments"


def test_shipped_fortaleza_search_plays_the_non_mirror_matchups_only() -> None:
    plan = plan_search(load_spec(EXPERIMENTS / "fortaleza_balance.toml"))
    assert [f"{m.a}~{m.b}" for m in plan.matchups] == ["china~japon", "china~corea", "japon~corea"]
    assert [c.name for c in plan.components] == ["china vs field", "japon vs field", "corea vs field"]
    assert all(m.field in ("cost", "atq", "res") and abs(m.new - m.old) in (1, 2) for m in plan.moves)
    assert plan.balance.held_out_seed not in plan.seeds.values()
    # a matchup the edit's card is not in plays as the baseline (no override reaches it)
    from sim.balance.search import stage_experiment
    japon_edit = next(m for m in plan.moves if m.target.startswith("JP-"))
    china_corea = next(m for m in plan.matchups if (m.a, m.b) == ("china", "corea"))
    assert stage_experiment(plan.experiment, (japon_edit,), 10, 1, china_corea, plan.owners).card_overrides == ()


def test_shipped_dicedraft_search_space_refuses_what_the_card_rules_refuse() -> None:
    plan = plan_search(load_spec(EXPERIMENTS / "dicedraft_balance.toml"))
    assert len(plan.moves) + len(plan.refused) == 2 * 18 * 3 * 2  # two factions' characters, 3 fields, ±1
    assert plan.refused and all(e.new < 1 for e, _ in plan.refused)


def test_confirmed_figures_agree_with_the_analysis_of_the_confirmation_run(tmp_path: Path) -> None:
    """The search's own reading of its confirmation games gives what sim.analysis gives on the same
    run: side A's win rate (faction_win_rates), the first-player advantage (first_player_advantage;
    its interval is the normal one on the seat-mirrored pairs' first-minus-second differences, as
    docs/balance.md says, where the analysis's is Newcombe's) and the paired change from the
    baseline (the mean game-by-game difference of the same games). The held-out run holds every
    finalist (proposal 1's reading there is its `selection`); proposal 1's figures, and the baseline
    beside them, are the confirmation seed's run."""
    import polars as pl

    from sim.analysis.first_player import first_player_advantage
    from sim.analysis.intervals import score_a
    from sim.analysis.win_rates import faction_win_rates
    from sim.results.scans import scan_games

    fpa = '\n[[balance.objective]]\nfigure = "first_player_advantage"\ntarget = 0.0\ntolerance = 0.2\n'
    balance = BALANCE.replace("[[balance.edit]]", fpa + "\n[[balance.edit]]", 1)
    result = search(load_spec(write_tiny(tmp_path, balance)), tmp_path / "results")
    record = result.record
    first_proposal, *others = record["proposals"]
    assert others and record["confirmation"]["candidate"] == first_proposal["candidate"]
    runs = {"confirm": [("base", record["baseline"]), (first_proposal["candidate"], first_proposal["selection"]["figures"])]
            + [(p["candidate"], p["figures"]) for p in others],
            "confirm_chosen": [("base", record["confirmation"]["baseline"]),
                               (first_proposal["candidate"], first_proposal["figures"])]}
    for stage, readings in runs.items():
        rates = faction_win_rates(result.folder / stage).filter(side=0)
        advantage = first_player_advantage(result.folder / stage)
        scores = scan_games(result.folder / stage).select("config", "unit", "first_side",
                                                          score_a().alias("s")).collect()
        pairs = scores.group_by("config", (pl.col("unit") // 2).alias("pair")).agg(
            (pl.col("s").filter(pl.col("first_side") == 0).first()
             - pl.col("s").filter(pl.col("first_side") == 1).first()).alias("d"))
        for key, figures in readings:
            win, first = figures
            assert win["figure"] == "win_rate" and first["figure"] == "first_player_advantage"
            assert win["value"] == pytest.approx(rates.filter(config=key)["win_rate"][0], abs=1e-12)
            row = advantage.filter(config=key)
            assert first["value"] == pytest.approx(row["advantage"][0], abs=1e-12)
            # the first player's interval is the factions page's Newcombe paired one, on the same games
            assert (first["low"], first["high"]) == (pytest.approx(row["ci_low"][0], abs=1e-12),
                                                     pytest.approx(row["ci_high"][0], abs=1e-12))
            assert first["value"] == pytest.approx(pairs.filter(config=key)["d"].mean(), abs=1e-12)
    # the paired change is the mean game-by-game difference on the confirmation seed's games
    games = scan_games(result.folder / "confirm_chosen").select("config", "game", score_a().alias("s")).collect()
    wide = games.pivot(on="config", index="game", values="s")
    diff = (wide[first_proposal["candidate"]] - wide["base"]).mean()
    assert first_proposal["figures"][0]["paired_change"]["diff"] == pytest.approx(diff, abs=1e-12)
    assert wide.height == record["confirmation"]["games"]


def test_the_printed_patch_applies_with_git_apply(tmp_path: Path) -> None:
    """The unified diff a designer copies applies to the shipped cards and gives what --apply writes."""
    import shutil
    import subprocess

    cards = Path(__file__).parents[2] / "sim" / "rulesets" / "fortaleza" / "cards"
    edits = (Edit("JP-018", "res", 5, 3), Edit("CO-030", "cost", 5, 3), Edit("CO-011", "atq", 1, 3))
    by_hand = tmp_path / "by_hand"
    shutil.copytree(cards, by_hand)
    (tmp_path / "p.diff").write_text(card_patch(edits, cards), encoding="utf-8")
    subprocess.run(["git", "apply", "--unsafe-paths", "--directory", ".", str(tmp_path / "p.diff")], cwd=by_hand,
                   check=True, capture_output=True)
    written = tmp_path / "written"
    apply_proposal(edits, cards, written)
    for path in cards.glob("*.toml"):
        assert (by_hand / path.name).read_text() == (written / path.name).read_text()
    assert (written / "china.toml").read_text() == (cards / "china.toml").read_text()


def test_a_search_stopped_in_either_confirmation_resumes_there(tiny_search, tmp_path: Path) -> None:
    """Stopped half-way through proposal 1's confirmation, a rerun plays only what that stage lacks
    (the proposal's 4,000 games; the baseline's chunk was stored) and ends with the record of a
    search never stopped; after losing the held-out stage, a rerun plays it again and nothing of
    proposal 1's confirmation, which is still stored, and the record is the same again."""
    import shutil

    class Killed(RuntimeError):
        pass

    class KilledInTheConfirmation(SerialExecutor):
        """Dies, as a kill would, once proposal 1's confirmation has stored its first chunk."""

        def execute(self, plan, chunks, on_done, wanted=None, on_block=None) -> None:
            def stored(chunk, games, cards) -> None:
                on_done(chunk, games, cards)
                if plan.experiment.spec.name.endswith(".confirm_chosen"):
                    raise Killed(chunk)

            super().execute(plan, chunks, stored, wanted, on_block)

    _, _, whole = tiny_search
    spec = write_tiny(tmp_path)
    with pytest.raises(Killed):
        search(load_spec(spec), tmp_path / "results", KilledInTheConfirmation())
    again = search(load_spec(spec), tmp_path / "results")
    assert again.record["session_games"] == 4000
    assert again.record["games_played"] == whole.record["games_played"]
    assert again.record["proposals"] == whole.record["proposals"]
    assert again.record["confirmation"] == whole.record["confirmation"]
    shutil.rmtree(again.folder / "confirm")
    third = search(load_spec(spec), tmp_path / "results")
    assert third.record["session_games"] == 3 * 4000  # the baseline and 2 proposals, nothing of the search
    assert third.record["games_played"] == whole.record["games_played"]  # the whole search's, counted again
    assert third.record["proposals"] == whole.record["proposals"]


def test_proposal_1_is_confirmed_on_a_fresh_seed_derived_from_the_spec(tiny_search) -> None:
    """The held-out games chose proposal 1 among 2: it and the baseline play again on the
    confirmation seed, which no stage before played (not a rung's, nor the held-out one, nor the
    spec's), derived from the spec's seed and held-out seed only, the same on every rerun."""
    spec, _, result = tiny_search
    record = result.record
    confirmation = record["confirmation"]
    fresh = confirmation["seed"]
    assert confirmation["among"] == len(record["proposals"]) == 2 and confirmation["games"] == 4000
    assert confirmation["candidate"] == record["proposals"][0]["candidate"]
    assert fresh not in set(record["search_seeds"]) | {record["held_out_seed"], record["seed"]}
    stages = {path.parent.relative_to(result.folder).as_posix(): json.loads(path.read_text())["seed"]
              for path in result.folder.rglob("manifest.json")}
    assert stages.pop("confirm_chosen") == fresh and fresh not in stages.values()
    chosen = json.loads((result.folder / "confirm_chosen" / "manifest.json").read_text())
    assert sorted(chosen["configs"]) == sorted(["base", confirmation["candidate"]]) and chosen["games"] == 4000
    assert plan_search(load_spec(spec)).confirmation_seed == fresh == confirmation_seed(11, 99, set())
    assert confirmation_seed(11, 99, {fresh}) not in (fresh, 99, 11)  # a seed in use is passed over
    assert confirmation_seed(11, 100, set()) != fresh  # a new held-out seed, a new confirmation seed


@pytest.mark.parametrize("lang", ["en", "es"])
def test_proposal_1_reads_its_confirmation_everywhere(tiny_search, capsys: pytest.CaptureFixture, lang: str) -> None:
    """The console, the report and the finding give proposal 1's confirmation-seed figure and the
    baseline's on the same games; its held-out reading is shown as the selection's, optimistic."""
    from sim.analysis.findings import balance_findings
    from sim.balance.console import figure_text
    from sim.balance.report import balance_report_html
    from sim.report.findings_text import finding_sentence
    from sim.report.formatting import count

    spec, results, result = tiny_search
    record = result.record
    first = record["proposals"][0]
    confirmed, held_out = first["figures"][0], first["selection"]["figures"][0]
    assert confirmed["value"] != held_out["value"] and confirmed["n"] == held_out["n"] == 4000
    fresh = str(record["confirmation"]["seed"])
    assert main(["show", "tiny_balance", "--results", str(results), "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    page = html.unescape(balance_report_html(record, result.path, lang))
    sentence = finding_sentence(balance_findings(record)[0], lang)
    selection = {"en": "Selection: on the held-out seed 99, where it was chosen as the best of 2, proposal 1 read",
                 "es": "Selección: con la semilla reservada 99, donde se eligió como la mejor de 2, la propuesta 1 daba"}
    confirmed_text = {"en": f"Proposal 1's figures are those of the confirmation seed {fresh}",
                      "es": f"Las cifras de la propuesta 1 son las de la semilla de confirmación {fresh}"}
    optimistic = {"en": "optimistic (the best of 2 is also the luckiest)",
                  "es": "optimista (la mejor de 2 es también la de más suerte)"}
    def flat(text: str) -> str:  # the terminal's line breaks (and a no-break space) read as one space
        return " ".join(text.split())

    for text in (out, flat(page)):
        assert flat(figure_text(confirmed, lang)) in text
        assert flat(figure_text(record["confirmation"]["baseline"][0], lang)) in text  # the baseline on the same games
        assert confirmed_text[lang] in text and selection[lang] in text and optimistic[lang] in text
        assert flat(f"{figure_text(held_out, lang)} (n = {count(4000, lang)})") in text  # the selection's, labelled so
    assert figure_text(confirmed, lang) in sentence and figure_text(held_out, lang) not in sentence
    assert f"{fresh} ({count(4000, lang)} " in sentence and {"en": "the best of 2 on the held-out seed 99",
                                                              "es": "la mejor de 2 con la semilla reservada 99"}[lang] in sentence
    other = {"en": ("Figure", "held-out seed", "Selection:"), "es": ("Cifra", "semilla reservada", "Selección:")}
    assert not any(word in out for word in other["es" if lang == "en" else "en"])  # one language only


def test_cli_refuses_a_spec_without_balance_and_apply_without_to(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    spec = write_tiny(tmp_path, "")
    assert main(["balance", str(spec), "--results", str(tmp_path / "results")]) == 2
    assert "no [balance] table" in capsys.readouterr().err
    other = tmp_path / "with_balance"
    other.mkdir()
    assert main(["balance", str(write_tiny(other)), "--apply", "1"]) == 2
    assert "--apply and --to go together" in capsys.readouterr().err


def test_a_changed_search_replaces_only_the_stages_that_differ(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Rerunning after an edit of [balance] stops with a message saying --overwrite; with it, the
    stages the change leaves alike resume and only the others are played again."""
    spec = write_tiny(tmp_path)
    results = tmp_path / "results"
    first = search(load_spec(spec), results)
    spec.write_text(spec.read_text(encoding="utf-8").replace("proposals = 2", "proposals = 1"), encoding="utf-8")
    assert main(["balance", str(spec), "--results", str(results)]) == 2
    assert "written by another search" in capsys.readouterr().err
    again = search(load_spec(spec), results, overwrite=True)
    assert again.record["session_games"] == 2 * 4000  # the confirmation only: the baseline and 1 proposal
    # one proposal fewer on the held-out seed, and the only finalist needs no second confirmation
    # (nothing was chosen on its held-out games): the first search's 2 × 4,000 there are not counted
    assert again.record["games_played"] == first.record["games_played"] - 4000 - 2 * 4000
    assert first.record["confirmation"] and again.record["confirmation"] is None
    assert again.record["proposals"][0]["edits"] == [{"target": "AZ-06", "field": "value", "old": 3, "new": 6}]


@pytest.mark.parametrize(("change", "words"), [
    (("min = 1\nmax = 3", "min = -2\nmax = 3"), ["balance.edit[2].min: -2 is outside the range AZ-01.value can take",
                                               "card AZ-01", "greater than or equal to 1"]),
    (("min = 1\nmax = 11", "min = 1\nmax = 120"), ["balance.edit[1].max: 120 is outside the range AZ-06.value can take",
                                                 "less than or equal to 99"]),
    (('card = "AZ-01"\nfield = "value"\nmin = 1', 'param = "hand_size"\nmin = 0'),
     ["balance.edit[2].min: 0 is outside the range params.hand_size can take", "greater than or equal to 1"]),
])
def test_an_edit_bound_outside_its_field_s_range_is_a_spec_error(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                                 change, words: list[str]) -> None:
    """Issue 35 item 6: a bound the field itself refuses (a tiny card's value is 1 to 99, hand_size at
    least 1) names the edit and the field, exit 2, instead of a search that quietly refuses the moves
    beyond it ("2 refused by the card rules", exit 0)."""
    spec = write_tiny(tmp_path, BALANCE.replace(*change, 1))
    results = spec.parent / "results"
    assert main(["balance", str(spec), "--results", str(results)]) == 2
    err = capsys.readouterr().err
    assert str(spec) in err and all(w in err for w in words), err
    assert not results.exists()


def test_a_held_out_seed_used_again_on_other_cards_is_warned_of(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """After an edit of the cards, the search rerun with --overwrite on the same held-out seed says,
    in the language asked, that its own earlier search used that seed on other cards, which files
    changed and what to do; before the edit, on the same cards, it said nothing."""
    small = (BALANCE.replace("screen_games = 1000", "screen_games = 200").replace("rungs = 2", "rungs = 1")
             .replace("confirm_games = 4000", "confirm_games = 400").replace("min = 1\nmax = 11", "min = 5\nmax = 7"))
    spec = write_tiny(tmp_path, small)
    results = tmp_path / "results"
    assert search(load_spec(spec), results).record["held_out_reuse"] == []
    rojo = tmp_path / "cards" / "rojo.toml"
    rojo.write_text(rojo.read_text(encoding="utf-8") + "# RO-12 to look at\n", encoding="utf-8")
    assert main(["balance", str(spec), "--results", str(results), "--overwrite", "--lang", "en"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    record = json.loads((results / "tiny_balance.balance" / "proposals.json").read_text(encoding="utf-8"))
    [earlier] = record["held_out_reuse"]
    assert (earlier["search"], earlier["changed"]) == ("tiny_balance", ["rojo.toml"])
    when = earlier["finished"][:10]  # 2026-12-04: the date as English writes it
    assert ("Warning: the held-out seed 99 was already used by an earlier search, tiny_balance (finished "
            f"{when} ") in out and (f"UTC), on other cards (rojo.toml changed since). Proposals chosen again and "
                                   f"again on the same held-out games fit those games' luck: set another held_out_seed "
                                   f"in the [balance] table of {spec.resolve()} and run sim balance again with "
                                   "--overwrite.") in out
    assert main(["show", "tiny_balance", "--results", str(results), "--lang", "es"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    day = f"{when[8:10]}/{when[5:7]}/{when[:4]}"
    assert (f"Aviso: la semilla reservada 99 ya la usó una búsqueda anterior, tiny_balance (terminada el {day} ") in out
    assert "con otras cartas (desde entonces cambió rojo.toml)" in out and "Warning" not in out


def test_only_an_earlier_use_of_the_seed_on_other_cards_is_warned_of(tmp_path: Path) -> None:
    """Among the uses the searches of a results folder recorded, a search is warned of those of its
    held-out seed, in its game, on other cards, recorded before it first used the seed: not of the
    same cards (a rerun, a renamed copy), another seed, another game, nor of a search after it."""
    from sim.balance.held_out import USES_FILE, earlier_uses_on_other_cards, record_use

    def use(seed: int, cards: dict[str, str], finished: str, ruleset: str = "tiny") -> dict:
        return {"search": "s", "spec_path": "s.toml", "ruleset": ruleset, "held_out_seed": seed, "cards": cards,
                "finished": f"2026-12-0{finished}T10:00:00.000000+00:00"}

    first, edited, other = {"a.toml": "1", "b.toml": "1"}, {"a.toml": "1", "b.toml": "2"}, {"a.toml": "3", "b.toml": "1"}
    results = tmp_path / "results"
    own = results / "mine.balance"
    for folder, uses in {own: [use(99, first, "1"), use(99, edited, "3")],
                         results / "copy.balance": [use(99, edited, "2")],  # the same cards: not warned of
                         results / "later.balance": [use(99, other, "4")],  # after this search first used 99
                         results / "seed.balance": [use(98, other, "1")],  # another seed
                         results / "game.balance": [use(99, other, "1", ruleset="dicedraft")]}.items():
        for u in uses:
            record_use(folder, u)
    record_use(own, use(99, edited, "5"))  # a rerun: the list keeps the first use of these cards
    assert len(json.loads((own / USES_FILE).read_text())["uses"]) == 2
    found = earlier_uses_on_other_cards(results, own, use(99, edited, "6"))
    assert [(u["finished"][:10], u["changed"]) for u in found] == [("2026-12-01", ["b.toml"])]
    found = earlier_uses_on_other_cards(results, own, use(99, {"a.toml": "9"}, "6"))  # new cards, after all of them
    assert [(u["finished"][:10], u["changed"]) for u in found] == [
        ("2026-12-01", ["a.toml", "b.toml"]), ("2026-12-02", ["a.toml", "b.toml"]),
        ("2026-12-03", ["a.toml", "b.toml"]), ("2026-12-04", ["a.toml", "b.toml"])]
    assert earlier_uses_on_other_cards(results, own, use(97, edited, "6")) == []
