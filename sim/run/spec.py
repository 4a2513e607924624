"""Experiment specs: the TOML files in experiments/ that designers write and run.

A spec names the ruleset, what one unit of work is (one of the ruleset's unit kinds: a game, or for
dicedraft a story run or a best-of-three match), how many units, the run seed, the two sides
(faction, label, play agent, agent weights and the ruleset's own side options, such as dicedraft's
drafter and budget) and any rule-parameter overrides. Every problem is reported with the file and
the field. Each config of a spec becomes a game-neutral sim.core.match.MatchConfig, which is all a
ruleset sees.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_serializer, model_validator,
)

from sim.core.cards import link_problem, read_toml
from sim.core.errors import STRICT, InputError, as_written, field_path, spec_problems
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.ruleset import CompiledConfig, Ruleset, get_ruleset
from sim.core.agents import SEARCHING
from sim.core.mcts import default_search
from sim.core.search import SearchSettings
from sim.core.limits import MAX_GAMES, MAX_SEED
from sim.results.manifest import spec_hash_of

MAX_SIDES = 8  # sides of a round robin (36 matchups)
# Every model is STRICT (sim.core.errors): values as TOML wrote them, never coerced.


class SideSpec(BaseModel):
    """One side of the table ([[side]] in the spec): the fields every ruleset's sides have; any other
    field is one of the ruleset's side options (its `side_options` model validates them, and a
    loaded spec holds every option, defaults included)."""

    model_config = STRICT | ConfigDict(extra="allow")

    faction: str = Field(min_length=1)
    label: str | None = None
    agent: str = Field("greedy", min_length=1)
    weights: dict[str, float] = Field(default_factory=dict)
    search: SearchSettings | None = None  # [side.search]: only a hard or expert side has them

    @model_serializer(mode="wrap")
    def _search_only_when_set(self, handler: Any) -> dict[str, Any]:
        # a side that does not search stores no search table: the specs (and hashes) of runs made
        # before the hard agent existed stay as they were
        data = handler(self)
        if data.get("search", 0) is None:
            del data["search"]
        return data

    @property
    def options(self) -> dict[str, Any]:
        """The ruleset's side options as the spec holds them."""
        return dict(self.model_extra or {})

    @field_validator("faction")
    @classmethod
    def _a_name_not_a_path(cls, value: str) -> str:
        # the faction names a card file in cards_dir: a path here would read a file anywhere
        if value in (".", "..") or value.startswith(".") or any(c in value for c in "/\\\0"):
            raise ValueError(f"{value!r} is not a faction name: give the name of a card file without .toml "
                             "(e.g. \"aranas\"), not a path")
        return value


SIDE_FIELDS = ("agent", "faction", "label")  # and the ruleset's side options, weights.<name> and search.<name>
MAX_SWEEP_CONFIGS = 400


