"""The trace's describe loop, written once: a traced game's events, as `sim.core.records.write_event`
keeps them (turn, player, code, a, b, c), told as lines in Spanish or English.

A game writes only its words, in its trace.py: a subclass of `TraceWords` with a line template per
event and language, the events whose `a` is a card of the player, and the fields its own events
fill in (a target, a verb, the end's result). The loop, the fields every line may use and the
language check are here. `sim replay`, the dashboard's replay page, the golden traces and the
scenarios read the lines through `Ruleset.describe_events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

import numpy as np


@dataclass(frozen=True)
class TracedEvent:
    """One event of a traced game: the turn it happened in (from 0), the side it is about (0 or 1;
    -1 for an event of the game as a whole, such as a drawn end), the game's event code and its
    three numbers, whose meaning the game's Event enum documents."""

    turn: int
    player: int
    code: int
    a: int
    b: int
    c: int

    @property
    def opponent(self) -> int:
        """The other side (side 0 for an event of no side)."""
        return 1 - self.player if self.player in (0, 1) else 0


class TraceWords:
    """A game's trace wording over one compiled config (its card names, labels and card tables).

    Every template may use the shared fields: `turn` (from 1), `who` (the side's label, empty for an
    event of no side), `a`, `b`, `c`, `label0`, `label1`, the game's `defaults`, and `card_a` (the
    name of the side's card `a`, through `card`) for the events listed in `card_events`. A game adds
    the fields of its own events in `fields`, and may give another template, or None to leave an
    event out, in `template`."""

    templates: ClassVar[Mapping[str, Mapping[int, str]]]  # language -> event code -> the line's template
    card_events: ClassVar[tuple[int, ...]] = ()  # events whose `a` is a card of the event's side
    defaults: ClassVar[Mapping[str, Any]] = {}  # fields some templates show and most events leave empty

    def __init__(self, compiled: Any) -> None:
        self.labels: tuple[str, str] = compiled.labels
        self.names = (compiled.pools[0].names, compiled.pools[1].names)
        self.tab: np.ndarray = compiled.tab

    def who(self, event: TracedEvent) -> str:
        """The event's side as its label (empty for an event of no side)."""
        return self.labels[event.player] if event.player in (0, 1) else ""

    def card(self, side: int, card: int) -> str:
        """A card as a line names it: its name (a game may add its numbers)."""
        return self.names[side][card]

    def template(self, event: TracedEvent, lang: str) -> str | None:
        """The event's line template in `lang` (its code's); None leaves the event out."""
        return self.templates[lang][event.code]

    def fields(self, event: TracedEvent, lang: str) -> Mapping[str, Any]:
        """The fields of the event's own template beyond the shared ones."""
        return {}

    def describe(self, events: np.ndarray, lang: str = "es") -> list[str]:
        """One line per event of `events` (rows of turn, player, code, a, b, c) in `lang`."""
        if lang not in self.templates:
            raise ValueError(f"language {lang!r}: choose one of {', '.join(self.templates)}")
        lines = []
        for row in events.tolist():
            event = TracedEvent(*row)
            template = self.template(event, lang)
            if template is None:
                continue
            fields = {"turn": event.turn + 1, "who": self.who(event), "a": event.a, "b": event.b, "c": event.c,
                      "label0": self.labels[0], "label1": self.labels[1], **self.defaults}
            if event.code in self.card_events:
                fields["card_a"] = self.card(event.player, event.a)
            fields.update(self.fields(event, lang))
            lines.append(template.format(**fields))
        return lines
