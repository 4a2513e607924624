"""[balance] in an experiment spec: what a balance search aims at and what it may change.

```toml
[balance]
max_edits = 3              # at most this many card fields (or parameters) changed in a proposal
screen_games = 2000        # games per candidate at the first rung of successive halving
rungs = 3                  # rungs of halving per round (the games double at each)
keep = 0.25                # fraction of candidates kept at each rung
beam = 3                   # proposals carried from one round to the next (one more edit each round)
combine = 12               # single edits (the best of round 1) combined into 2- and 3-edit proposals
proposals = 3              # proposals re-measured on the held-out seed
confirm_games = 200000     # games of each of them (and of the baseline) on the held-out seed, and of
                           # proposal 1 (and the baseline) again on the confirmation seed, derived from
                           # seed and held_out_seed (sim.balance.search_plan.confirmation_seed)
held_out_seed = 777        # a seed the search never plays; a new one after an edit of the cards
frozen = ["AR-01"]         # cards no edit may touch
effect_games = 4000        # card_effect objectives: games per forced config of the baseline's cards
confirm_effect_games = 20000  # ... and of every proposal's cards on the held-out seed
effect_watch = 0.75        # ... every candidate measures the cards beyond this share of the tolerance

[[balance.objective]]
figure = "win_rate"        # side A's win rate (a two-sided spec) or matchup = "a~b" in a round robin
target = 0.5
tolerance = 0.01

[[balance.objective]]
figure = "card_effect"     # no card's forced-draw effect beyond ±8 pts (every card, or `cards`, `faction`)
target = 0.0
tolerance = 0.08

[[balance.edit]]           # by kind: every card of these kinds (of the sides' factions, or `factions`)
kinds = ["personaje"]
fields = ["cost", "atq", "def"]
step = 1                   # moves of ±step, ±2·step ... up to ±max_change (default: ±step)

[[balance.edit]]           # one card field, within bounds
card = "AR-11"
field = "atq"
min = 3
max = 6

[[balance.edit]]           # a rule parameter, within bounds, in steps
param = "life"
min = 8
max = 12
```
Every field is strict (no "2000" for 2000) and unknown fields are refused; names that need the
ruleset (fields, cards, factions, matchups, parameters) are checked when the search is planned
(sim.balance.search_plan.plan_search), with the file and field named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sim.analysis.finding_thresholds import spec_thresholds
from sim.core.errors import STRICT, InputError, spec_problems
from sim.run.spec import Experiment, load_spec

FIGURES = ("win_rate", "field_win_rate", "first_player_advantage", "card_effect", "cap_draw_share")
MAX_EDITS = 16


class Objective(BaseModel):
    """One target of the search ([[balance.objective]]): a figure the analysis computes, the value
    it should reach and the tolerance within which it counts as met.

    - win_rate: side A's win rate against side B (two-sided spec), or in a round robin the row
      faction's win rate in `matchup = "a~b"` (every non-mirror matchup when no matchup is named).
    - field_win_rate (round robin): each faction's (or `faction`'s) win rate against a uniform
      field of the spec's factions, mirrors included at 50% (ANALYTICS.md's marginal win rate).
    - first_player_advantage: side A's win rate going first minus going second, from seat-mirrored
      pairs, of the spec's matchup (every matchup of a round robin, or `matchup`).
    - card_effect: the forced-draw effect (ANALYTICS.md: the card on top against at the bottom of
      the same shuffles) of every card the sides' decks hold, or of `cards`, or of `faction`'s; in a
      round robin a card's effect against a uniform field of the other factions. The objective
      holds when the card farthest from the target is within the tolerance ("no card beyond").
    - cap_draw_share: the share of the games drawn at the turn cap (a stall: the games no side can
      win in time), of the spec's matchup (every matchup of a round robin, or `matchup`); with a
      rule parameter as the edit (`param = "turn_cap"`, lives, a hand limit) the search looks for
      rules under which the games end.
    """

    model_config = STRICT

    figure: Literal["win_rate", "field_win_rate", "first_player_advantage", "card_effect", "cap_draw_share"]
    target: float = Field(ge=-1.0, le=1.0)
    tolerance: float = Field(gt=0.0, le=0.5, description="win-rate points as a fraction: 0.02 = ±2 pts")
    matchup: str | None = Field(None, min_length=3, description="round robin: \"a~b\" (labels or factions)")
    faction: str | None = Field(None, min_length=1, description="field_win_rate, card_effect: one faction only")
    cards: list[str] | None = Field(None, min_length=1, description="card_effect: these cards only")

    @model_validator(mode="after")
    def _sane(self) -> "Objective":
        if self.figure in ("win_rate", "field_win_rate") and not 0.0 <= self.target <= 1.0:
            raise ValueError(f"target: a win rate is between 0 and 1, got {self.target}")
        if self.figure == "cap_draw_share" and not 0.0 <= self.target <= 1.0:
            raise ValueError(f"target: a share of the games is between 0 and 1, got {self.target}")
        if self.faction is not None and self.figure not in ("field_win_rate", "card_effect"):
            raise ValueError("faction: only field_win_rate and card_effect name a faction; use matchup = \"a~b\" "
                             "for the others")
        if self.matchup is not None and self.figure in ("field_win_rate", "card_effect"):
            raise ValueError(f"matchup: {self.figure} is against the whole field; name a faction instead")
        if self.cards is not None and self.figure != "card_effect":
            raise ValueError("cards: only a card_effect objective names cards")
        if self.cards is not None and len(set(self.cards)) != len(self.cards):
            twice = sorted({c for c in self.cards if self.cards.count(c) > 1})
            raise ValueError(f"cards: {', '.join(twice)} named more than once")
        if self.matchup is not None and self.matchup.count("~") != 1:
            raise ValueError(f"matchup: write it \"a~b\" (two labels or factions), got {self.matchup!r}")
        return self


class EditRule(BaseModel):
    """One part of the search space ([[balance.edit]]): a card field within bounds, fields of every
    card of some kinds in steps, or a rule parameter within bounds."""

    model_config = STRICT | ConfigDict(populate_by_name=True)

    card: str | None = Field(None, min_length=1)
    field: str | None = Field(None, min_length=1)
    kinds: list[str] | None = Field(None, min_length=1)
    fields: list[str] | None = Field(None, min_length=1)
    factions: list[str] | None = Field(None, min_length=1, description="kinds: whose cards (default every side's)")
    param: str | None = Field(None, min_length=1)
    min: int | None = None
    max: int | None = None
    step: int = Field(1, ge=1, le=100)
    max_change: int | None = Field(None, ge=1, le=100, description="kinds: largest change (a multiple of step)")

    @model_validator(mode="after")
    def _one_kind(self) -> "EditRule":
        given = [k for k in ("card", "kinds", "param") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("an edit names exactly one of card (with field, min, max), kinds (with fields) or param "
                             "(with min, max)")
        if self.card is not None or self.param is not None:
            if self.card is not None and self.field is None:
                raise ValueError("field: a card edit names the field it changes, e.g. field = \"atq\"")
            if self.param is not None and self.field is not None:
                raise ValueError("field: a param edit has no field: { param = \"life\", min = 8, max = 12 }")
            if self.min is None or self.max is None:
                raise ValueError("min: a card or param edit gives min and max, the values it may take")
            if self.min > self.max:
                raise ValueError(f"max: {self.max} is below min = {self.min}")
            if self.fields is not None or self.factions is not None or self.max_change is not None:
                raise ValueError("fields: fields, factions and max_change go with kinds, not with card or param")
        else:
            if self.fields is None:
                raise ValueError("fields: an edit by kind names the fields it changes, e.g. fields = [\"atq\"]")
            if self.field is not None or self.min is not None or self.max is not None:
                raise ValueError("field: an edit by kind takes fields, step and max_change, not field, min or max")
            if self.max_change is not None and self.max_change % self.step:
                raise ValueError(f"max_change: {self.max_change} is not a multiple of step = {self.step}")
        if self.card is not None and self.field == "id":
            raise ValueError("field: a balance search cannot change a card's id")
        return self

    def deltas(self) -> list[int]:
        """An edit by kind's changes: −max_change..−step and step..max_change, in steps."""
        top = self.max_change or self.step
        ups = list(range(self.step, top + 1, self.step))
        return [-d for d in reversed(ups)] + ups


