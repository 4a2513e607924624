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

Which hidden piece is worth it (dicedraft, issue 39): `--reveal` plays one probe per piece, each
paired with the same shipped games; a piece probe's worlds are the shipped ones (hard.observe) but
for that piece, which is the game's (`_DICEDRAFT_PIECE`):

    python scripts/expert_sees_all.py dicedraft aranas --games 800 --reveal opponent-hand opponent-deck \
        opponent-face-down own-deck dice all
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

# The start of dicedraft's seeing `observe`s: the world a copy of the game, greedy agents on both sides, no trace.
_COPY_GAME = '''    _copy_into(world.cs, g.cs)
    _copy_into(world.ps, g.ps)
    world.ps[_GAME, _G_TRACED] = 0
    world.ps[0, PS_AGENT] = Agent.GREEDY
    world.ps[1, PS_AGENT] = Agent.GREEDY
    key = g.rng[_ST_SEARCH + p]
'''

# Each game's `observe` without the deal: the world is the game, the play streams the search's own.
SEES_ALL = {
    "dicedraft": '''
from sim.core.search import copy_into as _copy_into, world_key as _world_key
from sim.rulesets.dicedraft.state import G_TRACED as _G_TRACED, GAME as _GAME
from sim.rulesets.dicedraft.state import N_PLAY_STREAMS as _N_PLAY_STREAMS, ST_SEARCH as _ST_SEARCH


@njit(cache=True, _nrt=False)
def observe(g, world, p, decision, sample, rollout):
''' + _COPY_GAME + '''    for s in range(_N_PLAY_STREAMS):
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
        "from sim.core.search import copy_into as _copy_into, world_key as _world_key",
        "from sim.core.search import copy_into as _copy_into, world_key as _world_key\n"
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


# One hidden piece seen at a time (dicedraft, issue 39): the world is the shipped one (hard.observe:
# its own deck order and the opponent's unseen cards dealt again, fresh dice) but for one piece, which
# is the game's. `_deal_rest` deals the opponent's unseen cards but `keep` again among the places
# those cards hold in the game (a face-down place keeps its turn put down, a deck place its position):
# the kept cards stay where they are, the rest is as uniform as the shipped deal.
_DICEDRAFT_PIECE = '''
from sim.core.bitsets import lowest_bit as _lowest_bit
from sim.core.search import copy_into as _copy_into, deal_unseen as _deal_unseen, world_key as _world_key
from sim.core.rng import Purpose as _Purpose
from sim.rulesets.dicedraft.constants import Zone as _Zone
from sim.rulesets.dicedraft.hard import DEAL_STREAM as _DEAL_STREAM, _deal_side
from sim.rulesets.dicedraft.hard import observe as _shipped_observe
from sim.rulesets.dicedraft.state import CS_ENTERED as _CS_ENTERED, CS_FLAGS as _CS_FLAGS, CS_ZONE as _CS_ZONE
from sim.rulesets.dicedraft.state import G_TRACED as _G_TRACED, GAME as _GAME
from sim.rulesets.dicedraft.state import N_PLAY_STREAMS as _N_PLAY_STREAMS, ST_SEARCH as _ST_SEARCH
from sim.rulesets.dicedraft.state import PS_DECK_LEN as _PS_DECK_LEN, PS_ORDER as _PS_ORDER
from sim.rulesets.dicedraft.state import PS_REVEALED as _PS_REVEALED, PS_TOP as _PS_TOP
from sim.rulesets.dicedraft.state import PS_ZONE_MASK as _PS_ZONE_MASK, SC_AVAILABLE as _SC_AVAILABLE
from sim.rulesets.dicedraft.state import SC_RANKED as _SC_RANKED, pool_mask as _pool_mask
from sim.rulesets.dicedraft.state import stream as _stream, zone_mask as _zone_mask


@njit(cache=True, _nrt=False)
def _unseen(g, side):
    table = _zone_mask(g, side, _Zone.TABLE)
    return _pool_mask(g, side) & ~_zone_mask(g, side, _Zone.DISCARD) & ~(table & g.ps[side, _PS_REVEALED])


@njit(cache=True, _nrt=False)
def _deal_rest(g, world, side, keep):
    cs, wcs, wps = g.cs, world.cs, world.ps
    listed, dealt = world.scratch[_SC_AVAILABLE], world.scratch[_SC_RANKED]
    unseen = _unseen(g, side) & ~keep
    n = 0
    m = unseen
    while m:
        c = _lowest_bit(m)
        listed[n] = c
        dealt[n] = c
        m &= m - np.int64(1)
        n += 1
    _deal_unseen(dealt, n, world.rng, _ST_SEARCH)
    for zone in (_Zone.RESERVE, _Zone.DECK, _Zone.HAND, _Zone.TABLE):
        wps[side, _PS_ZONE_MASK + zone] &= ~unseen
    wps[side, _PS_REVEALED] &= ~unseen
    for i in range(n):  # dealt[i] takes the place of listed[i]
        c, d = listed[i], dealt[i]
        wcs[side, d, _CS_ZONE] = cs[side, c, _CS_ZONE]
        wcs[side, d, _CS_FLAGS] = cs[side, c, _CS_FLAGS]
        wcs[side, d, _CS_ENTERED] = cs[side, c, _CS_ENTERED]
        wps[side, _PS_ZONE_MASK + cs[side, c, _CS_ZONE]] |= np.int64(1) << np.int64(d)
    for at in range(g.ps[side, _PS_TOP], g.ps[side, _PS_DECK_LEN]):
        c = g.ps[side, _PS_ORDER + at]
        for i in range(n):
            if listed[i] == c:
                wps[side, _PS_ORDER + at] = dealt[i]


@njit(cache=True, _nrt=False)
def _hand_the_lowest(world, side, drawn):
    """Of the drawn unseen cards as dealt, the hand keeps the lowest valued (the side's own values, as
    greedy's put-down, rule D-05): the dearest in hand swaps places with the cheapest face down while
    it is worth more."""
    wcs, wps, value = world.cs, world.ps, world.val[side, side]
    while True:
        hand = wps[side, _PS_ZONE_MASK + _Zone.HAND] & drawn
        down = wps[side, _PS_ZONE_MASK + _Zone.TABLE] & drawn
        if hand == 0 or down == 0:
            return
        high, low = -1, -1
        m = hand
        while m:
            c = _lowest_bit(m)
            m &= m - np.int64(1)
            if high < 0 or value[c] > value[high]:
                high = c
        m = down
        while m:
            c = _lowest_bit(m)
            m &= m - np.int64(1)
            if low < 0 or value[c] < value[low]:
                low = c
        if value[high] <= value[low]:
            return
        for f in (_CS_ZONE, _CS_FLAGS, _CS_ENTERED):
            wcs[side, high, f], wcs[side, low, f] = wcs[side, low, f], wcs[side, high, f]
        bits = (np.int64(1) << np.int64(high)) | (np.int64(1) << np.int64(low))
        wps[side, _PS_ZONE_MASK + _Zone.HAND] ^= bits
        wps[side, _PS_ZONE_MASK + _Zone.TABLE] ^= bits


@njit(cache=True, _nrt=False)
def observe(g, world, p, decision, sample, rollout):
    if REVEAL == 4:  # the dice to come: the shipped world with the game's dice streams as they stand
        _shipped_observe(g, world, p, decision, sample, rollout)
        for side in range(2):
            world.rng[_stream(side, _Purpose.DICE)] = g.rng[_stream(side, _Purpose.DICE)]
        return
''' + _COPY_GAME + '''    world.rng[_ST_SEARCH] = _world_key(key, decision, sample, 0, _DEAL_STREAM)
    o = 1 - p
    if REVEAL == 3:  # its own deck order: only the opponent dealt
        _deal_side(g, world, o, np.bool_(False))
    elif REVEAL == 5 or REVEAL == 7:  # which cards it drew: hand and face-down cards dealt among themselves
        drawn = _zone_mask(g, o, _Zone.HAND) | _zone_mask(g, o, _Zone.TABLE)
        _deal_side(g, world, p, np.bool_(True))
        _deal_rest(g, world, o, drawn)
        _deal_rest(g, world, o, ~drawn)
        if REVEAL == 7:
            _hand_the_lowest(world, o, drawn & _unseen(g, o))
    elif REVEAL == 6:  # which cards lie face down, not which place holds which
        down = _zone_mask(g, o, _Zone.TABLE)
        _deal_side(g, world, p, np.bool_(True))
        _deal_rest(g, world, o, down)
        _deal_rest(g, world, o, ~down)
    else:
        _deal_side(g, world, p, np.bool_(True))
        if REVEAL == 0:
            keep = _zone_mask(g, o, _Zone.HAND)
        elif REVEAL == 1:
            keep = _zone_mask(g, o, _Zone.DECK)
        else:
            keep = _zone_mask(g, o, _Zone.TABLE)
        _deal_rest(g, world, o, keep)
    for s in range(_N_PLAY_STREAMS):
        world.rng[s] = _world_key(key, decision, sample, rollout, s)
'''

# --reveal NAME: what the piece is, and its REVEAL code in _DICEDRAFT_PIECE.
DICEDRAFT_PIECES = {
    "opponent-hand": (0, "the opponent's hand (its face-down cards, deck and reserve dealt among themselves)"),
    "opponent-deck": (1, "the opponent's deck order (its face-down cards, hand and reserve dealt)"),
    "opponent-face-down": (2, "the opponent's face-down cards (its hand, deck and reserve dealt)"),
    "opponent-drawn": (5, "which cards the opponent has drawn: its hand and face-down cards dealt among their "
                          "places, its deck and reserve among theirs"),
    "opponent-drawn-hand-lowest": (7, "which cards the opponent has drawn, its hand the lowest valued of them "
                                      "(greedy's put-down), the rest face down; its deck and reserve dealt"),
    "opponent-face-down-set": (6, "which cards the opponent has face down, dealt among its face-down places (its "
                                  "hand, deck and reserve dealt among theirs)"),
    "own-deck": (3, "its own deck order (the opponent dealt as shipped)"),
    "dice": (4, "the dice to come (both sides' dice streams as they stand; every card dealt as shipped)"),
}


def piece_text(reveal: str) -> str:
    """The appended `observe` that sees one piece (DICEDRAFT_PIECES)."""
    return f"\nREVEAL = {DICEDRAFT_PIECES[reveal][0]}\n" + _DICEDRAFT_PIECE


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


REVEALS = {"all": "sees everything hidden (a probe)",
           "opponent": "sees the opponent's hidden cards (its own deck order dealt)"}


def seeing_text(game: str, reveal: str) -> str:
    """The `observe` appended to the copy's expert.py for `reveal`."""
    if reveal == "all":
        return SEES_ALL[game]
    if reveal == "opponent":
        return SEES_OPPONENT[game]
    if game != "dicedraft":
        raise ValueError(f"--reveal {reveal} is dicedraft's only")
    return piece_text(reveal)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SEES_ALL))
    parser.add_argument("faction", help="the faction whose mirror is played")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--own-deck-dealt", action="store_true",
                        help="the probe still deals its own deck order: what the opponent's hidden cards alone are "
                             "worth (the same as --reveal opponent)")
    parser.add_argument("--reveal", nargs="+", choices=[*REVEALS, *DICEDRAFT_PIECES], default=None,
                        help="what the probe's worlds take from the game, each its own probe paired with the same "
                             "shipped games: all, the opponent's hidden cards, or (dicedraft) one piece: "
                             + "; ".join(f"{k}: {v[1]}" for k, v in DICEDRAFT_PIECES.items()))
    parser.add_argument("--build", type=Path, default=Path(tempfile.gettempdir()) / "expert-sees-all",
                        help="where the seeing copies of the package are built (kept: their kernels stay cached)")
    args = parser.parse_args(argv)
    reveals = args.reveal or ["opponent" if args.own_deck_dealt else "all"]
    bad = [r for r in reveals if r not in REVEALS and args.game != "dicedraft"]
    if bad:
        parser.error(f"--reveal {' '.join(bad)} is dicedraft's only")
    seeing = {}
    with tempfile.TemporaryDirectory(prefix="sees-all-") as folder:
        results = Path(folder)
        try:  # the shipped expert first: a faction sim run refuses stops the probe before its copy is built
            shipped = play(Path(__file__).resolve().parents[1], args.game, args.faction, args.games, args.seed,
                           results, "shipped")
            for reveal in reveals:
                build = args.build / (args.game + ("" if reveal == "all" else "_" + reveal))
                build_seeing_copy(args.game, build, {args.game: seeing_text(args.game, reveal)})
                seeing[reveal] = play(build, args.game, args.faction, args.games, args.seed, results,
                                      "sees_" + reveal.replace("-", "_"))
        except NotPlayed as failed:
            print(f"expert_sees_all.py: {args.game} {args.faction} could not be played: {failed}", file=sys.stderr)
            return failed.code
    print(f"{args.game}, {args.faction} mirror, expert against hard (defaults), seed {args.seed}, seats mirrored")
    print("| expert | games | score [95% Wilson] | wins / losses / draws | paired with the shipped expert |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(describe("shipped (deals what it cannot see)", expert_points(shipped.sort("unit").select("winner"))) + " |")
    for reveal, games in seeing.items():
        both = shipped.join(games, on="unit", suffix="_seeing").sort("unit")
        shipped_points = expert_points(both.select("winner"))
        seeing_points = expert_points(both.select(winner=pl.col("winner_seeing")))
        difference = seeing_points - shipped_points
        spread = 1.96 * difference.std() / difference.len() ** 0.5
        label = REVEALS.get(reveal) or "sees " + DICEDRAFT_PIECES[reveal][1]
        print(describe(label, seeing_points) + f" {difference.mean() * 100:+.1f} ± {spread * 100:.1f} "
              f"({(difference != 0).mean():.1%} of the games end otherwise) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
