"""Epikha's decks for `sim deck-search epikha DECK` (sim.core.deck_lists): a group is one of the
shipped decks, whose Player card, Player Abilities and set-up gear (E-13, E-14, E-16) every deck
of the search keeps; its 50 cards change among its faction's cards (E-35), within the copy limits
(E-15, gear counted), and only decks `decks.check_deck` finds legal are kept. Epikha has no deck
builder: a first population is the deck itself and children of it."""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

from sim.core.cards import read_deck_file
from sim.core.decks import DeckLine, decks_dir_of, list_decks
from sim.rulesets.epikha.cards import CARDS_DIR, CardPool, load_pool
from sim.rulesets.epikha.decks import DeckFile, DeckRules, check_deck


class EpikhaDeckLists:
    group_word = "shipped decks (decks/*.toml)"

    def __init__(self) -> None:
        self.rules = DeckRules()

    @cached_property
    def pool(self) -> CardPool:
        return load_pool()

    def groups(self) -> list[str]:
        return list_decks(decks_dir_of(CARDS_DIR))

    def group_phrase(self, group: str) -> str:
        return f"con el Jugador de {group}"

    def decks_dir(self, cards_dir: Path) -> Path:
        return decks_dir_of(cards_dir)

    def base(self, group: str) -> DeckFile:
        """The shipped deck the group names, as its file holds it."""
        return read_deck_file(decks_dir_of(CARDS_DIR) / f"{group}.toml", DeckFile)

    def shipped(self, group: str) -> dict[str, dict[str, int]]:
        return {group: {entry.id: entry.copies for entry in self.base(group).cards}}

    def built(self, group: str, count: int, seed: int) -> list[tuple[str, dict[str, int]]]:
        return []

    def swappable(self, group: str) -> list[str]:
        faction = self.base(group).faction
        return sorted(card_id for card_id, card in self.pool.cards.items()
                      if card.in_deck and self.pool.faction_of(card_id) == faction)

    def copy_limit(self, group: str, card_id: str) -> int:
        card = self.pool.cards[card_id]
        return (card.max_copies or self.rules.copy_limit) - self.base(group).gear.count(card_id)

    def problems(self, group: str, copies: dict[str, int]) -> list[str]:
        return check_deck(Path("child"), self.deck_file(group, "child", copies, "child"), self.pool, self.rules)

    def deck_file(self, group: str, name: str, copies: dict[str, int], idea: str) -> DeckFile:
        """The deck with the group's Player card, abilities and gear, its cards in id order."""
        base = self.base(group)
        return base.model_copy(update={"name": name, "idea": idea, "cards": [
            DeckLine(id=card_id, copies=copies[card_id], name=self.pool.cards[card_id].name) for card_id in sorted(copies)]})

    def deck_text(self, group: str, name: str, copies: dict[str, int], idea: str, made_by: str) -> str:
        deck = self.deck_file(group, name, copies, idea)

        def said(value: object) -> str:
            return json.dumps(value, ensure_ascii=False)

        lines = [f"# Mazo de {deck.faction} con el Jugador de {group} (E-13 a E-16, E-35), {made_by}. Reglas: rules.md.",
                 f"name = {said(deck.name)}", f"faction = {said(deck.faction)}", f"idea = {said(deck.idea)}"]
        lines += [f"player = {said(deck.player)}"] if deck.player is not None else []
        lines += [f"abilities = {said(deck.abilities)}", f"gear = {said(deck.gear)}", "cards = ["]
        lines += [f"    {{ id = {said(e.id)}, copies = {e.copies}, name = {said(e.name)} }}," for e in deck.cards]
        return "\n".join(lines + ["]"]) + "\n"