class SweepAxis(BaseModel):
    """One axis of a sweep ([[sweep.axis]]): a card field, a rule parameter, or a side's setting.

        { card = "AR-11", field = "atq", values = [3, 4, 5, 6] }     # every side whose cards hold AR-11
        { param = "fortaleza", values = [20, 25, 30] }
        { side = 1, field = "budget", values = [90, 100, 110] }      # agent, faction, label, a side option
        { side = 2, field = "weights.aggression", values = [0.5, 0.8] }
    """

    model_config = STRICT

    card: str | None = Field(None, min_length=1)
    param: str | None = Field(None, min_length=1)
    side: int | None = Field(None, ge=1, le=MAX_SIDES)
    field: str | None = Field(None, min_length=1)
    values: list[Any] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_kind(self) -> "SweepAxis":
        kinds = [k for k in ("card", "param", "side") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("an axis names exactly one of card (with field), param, or side (with field)")
        if self.param is not None and self.field is not None:
            raise ValueError("a param axis has no field: { param = \"name\", values = [...] }")
        if self.param is None and self.field is None:
            raise ValueError(f"a {kinds[0]} axis needs field = \"...\"")
        if self.card is not None and self.field == "id":
            raise ValueError("a sweep cannot change a card's id")
        return self

    @property
    def label(self) -> str:
        if self.card is not None:
            return f"{self.card}.{self.field}"
        if self.param is not None:
            return f"params.{self.param}"
        return f"side{self.side}.{self.field}"


class SweepSpec(BaseModel):
    """[sweep]: configs made by changing the spec along axes; every config plays the same games
    (same seed, same seats), so each one compares with the baseline game by game."""

    model_config = STRICT | ConfigDict(populate_by_name=True)

    mode: Literal["grid", "list"] = Field(
        "grid", description="grid: every combination of the axes' values; list: the i-th values together")
    axes: list[SweepAxis] = Field(alias="axis", min_length=1)

    @model_validator(mode="after")
    def _sizes(self) -> "SweepSpec":
        if self.mode == "list" and len({len(a.values) for a in self.axes}) != 1:
            raise ValueError("mode = \"list\" takes the i-th value of every axis together: give each axis "
                             "the same number of values")
        count = 1
        for axis in self.axes:
            count = count * len(axis.values) if self.mode == "grid" else len(axis.values)
        if count > MAX_SWEEP_CONFIGS:
            raise ValueError(f"{count} configs: a sweep has at most {MAX_SWEEP_CONFIGS}")
        labels = [a.label for a in self.axes]
        if len(set(labels)) != len(labels):
            raise ValueError("two axes change the same thing: " + ", ".join(sorted({x for x in labels if labels.count(x) > 1})))
        return self

    def points(self) -> list[tuple[tuple["SweepAxis", Any], ...]]:
        """The sweep's settings, one tuple of (axis, value) per config, in order."""
        if self.mode == "list":
            return [tuple((a, a.values[i]) for a in self.axes) for i in range(len(self.axes[0].values))]
        return [tuple(zip(self.axes, combo)) for combo in itertools.product(*(a.values for a in self.axes))]


def check_card_list(cards: list[str] | str, otherwise: str) -> None:
    """A spec's list of card ids names at least one card and none twice ("all" is not a list)."""
    if cards == "all":
        return
    if not cards:
        raise ValueError(f"cards: name at least one card id, or {otherwise}")
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise ValueError(f"cards: {', '.join(twice)} named more than once")


class AblationSpec(BaseModel):
    """[ablation]: causal card impact. Each named card of one side (default: all of its cards) is
    replaced by a vanilla filler of the same cost (the ruleset's `vanilla_filler`), one config per
    card, on the baseline's games; the paired difference is what the card is worth."""

    model_config = STRICT

    side: int = Field(1, ge=1, le=2, description="whose cards (1 = side A)")
    cards: list[str] | Literal["all"] = "all"
    budget_step: int = Field(0, ge=0, le=100, description="a game with a draft budget (dicedraft): also play this "
                             "side's budget this many points lower, so each card's worth can be read in budget points")
    budget_points: int = Field(3, ge=1, le=10, description="with budget_step: how many lower budgets to play "
                               "(B - step, B - 2 step, ...); the local slope at the working budget B is fitted "
                               "through them and B")

    @field_validator("budget_points")
    @classmethod
    def _budget_points_need_a_step(cls, value: int, info: ValidationInfo) -> int:
        # runs only when the spec gives budget_points: the default never needs a step. A run's
        # manifest keeps its spec with every default written out, and a replay validates that copy:
        # the default there is the model's own, not a designer's, so it is let through
        if not info.data.get("budget_step") and value != cls.model_fields["budget_points"].default:
            raise ValueError("needs budget_step (the points between the budgets played)")
        return value

    @model_validator(mode="after")
    def _cards_listed_once(self) -> "AblationSpec":
        check_card_list(self.cards, "leave cards out to ablate them all")
        return self


class ImpactSpec(BaseModel):
    """[impact]: the forced-draw effect, causal card impact (ANALYTICS.md). For each named card of a
    side (default: every card its deck can hold) two configs play the baseline's games: one with the
    card put on top of the shuffled deck ("side1.drawn=<id>": drawn at once), one with it put at the
    bottom ("side1.undrawn=<id>": not drawn before the last card). Every other shuffle, die and
    decision stream is unchanged, so the paired difference is what drawing the card does."""

    model_config = STRICT

    side: Literal[1, 2, "both"] = Field(1, description="whose cards: 1 = side A, 2 = side B, or \"both\"")
    cards: list[str] | Literal["all"] = "all"

    @field_validator("side", mode="before")
    @classmethod
    def _not_a_bool(cls, value: Any) -> Any:
        if isinstance(value, bool):  # True == 1 in Python, and a Literal would take it for side 1
            raise ValueError("Input should be 1, 2 or 'both'")
        return value

    @model_validator(mode="after")
    def _cards(self) -> "ImpactSpec":
        check_card_list(self.cards, "\"all\"")
        return self

    @property
    def side_indices(self) -> tuple[int, ...]:
        return (0, 1) if self.side == "both" else (int(self.side) - 1,)


TURN_CAP = "turn_cap"  # the rule parameter every game names its turn cap by (a [levels] spec's caps multiply it)
MAX_CAP_FACTOR = 8


class LevelsSpec(BaseModel):
    """[levels]: skill convergence. Every config of the spec (its two sides, or each matchup of a
    round robin) played once per agent level, both sides at that level ("level=hard"), and with
    `caps` also at each multiple of the turn cap ("level=hard,params.turn_cap=160"); every config on
    the same seeds and seats, so a figure at two levels is compared game by game
    (sim.analysis.convergence). "all" plays every level the game registers but random."""

    model_config = STRICT

    levels: list[str] | Literal["all"] = Field("all", description="the agent levels, weakest first: [\"greedy\", "
                                               "\"hard\", \"expert\"], or \"all\" (every level the game has but random)")
    caps: list[int] = Field(default_factory=lambda: [1], description="multiples of the game's turn cap each level "
                            "also plays at, 1 first: [1, 2, 4] measures whether capped games end when given more turns")

    @model_validator(mode="after")
    def _distinct(self) -> "LevelsSpec":
        if self.levels != "all":
            if len(self.levels) < 2:
                raise ValueError("levels: name at least two agent levels to compare, or \"all\"")
            twice = sorted({x for x in self.levels if self.levels.count(x) > 1})
            if twice:
                raise ValueError(f"levels: {', '.join(twice)} named more than once")
        if not self.caps or self.caps[0] != 1:
            raise ValueError("caps: start with 1 (the game's own turn cap, where the levels are compared), "
                             "e.g. [1, 2, 4]")
        if len(set(self.caps)) != len(self.caps) or any(not 1 <= c <= MAX_CAP_FACTOR for c in self.caps):
            raise ValueError(f"caps: distinct whole multiples of the turn cap from 1 to {MAX_CAP_FACTOR}, e.g. [1, 2, 4]")
        return self

    def level_names(self, agents: tuple[str, ...]) -> list[str]:
        """The levels played, weakest first: the spec's, or every one of `agents` (the game's, in the
        order it registers them) but random."""
        return [a for a in agents if a != "random"] if self.levels == "all" else list(self.levels)


class StopSpec(BaseModel):
    """[stop]: end a config early once its answer is clear, checked every `every` units (the run's
    chunks are this size, so where a config stops never depends on how the work was cut or who
    played it). In a sweep or an ablation the baseline always plays in full (every config is
    compared with it); without [stop] every config plays `games` (fixed n, the default).

    method = "sprt", on seat-mirrored pairs (sim.analysis.sprt), stopping when it accepts either
    hypothesis at error rates alpha (a false H1) and beta (a false H0):
    - in a sweep or an ablation, each config against the baseline on the same pairs: H0 no change,
      H1 a change of ± `difference` (win rate, 0.02 = 2 points; default: elo1 − elo0 at 50%,
      10 Elo = 1.44 points);
    - otherwise side A: H0 at elo0, H1 at elo1.
    method = "precision": stop when side A's 95% interval is narrower than ± half_width."""

    model_config = STRICT

    method: Literal["sprt", "precision"]
    every: int = Field(2000, ge=2, le=10_000_000, description="units between checks (and per chunk)")
    elo0: float = 0.0
    elo1: float = 10.0
    difference: float | None = Field(None, gt=0, le=0.5, description="sprt in a sweep or an ablation: the change "
                                     "from the baseline H1 tests, in win rate (0.02 = 2 points)")
    alpha: float = Field(0.05, gt=0, lt=0.5)
    beta: float = Field(0.05, gt=0, lt=0.5)
    half_width: float = Field(0.01, gt=0, lt=0.5, description="precision: win-rate points, 0.01 = ±1 point")

    @model_validator(mode="after")
    def _sane(self) -> "StopSpec":
        if self.method == "sprt" and not self.elo1 > self.elo0:
            raise ValueError("elo1 must be greater than elo0")
        if self.difference is not None and self.method != "sprt":
            raise ValueError("difference is the size of the SPRT's H1; it needs method = \"sprt\"")
        if self.every % 2:
            raise ValueError("every must be even, so that no check splits a seat-mirrored pair")
        return self


class ExperimentSpec(BaseModel):
    model_config = STRICT | ConfigDict(populate_by_name=True)

    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$", min_length=1, max_length=80)
    description: str = ""
    ruleset: str
    kind: str = Field("games", min_length=1, description="the unit of work: one of the ruleset's unit kinds")
    games: int = Field(ge=1, le=MAX_GAMES, description="units of work: games, story runs or matches")
    seed: int = Field(ge=0, le=MAX_SEED)
    seats: Literal["mirrored", "fixed"] = "mirrored"
    chunk_size: int | None = Field(None, ge=1, le=10_000_000)
    cards_dir: str | None = Field(None, min_length=1)
    params: dict[str, Any] = Field(default_factory=dict)
    matchups: Literal["sides", "round_robin"] = Field(
        "sides", description="sides: the two [[side]] tables play each other; round_robin: every pair of the "
        "[[side]] tables, mirrors included, each pair one config (a matchup matrix)")
    sides: list[SideSpec] = Field(alias="side", min_length=2, max_length=MAX_SIDES)
    sweep: SweepSpec | None = None
    ablation: AblationSpec | None = None
    impact: ImpactSpec | None = None
    levels: LevelsSpec | None = None
    stop: StopSpec | None = None
    # tables the layers above read, kept as written (the run layer imports neither): [balance] is
    # `sim balance`'s search (sim.balance.spec; `sim run` plays the baseline), [findings] the
    # thresholds of the run's findings (sim.analysis.finding_thresholds); sim.balance.spec.load_checked_spec
    # checks both for `sim run`, `sim balance` and the dashboard's launches
    balance: dict[str, Any] | None = None
    findings: dict[str, Any] | None = None

    @model_serializer(mode="wrap")
    def _balance_only_when_set(self, handler: Any) -> dict[str, Any]:
        # a spec without [balance], [findings] or [levels] stores no such table: earlier runs' specs
        # (and hashes) stay as they were
        data = handler(self)
        for table in ("balance", "findings", "levels"):
            if data.get(table, 0) is None:
                del data[table]
        return data

    @model_validator(mode="after")
    def _balance_alone(self) -> "ExperimentSpec":
        if self.balance is None:
            return self
        if (self.sweep is not None or self.ablation is not None or self.impact is not None or self.stop is not None
                or self.levels is not None):
            raise ValueError("balance: a balance search makes its own configs; remove [sweep], [ablation], [impact], "
                             "[levels] and [stop] from this spec")
        return self

    @model_validator(mode="after")
    def _two_sides_unless_round_robin(self) -> "ExperimentSpec":
        if self.matchups == "sides" and len(self.sides) != 2:
            named = ", ".join(f"side[{i + 1}] {side.label or side.faction}" for i, side in enumerate(self.sides))
            raise ValueError(f"side: {len(self.sides)} [[side]] tables ({named}): a spec has two, or any number up "
                             f"to {MAX_SIDES} with matchups = \"round_robin\"")
        if sum(x for x in (self.sweep is not None, self.ablation is not None, self.impact is not None,
                           self.matchups == "round_robin")) > 1:
            raise ValueError("a spec is one of: a round robin, a sweep, an ablation, a forced-draw impact; split it "
                             "into several specs")
        if self.levels is not None and (self.sweep is not None or self.ablation is not None or self.impact is not None):
            raise ValueError("levels: [levels] plays the spec's sides (or its round robin) at each agent level; it "
                             "takes no [sweep], [ablation] or [impact]: split it into several specs")
        for i, axis in enumerate(self.sweep.axes if self.sweep else ()):
            if axis.side is not None and axis.side > len(self.sides):
                raise ValueError(f"sweep.axis[{i + 1}].side: sweep axis {axis.label}: there is no side {axis.side}; "
                                 f"the spec has {len(self.sides)} [[side]] tables")
        return self

    @model_validator(mode="after")
    def _stop_difference_needs_a_baseline(self) -> "ExperimentSpec":
        if self.stop is not None and self.stop.difference is not None and self.sweep is None and self.ablation is None:
            raise ValueError("stop.difference is the change from a baseline, so it needs a [sweep] or an [ablation]; "
                             "a spec without one tests side A at elo0 against elo1")
        return self


@dataclass(frozen=True)
class Experiment:
    """A validated spec and where it came from (card paths resolve against the spec's folder)."""

    spec: ExperimentSpec
    path: Path
    card_overrides: tuple[tuple[str, str, Any], ...] = ()  # (card id, field, value) a sweep point sets
    sweep_point: tuple[tuple[str, Any], ...] = ()  # (axis label, value): what this config changed
    ablate: tuple[int, str] | None = None  # (side index, card id) replaced by a vanilla filler
    force: tuple[int, str, int] | None = None  # (side index, card id, forced_draw.TOP or BOTTOM)
    filler: str | None = None  # an ablation config's filler in the ruleset's words (describe_filler)
    filler_plays_alike: bool = False  # the filler compiles to the card's own numbers: nothing is measured

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.spec.ruleset, source=str(self.path))

    def match_config(self) -> MatchConfig:
        """This config in the words every ruleset takes (sim.core.match)."""
        ruleset = self.ruleset
        overrides: dict[str, dict[str, Any]] = {}
        for card_id, field_name, value in self.card_overrides:
            overrides.setdefault(card_id, {})[field_name] = value
        sides = tuple(SideConfig(side.faction, side.label or default_label(side.faction, i), side.agent,
                                 dict(side.weights), ruleset.side_options.model_validate(side.options),
                                 side.search)
                      for i, side in enumerate(self.spec.sides))
        return MatchConfig(str(self.path), sides, self.spec.kind, self.spec.seats, dict(self.spec.params),
                           self.cards_dir, overrides, self.ablate, self.force)

    def compile(self, config_id: str = "base") -> CompiledConfig:
        """This config compiled by its ruleset (validating its cards and parameters)."""
        return self.ruleset.compile(self.match_config(), config_id)

    def config_experiments(self) -> dict[str, "Experiment"]:
        """Every config this spec asks for, by config id: the matchups of a round robin, the baseline
        ("base") and one config per point of a sweep, or just "base"."""
        if self.spec.ablation is not None:
            return self.ablation_experiments()
        if self.spec.impact is not None:
            return self.impact_experiments()
        if self.spec.levels is not None:
            return self.level_experiments()
        if self.spec.sweep is None:
            return self.matchup_experiments()
        configs = {"base": self}
        for point in self.spec.sweep.points():
            spec = self.spec
            params = dict(spec.params)
            sides = [s.model_copy() for s in spec.sides]
            cards: list[tuple[str, str, Any]] = []
            for axis, value in point:
                if axis.card is not None:
                    cards.append((axis.card, str(axis.field), value))
                elif axis.param is not None:
                    params[axis.param] = value
                else:
                    sides[int(axis.side) - 1] = _validated_side(sides[int(axis.side) - 1], str(axis.field), value,
                                                                self.path, axis, self.ruleset)
            config_id = ",".join(f"{axis.label}={_id_text(value)}" for axis, value in point)
            sub = spec.model_copy(update={"params": params, "sides": sides, "sweep": None})
            configs[config_id] = Experiment(sub, self.path, tuple(cards),
                                            tuple((axis.label, value) for axis, value in point))
        return configs

    @property
    def cards_dir(self) -> Path | None:
        if self.spec.cards_dir is None:
            return None
        return (self.path.parent / self.spec.cards_dir).resolve()

    def ablation_experiments(self) -> dict[str, "Experiment"]:
        """The baseline, one config per ablated card ("without=<id>", carrying its filler's words and
        whether the filler plays exactly like the card), and with `budget_step` the side at
        `budget_points` lower budgets ("side<N>.budget=<B - k·step>", k = 1..budget_points), all on
        the baseline's games."""
        ablation = self.spec.ablation
        assert ablation is not None
        index = ablation.side - 1
        side = self.spec.sides[index]
        ruleset = self.ruleset
        cards_dir = self.cards_dir or ruleset.cards_dir
        available = ruleset.ablatable_cards(side.faction, cards_dir)
        cards = available if ablation.cards == "all" else list(ablation.cards)
        unknown = [c for c in cards if c not in available]
        if unknown:
            raise InputError(f"{self.path}: ablation.cards: {', '.join(unknown)} not among side {ablation.side}'s "
                             f"cards ({side.faction})")
        fillers = ruleset.ablation_fillers(side.faction, cards_dir, cards)
        configs: dict[str, Experiment] = {"base": self}
        for card_id in cards:
            text, alike = fillers[card_id]
            configs[f"without={card_id}"] = Experiment(self.spec, self.path, ablate=(index, card_id),
                                                       sweep_point=(("without", card_id),), filler=text,
                                                       filler_plays_alike=alike)
        if ablation.budget_step:
            base_budget = ruleset.side_budget(self.match_config(), index)
            if base_budget is None:
                raise InputError(f"{self.path}: ablation.budget_step: {ruleset.name} sides have no draft budget to "
                                 "step down; remove budget_step")
            lowest = base_budget - ablation.budget_points * ablation.budget_step
            if lowest < 0:
                raise InputError(f"{self.path}: ablation.budget_step: {ablation.budget_points} steps of "
                                 f"{ablation.budget_step} go below 0 from side {ablation.side}'s budget of "
                                 f"{base_budget}; lower budget_step or budget_points")
            for k in range(1, ablation.budget_points + 1):
                lower = base_budget - k * ablation.budget_step
                sides = list(self.spec.sides)
                sides[index] = _validated_side(side, "budget", lower, self.path,
                                               SweepAxis(side=ablation.side, field="budget", values=[lower]), ruleset)
                configs[f"side{ablation.side}.budget={lower}"] = Experiment(
                    self.spec.model_copy(update={"sides": sides}), self.path,
                    sweep_point=((f"side{ablation.side}.budget", lower),))
        return configs

    def impact_experiments(self) -> dict[str, "Experiment"]:
        """The baseline and, per card of each named side, the pair "side<N>.drawn=<id>" (on top of the
        shuffled deck) and "side<N>.undrawn=<id>" (at its bottom), all on the baseline's games.

        "all" takes the cards the side's deck can hold (the ruleset's `forced_draw_cards`); a card
        named by hand must be one of them, since a card never in the deck cannot be forced."""
        from sim.core.forced_draw import BOTTOM, TOP

        impact = self.spec.impact
        assert impact is not None
        ruleset = self.ruleset
        configs: dict[str, Experiment] = {"base": self}
        match = self.match_config()
        possible = {index: ruleset.forced_draw_cards(match, index) for index in impact.side_indices}
        if impact.cards != "all":  # with side = "both", each named card goes to the sides whose deck holds it
            missing = [c for c in impact.cards if not any(c in cards for cards in possible.values())]
            if missing:
                sides = " or ".join(f"side {i + 1}'s ({self.spec.sides[i].faction})" for i in possible)
                can = "; ".join(f"side {i + 1}: {', '.join(cards)}" for i, cards in possible.items())
                raise InputError(f"{self.path}: impact.cards: {', '.join(missing)} never in {sides} deck, so a "
                                 f"forced draw cannot be measured; the cards that can: {can}")
        for index, cards in possible.items():
            chosen = cards if impact.cards == "all" else [c for c in impact.cards if c in cards]
            for card_id in chosen:
                for word, where in (("drawn", TOP), ("undrawn", BOTTOM)):
                    config_id = f"side{index + 1}.{word}={card_id}"
                    configs[config_id] = Experiment(self.spec, self.path, force=(index, card_id, where),
                                                    sweep_point=((f"side{index + 1}.{word}", card_id),))
        return configs

    def level_experiments(self) -> dict[str, "Experiment"]:
        """[levels]: each config of the spec's matchups ("base", or "<label i>~<label j>" of a round
        robin) at each level and turn-cap multiple: "level=<agent>", "level=<agent>,params.turn_cap=<turns>",
        "<label i>~<label j>,level=<agent>"; a round robin's matchup leads its id. Every config's
        sweep point says what it changed (the matchup, each side's agent, the turn cap), which is how
        sim.analysis.levels groups the configs that differ only in the agents."""
        levels = self.spec.levels
        assert levels is not None
        ruleset = self.ruleset
        base_cap = self.spec.params.get(TURN_CAP, ruleset.params_model.model_fields[TURN_CAP].default)
        round_robin = self.spec.matchups == "round_robin"
        configs: dict[str, Experiment] = {}
        for inner_id, inner in self.matchup_experiments().items():
            for factor in levels.caps:
                for level in levels.level_names(ruleset.agents):
                    # each level with its own search settings (sim.core.mcts.default_search), not the spec side's
                    sides = [_validated_side(side.model_copy(update={"search": None}), "agent", level, self.path,
                                             SweepAxis(side=i + 1, field="agent", values=[level]), ruleset)
                             for i, side in enumerate(inner.spec.sides)]
                    params = dict(inner.spec.params)
                    point: list[tuple[str, Any]] = [("matchup", inner_id)] if round_robin else []
                    point += [(f"side{i + 1}.agent", level) for i in range(len(sides))]
                    if factor != 1:
                        params[TURN_CAP] = base_cap * factor
                        point.append((f"params.{TURN_CAP}", params[TURN_CAP]))
                    parts = ([inner_id] if round_robin else []) + [f"level={_id_text(level)}"]
                    parts += [f"params.{TURN_CAP}={params[TURN_CAP]}"] if factor != 1 else []
                    sub = inner.spec.model_copy(update={"sides": sides, "params": params, "levels": None,
                                                        "matchups": "sides"})
                    configs[",".join(parts)] = Experiment(sub, self.path, sweep_point=tuple(point))
        return configs

    def matchup_experiments(self) -> dict[str, "Experiment"]:
        """The configs this spec asks for, by config id: "base" for a two-sided spec; for a round
        robin, one per pair of sides i <= j (mirrors included), named "<label i>~<label j>"."""
        spec = self.spec
        if spec.matchups == "sides":
            return {"base": self}
        names = [s.label or s.faction for s in spec.sides]
        if len(set(names)) != len(names):
            raise InputError(f"{self.path}: side: a round robin needs a distinct label (or faction) per [[side]]; "
                             f"got {', '.join(names)}")
        configs = {}
        for i in range(len(spec.sides)):
            for j in range(i, len(spec.sides)):
                pair = [spec.sides[i].model_copy(update={"label": spec.sides[i].label or names[i]}),
                        spec.sides[j].model_copy(update={"label": spec.sides[j].label or names[j]})]
                sub = spec.model_copy(update={"sides": pair, "matchups": "sides"})
                configs[f"{names[i]}~{names[j]}"] = Experiment(sub, self.path)
        return configs

    def spec_dict(self) -> dict:
        return self.spec.model_dump(by_alias=True, mode="json")

    def spec_hash(self) -> str:
        return spec_hash_of(self.spec_dict())


