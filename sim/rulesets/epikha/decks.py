"""Epikha deck lists: `decks/*.toml` a designer writes (a faction, a Player card, Player Abilities,
the set-up gear, and card ids with copies), checked against the card pool and the deck rules (E-13,
E-14, E-15, E-16, E-35).

Every problem names the deck file, the card (or `deck` when it is the deck as a whole) and the rule,
all of them at once, so one run shows every edit to make. What every game of deck lists shares (the
folder, a deck line and its checks, the reading) is the shell's: sim.core.decks.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field as PydField

from sim.core.decks import DeckCounts, DeckLine, card_words, deck_lines, load_deck_folder, read_checked_deck
from sim.rulesets.epikha.cards import CardPool, EpikhaCard, load_pool

DECKS_DIR = Path(__file__).parent / "decks"


class DeckRules(BaseModel):
    """The numbers of deck construction; defaults are the source's or the completion's (rules.md,
    parameter table)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    deck_size: int = PydField(50, ge=1, le=200, description="cards in a deck, the Player card not counted (E-15)")
    copy_limit: int = PydField(4, ge=1, le=50, description="copies of a card unless the card says otherwise (E-15)")
    player_abilities_max: int = PydField(2, ge=0, le=10, description="Player Abilities a deck may bring (E-14)")
    setup_gear_max: int = PydField(1, ge=0, le=10,
                                   description="weapons or items a Player card may start the game with (E-16)")
    one_faction: bool = PydField(True, description="a deck holds only its faction's cards (E-35)")


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = PydField(min_length=1)
    faction: str = PydField(min_length=1, description="the card file the deck is built from (E-35)")
    idea: str = PydField(min_length=1, description="what the deck is trying to do, in one line")
    player: str | None = PydField(None, description="the Player card's id (E-13)")
    abilities: list[str] = PydField(default_factory=list, description="Player Abilities' ids (E-14)")
    gear: list[str] = PydField(default_factory=list, description="weapons or items set on the Player card (E-16)")
    cards: list[DeckLine] = PydField(min_length=1)


@dataclass(frozen=True)
class Deck(DeckCounts):
    """A legal deck: its faction, its Player card and Player Abilities (outside the deck, E-13,
    E-14), the gear its Player card starts with (E-16), and its cards with their copies in file order."""

    path: Path
    name: str
    faction: str
    idea: str
    player: EpikhaCard
    abilities: tuple[EpikhaCard, ...]
    gear: tuple[EpikhaCard, ...]
    entries: tuple[tuple[EpikhaCard, int], ...]

    @property
    def base_vital(self) -> int:
        """Rule E-14: the Player card's Vital less what its Player Abilities take for the whole game."""
        return (self.player.vital or 0) - sum(a.vital_cost or 0 for a in self.abilities)


def _outside_the_deck(path: Path, deck: DeckFile, pool: CardPool, rules: DeckRules) -> list[str]:
    """Rules E-13, E-14, E-16: one Player card, at most `player_abilities_max` Player Abilities and
    `setup_gear_max` weapons or items for the Player card, each of the right class."""
    problems = []
    if deck.player is None:
        problems.append(f"{path}: deck: rule E-13: no Player card; name one with player = \"<id>\" "
                        f"(it is chosen before the game and is not one of the {rules.deck_size})")
    wanted = [(deck.player, ("player",), "E-13", "the Player card")] if deck.player else []
    wanted += [(a, ("player_ability",), "E-14", "a Player Ability") for a in deck.abilities]
    wanted += [(g, ("weapon", "item"), "E-16", "set-up gear") for g in deck.gear]
    for card_id, classes, rule, role in wanted:
        card = pool.cards.get(card_id)
        if card is None:
            problems.append(f"{path}: {card_words(card_id, pool)}: rule {rule}: no such card in the pool "
                            "(cards/*.toml)")
        elif card.class_ not in classes:
            problems.append(f"{path}: {card_words(card_id, pool)}: rule {rule}: a {card.class_} cannot be {role}; "
                            f"that takes a {' or '.join(classes)}")
    if len(deck.abilities) > rules.player_abilities_max:
        problems.append(f"{path}: deck: rule E-14: {len(deck.abilities)} Player Abilities; a deck brings at most "
                        f"{rules.player_abilities_max}")
    for card_id, n in Counter(deck.abilities).items():
        if n > 1:
            problems.append(f"{path}: {card_words(card_id, pool)}: rule E-14: named {n} times; a Player Ability lowers "
                            f"the Vital once")
    if len(deck.gear) > rules.setup_gear_max:
        problems.append(f"{path}: deck: rule E-16: {len(deck.gear)} cards of set-up gear; a Player card starts "
                        f"with at most {rules.setup_gear_max}")
    player = pool.cards.get(deck.player or "")
    abilities = [pool.cards[a] for a in deck.abilities if a in pool.cards]
    if player is not None and player.vital is not None:
        lowered = sum(a.vital_cost or 0 for a in abilities if a.class_ == "player_ability")
        if lowered >= player.vital:
            problems.append(f"{path}: deck: rule E-14: the Player Abilities lower the Vital by {lowered}; the Player "
                            f"card has {player.vital}, so no base Vital would be left")
    return problems