class BalanceSpec(BaseModel):
    """[balance]: the targets, the search space and the search's budget (module docstring)."""

    model_config = STRICT | ConfigDict(populate_by_name=True)

    objectives: list[Objective] = Field(alias="objective", min_length=1)
    edits: list[EditRule] = Field(alias="edit", min_length=1)
    frozen: list[str] = Field(default_factory=list)
    max_edits: int = Field(3, ge=1, le=MAX_EDITS)
    screen_games: int = Field(2000, ge=2, le=10_000_000)
    rungs: int = Field(3, ge=1, le=10)
    keep: float = Field(0.25, gt=0.0, lt=1.0)
    beam: int = Field(3, ge=1, le=50)
    combine: int = Field(12, ge=1, le=200)
    proposals: int = Field(3, ge=1, le=20)
    confirm_games: int = Field(200_000, ge=2, le=100_000_000)
    held_out_seed: int = Field(ge=0, le=2**63 - 1)
    effect_games: int = Field(4000, ge=2, le=10_000_000, description="card_effect: the baseline's games per forced config")
    confirm_effect_games: int = Field(20_000, ge=2, le=100_000_000,
                                      description="card_effect: games per forced config on the held-out seed")
    effect_watch: float = Field(0.75, ge=0.0, le=1.0, description="card_effect: every candidate measures the cards "
                                "whose baseline effect is farther than this share of the tolerance from the target")

    @model_validator(mode="after")
    def _even_games(self) -> "BalanceSpec":
        for name in ("screen_games", "confirm_games", "effect_games", "confirm_effect_games"):
            if getattr(self, name) % 2:
                raise ValueError(f"{name}: must be even, so that every game has its seat-mirrored pair")
        twice = sorted({c for c in self.frozen if self.frozen.count(c) > 1})
        if twice:
            raise ValueError(f"frozen: {', '.join(twice)} named more than once")
        return self


