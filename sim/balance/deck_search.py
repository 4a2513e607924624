"""`sim deck-search RULESET GROUP`: the strongest legal decks of a group, found by play, for every
game whose sides are deck lists (its `deck_lists`, sim.core.deck_lists: rolplay's groups are deck
levels, epikha's its shipped decks), beside the card search (sim.balance.search).

A population of decks is improved generation by generation (a (mu + lambda) evolution):

1. The first population is the group's shipped decks and the game's built decks (rolplay: the
   greedy builder's deck and random builder decks, builders.py); a game with too few of those fills
   it with children of its shipped decks (step 3).
2. Every generation, every pair of decks plays `games` games, greedy against greedy, seats
   mirrored, all pairs on the generation's seed (common random numbers: each pair meets the same
   shuffles). A deck's fitness is its mean score against the others (a uniform field, draws half).
3. The better half survives; each survivor has children, each a copy of it with one to
   `MAX_SWAPS` copies swapped (one copy out, one copy of another card the group may hold in), kept only
   if the game's deck rules still hold (`DeckLists.problems`). Parents are played
   again in the next generation on a new seed, so a lucky deck does not stay on top by its luck.
4. The last generation's survivors and the group's shipped decks play a round robin on a seed the
   search never used, stored as an ordinary run: its matchup matrix, ratings and Nash mix (the
   metagame of decks) are `sim show`'s, the report's and the dashboard's, and the winners are deck
   files to read, edit and play.

Everything is deterministic from the seed: the same call gives the same decks on any machine.
Rerunning the same command resumes: a finished search (its record is written last) is not played
again, a search stopped half-way is played again from its seed, and the final round robin resumes
like any run. The search folder holds `cards/` (a copy of the card pool it searched), `decks/` (the final
population), `history/` (every deck it played), `deck_search.json` (each generation's decks,
parents, fitness and who survived) and `deck_search_spec.json` (the final round robin's spec).
"""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import numpy as np

from sim.core.deck_lists import DeckLists
from sim.core.errors import InputError
from sim.core.match import MatchConfig, SideConfig
from sim.core.records import RecordCol
from sim.core.ruleset import Ruleset, get_ruleset, ruleset_names
from sim.results.atomic_files import write_bytes_atomic, write_folder_atomic
from sim.run.spec import MAX_SIDES

MAX_SWAPS = 4  # copies a child changes at most: small steps, so a child stays near a deck that plays well
SEARCH_FILE = "deck_search.json"
SPEC_FILE = "deck_search_spec.json"  # the final round robin as a spec (JSON; the run's manifest keeps it too)


@dataclass(frozen=True)
class Candidate:
    """One deck of the search: its file stem, cards (id -> copies), parent's stem and generation."""

    name: str
    copies: dict[str, int]
    parent: str | None
    born: int


@dataclass(frozen=True)
class Standing:
    """A deck's result in one generation."""

    generation: int
    name: str
    parent: str | None
    fitness: float
    games: int
    survived: bool


def deck_lists_of(name: str) -> tuple[Ruleset, DeckLists]:
    """The game named RULESET and its deck lists; a game without them is refused, naming those with."""
    ruleset = get_ruleset(name, source="RULESET")
    if ruleset.deck_lists is None:
        with_decks = [other for other in ruleset_names() if get_ruleset(other).deck_lists is not None]
        raise InputError(f"RULESET: {name} has no deck lists to search (its sides are not decks); the games with "
                         f"deck lists are {', '.join(with_decks)}")
    return ruleset, ruleset.deck_lists


def mutate(copies: dict[str, int], group: str, decks: DeckLists, rnd: random.Random) -> dict[str, int]:
    """A legal child of `copies`: 1 to MAX_SWAPS copies swapped for copies of other cards the group
    may hold; tried again (at most 50 times) until the deck rules hold, else the parent unchanged."""
    cards = decks.swappable(group)
    for _ in range(50):
        child = dict(copies)
        for _ in range(rnd.randint(1, MAX_SWAPS)):
            held = [card_id for card_id in sorted(child) for _ in range(child[card_id])]
            out = rnd.choice(held)
            room = [card_id for card_id in cards if card_id != out and child.get(card_id, 0) < decks.copy_limit(group, card_id)]
            if not room:
                break
            into = rnd.choice(room)
            child[out] -= 1
            if child[out] == 0:
                del child[out]
            child[into] = child.get(into, 0) + 1
        if child != copies and not decks.problems(group, child):
            return child
    return dict(copies)


