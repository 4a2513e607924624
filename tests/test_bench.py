"""`sim bench --all`: one table of every game's speed, whose figures are the games' own (turns a game
as the records count them, decisions a game as the hard player's counter counts them)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from sim.core.agents import SEARCHING
from sim.bench import GAME_SPECS, first_config, game_spec
from sim.cli import main
from sim.core.records import RecordCol
from sim.core.ruleset import get_ruleset
from sim.run.spec import load_spec

GAMES = 300


def table_rows(table: str) -> list[list[str]]:
    rows = [line.strip("|").split("|") for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    return [[cell.strip() for cell in row] for row in rows[1:] if not row[0].strip().startswith("game")]


def number(cell: str) -> float:
    return float(cell.replace(",", ""))


def test_bench_all_times_every_game_with_greedy_and_each_searching_level_and_writes_its_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "bench.md"
    assert main(["bench", "--all", "--games", str(GAMES), "--hard-games", "4", "--repeat", "1", "--no-startup",
                 "--table", str(table)]) == 0
    printed = capsys.readouterr().out
    written = table.read_text(encoding="utf-8")
    assert written in printed and "--games 300 --hard-games 4 --repeat 1" in written
    rows = table_rows(written)
    for game in GAME_SPECS:
        mine = [row for row in rows if row[0] == f"{game} {get_ruleset(game).version}"]
        timed = {(row[1].split(",")[0], int(row[2])) for row in mine}
        searching = {f"{agent} vs greedy" for agent in SEARCHING if agent in get_ruleset(game).agents}
        assert {kind for kind, _ in timed} == {"greedy"} | searching, mine
        assert {threads for _, threads in timed} >= {1}, mine
    def same(per_second: str, per_game: str, games_s: str) -> bool:
        """per_second == games/s x per_game, up to the table's rounding (games/s to a whole number,
        per game to a tenth)."""
        rounding = 0.5 * number(per_game) + 0.05 * number(games_s) + 1
        return abs(number(per_second) - number(games_s) * number(per_game)) <= rounding

    for game, timed, threads, games_s, turns_s, decisions_s, turns_a_game, decisions_a_game in rows:
        # one repeat: turns/s is games/s times the turns of those games, decisions/s likewise
        assert same(turns_s, turns_a_game, games_s), (game, timed, threads, games_s, turns_s, turns_a_game)
        if timed.split(" vs ")[0] in SEARCHING:
            assert number(decisions_a_game) > 0
            assert same(decisions_s, decisions_a_game, games_s), (game, timed, threads, decisions_s)
        else:
            assert decisions_s == decisions_a_game == ""  # greedy keeps no decision count


@pytest.mark.parametrize("game", ["dicedraft", "rolplay"])
def test_turns_a_game_are_the_records_turns_of_the_timed_games(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    spec = game_spec(game)
    assert main(["bench", "--spec", str(spec), "--games", str(GAMES), "--repeat", "1", "--no-startup",
                 "--hard-games", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    said = [float(re.search(r"\(([\d.]+) turns a game\)", line).group(1)) for line in lines if line.startswith("turns/s, ")]
    experiment = load_spec(spec)
    ruleset, config = first_config(experiment)
    rows, _ = ruleset.play_chunk(config, experiment.spec.seed, 0, GAMES)  # the first repeat's games
    played = rows[rows[:, RecordCol.PLAYED] == 1]
    assert said and all(value == pytest.approx(np.mean(played[:, RecordCol.TURNS]), abs=0.05) for value in said)
    assert get_ruleset(game).name == experiment.spec.ruleset


def test_bench_all_refuses_options_it_does_not_take(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--all", "--spec", "experiments/dicedraft_factions.toml"]) == 2
    assert "--all" in capsys.readouterr().err


def test_bench_curve_puts_each_level_s_strength_beside_its_speed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`sim bench --curve`: a row per level and search budget, every row scored on the same number of
    games against hard, the score inside its own interval, and the levels as far apart in speed as
    searching makes them (greedy plays no search, expert the most)."""
    table, figure = tmp_path / "curve.md", tmp_path / "curve.html"
    assert main(["bench", "--curve", "dicedraft", "--games", "8", "--table", str(table), "--figure", str(figure)]) == 0
    printed = capsys.readouterr().out
    written = table.read_text(encoding="utf-8")
    assert written.strip() in printed
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in written.splitlines()
            if line.startswith("| ") and "---" not in line][1:]
    levels = [row[0] for row in rows]
    assert sorted(levels) == sorted(["greedy"] + ["hard"] * 4 + ["expert"] * 3)
    assert {row[1] for row in rows if row[0] == "hard"} == {f"samples {n}, rollouts 1, horizon 2, width 6" for n in (2, 4, 8, 16)}
    for row in rows:
        score, low, high = (float(x) for x in re.findall(r"([\d.]+)%", row[4]))
        assert low <= score <= high and row[5] == "8", row
    speed = {row[1] or row[0]: number(row[2]) for row in rows}
    slowest_expert = min(number(row[2]) for row in rows if row[0] == "expert")
    assert speed["greedy"] > 10 * slowest_expert
    assert figure.read_text(encoding="utf-8").count('"name":"expert"') == 1


def test_bench_curve_names_a_game_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--curve", "ajedrez"]) == 2
    assert "--curve ajedrez" in capsys.readouterr().err
