"""Two agents on the same deals, then the deals swapped between them: how many games the agent decides.

    python scripts/same_deals.py rolplay amuletos_25 expert hard --games 2000 --seed 20261206

Plays the faction's mirror twice with the same seed: first with `strong` on side a and `weak` on
side b, then the agents swapped. A unit keeps its shuffles, dice and starting side in both runs
(the engine keys them by the side, not by the agent: sim.core.hand_and_deck.seed_streams), so
each unit is one deal played by each agent from each side. Per unit:

- the deal decides: the same side wins both games, whichever agent holds it (the agents split them);
- both drawn: neither game has a winner (a turn cap reached, rules' stalls);
- the strong agent wins both, or the weak one does: the agents' play, not the deal, decided.

The strong agent's score over the two runs is 0.5 + (strong wins both - weak wins both) / 2 plus the
half-points of units with one draw. A stronger agent can only gain on the units the deal and the
stalls leave open, so the table says how much of a game is open to better play, and how much the
strong agent took of it. Runs are written under a temporary results folder and removed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import polars as pl


def spec_text(name: str, game: str, faction: str, side_a: str, side_b: str, games: int, seed: int) -> str:
    return (f'name = "{name}"\nruleset = "{game}"\ngames = {games}\nseed = {seed}\n'
            f'[[side]]\nfaction = "{faction}"\nagent = "{side_a}"\n'
            f'[[side]]\nfaction = "{faction}"\nagent = "{side_b}"\n')


def unit_outcomes(strong_on_a: pl.DataFrame, strong_on_b: pl.DataFrame) -> dict[str, float]:
    """Shares of units (columns unit, first_side, winner: 0 side a, 1 side b, anything else a draw)
    the deal decided, drawn in both games, won twice by the strong or by the weak agent, and the
    strong agent's score with its 95% interval over units."""
    both = strong_on_a.join(strong_on_b, on="unit", suffix="_swapped", how="inner")
    if both.height != strong_on_a.height or not (both["first_side"] == both["first_side_swapped"]).all():
        raise ValueError("the two runs do not hold the same units with the same starting sides")

    def strong_points(winner: pl.Expr, strong_side: int) -> pl.Expr:
        return pl.when(winner == strong_side).then(1.0).when(winner.is_in([0, 1])).then(0.0).otherwise(0.5)

    both = both.with_columns(
        unit_score=(strong_points(pl.col("winner"), 0) + strong_points(pl.col("winner_swapped"), 1)) / 2,
        decided=(pl.col("winner") == pl.col("winner_swapped")) & pl.col("winner").is_in([0, 1]),
        drawn=~pl.col("winner").is_in([0, 1]) & ~pl.col("winner_swapped").is_in([0, 1]))
    n = both.height
    score, spread = both["unit_score"].mean(), both["unit_score"].std()
    return {"units": n, "deal_decides": both["decided"].mean(), "both_drawn": both["drawn"].mean(),
            "strong_wins_both": (both["unit_score"] == 1.0).mean(),
            "weak_wins_both": (both["unit_score"] == 0.0).mean(),
            "strong_score": score, "interval": 1.96 * spread / n ** 0.5}


def sim_run(spec: Path, results: Path, package_root: Path | None = None,
            env: dict[str, str] | None = None) -> tuple[int, str]:
    """Plays `spec` with `sim run` into `results` (from the package at package_root, in its folder,
    when given): sim run's exit code (2 for bad input) and, when not 0, its last line, which names the
    field at fault (ruleset, faction, agent), the spec's temporary path left out."""
    played_run = subprocess.run([sys.executable, "-m", "sim.cli", "run", str(spec), "--results", str(results),
                                 "--lang", "en"], env=env, cwd=package_root,  # `-m` puts the cwd first
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    said = (played_run.stderr.strip().splitlines() or [""])[-1].replace(f"{spec}: ", "")
    return played_run.returncode, said if played_run.returncode else ""


def played(results: Path, name: str) -> pl.DataFrame:
    return pl.read_parquet(results / name / "games" / "**" / "*.parquet").select("unit", "first_side", "winner")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("faction", help="the faction or deck whose mirror is played")
    parser.add_argument("strong", help="agent level thought the stronger (expert, hard, greedy, random)")
    parser.add_argument("weak", help="the other agent level")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20261206)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="same-deals-") as folder:
        root = Path(folder)
        for name, side_a, side_b in (("strong_on_a", args.strong, args.weak), ("strong_on_b", args.weak, args.strong)):
            spec = root / f"{name}.toml"
            spec.write_text(spec_text(name, args.game, args.faction, side_a, side_b, args.games, args.seed),
                            encoding="utf-8")
            code, said = sim_run(spec, root / "results")
            if code != 0:
                print(f"same_deals.py: {args.game} {args.faction} {side_a} against {side_b} could not be "
                      f"played: {said}", file=sys.stderr)
                return code
        shares = unit_outcomes(played(root / "results", "strong_on_a"), played(root / "results", "strong_on_b"))
    print(f"{args.game}, {args.faction} mirror, {args.strong} against {args.weak}, seed {args.seed}, "
          f"{shares['units']:,} units (each deal played by each agent from each side)")
    print(f"| the deal decides | both drawn | {args.strong} wins both | {args.weak} wins both "
          f"| {args.strong}'s score |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    print(f"| {shares['deal_decides']:.1%} | {shares['both_drawn']:.1%} | {shares['strong_wins_both']:.1%} "
          f"| {shares['weak_wins_both']:.1%} | {shares['strong_score']:.1%} ± {shares['interval']:.1%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
