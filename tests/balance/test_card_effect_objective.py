"""`sim balance` with a card_effect objective ("no card's forced-draw effect beyond a bound").

The known optimum: in the tiny game (tests/rulesets/tiny, the higher card takes the round) azul's
AZ-12 is an 11, and drawing it early costs azul about 7 pts (the forced-draw effect, ANALYTICS.md:
the same games with the card on top of the deck or at its bottom). With AZ-12 free to take the
values 5 to 12, the product's own analysis of separate [impact] runs (sim.analysis.forced_draw, on
a seed the search never plays) finds one value only whose effect is within ±1.5 pts of 0, and the
search must propose it.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game)
from sim.analysis.forced_draw import forced_draw_effect
from sim.balance.card_effects import CardFigure, EffectTally, card_figures
from sim.balance.patch import Edit
from sim.balance.spec import load_checked_spec
from sim.balance.search import (Component, Effects, Figure, candidate_slots, card_effect_figure, gaps, plan_search,
                                screened_slots, search)
from sim.cli import main
from sim.core.errors import InputError
from sim.run.executors import SerialExecutor
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from tests.balance.test_balance_search import assert_refused

TINY_CARDS = Path(__file__).parents[1] / "rulesets" / "tiny" / "cards"
EXPERIMENTS = Path(__file__).parents[2] / "experiments"

BALANCE = """
[balance]
max_edits = 1
screen_games = 4000
rungs = 2
keep = 0.5
beam = 2
proposals = 2
confirm_games = 2000
held_out_seed = 99
effect_games = 20000
confirm_effect_games = 20000

[[balance.objective]]
figure = "card_effect"
cards = ["AZ-12"]
target = 0.0
tolerance = 0.015

[[balance.edit]]
card = "AZ-12"
field = "value"
min = 5
max = 12
"""

HEAD = 'name = "{name}"\nruleset = "tiny"\ngames = {games}\nseed = {seed}\ncards_dir = "{cards}"\n\n' \
       '[[side]]\nfaction = "azul"\n\n[[side]]\nfaction = "rojo"\n'


def cards_with(folder: Path, value: int | None = None) -> Path:
    """The shipped tiny cards, AZ-12's value changed to `value` when given."""
    shutil.copytree(TINY_CARDS, folder)
    if value is not None:
        azul = folder / "azul.toml"
        text, n = re.subn(r'(id = "AZ-12"\nname = "[^"]*"\nvalue = )\d+', rf"\g<1>{value}", azul.read_text())
        assert n == 1
        azul.write_text(text)
    return folder


def write_spec(folder: Path, balance: str = BALANCE, name: str = "tiny_effect") -> Path:
    cards_with(folder / "cards")
    spec = folder / f"{name}.toml"
    spec.write_text(HEAD.format(name=name, games=2000, seed=11, cards="cards") + balance, encoding="utf-8")
    return spec


def impact_effect(folder: Path, cards: Path, seed: int, games: int, card: str = "AZ-12") -> dict:
    """sim.analysis.forced_draw's row for `card` (side A) from an ordinary [impact] run."""
    spec = folder / f"impact_{cards.name}_{seed}.toml"
    spec.write_text(HEAD.format(name=spec.stem, games=games, seed=seed, cards=cards.name)
                    + f'\n[impact]\nside = 1\ncards = ["{card}"]\n', encoding="utf-8")
    outcome = run_experiment(load_spec(spec), folder / "impact_results", spec.stem, SerialExecutor(), False, None, None)
    manifest = json.loads((outcome.run_dir / "manifest.json").read_text())
    return forced_draw_effect(outcome.run_dir, manifest).row(0, named=True)