def load_spec(path: Path, games: int | None = None, seed: int | None = None,
              cards_dir: Path | None = None) -> Experiment:
    """Read and validate a spec; `games`, `seed` and `cards_dir` override the file's values (CLI
    flags). An overriding card folder is checked as `--cards` and stored as an absolute path: the
    spec then names the folder that was played wherever it is read from (its manifest, a replay),
    and its spec hash, like each config's cards hash, tells the run from one on other cards."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: is a folder; give an experiment spec file (.toml)")
    if cards_dir is not None:
        _check_cards_dir(Path(cards_dir), "--cards", "")
    data = read_toml(path)
    if games is not None:
        data["games"] = games
    if seed is not None:
        data["seed"] = seed
    if cards_dir is not None:
        data["cards_dir"] = str(Path(cards_dir).resolve())
    return load_spec_dict(data, path)


def load_spec_dict(data: dict[str, Any], source: Path) -> Experiment:
    """Validate an already-parsed spec, e.g. the copy a run's manifest keeps, so a run can be
    replayed from its own record even after the spec file was edited.

    `source` is where the spec came from: it names the place in error messages, and a relative
    `cards_dir` resolves against its folder, exactly as for the original file."""
    path = Path(source)
    try:
        spec = ExperimentSpec.model_validate(data)
    except ValidationError as exc:
        raise InputError("\n".join(spec_problems(exc.errors(), path))) from None
    ruleset = get_ruleset(spec.ruleset, source=str(path))
    if spec.kind not in ruleset.unit_kinds:
        raise InputError(f"{path}: kind: {ruleset.name} plays {' or '.join(map(repr, ruleset.unit_kinds))}, "
                         f"not {spec.kind!r}")
    defaults = ruleset.default_agents.get(spec.kind, {})
    sides = [side if "agent" in side.model_fields_set or i not in defaults
             else side.model_copy(update={"agent": defaults[i]}) for i, side in enumerate(spec.sides)]
    spec = spec.model_copy(update={"sides": [_side_for(ruleset, side, f"{path}: side[{i + 1}]")
                                             for i, side in enumerate(sides)]})
    experiment = Experiment(spec, path)
    cards_dir = experiment.cards_dir or ruleset.cards_dir
    if experiment.cards_dir is not None:
        _check_cards_dir(experiment.cards_dir, f"{path}: cards_dir", " (relative to the spec's folder)")
    side_fields = SIDE_FIELDS + tuple(ruleset.side_options.model_fields)
    for axis in spec.sweep.axes if spec.sweep else ():  # each value as the side it sets would take it
        if axis.side is not None:
            if axis.field not in side_fields and not str(axis.field).startswith(("weights.", "search.")):
                raise InputError(f"{path}: sweep axis {axis.label}: a {ruleset.name} side has no field "
                                 f"{axis.field!r}; choose {', '.join(side_fields)}, weights.<name> or search.<name>")
            for value in axis.values:
                _validated_side(spec.sides[axis.side - 1], str(axis.field), value, path, axis, ruleset)
    if spec.levels is not None:
        _check_levels(spec.levels, ruleset, path)
    factions = ruleset.list_factions(cards_dir)
    for index, side in enumerate(spec.sides):
        _check_faction(side.faction, factions, f"{path}: side[{index + 1}].faction", experiment.cards_dir, ruleset)
    for axis in spec.sweep.axes if spec.sweep else ():
        if axis.side is not None and axis.field == "faction":
            for value in axis.values:
                _check_faction(value, factions, f"{path}: sweep axis {axis.label}: value {value!r}",
                               experiment.cards_dir, ruleset)
    return experiment


def _check_levels(levels: LevelsSpec, ruleset: Ruleset, path: Path) -> None:
    """Every level of [levels] is one of the game's agents; caps beyond 1 need the game's turn cap."""
    unknown = [level for level in levels.level_names(ruleset.agents) if level not in ruleset.agents]
    if unknown:
        raise InputError(f"{path}: levels.levels: {ruleset.name} has no agent {', '.join(map(repr, unknown))}; "
                         f"its levels are {', '.join(ruleset.agents)}")
    if len(levels.level_names(ruleset.agents)) < 2:
        raise InputError(f"{path}: levels.levels: {ruleset.name} has one level besides random; name the levels to "
                         f"compare among {', '.join(ruleset.agents)}")
    if levels.caps != [1] and TURN_CAP not in ruleset.params_model.model_fields:
        raise InputError(f"{path}: levels.caps: {ruleset.name} has no rule parameter {TURN_CAP!r} to multiply; "
                         "remove caps")


def _check_cards_dir(cards_dir: Path, place: str, relative_to: str) -> None:
    """A card folder named by a spec's cards_dir or by --cards (`place`) exists and is a folder."""
    if link_problem(cards_dir):
        raise InputError(f"{place}: {cards_dir} {link_problem(cards_dir)}")
    if not cards_dir.exists():
        raise InputError(f"{place}: {cards_dir} does not exist; give the folder that holds the card files{relative_to}")
    if not cards_dir.is_dir():
        raise InputError(f"{place}: {cards_dir} is a file; give the folder that holds the card files")


