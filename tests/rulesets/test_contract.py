"""The contract every game keeps (sim.core.ruleset.Ruleset), checked the same way for each registered
ruleset, like pgx's api_test: a new game that passes this file plugs into the run layer, the
analysis and the reports.

Only the contract is used: `sim run` and `sim replay` on a small spec, and a default match (the ruleset's first two factions, greedy agents, its
default side options) built as a MatchConfig, compiled and played through the shell, and the two
invariant hooks every game writes (`conservation_problems`, `hidden_information_probe`). The tiny
test game (tests/rulesets/tiny/) is registered here, so it is checked like the real ones.

Each ruleset's golden trace is tests/rulesets/golden/<name>.txt: the Spanish trace of the default
match's first two units (a seat-mirrored pair). After a deliberate rule change (bump the ruleset's
version and say why in its rules.md), regenerate from the repository root and review the diff:

    PYTHONPATH=$PWD python -m tests.rulesets.test_contract            # every ruleset
    PYTHONPATH=$PWD python -m tests.rulesets.test_contract fortaleza  # one
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from pydantic import BaseModel

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game)
from sim.analysis.intervals import wilson_interval
from sim.core.agents import SEARCHING
from sim.cli import main
from sim.core.errors import InputError
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.records import RecordCol
from sim.core.ruleset import Ruleset, get_ruleset, ruleset_names
from sim.report.language import TEXT

pytestmark = pytest.mark.slow  # minutes of work: scripts/test.sh's workers take it first (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"
SEED = 20261201
RULESETS = ruleset_names()

DETERMINISM_UNITS = 1_000
SEARCH_DETERMINISM_UNITS = 16  # two searching players' games are long
MIRROR_GAMES = 20_000  # the 95% interval is 50% +- 0.7 points: a seat or side bias of 1.5 points shows
STRENGTH_GAMES = 2_000  # per seat
CONSERVATION_UNITS = 40  # per config, checked at every step (dicedraft's checks run in Python: ~1 s)
HIDDEN_POSITIONS = 40
GOLDEN_UNITS = (0, 1)  # a seat-mirrored pair: the same shuffles, the other side starts
SHARED_GAME_COLUMNS = ["config", "game", "unit", "stage", "first_side", "winner", "end_reason", "turns",
                       "label_a", "faction_a", "agent_a", "label_b", "faction_b", "agent_b"]


def match_of(r: Ruleset, factions: tuple[str, str] | None = None,
             agents: tuple[str, str] = ("greedy", "greedy")) -> MatchConfig:
    """A match in the contract's words: the ruleset's first two factions unless given, its default
    side options, no weights, no parameter changes, seats mirrored."""
    factions = factions or tuple(r.list_factions(r.cards_dir)[:2])
    sides = tuple(SideConfig(f, default_label(f, i), agent, {}, r.side_options())
                  for i, (f, agent) in enumerate(zip(factions, agents)))
    return MatchConfig(f"contract {r.name}", (sides[0], sides[1]))


def searching_levels(name: str) -> list[str]:
    """The registered levels of a game that search (hard, expert): each is checked by the same tests."""
    return [agent for agent in get_ruleset(name).agents if agent in SEARCHING]


@cache
def default_compiled(name: str):
    r = get_ruleset(name)
    return r.compile(match_of(r))


def side_a_score(rows: np.ndarray) -> tuple[float, int, float, float]:
    """Side A's score over the played rows (draws count half): (rate, n, low, high of the 95% Wilson interval)."""
    played = rows[rows[:, RecordCol.PLAYED] == 1]
    winner = played[:, RecordCol.WINNER]
    score = float((winner == 0).sum() + 0.5 * (winner < 0).sum())
    low, high = wilson_interval(score, len(played))
    return score / len(played), len(played), float(low), float(high)


