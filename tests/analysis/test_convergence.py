"""Skill convergence ([levels] specs, sim/analysis/convergence.py): each headline conclusion at every
agent level on the same seeds, its paired change from the level before and whether it holds; and
the share of games the turn cap decides at each level and cap. Tiny dicedraft runs (random and
greedy: the levels every game has), each a second or two."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from dashboards.kinds import run_kinds
from sim.analysis.convergence import (FLIPS, MOVES, STABLE, convergence, last_steps, level_configs, stall_table,
                                      verdict)
from sim.analysis.findings import run_findings
from sim.analysis.intervals import score_a
from sim.cli import main
from sim.core.errors import InputError
from sim.core.limits import RULESET_IDS
from sim.core.ruleset import get_ruleset
from sim.report.language import t
from sim.results.manifest import read_manifest
from sim.results.scans import scan_games
from sim.run.runner import run_experiment
from sim.run.spec import load_spec

HEAD = 'ruleset = "dicedraft"\ngames = 40\nseed = 5\n'
SIDES = '[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
LEVELS = '[levels]\nlevels = ["random", "greedy"]\ncaps = [1, 2]\n'


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(f'name = "{name}"\n{text}', encoding="utf-8")
    return path


def test_a_step_is_stable_within_a_point_or_when_its_interval_covers_zero() -> None:
    assert verdict(0.60, 0.605, 0.005, 0.001, 0.009) == STABLE  # within ±1 pt, whatever its interval
    assert verdict(0.60, 0.66, 0.06, -0.01, 0.13) == STABLE  # its interval covers 0
    assert verdict(0.60, 0.66, 0.06, 0.02, 0.10) == MOVES  # the same favourite, a real change
    assert verdict(0.56, 0.44, -0.12, -0.16, -0.08) == FLIPS  # the favourite changes
    assert verdict(0.60, None, None, None, None) == ""


@pytest.fixture(scope="module")
def two_sided(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("convergence")
    return run_experiment(load_spec(write(folder, "levels_tiny", HEAD + SIDES + LEVELS)), folder / "results").run_dir


def test_each_level_and_cap_is_a_config_on_the_same_seeds(two_sided: Path) -> None:
    manifest = read_manifest(two_sided)
    assert list(manifest["configs"]) == ["level=random", "level=greedy", "level=random,params.turn_cap=160",
                                         "level=greedy,params.turn_cap=160"]  # dicedraft's cap is 80 turns
    for config in manifest["configs"].values():
        assert config["sides"][0]["agent"] == config["sides"][1]["agent"] == config["sweep"]["side1.agent"]
    caps = {c: about.turn_cap for c, about in level_configs(manifest).items()}
    assert caps["level=greedy"] == 80 and caps["level=greedy,params.turn_cap=160"] == 160
    assert run_kinds(manifest)[0] == "levels"  # the dashboard's levels page draws it


def test_each_change_is_the_paired_difference_of_the_same_games(two_sided: Path) -> None:
    table = convergence(two_sided, read_manifest(two_sided))
    side = table.filter(pl.col("conclusion") == "side")
    assert side["level"].to_list() == ["random", "greedy"] and side["verdict"][0] == ""
    games = scan_games(two_sided).select("config", "game", score_a().alias("score")).collect()
    by_level = {level: games.filter(pl.col("config") == f"level={level}").sort("game") for level in ("random", "greedy")}
    d = by_level["greedy"]["score"].to_numpy() - by_level["random"]["score"].to_numpy()
    greedy = side.row(1, named=True)
    assert greedy["pairs"] == 40 and greedy["change"] == pytest.approx(d.mean())
    assert greedy["value"] == pytest.approx(by_level["greedy"]["score"].mean())
    assert greedy["verdict"] == verdict(side["value"][0], greedy["value"], greedy["change"], greedy["change_low"],
                                        greedy["change_high"])
    first = table.filter(pl.col("conclusion") == "first_player")
    assert first["pairs"][1] == 20  # 40 seat-mirrored games: 20 pairs
    assert last_steps(table).height == 2


def test_the_stall_table_counts_each_level_at_each_cap(two_sided: Path) -> None:
    stalls = stall_table(two_sided, read_manifest(two_sided))
    assert stalls.select("level", "turn_cap", "cap_factor").rows() == [("random", 80, 1), ("random", 160, 2),
                                                                       ("greedy", 80, 1), ("greedy", 160, 2)]
    games = scan_games(two_sided).collect()
    for row in stalls.iter_rows(named=True):
        config = f"level={row['level']}" + ("" if row["cap_factor"] == 1 else f",params.turn_cap={row['turn_cap']}")
        played = games.filter(pl.col("config") == config)
        assert row["n"] == played.height
        assert row["at_cap"] == played.filter(pl.col("turns") >= row["turn_cap"]).height
        assert row["at_cap_share_low"] <= row["at_cap_share"] <= row["at_cap_share_high"]


def test_the_findings_say_what_holds(two_sided: Path) -> None:
    manifest = read_manifest(two_sided)
    found = run_findings(two_sided, manifest)
    summary = [f for f in found if f.kind == "convergence_summary"]
    table = last_steps(convergence(two_sided, manifest))
    assert len(summary) == 1 and summary[0].details["total"] == table.height
    assert summary[0].details["stable"] == table.filter(pl.col("verdict") == STABLE).height
    assert {f.subject for f in found if f.kind == "convergence"} == {
        " ".join(x for x in r[:3] if x) for r in table.filter(pl.col("verdict") != STABLE).iter_rows()}
    # the headline findings are the game's own cap's: none of a doubled cap's configs
    assert not [f for f in found if f.config and "turn_cap" in f.config]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_sim_show_prints_the_convergence_and_the_stalls(two_sided: Path, lang: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(two_sided), "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    steps = last_steps(convergence(two_sided, read_manifest(two_sided)))
    summary = t("finding_convergence_summary", lang, previous_level="random", level="greedy",
                stable=steps.filter(pl.col("verdict") == STABLE).height, total=steps.height)
    for text in (t("report_table_convergence", lang), t("report_table_stalls", lang), summary):
        assert " ".join(text.split()) in out, text
    for verdict_word in steps["verdict"]:
        assert t(f"verdict_{verdict_word}", lang) in out


def test_a_round_robin_at_each_level_reads_the_field_and_the_matchups(tmp_path: Path) -> None:
    spec = write(tmp_path, "levels_rr", HEAD.replace("40", "20") + 'matchups = "round_robin"\n' + SIDES
                 + '[levels]\nlevels = ["random", "greedy"]\n')
    run_dir = run_experiment(load_spec(spec), tmp_path / "results").run_dir
    manifest = read_manifest(run_dir)
    assert "aranas~ciempies,level=greedy" in manifest["configs"]
    assert "round_robin" not in run_kinds(manifest)  # its matchups are read level by level
    table = convergence(run_dir, manifest)
    assert set(table["conclusion"]) == {"field", "matchup", "first_player"}
    assert table.filter(pl.col("conclusion") == "matchup").select("a", "b").unique().rows() == [
        ("aranas", "ciempies")]  # mirrors are 50% by their seats: not a conclusion
    assert sorted(table.filter(pl.col("conclusion") == "field")["a"].unique()) == ["aranas", "ciempies"]


def test_all_plays_every_level_a_game_registers_but_random(tmp_path: Path) -> None:
    for ruleset in RULESET_IDS:
        game = get_ruleset(ruleset)
        if len([a for a in game.agents if a != "random"]) < 2:
            continue
        spec = write(tmp_path, f"all_{ruleset}", f'ruleset = "{ruleset}"\ngames = 2\nseed = 1\n'
                     + "".join(f'[[side]]\nfaction = "{f}"\n' for f in game.list_factions(game.cards_dir)[:2])
                     + "[levels]\n")
        levels = [about.agent for about in level_configs({"spec": {"levels": {}}, "configs": {
            c: {"sweep": dict(e.sweep_point), "sides": [{"agent": e.spec.sides[0].agent}], "params": {}}
            for c, e in load_spec(spec).config_experiments().items()}}).values()]
        assert levels == [a for a in game.agents if a != "random"], ruleset


@pytest.mark.parametrize("levels, words", [
    ('levels = ["greedy", "grandmaster"]', ["levels.levels", "grandmaster", "greedy"]),
    ('levels = ["greedy"]', ["levels", "at least two"]),
    ('levels = ["greedy", "random"]\ncaps = [2, 4]', ["caps", "start with 1"]),
    ('levels = ["greedy", "random"]\n[sweep]\n[[sweep.axis]]\nparam = "turn_cap"\nvalues = [60]',
     ["levels", "[sweep]"]),
])
def test_a_bad_levels_table_is_refused_by_name(tmp_path: Path, levels: str, words: list[str]) -> None:
    spec = write(tmp_path, "bad_levels", HEAD + SIDES + "[levels]\n" + levels + "\n")
    with pytest.raises(InputError) as refused:
        load_spec(spec)
    said = str(refused.value)
    assert str(spec) in said and all(word in said for word in words), said


def test_a_conclusion_that_holds_among_stalled_games_says_so() -> None:
    """Two experts who draw most games at the cap read near 50% whoever is better: the summary says
    the stronger level's share at the cap when the stall thresholds call it a problem."""
    from sim.analysis.convergence import SCHEMA, STALL_SCHEMA
    from sim.analysis.findings import convergence_findings

    steps = pl.DataFrame([
        {"conclusion": "first_player", "level": "hard", "value": 0.53, "low": 0.50, "high": 0.56},
        {"conclusion": "first_player", "level": "expert", "value": 0.52, "low": 0.50, "high": 0.53,
         "previous_level": "hard", "previous_value": 0.53, "change": -0.014, "change_low": -0.045,
         "change_high": 0.018, "pairs": 200, "n": 200, "verdict": STABLE}], schema=SCHEMA)

    def stalls(share: float) -> pl.DataFrame:
        return pl.DataFrame([{"level": "expert", "turn_cap": 80, "cap_factor": 1, "n": 400, "at_cap": int(400 * share),
                              "at_cap_share": share, "at_cap_share_low": share - 0.03,
                              "at_cap_share_high": share + 0.03}], schema=STALL_SCHEMA)

    stalled = convergence_findings(steps, (0.02, 0.05), stalls(0.89), (0.05, 0.20))
    assert [f.kind for f in stalled] == ["convergence_summary"] and stalled[0].details["cap"][0] == 0.89
    assert "cap" not in convergence_findings(steps, (0.02, 0.05), stalls(0.01), (0.05, 0.20))[0].details


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_stall_that_more_turns_leave_is_said_with_the_games_own_reason(lang: str) -> None:
    """Dicedraft says why its searching players stall (its stall_words: a full table blocks every
    attacker, rules D-08 and D-10): a [levels] run's stall finding adds it where the doubled cap
    leaves most of the capped games, and not where the cap was cutting games short."""
    from sim.analysis.convergence import STALL_SCHEMA
    from sim.analysis.findings import level_stall_findings
    from sim.report.findings_text import finding_sentence

    def stalls(share_at_double: float) -> pl.DataFrame:
        return pl.DataFrame([{"level": "hard", "turn_cap": cap, "cap_factor": factor, "n": 400, "at_cap": int(400 * share),
                              "at_cap_share": share, "at_cap_share_low": share - 0.03, "at_cap_share_high": share + 0.03}
                             for cap, factor, share in ((80, 1, 0.6), (160, 2, share_at_double))], schema=STALL_SCHEMA)

    reason = get_ruleset("dicedraft").stall_words[0 if lang == "es" else 1]
    said = {case: finding_sentence(level_stall_findings(stalls(share), (0.05, 0.20), game)[0], lang)
            for case, share, game in (("stuck", 0.55, "dicedraft"), ("cut", 0.05, "dicedraft"), ("unsaid", 0.55, None))}
    assert said["stuck"].endswith(reason) and " ".join(t("finding_level_stall_stuck", lang).split()) in said["stuck"]
    assert reason not in said["cut"] and reason not in said["unsaid"]
