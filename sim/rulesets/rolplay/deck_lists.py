"""Rolplay's decks for `sim deck-search rolplay TIER` (sim.core.deck_lists): a group is a deck level
(R-02); a search starts from the tier's shipped decks, the greedy builder's deck and random builder
decks (builders.py), and keeps only decks `decks.check_deck` finds legal (R-02, R-03, R-08, R-15)."""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

from sim.core.decks import decks_dir_of
from sim.rulesets.rolplay.builders import CLASS_ORDER, build_deck, cards_of_tier, copy_limit, is_starting_power
from sim.rulesets.rolplay.cards import CardPool, load_pool
from sim.rulesets.rolplay.decks import DeckEntry, DeckFile, DeckRules, check_deck, load_decks


class RolplayDeckLists:
    group_word = "deck levels (R-02)"

    def __init__(self) -> None:
        self.rules = DeckRules()

    @cached_property
    def pool(self) -> CardPool:
        return load_pool()

    def groups(self) -> list[str]:
        return [str(tier) for tier in self.rules.tiers]

    def group_phrase(self, group: str) -> str:
        return f"de nivel {group}"

    def decks_dir(self, cards_dir: Path) -> Path:
        return decks_dir_of(cards_dir)

    def shipped(self, group: str) -> dict[str, dict[str, int]]:
        return {stem: {card.id: n for card, n in deck.entries}
                for stem, deck in load_decks(pool=self.pool, rules=self.rules).items() if deck.tier == int(group)}

    def built(self, group: str, count: int, seed: int) -> list[tuple[str, dict[str, int]]]:
        """The greedy builder's deck and, up to `count`, random builder decks from seed, seed + 1 ..."""
        decks = [build_deck("greedy", int(group), seed, self.pool, self.rules)]
        decks += [build_deck("random", int(group), seed + k, self.pool, self.rules) for k in range(count - 1)]
        return [(str(deck.path).split(":")[1], {card.id: n for card, n in deck.entries}) for deck in decks]

    def swappable(self, group: str) -> list[str]:
        return [card.id for card in cards_of_tier(self.pool, int(group))]

    def copy_limit(self, group: str, card_id: str) -> int:
        return copy_limit(self.pool[card_id], self.rules)

    def problems(self, group: str, copies: dict[str, int]) -> list[str]:
        return check_deck(Path("child"), self.deck_file(group, "child", copies, "child"), self.pool, self.rules)

    def deck_file(self, group: str, name: str, copies: dict[str, int], idea: str) -> DeckFile:
        """The deck as a deck file's contents: the starting power first (R-03), then powers, creatures,
        spells and amulets, as the shipped decks list them."""
        cards = sorted((self.pool[card_id] for card_id in copies),
                       key=lambda c: (not is_starting_power(c), CLASS_ORDER[c.class_], c.cost, c.id))
        return DeckFile(name=name, tier=int(group), idea=idea,
                        cards=[DeckEntry(id=c.id, copies=copies[c.id], name=c.name) for c in cards])

    def deck_text(self, group: str, name: str, copies: dict[str, int], idea: str, made_by: str) -> str:
        deck = self.deck_file(group, name, copies, idea)
        lines = [f"# Mazo de nivel {deck.tier} (R-02), {made_by}. Reglas: rules.md.",
                 f"name = {json.dumps(deck.name, ensure_ascii=False)}", f"tier = {deck.tier}",
                 f"idea = {json.dumps(deck.idea, ensure_ascii=False)}", "cards = ["]
        lines += [f'    {{ id = "{e.id}", copies = {e.copies}, name = {json.dumps(e.name, ensure_ascii=False)} }},'
                  for e in deck.cards]
        return "\n".join(lines + ["]"]) + "\n"