def check_deck(path: Path, deck: DeckFile, pool: CardPool, rules: DeckRules) -> list[str]:
    """Every way the deck breaks the rules, one line each: file, card (or deck), rule."""
    problems = []
    if deck.faction not in pool.factions:
        problems.append(f"{path}: deck: rule E-35: no faction {deck.faction!r}; the card files hold "
                        f"{', '.join(sorted(pool.factions))}")
    problems += _outside_the_deck(path, deck, pool, rules)
    copies = Counter(deck.gear)  # rule E-15: set-up gear counts against its card's copies
    for entry, card, where in deck_lines(path, deck.cards, pool, "E-15", "cards/*.toml", problems):
        copies[entry.id] += entry.copies
        if not card.in_deck:
            rule = "E-13" if card.class_ == "player" else "E-14"
            problems.append(f"{where}: rule {rule}: a {card.class_} is chosen before the game, outside the deck; "
                            f"name it with {'player' if rule == 'E-13' else 'abilities'} = ...")
    for card_id, n in copies.items():
        card = pool.cards.get(card_id)
        if card is None:
            continue
        limit = card.max_copies or rules.copy_limit
        if n > limit:
            says = f"the card says {limit}" if card.max_copies else f"a deck holds at most {limit} of a card"
            problems.append(f"{path}: {card_words(card_id, pool)}: rule E-15: {n} copies; {says}")
    if rules.one_faction and deck.faction in pool.factions:
        named = {e.id for e in deck.cards} | set(deck.abilities) | set(deck.gear) | {deck.player or ""}
        for card_id in sorted(named - {""}):
            if card_id in pool.cards and pool.faction_of(card_id) != deck.faction:
                theirs, ours = pool.factions[pool.faction_of(card_id)].name, pool.factions[deck.faction].name
                problems.append(f"{path}: {card_words(card_id, pool)}: rule E-35: a card of {theirs}; this {ours} deck "
                                f"holds only {ours} cards")
    size = sum(e.copies for e in deck.cards)
    if size != rules.deck_size:
        problems.append(f"{path}: deck: rule E-15: {size} cards; a deck holds exactly {rules.deck_size} "
                        f"(the Player card, Player Abilities and set-up gear not counted)")
    return problems


def load_deck(path: Path, pool: CardPool | None = None, rules: DeckRules | None = None) -> Deck:
    """Read a deck file and check it (E-13 to E-16, E-35); an InputError lists every problem."""
    pool = pool or load_pool()
    rules = rules or DeckRules()
    deck = read_checked_deck(path, DeckFile, lambda path, deck: check_deck(path, deck, pool, rules))
    return Deck(Path(path), deck.name, deck.faction, deck.idea, pool[deck.player or ""],
                tuple(pool[a] for a in deck.abilities), tuple(pool[g] for g in deck.gear),
                tuple((pool[e.id], e.copies) for e in deck.cards))


def load_decks(decks_dir: Path = DECKS_DIR, pool: CardPool | None = None,
               rules: DeckRules | None = None) -> dict[str, Deck]:
    """Every deck of a folder by file stem; the problems of all of them in one InputError."""
    pool = pool or load_pool()
    return load_deck_folder(decks_dir, lambda path: load_deck(path, pool, rules))