def balance_spec(experiment: Experiment) -> BalanceSpec | None:
    """The spec's [balance] table, which the run layer keeps as written, read here (None without
    one); a bad one is an InputError naming the spec file and each field (`balance.edit[2].max`)."""
    table = experiment.spec.balance
    if table is None:
        return None
    try:
        balance = BalanceSpec.model_validate(table)
    except ValidationError as exc:
        raise InputError("\n".join(spec_problems(exc.errors(), experiment.path, ("balance",)))) from None
    if balance.held_out_seed == experiment.spec.seed:
        raise InputError(f"{experiment.path}: balance.held_out_seed: {balance.held_out_seed} is the search's own "
                         "seed; the proposals are confirmed on a seed the search never played")
    return balance


def load_checked_spec(path: Path, **overrides: Any) -> Experiment:
    """The experiment of a spec file (sim.run.spec.load_spec, with its CLI overrides) with the tables
    the layers above the run read checked too: [findings] (the analysis's) and [balance] (here),
    which the run layer keeps as written; so `sim run`, `sim balance` and a launch from the
    dashboard refuse a bad one by name before anything is played."""
    experiment = load_spec(path, **overrides)
    spec_thresholds(experiment.spec.findings, experiment.path)
    balance_spec(experiment)
    return experiment
