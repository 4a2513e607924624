"""The tiny game's cards: a faction file (`cards/<faction>.toml`) lists numbered cards (rule T-01),
the whole file is the side's deck, read by the kit (sim.core.hand_and_deck_game.HandAndDeckShell.
load_cards: id, name, value; the card-impact tables show the value as the card's `cost`, since a card
is worth its number). What is the game's own: the plain card an ablation puts in a card's place."""

from __future__ import annotations

from pathlib import Path

from sim.core.hand_and_deck_game import NumberedDeck

CARDS_DIR = Path(__file__).parent / "cards"


def vanilla_filler(deck: NumberedDeck, card_id: str) -> dict:
    """A plain card to stand in for `card_id` (causal card impact): the deck's median value."""
    deck.index_of(card_id)
    value = int(round(float(deck.frame["value"].median())))
    return {"name": f"Relleno ({value})", "value": value}


def describe_filler(deck: NumberedDeck, card_id: str) -> str:
    """The filler as a designer reads it: "Relleno (6): a 6, the deck's median value"."""
    value = vanilla_filler(deck, card_id)["value"]
    return f"Relleno ({value}): a {value}, the deck's median value"