@pytest.fixture(scope="module")
def effect_search(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("tiny_effect")
    spec = write_spec(folder)
    return folder, spec, search(load_spec(spec), folder / "results")


def test_search_finds_the_value_independent_measurement_calls_the_optimum(effect_search) -> None:
    folder, _, result = effect_search
    measured = {}
    for value in range(5, 13):  # the product's analysis, on a seed the search never plays
        row = impact_effect(folder, cards_with(folder / f"value{value}", value), seed=5, games=20000)
        measured[value] = row
    inside = [v for v, row in measured.items() if abs(row["effect"]) <= 0.015]
    assert inside == [5]
    # every other value is outside the ±1.5 pts band by its whole 95% interval: the optimum is clear
    assert all(row["effect_low"] > 0.015 or row["effect_high"] < -0.015 for v, row in measured.items() if v != 5)
    best = result.record["proposals"][0]
    assert best["edits"] == [{"target": "AZ-12", "field": "value", "old": 11, "new": 5}]
    assert best["met"]
    figure = best["figures"][0]
    assert figure["figure"] == "card_effect" and figure["card"] == "AZ-12" and figure["card_name"] == "Tsunami"
    assert figure["n"] == 20000 and figure["low"] <= figure["value"] <= figure["high"]
    baseline = result.record["baseline"][0]
    assert not baseline["met"] and baseline["high"] < -0.05  # the 11 really costs azul: the search had work to do


def test_confirmed_card_effects_are_the_analysis_of_the_same_games(effect_search, tmp_path: Path) -> None:
    """The search's confirmed card figures equal sim.analysis.forced_draw_effect on an [impact] run
    of the same cards, seed and games: the same games, read by the product's own analysis. Proposal
    1's figures and the baseline beside them are the confirmation seed's; its held-out reading (its
    selection), the baseline's and the other proposals' are the held-out seed's."""
    _, _, result = effect_search
    record = result.record
    first, *others = record["proposals"]
    held_out, fresh = record["held_out_seed"], record["confirmation"]["seed"]
    readings = [(11, held_out, record["baseline"]), (11, fresh, record["confirmation"]["baseline"]),
                (first["edits"][0]["new"], held_out, first["selection"]["figures"]),
                (first["edits"][0]["new"], fresh, first["figures"])]
    readings += [(p["edits"][0]["new"], held_out, p["figures"]) for p in others]
    assert fresh not in (held_out, record["card_effects"]["effect_seed"])
    for value, seed, figures in readings:
        row = impact_effect(tmp_path, cards_with(tmp_path / f"v{value}_{seed}", value), seed=seed,
                            games=record["card_effects"]["confirm_effect_games"])
        card = figures[0]["cards"][0]
        assert card["card"] == "AZ-12" and card["n"] == row["pairs"]
        assert card["value"] == pytest.approx(row["effect"], abs=1e-12)
        assert card["low"] == pytest.approx(row["effect_low"], abs=1e-9)
        assert card["high"] == pytest.approx(row["effect_high"], abs=1e-9)


def test_the_effects_are_measured_on_seeds_apart_from_the_held_out_one(effect_search) -> None:
    _, _, result = effect_search
    record = result.record
    seed = record["card_effects"]["effect_seed"]
    assert seed in record["search_seeds"] and record["held_out_seed"] not in record["search_seeds"]
    effects = json.loads((result.folder / "search" / "effects" / "manifest.json").read_text())
    assert effects["seed"] == seed and effects["games"] == 20000
    assert sorted(effects["configs"]) == ["base.side1.drawn=AZ-12", "base.side1.undrawn=AZ-12"]
    confirm = json.loads((result.folder / "confirm_effects" / "manifest.json").read_text())
    assert confirm["seed"] == 99 and confirm["games"] == 20000
    assert len(confirm["configs"]) == 2 * 3  # the baseline and 2 proposals, drawn and undrawn
    fresh = json.loads((result.folder / "confirm_chosen_effects" / "manifest.json").read_text())
    assert fresh["seed"] == record["confirmation"]["seed"] and fresh["games"] == 20000
    assert sorted(fresh["configs"]) == sorted(f"{key}.side1.{word}=AZ-12" for key in ("base", record["proposals"][0][
        "candidate"]) for word in ("drawn", "undrawn"))  # proposal 1 and the baseline only
    assert "card effect (AZ-12) card" in result.path.columns  # the path names each candidate's worst card


def test_rerun_resumes_a_card_effect_search_without_playing(effect_search) -> None:
    folder, spec, first = effect_search
    again = search(load_spec(spec), folder / "results")
    assert again.record["session_games"] == 0
    assert again.record["games_played"] == first.record["games_played"] > 0
    assert again.record["proposals"] == first.record["proposals"]


def test_the_report_and_console_show_every_card(effect_search, capsys: pytest.CaptureFixture) -> None:
    folder, spec, result = effect_search
    page = (result.folder / "report.html").read_text(encoding="utf-8")
    assert "fig-card-effects-1" in page and "efecto de robar AZ-12" in page
    assert "Cartas fuera de 0 pts ± 1,5 pts: base AZ-12 Tsunami" in page  # numbers as Spanish writes them
    assert main(["balance", str(spec), "--results", str(folder / "results"), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "forced-draw effect of AZ-12" in out and "Cards outside 0 pts ± 1.5 pts: baseline AZ-12 Tsunami" in out
    # each card outside the bound with its 95% interval and pairs
    assert re.search(r"baseline AZ-12 Tsunami -\d\.\d pts \[-\d\.\d, -\d\.\d\] n 20,000", out), out


def test_screening_measures_edited_watched_and_new_cards_only(tmp_path: Path) -> None:
    """A candidate forces its edited card's draws and, past the first screen, the watched cards'
    (farther from the target than effect_watch × the tolerance in the baseline); a parameter edit
    forces every card."""
    balance = BALANCE.replace('cards = ["AZ-12"]\n', "").replace(
        'card = "AZ-12"', 'param = "hand_size"\nmin = 3\nmax = 5\n\n[[balance.edit]]\ncard = "AZ-12"')
    plan = plan_search(load_spec(write_spec(tmp_path, balance)))
    every = candidate_slots(plan, ())
    assert len(every) == 24 and {e[1] for e in every} == {0, 1}  # both decks' twelve cards
    plan.watched = frozenset({"RO-12"})
    edit = Edit("AZ-12", "value", 11, 9)
    assert screened_slots(plan, (edit,)) == [("", 0, "AZ-12"), ("", 1, "RO-12")]
    assert screened_slots(plan, (edit,), watch=False) == [("", 0, "AZ-12")]  # the first, widest screen
    assert screened_slots(plan, (Edit("params", "hand_size", 4, 5),)) == every


def test_card_figures_read_the_candidate_first_and_list_cards_out_of_the_decks() -> None:
    own = {("", 0, "A"): EffectTally(n=100, d1=10.0, c=50, c1=5.0, c2=1.0), ("", 0, "B"): EffectTally()}
    base = {("", 0, "A"): EffectTally(n=100, d1=-10.0, c=50, c1=-5.0, c2=1.0),
            ("", 0, "C"): EffectTally(n=100, d1=20.0, c=50, c1=10.0, c2=3.0)}
    figures, absent = card_figures([("", 0, "A"), ("", 0, "B"), ("", 0, "C")], own, base)
    assert [(f.card, f.value, f.read_from) for f in figures] == [("A", 0.1, "candidate"), ("C", 0.2, "baseline")]
    assert absent == ["B"]  # played both ways but never in the deck: no figure, never "within tolerance"
    figures, absent = card_figures([("", 0, "A"), ("", 0, "C")], own)  # the confirmation: no stand-in
    assert [f.card for f in figures] == ["A"] and absent == ["C"]


def test_a_card_effect_ranks_by_every_card_outside_but_is_met_by_the_worst() -> None:
    comp = Component("card effect", "card_effect", 0.0, 0.05)

    def fig(*values: float) -> Figure:
        cards = tuple(CardFigure(f"C{i}", v, 0.0, 100, "candidate") for i, v in enumerate(values))
        worst = max(cards, key=lambda c: abs(c.value))
        return Figure(worst.value, 0.0, 100, worst.card, cards)

    one_far = gaps([comp], [fig(0.10, 0.0)])
    two_far = gaps([comp], [fig(0.10, 0.08)])
    assert one_far["worst"] == two_far["worst"] == pytest.approx(2.0)
    assert two_far["distance"] == pytest.approx(1 + 1 + 0.6) and one_far["distance"] == pytest.approx(2.0)
    assert gaps([comp], [fig(0.04, -0.03)]) == pytest.approx(
        {"worst": 0.8, "distance": 0.8, "distance_low": 0.8, "distance_high": 0.8})
    unmeasured = gaps([comp], [Figure(float("nan"), float("nan"), 0)])
    assert unmeasured["worst"] == float("inf")  # no deck holds the cards any more: not met


def test_a_card_a_greedy_drafter_leaves_out_has_no_figure() -> None:
    """Dicedraft's greedy drafter fills 135 points; Araña Goliat at cost 30 no longer fits, so the
    candidate's decks do not hold it and its card_effect lists it as out of the deck."""
    plan = plan_search(load_spec(EXPERIMENTS / "dicedraft_card_balance.toml"))
    base = candidate_slots(plan, ())
    assert ("", 0, "AR-18") in base and len(base) == 30
    dear = (Edit("AR-18", "cost", 18, 30),)
    assert ("", 0, "AR-18") not in candidate_slots(plan, dear)
    comp = Component("card effect (AR-18)", "card_effect", 0.0, 0.08, cards=("AR-18",))
    figure = card_effect_figure(plan, comp, Effects(candidate_slots(plan, dear), {}))
    assert figure.absent == ("AR-18",) and figure.cards == ()


@pytest.mark.parametrize(("change", "message"), [
    (('cards = ["AZ-12"]', 'cards = ["ZZ-01"]'), "balance.objective[1].cards: ZZ-01 not among the cards"),
    (('cards = ["AZ-12"]', 'cards = ["AZ-12", "AZ-12"]'), "AZ-12 named more than once"),
    (('cards = ["AZ-12"]', 'cards = ["AZ-12"]\nfaction = "verde"'), "balance.objective[1].faction: no faction 'verde'"),
    (('cards = ["AZ-12"]', 'cards = ["RO-12"]\nfaction = "azul"'), "RO-12 never in a deck"),
    (('cards = ["AZ-12"]', 'matchup = "azul~rojo"'), "card_effect is against the whole field"),
    (("effect_games = 20000", "effect_games = 20001"), "effect_games: must be even"),
    (("effect_games = 20000", "effect_games = 20000\neffect_watch = 1.5"), "balance.effect_watch"),
    (("effect_games = 20000", 'effect_games = "20000"'), "balance.effect_games"),
    (("tolerance = 0.015", "tolerance = nan"), "balance.objective[1].tolerance"),
])
def test_bad_card_effect_objectives_name_the_field(tmp_path: Path, capsys: pytest.CaptureFixture, change,
                                                   message) -> None:
    assert_refused(write_spec(tmp_path, BALANCE.replace(*change, 1)), capsys, message)


def test_cards_with_win_rate_objectives_are_refused(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, BALANCE.replace('figure = "card_effect"', 'figure = "win_rate"'))
    with pytest.raises(InputError, match="cards: only a card_effect objective names cards"):
        load_checked_spec(spec)  # as sim run, sim balance and a dashboard launch read it


def test_in_a_round_robin_a_card_counts_against_each_other_faction(tmp_path: Path) -> None:
    """A card's effect in a round robin is the mean of its effects against each other faction (the
    mirrors left out), each what an [impact] run of that pair gives on the same seed and games."""
    cards = cards_with(tmp_path / "cards")
    rojo = (cards / "rojo.toml").read_text(encoding="utf-8")
    (cards / "verde.toml").write_text(rojo.replace('faction = "rojo"', 'faction = "verde"').replace('"RO-', '"VE-'),
                                      encoding="utf-8")
    balance = BALANCE.replace("min = 5\nmax = 12", "min = 10\nmax = 11")
    spec = tmp_path / "robin.toml"
    spec.write_text('name = "robin"\nruleset = "tiny"\nmatchups = "round_robin"\ngames = 2000\nseed = 11\n'
                    'cards_dir = "cards"\n\n[[side]]\nfaction = "azul"\n\n[[side]]\nfaction = "rojo"\n\n'
                    '[[side]]\nfaction = "verde"\n' + balance, encoding="utf-8")
    plan = plan_search(load_spec(spec))
    assert candidate_slots(plan, ()) == [(".m01", 0, "AZ-12"), (".m02", 0, "AZ-12")]
    result = search(load_spec(spec), tmp_path / "results")
    baseline = result.record["baseline"][0]["cards"][0]
    pairs = []
    for other in ("rojo", "verde"):
        pair = tmp_path / f"azul_{other}.toml"
        pair.write_text(HEAD.format(name=pair.stem, games=20000, seed=99, cards="cards").replace(
            'faction = "rojo"', f'faction = "{other}"') + '\n[impact]\nside = 1\ncards = ["AZ-12"]\n', encoding="utf-8")
        outcome = run_experiment(load_spec(pair), tmp_path / "pairs", pair.stem, SerialExecutor(), False, None, None)
        manifest = json.loads((outcome.run_dir / "manifest.json").read_text())
        pairs.append(forced_draw_effect(outcome.run_dir, manifest).row(0, named=True))
    assert baseline["value"] == pytest.approx((pairs[0]["effect"] + pairs[1]["effect"]) / 2, abs=1e-12)
    assert baseline["n"] == pairs[0]["pairs"] + pairs[1]["pairs"]


def test_a_faction_bound_measures_that_faction_s_cards_only(tmp_path: Path) -> None:
    balance = BALANCE.replace('cards = ["AZ-12"]\n', 'faction = "rojo"\n')
    plan = plan_search(load_spec(write_spec(tmp_path, balance)))
    assert [c.name for c in plan.components] == ["rojo card effect"]
    slots = candidate_slots(plan, ())
    assert len(slots) == 12 and {e[1] for e in slots} == {1} and all(e[2].startswith("RO-") for e in slots)