def side_a_pair_interval(rows: np.ndarray) -> tuple[float, int, float, float]:
    """Side A's score (draws half) with a 95% interval over seat-mirrored pairs (units 2k and 2k+1
    share every stream, so their outcomes are correlated: in a game decided by the deck's draws, as
    rolplay is, a game-by-game interval is a quarter to a third too narrow): (rate, pairs, low, high)
    from the mean and spread of the pairs' mean scores."""
    played = rows[rows[:, RecordCol.PLAYED] == 1]
    order = np.argsort(played[:, RecordCol.UNIT], kind="stable")
    winner = played[order, RecordCol.WINNER]
    score = (winner == 0) + 0.5 * (winner < 0)
    pairs = score[: len(score) // 2 * 2].reshape(-1, 2).mean(axis=1)
    rate = float(pairs.mean())
    half = 1.96 * float(pairs.std(ddof=1)) / np.sqrt(len(pairs))
    return rate, len(pairs), rate - half, rate + half


# -- what a ruleset is ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
def test_it_is_a_ruleset_by_the_protocol(name: str) -> None:
    r = get_ruleset(name)
    assert isinstance(r, Ruleset)
    assert r.name == name


@pytest.mark.parametrize("name", RULESETS)
def test_its_names_folders_and_models_are_sane(name: str) -> None:
    r = get_ruleset(name)
    assert re.fullmatch(r"[a-z][a-z0-9_]*", r.name), r.name
    assert re.fullmatch(r"\d+\.\d+\.\d+", r.version), r.version
    assert r.cards_dir.is_dir(), r.cards_dir
    assert len(r.list_factions(r.cards_dir)) >= 2, "a default match takes the first two factions"
    assert r.rules_path.is_file(), r.rules_path
    assert issubclass(r.params_model, BaseModel) and issubclass(r.side_options, BaseModel)
    r.params_model()  # every parameter has a default
    r.side_options()  # so does every side option
    undocumented = [f for f, info in r.params_model.model_fields.items() if not info.description]
    assert not undocumented, f"parameters without a description (rule id and words): {undocumented}"
    kinds = list(r.unit_kinds.items())
    assert kinds and kinds[0][0] == "games" and all(isinstance(v, str) and v for _, v in kinds), kinds
    assert {"random", "greedy"} <= set(r.agents), r.agents
    assert r.end_names and len(set(r.end_names)) == len(r.end_names), r.end_names


@pytest.mark.parametrize("name", RULESETS)
def test_every_end_reason_has_words_in_both_languages(name: str) -> None:
    """The game's own words (its words.py, `end_words`) or the shared catalog's (turn_cap): the
    dashboard, the report and `sim replay` say how a game ended, never a bare end name."""
    r = get_ruleset(name)
    unworded = [end for end in r.end_names if end not in r.end_words and f"end_{end}" not in TEXT]
    assert not unworded, f"{name}: end names without words: {unworded}"
    assert all(len(pair) == 2 and all(pair) for pair in r.end_words.values()), r.end_words
    assert set(r.end_words) <= set(r.end_names), "words for an end the game does not have"
    assert r.name_words is None or (len(r.name_words) == 2 and all(r.name_words)), r.name_words


@pytest.mark.parametrize("name", RULESETS)
def test_compile_refuses_an_unknown_parameter_naming_the_source_and_the_parameter(name: str) -> None:
    r = get_ruleset(name)
    match = match_of(r)
    with pytest.raises(InputError) as refused:
        r.compile(MatchConfig(match.source, match.sides, params={"no_such_rule": 1}))
    assert str(refused.value).startswith(f"{match.source}: params") and "no_such_rule" in str(refused.value)


@pytest.mark.parametrize("name", RULESETS)
def test_compile_refuses_a_parameter_given_as_text_naming_the_source_and_the_parameter(name: str) -> None:
    r = get_ruleset(name)
    match = match_of(r)
    number = next(f for f, info in r.params_model.model_fields.items() if type(info.default) is int)
    with pytest.raises(InputError) as refused:
        r.compile(MatchConfig(match.source, match.sides, params={number: str(r.params_model().__dict__[number])}))
    assert f"{match.source}: params.{number}:" in str(refused.value), str(refused.value)


@pytest.mark.parametrize("name", RULESETS)
def test_compile_refuses_an_agent_the_game_does_not_have_naming_the_side(name: str) -> None:
    # a scenario or a script builds its MatchConfig by hand: the spec's own check never saw it
    r = get_ruleset(name)
    match = match_of(r)
    sides = (match.sides[0], replace(match.sides[1], agent="oracle"))
    with pytest.raises(InputError) as refused:
        r.compile(MatchConfig(match.source, sides))
    assert str(refused.value) == (f"{match.source}: side[2].agent: {name} has no agent 'oracle'; the agents are "
                                  f"{', '.join(r.agents)}")


# -- determinism -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
def test_the_same_seed_plays_the_same_games_whatever_the_threads_and_the_chunks(name: str) -> None:
    r, compiled, n = get_ruleset(name), default_compiled(name), DETERMINISM_UNITS
    rows, counters = r.play_chunk(compiled, SEED, 0, n, threads=1)
    rows_2, counters_2 = r.play_chunk(compiled, SEED, 0, n, threads=2)
    pieces = [r.play_chunk(compiled, SEED, start, stop - start, threads=2)
              for start, stop in ((0, 1), (1, n // 3), (n // 3, n - 7), (n - 7, n))]
    assert np.array_equal(rows, rows_2) and np.array_equal(counters, counters_2), "1 thread against 2"
    assert np.array_equal(rows, np.concatenate([p[0] for p in pieces])), "one chunk against four"
    assert np.array_equal(counters, sum(p[1] for p in pieces)), "one chunk against four"
    _, events = r.trace_unit(compiled, SEED, 3)
    assert np.array_equal(events, r.trace_unit(compiled, SEED, 3)[1]), "a unit traced twice"


@pytest.mark.parametrize("name,agent", [(name, agent) for name in RULESETS for agent in searching_levels(name)])
def test_a_searching_level_plays_the_same_games_whatever_the_threads_and_the_chunks(name: str, agent: str) -> None:
    # its worlds are keyed by (seed, game, side, decision), never by what the thread played before
    r = get_ruleset(name)
    compiled, n = r.compile(match_of(r, agents=(agent, agent))), SEARCH_DETERMINISM_UNITS
    rows, counters = r.play_chunk(compiled, SEED, 0, n, threads=1)
    pieces = [r.play_chunk(compiled, SEED, start, stop - start, threads=2) for start, stop in ((0, 5), (5, n))]
    assert np.array_equal(rows, np.concatenate([p[0] for p in pieces])), "one chunk on 1 thread against two on 2"
    assert np.array_equal(counters, sum(p[1] for p in pieces)), "one chunk on 1 thread against two on 2"


@pytest.mark.parametrize("name", RULESETS)
def test_a_different_seed_plays_other_games(name: str) -> None:
    r, compiled = get_ruleset(name), default_compiled(name)
    rows, _ = r.play_chunk(compiled, SEED, 0, 200)
    other, _ = r.play_chunk(compiled, SEED + 1, 0, 200)
    assert not np.array_equal(rows, other)


@pytest.mark.parametrize("name", RULESETS)
def test_the_frames_hold_one_row_per_game_and_per_card(name: str) -> None:
    r, compiled = get_ruleset(name), default_compiled(name)
    rows, counters = r.play_chunk(compiled, SEED, 0, 50)
    games = r.games_frame(compiled, rows)
    assert games.columns[:len(SHARED_GAME_COLUMNS)] == SHARED_GAME_COLUMNS
    assert games.height == int(rows[:, RecordCol.PLAYED].sum()) >= 50
    assert set(games["end_reason"].unique().to_list()) <= set(r.end_names)
    cards = r.cards_frame(compiled, counters)
    assert cards.height == sum(len(pool.ids) for pool in compiled.pools)
    # every card of a side's deck was in it (or not) in each game: in_deck never exceeds the games
    assert (cards["in_deck_win"] + cards["in_deck_loss"] + cards["in_deck_draw"]).max() <= games.height


# -- strength ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
def test_a_faction_against_itself_wins_half_its_games(name: str) -> None:
    r = get_ruleset(name)
    faction = r.list_factions(r.cards_dir)[0]
    rows, _ = r.play_chunk(r.compile(match_of(r, (faction, faction))), SEED, 0, MIRROR_GAMES)
    rate, n, low, high = side_a_pair_interval(rows)
    assert low <= 0.5 <= high, (f"{name}: greedy {faction} against greedy {faction}, seats mirrored: side A scored "
                                f"{rate:.4f} over {n} seat-mirrored pairs (draws half); its 95% interval "
                                f"[{low:.4f}, {high:.4f}] should hold 0.5")


@pytest.mark.parametrize("name", [name for name in RULESETS if get_ruleset(name).players_decide])
@pytest.mark.parametrize("greedy_side", [0, 1])
def test_greedy_wins_at_least_90_percent_against_random(name: str, greedy_side: int) -> None:
    # a game played out by its deal (War) has no decision to play well: its agents are names only
    r = get_ruleset(name)
    agents = ("greedy", "random") if greedy_side == 0 else ("random", "greedy")
    rows, _ = r.play_chunk(r.compile(match_of(r, agents=agents)), SEED, 0, STRENGTH_GAMES)
    rate, n, low, high = side_a_score(rows)
    greedy_rate = rate if greedy_side == 0 else 1 - rate
    assert greedy_rate >= 0.9, (f"{name}: greedy as side {'AB'[greedy_side]} against random scored {greedy_rate:.4f} "
                                f"of {n} games (draws half), below 0.9")


# -- invariants ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,agents", [(name, agents) for name in RULESETS
                                         for agents in (("greedy", "greedy"), ("greedy", "random"),
                                                        *((level, "greedy") for level in searching_levels(name)))
                                         if set(agents) <= set(get_ruleset(name).agents)])
def test_card_conservation_holds_at_every_step(name: str, agents: tuple[str, str]) -> None:
    # every agent plays within the rules: a searching agent's choices are applied by the same steps
    r = get_ruleset(name)
    compiled = r.compile(match_of(r, agents=agents))
    problems = r.conservation_problems(compiled, SEED, CONSERVATION_UNITS)
    assert problems == 0, f"{name}: {problems} card-conservation problems in {CONSERVATION_UNITS} units of {agents}"


@pytest.mark.parametrize("name,agent", [(name, agent) for name in RULESETS for agent in get_ruleset(name).agents
                                        if agent != "random"])
def test_decisions_never_change_with_the_opponents_hidden_cards(name: str, agent: str) -> None:
    # a searching agent samples what it cannot see: its worlds must not depend on where the cards really are
    r = get_ruleset(name)
    compared, changed = r.hidden_information_probe(SEED, HIDDEN_POSITIONS, agent)
    if r.players_decide:  # a game without decisions has none to compare
        assert compared >= HIDDEN_POSITIONS // 2, f"the probe compared only {compared} decisions of {agent}"
    assert changed == 0, f"{changed} of {compared} decisions of {agent} changed with cards the player cannot see"



@pytest.mark.parametrize("name,agent", [(name, agent) for name in RULESETS for agent in searching_levels(name)])
def test_searched_decisions_counts_the_searching_players_decisions_in_the_same_games(name: str, agent: str) -> None:
    # `sim bench` turns this count into decisions/s: it must replay play_chunk's games, not others
    r = get_ruleset(name)
    compiled = r.compile(match_of(r, agents=(agent, "greedy")))
    rows, _ = r.play_chunk(compiled, SEED, 0, 6, threads=1)
    decisions = r.searched_decisions(compiled, SEED, 0, 6)
    assert decisions.shape == (6, 2) and (decisions[:, 1] == 0).all(), "the greedy side searches nothing"
    # a game may ask the hard side nothing (rolplay: no creature in play at any of its attack phases)
    assert (decisions[:, 0] > 0).mean() >= 0.5, "most games ask the hard side something"
    again, _ = r.play_chunk(compiled, SEED, 0, 6, threads=1)
    assert np.array_equal(rows, again)

# -- the run layer -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
def test_sim_run_plays_stores_and_replays_its_games(name: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    r = get_ruleset(name)
    a, b = r.list_factions(r.cards_dir)[:2]
    spec = tmp_path / "spec.toml"
    spec.write_text(f'name = "contract"\nruleset = "{name}"\ngames = 400\nseed = {SEED}\n\n'
                    f'[[side]]\nfaction = "{a}"\n\n[[side]]\nfaction = "{b}"\n', encoding="utf-8")
    results = tmp_path / "results"
    assert main(["run", str(spec), "--results", str(results), "--chunk-size", "150", "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    shown_a, shown_b = (r.load_cards(f, r.cards_dir).label for f in (a, b))  # the names the card files give
    assert "Win rate" in out and f"A:{shown_a}" in out and f"B:{shown_b}" in out
    assert main(["replay", "contract", "--game", "3", "--results", str(results), "--lang", "en"]) == 0
    assert "replay matches the stored record" in capsys.readouterr().out


# -- the golden trace ------------------------------------------------------------------------------------
def golden_text(name: str) -> str:
    """The default match's first units as the Spanish trace."""
    r, compiled = get_ruleset(name), default_compiled(name)
    lines = []
    for unit in GOLDEN_UNITS:
        rows, events = r.trace_unit(compiled, SEED, unit)
        lines.append(f"## {name} {r.version}: unidad {unit}, semilla {SEED}")
        lines += r.describe_events(compiled, rows, events, "es")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", RULESETS)
def test_the_golden_trace_is_unchanged(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    assert path.exists(), f"no {path}: write it with `PYTHONPATH=$PWD python -m tests.rulesets.test_contract {name}`"
    assert golden_text(name) == path.read_text(encoding="utf-8"), (
        f"{name}'s games changed; if the rules did, bump its version, then regenerate (this file's docstring)")


# -- rules.md against the tests and the code -------------------------------------------------------------
RULE_ID = re.compile(r"\*\*([A-Z])-(\d\d)\b")
RULE_TEST = re.compile(r"def (test_([a-z])(\d\d)_\w*)")


def rule_tests_folder(r: Ruleset) -> Path:
    """A ruleset's tests live in tests/rulesets/<name>/ (docs/adding-a-game.md)."""
    return ROOT / "tests" / "rulesets" / r.name


def untested_rules(rules_text: str, tests_text: str) -> list[str]:
    """The rule ids (`**X-NN`) of a rules.md that no test named test_xnn_... cites."""
    documented = {f"{letter}-{number}" for letter, number in RULE_ID.findall(rules_text)}
    named = {f"{letter.upper()}-{number}" for _, letter, number in RULE_TEST.findall(tests_text)}
    return sorted(documented - named)


@pytest.mark.parametrize("name", RULESETS)
def test_every_rule_of_rules_md_has_a_test_named_for_it(name: str) -> None:
    r = get_ruleset(name)
    rules = r.rules_path.read_text(encoding="utf-8")
    assert RULE_ID.search(rules), f"{r.rules_path} documents no rule ids (**X-NN)"
    tests = "\n".join(p.read_text(encoding="utf-8") for p in sorted(rule_tests_folder(r).glob("test_*.py")))
    missing = untested_rules(rules, tests)
    assert not missing, f"rules of {r.rules_path} without a test named test_<id>_... in {rule_tests_folder(r)}: {missing}"


DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")  # `game.play_round`, `engine.Tiny.probe`, `Field.NAME_ID`
PATH = re.compile(r"(?:[\w.-]+/)+[\w.-]*|[\w-]+\.py")  # `cards.py`, `cards/rojo.toml`, `../../draft/budget.py`
FILE_SUFFIXES = {"py", "toml", "md", "txt", "json", "csv", "parquet"}
OUTSIDE = ("shared/", "../shared/")  # the design folder beside the repository (rules sources), not this repository's


def code_pointers(text: str) -> list[str]:
    """The backticked code pointers of a rules.md: dotted names (`module.function`) and paths
    (`module.py`, `cards/x.toml`); other backticked text (`[params]`, `seats = "mirrored"`) is not."""
    found = set()
    for token in re.findall(r"`([^`\n]+)`", text):
        if DOTTED.fullmatch(token) and token.rsplit(".", 1)[1] not in FILE_SUFFIXES:
            found.add(token)
        elif PATH.fullmatch(token) and not token.startswith(OUTSIDE):
            found.add(token)
    return sorted(found)


def _module_names(path: Path) -> tuple[set[str], set[str]]:
    """What a module's own text defines: (top-level functions, classes and assigned names; the
    methods of its top-level classes). Names it only imports are not among them."""
    top, methods = set(), set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top.add(node.name)
        if isinstance(node, ast.ClassDef):
            methods |= {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            top |= {t.id for t in targets if isinstance(t, ast.Name)}
    return top, methods


def _module_file(base: Path, parts: list[str]) -> Path | None:
    path = base.joinpath(*parts)
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return None


def _defined_in(path: Path, names: list[str]) -> bool:
    """Whether `names` (after a module) name something the module at `path` defines: a top-level name
    and its attributes (`Field.NAME_ID`), or a method of one of its classes (`engine.forced_draw_cards`)."""
    if not names:
        return True
    top, methods = _module_names(path)
    if names[0] not in top:
        return len(names) == 1 and names[0] in methods
    if len(names) > 1:
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        thing = importlib.import_module(module)
        for attribute in names:
            if not hasattr(thing, attribute):
                return False
            thing = getattr(thing, attribute)
    return True


def pointer_resolves(pointer: str, package_dir: Path, tests_folder: Path) -> bool:
    """A path resolves from the ruleset's folder, any folder above it up to the repository root, or
    its rule tests' folder; a dotted name's first parts name a module there (or a test module beside its rule tests, or a
    name defined in one of the ruleset's modules) and the rest something that module defines."""
    bases = [package_dir, *[p for p in package_dir.parents if ROOT in (p, *p.parents)]]
    if not DOTTED.fullmatch(pointer) or pointer.endswith(".py"):
        return any((base / pointer).exists() for base in (*bases, tests_folder))
    parts = pointer.split(".")
    if parts[0].startswith("test_"):
        bases = [tests_folder]
    for base in bases:
        for cut in range(len(parts), 0, -1):
            module = _module_file(base, parts[:cut])
            if module is not None:
                return _defined_in(module, parts[cut:])
    return any(_defined_in(path, parts) for path in sorted(package_dir.glob("*.py")))


def stale_pointers(r: Ruleset) -> list[str]:
    text = r.rules_path.read_text(encoding="utf-8")
    return [p for p in code_pointers(text) if not pointer_resolves(p, r.rules_path.parent, rule_tests_folder(r))]


@pytest.mark.parametrize("name", RULESETS)
def test_every_code_pointer_of_rules_md_resolves(name: str) -> None:
    r = get_ruleset(name)
    pointers = code_pointers(r.rules_path.read_text(encoding="utf-8"))
    assert len(pointers) >= 10, f"the reader found only {pointers} in {r.rules_path}"
    stale = stale_pointers(r)
    assert not stale, f"{r.rules_path} points at code that is not there: {', '.join(stale)}"


# -- the readers above, on known text -------------------------------------------------------------------
def test_the_rule_reader_finds_a_rule_without_a_test() -> None:
    rules = "**T-01 Decks.** ... **T-02 Hand.** ... **T-10 Late.** and T-03 unmarked"
    tests = "def test_t01_the_deck_is_shuffled():\n    pass\ndef test_t1_typo(): pass\n"
    assert untested_rules(rules, tests) == ["T-02", "T-10"]


def test_the_pointer_reader_tells_stale_pointers_from_real_ones() -> None:
    text = ("`game.play_round`, `engine.Tiny.game_columns`, `Zone.PLAYED`, `cards/rojo.toml`, "
            "`state.py`, `sim.core.rng.below`, `game.no_such_step`, `legal.py.bak`, `oracle.predict`, "
            "`engine.np`, `cards/verde.toml`, `[params]`, `hand_size = 4`, `shared/rules/RULES.md`")
    tiny = get_ruleset("tiny")
    assert code_pointers(text) == sorted([
        "Zone.PLAYED", "cards/rojo.toml", "cards/verde.toml", "engine.Tiny.game_columns", "engine.np",
        "game.no_such_step", "game.play_round", "legal.py.bak", "oracle.predict", "sim.core.rng.below", "state.py"])
    stale = [p for p in code_pointers(text) if not pointer_resolves(p, tiny.rules_path.parent, rule_tests_folder(tiny))]
    # engine.np is imported there, not defined; oracle is no module; legal.py.bak and verde.toml are no files
    assert stale == ["cards/verde.toml", "engine.np", "game.no_such_step", "legal.py.bak", "oracle.predict"]


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for ruleset in sys.argv[1:] or RULESETS:
        (GOLDEN / f"{ruleset}.txt").write_text(golden_text(ruleset), encoding="utf-8")
        print(f"wrote {GOLDEN / f'{ruleset}.txt'}")
