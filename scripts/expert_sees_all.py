"""A probe, not an agent: the expert's search seeing everything hidden, against hard, on the shipped expert's deals.

    python scripts/expert_sees_all.py dicedraft aranas --games 1000 --seed 20261201
    python scripts/expert_sees_all.py epikha abaron --games 1000 --seed 20261201

How strong can a search of the expert's shape get in a game? This plays the faction's mirror, the
expert (defaults) on side a against hard (defaults) on side b, seats mirrored, twice with the same
seed: once with the shipped expert, once with an expert whose worlds are the real game (the
opponent's hand and deck order and its own deck order as they are; dice to come still drawn
fresh), everything else the same. Hard stays blind. A unit keeps its shuffles, dice and starting
side in both runs, so the two scores are paired, and the table gives the difference with its 95%
interval over units.

The seeing expert is not shipped: the script copies the package to `--build` and replaces, in the
copy's expert.py, the hard agent's `observe` (which deals what the player cannot see) by one that
copies the game as it is (`--own-deck-dealt`: its own deck order still dealt, so only the
opponent's hidden cards are seen); the copy starts from this package's kernel cache, so only the
game's files that reach the expert compile again. Used for docs/agents.md's probe rows (issue 39):
if a search that sees everything cannot reach a score, the score is beyond this search's shape.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

import polars as pl

from sim.analysis.intervals import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))
from same_deals import sim_run, spec_text  # noqa: E402  (a script beside this one)

# Each game's `observe` without the deal: the world is the game, the play streams the search's own.
SEES_ALL = {
    "dicedraft": '''
from sim.core.search import world_key as _world_key
from sim.rulesets.dicedraft.hard import copy_cards_and_players as _copy_cards_and_players
from sim.rulesets.dicedraft.state import G_TRACED as _G_TRACED, GAME as _GAME
from sim.rulesets.dicedraft.state import N_PLAY_STREAMS as _N_PLAY_STREAMS, ST_SEARCH as _ST_SEARCH


@njit(cache=True, _nrt=False)
def observe(g, world, p, decision, sample, rollout):
    _copy_cards_and_players(world.cs, world.ps, g.cs, g.ps)
    world.ps[_GAME, _G_TRACED] = 0
    world.ps[0, PS_AGENT] = Agent.GREEDY
    world.ps[1, PS_AGENT] = Agent.GREEDY
    key = g.rng[_ST_SEARCH + p]
    for s in range(_N_PLAY_STREAMS):
        world.rng[s] = _world_key(key, decision, sample, rollout, s)
''',
    "epikha": '''
from sim.core.search import world_key as _world_key
from sim.rulesets.epikha.hard import copy_play_state as _copy_play_state
from sim.rulesets.epikha.state import G_TRACED as _G_TRACED, N_PLAY_STREAMS as _N_PLAY_STREAMS
from sim.rulesets.epikha.state import ST_SEARCH as _ST_SEARCH


@njit(cache=True, _nrt=False)
def observe(g, world, p, decision, sample, rollout):
    _copy_play_state(g, world)
    key = g.rng[_ST_SEARCH + p]
    for k in range(_N_PLAY_STREAMS):
        world.rng[k] = _world_key(key, decision, sample, rollout, k)
    world.ps[0, PS_AGENT] = Agent.GREEDY
    world.ps[1, PS_AGENT] = Agent.GREEDY
    world.ps[GAME, _G_TRACED] = 0
''',
}


RECOMPILED = "\n# probe build (scripts/expert_sees_all.py): compiled again, since it calls the seeing expert\n"


# The same, its own deck order still dealt as the hard agent deals it: the opponent's hidden cards alone.
SEES_OPPONENT = {
    "dicedraft": SEES_ALL["dicedraft"].replace(
        "    for s in range(_N_PLAY_STREAMS):",
        "    world.rng[_ST_SEARCH] = _world_key(key, decision, sample, 0, _DEAL_STREAM)\n"
        "    _deal_side(g, world, p, np.bool_(True))\n"
        "    for s in range(_N_PLAY_STREAMS):").replace(
        "from sim.rulesets.dicedraft.hard import copy_cards_and_players as _copy_cards_and_players",
        "from sim.rulesets.dicedraft.hard import copy_cards_and_players as _copy_cards_and_players\n"
        "from sim.rulesets.dicedraft.hard import DEAL_STREAM as _DEAL_STREAM, _deal_side"),
    "epikha": SEES_ALL["epikha"].replace(
        "    for k in range(_N_PLAY_STREAMS):",
        "    world.rng[_ST_SEARCH + p] = _world_key(key, decision, sample, 0, _DEAL_STREAM)\n"
        "    _deal_own_deck(g, world, p, _ST_SEARCH + p)\n"
        "    for k in range(_N_PLAY_STREAMS):").replace(
        "from sim.rulesets.epikha.hard import copy_play_state as _copy_play_state",
        "from sim.rulesets.epikha.hard import copy_play_state as _copy_play_state\n"
        "from sim.rulesets.epikha.hard import DEAL_STREAM as _DEAL_STREAM, _deal_own_deck"),
}


def seeing_cache(build: Path) -> Path:
    """The copy's kernel cache: this package's, by the name `import sim` gave it (its source's digest)."""
    return build / "numba" / Path(os.environ["NUMBA_CACHE_DIR"]).name


def build_seeing_copy(game: str, build: Path, sees: dict[str, str] = SEES_ALL) -> None:
    """The package copied to build/sim, its expert.py ending with the seeing `observe`, which the
    expert's searches then call; and this package's kernel cache copied to build/numba, so that only
    the game's files that reach the expert compile again: numba checks a cached kernel against its
    own file only, so every file of the game that calls into expert.py (through kernels.py) is marked
    changed too. A few minutes of compiling instead of every kernel of the package."""
    source = Path(__file__).resolve().parents[1] / "sim"
    shutil.copytree(source, build / "sim", dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    cache = seeing_cache(build)
    if not cache.exists():  # once per source: a second copy would overwrite the seeing kernels compiled since
        shutil.copytree(os.environ["NUMBA_CACHE_DIR"], cache)  # set by `import sim`, keyed by this source's digest
    for path in sorted((source / "rulesets" / game).glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "expert.py":
            text += sees[game]
        elif ".expert import" in text or ".kernels import" in text or path.name == "kernels.py":
            text += RECOMPILED
        else:
            continue
        copied = build / "sim" / "rulesets" / game / path.name
        if copied.read_text(encoding="utf-8") != text:
            copied.write_text(text, encoding="utf-8")


def play(package_root: Path, game: str, faction: str, games: int, seed: int, results: Path, name: str) -> pl.DataFrame:
    """The mirror, expert on side a against hard, as `sim run` plays it from the package at package_root.
    Raises NotPlayed with sim run's exit code and message when it could not play (2: the game or
    faction refused)."""
    spec = results / f"{name}.toml"
    spec.write_text(spec_text(name, game, faction, "expert", "hard", games, seed), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(package_root))
    if package_root != Path(__file__).resolve().parents[1]:
        env["NUMBA_CACHE_DIR"] = str(seeing_cache(package_root))  # the copy's (build_seeing_copy)
    code, said = sim_run(spec, results, package_root, env)
    if code != 0:
        raise NotPlayed(code, said)
    return pl.read_parquet(results / name / "games" / "**" / "*.parquet").select("unit", "winner")


class NotPlayed(Exception):
    """sim run could not play the probe's spec: its exit code and what it said."""

    def __init__(self, code: int, said: str) -> None:
        super().__init__(said)
        self.code = code


def expert_points(games: pl.DataFrame) -> pl.Series:
    """Side a's (the expert's) points per game: 1 a win, 0 a loss, 1/2 a draw."""
    winner = pl.col("winner")
    return games.select(pl.when(winner == 0).then(1.0).when(winner == 1).then(0.0).otherwise(0.5))[:, 0]


def describe(label: str, points: pl.Series) -> str:
    n = points.len()
    low, high = wilson_interval(float(points.sum()), n)
    return (f"| {label} | {n:,} | {points.mean():.1%} [{low:.1%}, {high:.1%}] | {(points == 1.0).mean():.1%} / "
            f"{(points == 0.0).mean():.1%} / {(points == 0.5).mean():.1%} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SEES_ALL))
    parser.add_argument("faction", help="the faction whose mirror is played")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--own-deck-dealt", action="store_true",
                        help="the probe still deals its own deck order: what the opponent's hidden cards alone are worth")
    parser.add_argument("--build", type=Path, default=Path(tempfile.gettempdir()) / "expert-sees-all",
                        help="where the seeing copy of the package is built (kept: its kernels stay cached)")
    args = parser.parse_args(argv)
    build = args.build / (args.game + ("_opponent" if args.own_deck_dealt else ""))
    with tempfile.TemporaryDirectory(prefix="sees-all-") as folder:
        results = Path(folder)
        try:  # the shipped expert first: a faction sim run refuses stops the probe before its copy is built
            shipped = play(Path(__file__).resolve().parents[1], args.game, args.faction, args.games, args.seed,
                           results, "shipped")
            build_seeing_copy(args.game, build, SEES_OPPONENT if args.own_deck_dealt else SEES_ALL)
            seeing = play(build, args.game, args.faction, args.games, args.seed, results, "sees_all")
        except NotPlayed as failed:
            print(f"expert_sees_all.py: {args.game} {args.faction} could not be played: {failed}", file=sys.stderr)
            return failed.code
    both = shipped.join(seeing, on="unit", suffix="_seeing").sort("unit")
    shipped_points = expert_points(both.select("winner"))
    seeing_points = expert_points(both.select(winner=pl.col("winner_seeing")))
    difference = seeing_points - shipped_points
    spread = 1.96 * difference.std() / difference.len() ** 0.5
    print(f"{args.game}, {args.faction} mirror, expert against hard (defaults), seed {args.seed}, seats mirrored")
    print("| expert | games | score [95% Wilson] | wins / losses / draws |")
    print("| --- | ---: | ---: | ---: |")
    print(describe("shipped (deals what it cannot see)", shipped_points))
    print(describe("sees everything hidden (a probe)", seeing_points))
    print(f"seeing minus shipped, paired over games: {difference.mean():+.1%} ± {spread:.1%}; "
          f"{(difference != 0).mean():.1%} of the games end otherwise")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