def first_population(group: str, size: int, seed: int, decks: DeckLists, rnd: random.Random) -> list[Candidate]:
    """The group's shipped decks and the game's built decks up to `size`, then children of the
    shipped decks (in turn) while the population is short."""
    shipped = decks.shipped(group)
    population = [Candidate(stem, copies, None, 0) for stem, copies in shipped.items()]
    population += [Candidate(name, copies, None, 0) for name, copies in decks.built(group, size - len(population), seed)]
    parents = list(population)
    while len(population) < size:
        parent = parents[(len(population) - len(parents)) % len(parents)]
        population.append(Candidate(f"g00_{len(population) - len(parents):02d}", mutate(parent.copies, group, decks, rnd),
                                    parent.name, 0))
    return population[:size]


def play_generation(ruleset: Ruleset, population: list[Candidate], cards_dir: Path, games: int, seed: int) -> np.ndarray:
    """score[i, j]: deck i's mean score against deck j over `games` games, seats mirrored, every
    pair on `seed` (draws half); the diagonal is 0.5 and not played."""
    k = len(population)
    score = np.full((k, k), 0.5)
    for i in range(k):
        for j in range(i + 1, k):
            a, b = population[i].name, population[j].name
            config = MatchConfig("sim deck-search", (SideConfig(a, f"A:{a}", "greedy"), SideConfig(b, f"B:{b}", "greedy")),
                                 cards_dir=cards_dir)
            rows, _ = ruleset.play_chunk(ruleset.compile(config), seed, 0, games)
            winner = rows[rows[:, RecordCol.PLAYED] == 1, RecordCol.WINNER]
            score[i, j] = float(((winner == 0) + 0.5 * (winner < 0)).mean())
            score[j, i] = 1.0 - score[i, j]
    return score


def check_search(ruleset_name: str, group: str, population: int, generations: int, games: int) -> tuple[Ruleset, DeckLists]:
    """The game and its deck lists, once every setting of a search is checked (an InputError, before
    anything is written, names the one to fix)."""
    ruleset, decks = deck_lists_of(ruleset_name)
    if group not in decks.groups():
        raise InputError(f"GROUP: {group} is none of {ruleset.name}'s {decks.group_word}; choose one of "
                         f"{', '.join(decks.groups())}")
    if population < 4 or population % 2:
        raise InputError(f"--population: {population}; give an even number of decks, at least 4 (the better half survives)")
    if generations < 1:
        raise InputError(f"--generations: {generations}; give at least 1")
    if games < 2 or games % 2:
        raise InputError(f"--games: {games}; give an even number, at least 2 (seats are mirrored in pairs)")
    return ruleset, decks