def _check_faction(faction: str, factions: list[str], place: str, cards_dir: Path | None, ruleset: Any) -> None:
    """A faction is one of the ruleset's card files (of cards_dir when the spec names one), or a
    name the ruleset makes a side of otherwise (`made_factions`: rolplay's builder decks)."""
    made = getattr(ruleset, "made_factions", None)
    if faction not in factions and not (made is not None and made.fullmatch(faction)):
        where = f" (the card files in {cards_dir})" if cards_dir is not None else ""
        also = f"; {ruleset.made_factions_words}" if made is not None else ""
        raise InputError(f"{place}: no faction {faction!r}; the factions are "
                         f"{', '.join(factions) or 'none'}{where}{also}")


def _id_text(value: Any) -> str:
    """A value as it reads in a config id (which is also a folder name): no slashes or spaces."""
    return re.sub(r"[^A-Za-z0-9._+-]", "_", str(value))


def _validated_side(side: SideSpec, field_name: str, value: Any, path: Path, axis: SweepAxis,
                    ruleset: Ruleset) -> SideSpec:
    """The side with `field_name` (agent, faction, a side option, weights.<name> or search.<name>) set
    to `value`, validated as the [[side]] table itself would be. A point that sets a searching side's
    agent to a level that does not search plays without its search settings."""
    data = side.model_dump()
    if field_name.startswith("weights."):
        data["weights"] = {**data["weights"], field_name.split(".", 1)[1]: value}
    elif field_name.startswith("search."):
        data["search"] = {**(data.get("search") or {}), field_name.split(".", 1)[1]: value}
    else:
        data[field_name] = value
    if data["agent"] not in SEARCHING:
        data.pop("search", None)
    place = f"{path}: sweep axis {axis.label}: value {value!r}"
    try:
        changed = SideSpec.model_validate(data)
    except ValidationError as exc:
        raise InputError(f"{place}: {exc.errors()[0]['msg']}") from None
    return _side_for(ruleset, changed, place)


