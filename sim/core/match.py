"""The match config every ruleset takes: what one config of an experiment asks a game to play.

The run layer (sim/run/spec.py) builds it from a designer's spec; a ruleset's scenarios build it by
hand. It names no game: two sides (faction, label, agent, weights and the ruleset's own side
options, such as dicedraft's drafter and budget), the unit of work, the seats, the rule parameter
overrides, the card folder and the card changes of this config (a sweep point's edits, an ablation's
filler, a forced draw).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal, Mapping

from pydantic import BaseModel, ConfigDict

from sim.core.errors import InputError


class NoSideOptions(BaseModel):
    """The side options of a ruleset whose sides take nothing beyond faction, label, agent and weights."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


@dataclass(frozen=True)
class SideConfig:
    """One side of a match."""

    faction: str
    label: str  # as tables and traces name the side ("A:aranas" unless the spec gives one)
    agent: str
    weights: Mapping[str, float] = field(default_factory=dict)
    options: BaseModel = field(default_factory=NoSideOptions)  # the ruleset's side options model, validated
    search: Any = None  # sim.core.search.SearchSettings of a hard side, None for the defaults


@dataclass(frozen=True)
class MatchConfig:
    """One config of an experiment, in the words every ruleset understands.

    `source` names where it came from (a spec file) in every message; `card_overrides` maps a card
    id to the fields this config changes; `ablate` is (side index, card id) of a card replaced by
    the ruleset's vanilla filler; `force` is (side index, card id, sim.core.forced_draw TOP or
    BOTTOM) of a forced draw."""

    source: str
    sides: tuple[SideConfig, SideConfig]
    unit_kind: str = "games"
    seats: Literal["mirrored", "fixed"] = "mirrored"
    params: Mapping[str, Any] = field(default_factory=dict)
    cards_dir: Path | None = None  # None: the ruleset's own card files
    card_overrides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    ablate: tuple[int, str] | None = None
    force: tuple[int, str, int] | None = None

    @property
    def mirrored(self) -> bool:
        return self.seats == "mirrored"

    @property
    def labels(self) -> tuple[str, str]:
        return self.sides[0].label, self.sides[1].label

    def load_side_cards(self, load: Callable[[str, Path, dict | None], Any],
                        filler: Callable[[Any, str], dict], cards_dir: Path) -> tuple[Any, Any]:
        """Both sides' cards through a ruleset's loader `load(faction, cards_dir, overrides)`, with
        this config's card changes and, for an ablation config, its card replaced by
        `filler(cards, card_id)`; a changed card that neither side holds is refused."""
        overrides = {card_id: dict(fields) for card_id, fields in self.card_overrides.items()}
        if self.ablate is not None:  # causal card impact: the card becomes a plain one of its cost
            index, card_id = self.ablate
            overrides[card_id] = filler(load(self.sides[index].faction, cards_dir, None), card_id)
        pools = tuple(load(side.faction, cards_dir, overrides) for side in self.sides)
        known = {card_id for pool in pools for card_id in pool.ids}
        for card_id, fields in self.card_overrides.items():
            if card_id not in known:
                name = next(iter(fields), "?")
                raise InputError(f"{self.source}: sweep axis {card_id}.{name}: no card {card_id!r} in either "
                                 "side's cards")
        return pools[0], pools[1]


def default_label(faction: str, index: int) -> str:
    """A side's label when the spec gives none: "A:aranas", "B:ciempies"."""
    return f"{'AB'[index]}:{faction}"