def search_decks(ruleset_name: str, group: str, out: Path, population: int = 8, generations: int = 6,
                 games: int = 1000, seed: int = 20261202, say=print) -> tuple[list[Candidate], list[Standing]]:
    """Run the search into folder `out` (its module docstring); returns the final survivors, best
    first, and every generation's standings. `say` gets one line a generation."""
    ruleset, decks = check_search(ruleset_name, group, population, generations, games)
    out = Path(out)
    asked = {"ruleset": ruleset.name, "group": group, "population": population, "generations": generations,
             "games": games, "seed": seed}
    finished = _finished_search(out, asked)
    if finished is not None:
        say(f"the search in {out} is finished (its {SEARCH_FILE}); its survivors go on to the final round robin")
        return finished
    if out.exists() and any(out.iterdir()):
        stale = list(out.glob(".*.tmp"))  # what a write cut short by a kill left (sim.results.atomic_files)
        if not ({p.name for p in out.iterdir()} - {p.name for p in stale} <= {"cards", "decks", "history"}):
            raise InputError(f"--out: {out} holds files that are not a deck search's; give a new folder (a search "
                             f"writes its cards, decks and history there)")
        # a search stopped before its record was written: it is deterministic, so play it again
        for part in [*stale, *(out / name for name in ("cards", "decks", "history"))]:
            if part.is_dir():
                shutil.rmtree(part, ignore_errors=True)
            else:
                part.unlink(missing_ok=True)
    cards_dir = out / "cards"
    write_folder_atomic(cards_dir, lambda staging: shutil.copytree(ruleset.cards_dir, staging, dirs_exist_ok=True))
    decks_dir, history = decks.decks_dir(cards_dir), out / "history"
    decks_dir.mkdir(parents=True)
    history.mkdir()
    rnd = random.Random(seed)
    current = first_population(group, population, seed, decks, rnd)
    standings: list[Standing] = []
    survivors: list[Candidate] = []
    for generation in range(generations):
        for candidate in current:
            text = decks.deck_text(group, candidate.name, candidate.copies,
                                   f"Búsqueda de mazos, generación {candidate.born}"
                                   + (f", hija de {candidate.parent}" if candidate.parent else ""), "de sim deck-search")
            for folder in (decks_dir, history):  # whole files only: a full disk leaves none torn
                write_bytes_atomic(folder / f"{candidate.name}.toml", text.encode("utf-8"))
        score = play_generation(ruleset, current, cards_dir, games, seed + 1 + generation)
        fitness = (score.sum(axis=1) - 0.5) / (len(current) - 1)
        order = sorted(range(len(current)), key=lambda i: (-fitness[i], current[i].name))
        keep = set(order[: len(current) // 2])
        for i in order:
            c = current[i]
            standings.append(Standing(generation, c.name, c.parent, float(fitness[i]), games * (len(current) - 1),
                                      i in keep))
        survivors = [current[i] for i in order[: len(current) // 2]]
        best = current[order[0]]
        say(f"generation {generation}: best {best.name} {100 * fitness[order[0]]:.1f}% against the others "
            f"({games:,} games a pair), median {100 * float(np.median(fitness)):.1f}%")
        if generation == generations - 1:
            break
        for candidate in current:
            if candidate not in survivors:
                (decks_dir / f"{candidate.name}.toml").unlink()
        children = []
        for k, parent in enumerate(survivors):
            child = mutate(parent.copies, group, decks, rnd)
            children.append(Candidate(f"g{generation + 1:02d}_{k:02d}", child, parent.name, generation + 1))
        current = survivors + children
    for stale in decks_dir.glob("*.toml"):
        if stale.stem not in {c.name for c in survivors}:
            stale.unlink()
    record = {**asked, "survivors": [asdict(c) for c in survivors], "standings": [asdict(s) for s in standings]}
    # the record appears whole, last: its presence means the search finished
    write_bytes_atomic(out / SEARCH_FILE, (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return survivors, standings


def _finished_search(out: Path, asked: dict) -> tuple[list[Candidate], list[Standing]] | None:
    """The survivors and standings of a finished search in `out` made with the same settings; None
    when there is none. A record of other settings is refused (it would mix two searches)."""
    path = out / SEARCH_FILE
    if not path.exists():
        return None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        survivors = [Candidate(**c) for c in record["survivors"]]
        kept = {f.name for f in fields(Standing)}  # a record from before carried each deck's power count
        standings = [Standing(**{key: value for key, value in s.items() if key in kept}) for s in record["standings"]]
        settings = {key: record[key] for key in asked}
    except (ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{path}: not a deck search record ({exc}); remove it, or give a new --out folder") from exc
    if settings != asked:
        differ = ", ".join(f"{k} {settings[k]} (asked {asked[k]})" for k in asked if settings[k] != asked[k])
        raise InputError(f"--out: {out} holds a finished search with other settings: {differ}; give a new folder")
    return survivors, standings


def final_run_name(ruleset_name: str, group: str) -> str:
    """The final round robin's spec name, so its run folder's unless --run names another."""
    return f"{ruleset_name}_deck_search_{group}"


def final_spec(out: Path, ruleset_name: str, group: str, survivors: list[Candidate], games: int, seed: int) -> dict:
    """The final round robin: the best survivors and the group's shipped decks, as many as a round
    robin seats (sim.run.spec.MAX_SIDES), on a seed the search never played (the search used
    seed + 1 to seed + generations); the shipped decks are copied beside them."""
    ruleset, decks = deck_lists_of(ruleset_name)
    shipped = sorted(decks.shipped(group))
    survivors = survivors[: max(MAX_SIDES - len(shipped), 2)]
    decks_dir = decks.decks_dir(Path(out) / "cards")
    for stem in shipped:
        shutil.copyfile(decks.decks_dir(ruleset.cards_dir) / f"{stem}.toml", decks_dir / f"{stem}.toml")
    names = [c.name for c in survivors] + [s for s in shipped if s not in {c.name for c in survivors}]
    spec = {"name": final_run_name(ruleset.name, group),
            "description": f"Los mazos {decks.group_phrase(group)} que encontró sim deck-search y los del juego, "
                           "todos contra todos",
            "ruleset": ruleset.name, "games": games, "seed": seed + 1_000_003, "matchups": "round_robin",
            "cards_dir": "cards", "side": [{"faction": name} for name in names]}
    return spec


def read_search(out: Path) -> dict:
    return json.loads((Path(out) / SEARCH_FILE).read_text(encoding="utf-8"))