def _side_for(ruleset: Ruleset, side: SideSpec, place: str) -> SideSpec:
    """The side with its agent checked against the ruleset's and its side options validated by the
    ruleset's model, every option spelled out (defaults included), so the spec a manifest stores
    says everything the side played with."""
    if side.agent not in ruleset.agents:
        raise InputError(f"{place}.agent: {ruleset.name} has no agent {side.agent!r}; the agents are "
                         f"{', '.join(ruleset.agents)}")
    if side.search is not None and side.agent not in SEARCHING:
        raise InputError(f"{place}.search: only the hard and expert agents search, and this side plays "
                         f"{side.agent!r}: set agent = \"hard\" or \"expert\", or remove [side.search]")
    model = ruleset.side_options
    try:
        options = model.model_validate(side.options)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            name = field_path(err["loc"])
            if err["type"] == "extra_forbidden":
                takes = ", ".join(("faction", "label", "agent", "weights", "search") + tuple(model.model_fields))
                lines.append(f"{place}.{name}: a {ruleset.name} side has no {name!r}; it takes {takes}")
            else:
                lines.append(f"{place}.{name}: {err['msg']} (got {as_written(err.get('input'))})")
        raise InputError("\n".join(lines)) from None
    generic = side.model_dump(include={"faction", "label", "agent", "weights"})
    if side.agent in SEARCHING:  # every setting spelled out, defaults included (each level's own)
        generic["search"] = (side.search or default_search(side.agent, ruleset)).model_dump()
    return SideSpec.model_validate(generic | options.model_dump(mode="json"))


def dump_spec(spec: dict) -> str:
    """Pretty JSON of a spec, for manifests and messages."""
    return json.dumps(spec, indent=2, ensure_ascii=False)


def side_label(side: SideSpec, index: int) -> str:
    return side.label or default_label(side.faction, index)


def describe(spec: ExperimentSpec) -> dict[str, Any]:
    """A compact description for tables and reports."""
    return {
        "name": spec.name,
        "ruleset": spec.ruleset,
        "kind": spec.kind,
        "games": spec.games,
        "seed": spec.seed,
        "sides": [side_label(s, i) for i, s in enumerate(spec.sides)],
    }
