"""The balance search's plan (docs/balance.md): the [balance] table checked against the ruleset and
the spec, and what follows from it before a game is played: the matchups, the components an
objective constrains, the moves (every single edit the search space allows, each checked by the card
rules), the seeds of every rung, a candidate as an ordinary config (`stage_experiment`), and the
deck entries of the cards a card_effect objective bounds."""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import polars as pl

from sim.balance.card_effects import Slot, deck_slots
from sim.balance.patch import PARAMS, Edit
from sim.balance.spec import BalanceSpec, EditRule, balance_spec
from sim.core.errors import InputError
from sim.run.spec import Experiment

BASE = "base"

Proposal = tuple[Edit, ...]  # sorted, at most one edit per (target, field)


def proposal_key(proposal: Proposal) -> str:
    """A candidate's config id: "base" for no edit, else "p" and a hash of its edits (stable, so a
    rerun finds the chunks it played)."""
    if not proposal:
        return BASE
    text = ";".join(f"{e.target}.{e.field}={e.new}" for e in proposal)
    return "p" + hashlib.sha256(text.encode()).hexdigest()[:12]


def proposal_text(proposal: Proposal) -> str:
    return ", ".join(e.text() for e in proposal) or "(no edit: the baseline)"


def confirmation_seed(seed: int, held_out_seed: int, used: set[int]) -> int:
    """The seed proposal 1 is confirmed on once the held-out games chose it: mixed from the spec's
    seed and its held-out seed (so that a new held-out seed brings a new confirmation seed too), the
    first of that sequence none of `used` (every rung's, the card effects', the held-out and the
    spec's own seed) is."""
    for attempt in itertools.count():
        state = np.random.SeedSequence([seed, held_out_seed, attempt, 0xC0F1]).generate_state(1, dtype=np.uint64)[0]
        if int(state >> np.uint64(1)) not in used:
            return int(state >> np.uint64(1))
    raise AssertionError("itertools.count() does not end")


def rung_seed(seed: int, round_no: int, rung: int) -> int:
    """The seed of one rung: mixed from the spec's seed, the round and the rung, so each rung plays
    fresh games and none of them is the held-out seed's (checked by plan_search)."""
    state = np.random.SeedSequence([seed, round_no, rung, 0xBA1A]).generate_state(1, dtype=np.uint64)[0]
    return int(state >> np.uint64(1))


@dataclass(frozen=True)
class Matchup:
    """One pair of sides a candidate plays: side indices i <= j of the spec, their names, and the
    suffix of its config ids ("" in a two-sided spec)."""

    i: int
    j: int
    a: str
    b: str
    suffix: str

    @property
    def mirror(self) -> bool:
        return self.i == self.j


@dataclass(frozen=True)
class Component:
    """One number an objective constrains: a figure of one matchup or faction, its target, tolerance."""

    name: str
    figure: str
    target: float
    tolerance: float
    matchup: int | None = None  # index into SearchPlan.matchups (win_rate, first_player_advantage, cap_draw_share)
    flip: bool = False  # win_rate read from the column side (a~b named the other way round)
    faction: int | None = None  # side index (field_win_rate; card_effect: that side's cards only)
    cards: tuple[str, ...] = ()  # card_effect: the cards it bounds (empty: every card of the decks)
    a: str = ""  # the names its label takes in either language: the row side or the faction...
    b: str = ""  # ... and the column side


@dataclass
class SearchPlan:
    experiment: Experiment
    balance: BalanceSpec
    matchups: list[Matchup]
    components: list[Component]
    moves: list[Edit]
    refused: list[tuple[Edit, str]]
    cards_dir: Path
    owners: dict[str, set[str]] = field(default_factory=dict)  # card id -> the factions holding it
    seeds: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, rung) -> seed; (0, 1) the effects'
    card_names: dict[str, str] = field(default_factory=dict)
    # card_effect objectives: the cards any of them bounds (None: every card), and each candidate's
    # decks' entries of those cards (by candidate key; a card edit may change what a drafter takes)
    effect_pool: frozenset[str] | None = None
    slot_cache: dict[str, list[Slot]] = field(default_factory=dict)
    watched: frozenset[str] = frozenset()  # cards every candidate measures (set from the baseline's effects)
    confirmation_seed: int = 0  # proposal 1's second confirmation (confirmation_seed)

    @property
    def measures_effects(self) -> bool:
        return any(c.figure == "card_effect" for c in self.components)

    @property
    def effect_matchups(self) -> list[Matchup]:
        """The matchups a card's effect is read over: the spec's two sides, or in a round robin
        every matchup but the mirrors (a card's effect against a uniform field of the others)."""
        return [m for m in self.matchups if not m.mirror]


def _frame_column(frame: pl.DataFrame, name: str) -> str | None:
    """A card field's column in a pool's frame (dicedraft's `def` is the column `def_`)."""
    for column in (name, f"{name}_"):
        if column in frame.columns and frame.schema[column].is_integer():
            return column
    return None


def side_names(experiment: Experiment) -> list[str]:
    return [s.label or s.faction for s in experiment.spec.sides]


def _matchups(experiment: Experiment) -> list[Matchup]:
    names = side_names(experiment)
    if experiment.spec.matchups == "sides":
        return [Matchup(0, 1, names[0], names[1], "")]
    k = len(names)
    return [Matchup(i, j, names[i], names[j], f".m{i}{j}") for i in range(k) for j in range(i, k)]


def _find_matchup(matchups: list[Matchup], text: str, experiment: Experiment, place: str) -> tuple[int, bool]:
    a, b = text.split("~")
    sides = experiment.spec.sides
    for index, m in enumerate(matchups):
        names_i = {m.a, sides[m.i].faction}
        names_j = {m.b, sides[m.j].faction}
        if a in names_i and b in names_j:
            return index, False
        if b in names_i and a in names_j:
            return index, True
    choices = ", ".join(f"{m.a}~{m.b}" for m in matchups)
    raise InputError(f"{place}.matchup: no matchup {text!r} in this spec; the matchups are {choices}")


def _components(experiment: Experiment, balance: BalanceSpec, matchups: list[Matchup], place: str) -> list[Component]:
    robin = experiment.spec.matchups == "round_robin"
    names = side_names(experiment)
    out: list[Component] = []
    for index, obj in enumerate(balance.objectives):
        where = f"{place}: balance.objective[{index + 1}]"
        if obj.figure == "field_win_rate":
            if not robin:
                raise InputError(f"{where}.figure: field_win_rate is a round robin's figure (matchups = "
                                 "\"round_robin\"); a two-sided spec's is win_rate")
            factions = range(len(names))
            if obj.faction is not None:
                found = [i for i, s in enumerate(experiment.spec.sides) if obj.faction in (names[i], s.faction)]
                if not found:
                    raise InputError(f"{where}.faction: no faction {obj.faction!r}; the spec's are {', '.join(names)}")
                factions = found[:1]
            out += [Component(f"{names[i]} vs field", obj.figure, obj.target, obj.tolerance, faction=i, a=names[i])
                    for i in factions]
            continue
        if obj.figure == "card_effect":
            faction = None
            if obj.faction is not None:
                found = [i for i, s in enumerate(experiment.spec.sides) if obj.faction in (names[i], s.faction)]
                if not found:
                    raise InputError(f"{where}.faction: no faction {obj.faction!r}; the spec's are {', '.join(names)}")
                faction = found[0]
            whose = f"{names[faction]} " if faction is not None else ""
            label = f" ({', '.join(obj.cards)})" if obj.cards and len(obj.cards) <= 4 else ""
            out.append(Component(f"{whose}card effect{label}" if label or whose else "card effect", obj.figure,
                                 obj.target, obj.tolerance, faction=faction, cards=tuple(obj.cards or ()),
                                 a=names[faction] if faction is not None else ""))
            continue
        if obj.matchup is not None:
            m, flip = _find_matchup(matchups, obj.matchup, experiment, where)
            chosen = [(m, flip)]
        elif obj.figure == "win_rate":
            chosen = [(i, False) for i, m in enumerate(matchups) if not m.mirror]
        else:
            chosen = [(i, False) for i in range(len(matchups))]
        word = {"win_rate": "win rate", "first_player_advantage": "first-player advantage",
                "cap_draw_share": "cap-draw share"}[obj.figure]
        for m, flip in chosen:
            a, b = (matchups[m].b, matchups[m].a) if flip else (matchups[m].a, matchups[m].b)
            out.append(Component(f"{a} vs {b} {word}", obj.figure, obj.target, obj.tolerance, matchup=m, flip=flip,
                                 a=a, b=b))
    seen: dict[str, int] = {}
    for k, comp in enumerate(out):  # names are the path's columns: two objectives on one figure stay apart
        seen[comp.name] = seen.get(comp.name, 0) + 1
        if seen[comp.name] > 1:
            out[k] = replace(comp, name=f"{comp.name} #{seen[comp.name]}")
    return out


def _moves(experiment: Experiment, balance: BalanceSpec, cards_dir: Path, place: str) -> tuple[list[Edit], list[tuple[Edit, str]]]:
    ruleset = experiment.ruleset
    factions = list(dict.fromkeys(s.faction for s in experiment.spec.sides))
    pools = {f: ruleset.load_cards(f, cards_dir) for f in factions}
    owner: dict[str, str] = {}
    for faction, pool in pools.items():
        for card_id in pool.ids:
            owner.setdefault(card_id, faction)
    unknown = [c for c in balance.frozen if c not in owner]
    if unknown:
        raise InputError(f"{place}: balance.frozen: {', '.join(unknown)} not among the cards of {', '.join(factions)}")
    frozen = set(balance.frozen)
    candidates: dict[tuple[str, str, int], Edit] = {}
    base_params = stage_experiment(experiment, (), experiment.spec.games, experiment.spec.seed,
                                   _matchups(experiment)[0]).compile().params.model_dump()
    for index, rule in enumerate(balance.edits):
        where = f"{place}: balance.edit[{index + 1}]"
        if rule.param is not None:
            if rule.param not in base_params or isinstance(base_params[rule.param], bool) \
                    or not isinstance(base_params[rule.param], int):
                whole = ", ".join(k for k, v in base_params.items() if isinstance(v, int) and not isinstance(v, bool))
                raise InputError(f"{where}.param: {ruleset.name} has no whole-number parameter {rule.param!r}; "
                                 f"the parameters are {whole}")
            old = int(base_params[rule.param])
            _check_bounds(experiment, rule, Edit(PARAMS, rule.param, old, old), cards_dir, pools, owner, where)
            for value in range(int(rule.min), int(rule.max) + 1, rule.step):
                if value != old:
                    candidates[(PARAMS, rule.param, value)] = Edit(PARAMS, rule.param, old, value)
            continue
        if rule.card is not None:
            if rule.card not in owner:
                raise InputError(f"{where}.card: no card {rule.card!r} among the cards of {', '.join(factions)}")
            if rule.card in frozen:
                raise InputError(f"{where}.card: {rule.card} is frozen (balance.frozen); unfreeze it or drop this edit")
            frame = pools[owner[rule.card]].frame
            column = _frame_column(frame, str(rule.field))
            if column is None:
                raise InputError(f"{where}.field: {rule.card} has no whole-number field {rule.field!r}")
            old = int(frame.filter(pl.col("id") == rule.card)[column][0])
            _check_bounds(experiment, rule, Edit(rule.card, str(rule.field), old, old), cards_dir, pools, owner, where)
            for value in range(int(rule.min), int(rule.max) + 1, rule.step):
                if value != old:
                    candidates[(rule.card, str(rule.field), value)] = Edit(rule.card, str(rule.field), old, value)
            continue
        chosen = rule.factions or factions
        missing = [f for f in chosen if f not in pools]
        if missing:
            raise InputError(f"{where}.factions: {', '.join(missing)} is not a side of this spec ({', '.join(factions)})")
        for faction in chosen:
            frame = pools[faction].frame
            if "kind" not in frame.columns:
                raise InputError(f"{where}.kinds: {ruleset.name} cards have no kind; name cards one by one "
                                 "({ card = \"...\", field = \"...\", min = ..., max = ... })")
            kinds = set(frame["kind"].to_list())
            absent = [k for k in rule.kinds or () if k not in kinds]
            if absent:
                raise InputError(f"{where}.kinds: no {faction} card is of kind {', '.join(map(repr, absent))}; the "
                                 f"kinds are {', '.join(sorted(kinds))}")
            for name in rule.fields or ():
                column = _frame_column(frame, name)
                if column is None:
                    raise InputError(f"{where}.fields: {faction} cards have no whole-number field {name!r}")
                rows = frame.filter(pl.col("kind").is_in(list(rule.kinds or ())))
                for card_id, old in zip(rows["id"].to_list(), rows[column].to_list()):
                    if card_id in frozen:
                        continue
                    for delta in rule.deltas():
                        candidates[(card_id, name, int(old) + delta)] = Edit(card_id, name, int(old), int(old) + delta)
    moves, refused = [], []
    for move in sorted(candidates.values()):
        problem = _refusal(experiment, move, cards_dir, pools, owner)
        if problem is None:
            moves.append(move)
        else:
            refused.append((move, problem))
    if not moves:
        raise InputError(f"{place}: balance.edit: the search space holds no legal edit"
                         + (f" ({len(refused)} refused by the card rules)" if refused else ""))
    return moves, refused


def _check_bounds(experiment: Experiment, rule: EditRule, unchanged: Edit, cards_dir: Path, pools: dict,
                  owner: dict[str, str], where: str) -> None:
    """A card or param edit's min and max are values its field can take: a bound outside the field's
    own range (a negative ATQ, a life of 0) is a mistake in the spec, named here, not a search space
    whose moves the card rules then quietly refuse one by one."""
    for bound in ("min", "max"):
        value = int(getattr(rule, bound))
        problem = _refusal(experiment, replace(unchanged, new=value), cards_dir, pools, owner)
        if problem is not None:
            what = unchanged.label if unchanged.is_card else f"params.{unchanged.field}"
            raise InputError(f"{where}.{bound}: {value} is outside the range {what} can take; its rules refuse it: "
                             f"{problem}")


def _refusal(experiment: Experiment, move: Edit, cards_dir: Path, pools: dict, owner: dict[str, str]) -> str | None:
    """Why the card rules or parameters refuse a move (None when they take it)."""
    ruleset = experiment.ruleset
    try:
        if move.is_card:
            ruleset.load_cards(owner[move.target], cards_dir, {move.target: {move.field: move.new}})
        else:
            ruleset.compile(stage_experiment(experiment, (move,), experiment.spec.games, experiment.spec.seed,
                                             _matchups(experiment)[0]).match_config())
    except InputError as exc:
        return str(exc).splitlines()[0]
    return None


def plan_search(experiment: Experiment) -> SearchPlan:
    """Check the [balance] table against the ruleset and the spec, and list the moves."""
    balance = balance_spec(experiment)
    place = str(experiment.path)
    if balance is None:
        raise InputError(f"{place}: no [balance] table; `sim balance` needs one (docs/balance.md)")
    cards_dir = experiment.cards_dir or experiment.ruleset.cards_dir
    matchups = _matchups(experiment)
    components = _components(experiment, balance, matchups, place)
    if not any(c.figure == "first_player_advantage" and matchups[c.matchup].mirror for c in components):
        matchups_used = {c.matchup for c in components if c.matchup is not None}
        matchups = [m for i, m in enumerate(matchups) if not m.mirror or i in matchups_used]
        components = _components(experiment, balance, matchups, place)
    moves, refused = _moves(experiment, balance, cards_dir, place)
    ruleset = experiment.ruleset
    owners: dict[str, set[str]] = {}
    for faction in dict.fromkeys(s.faction for s in experiment.spec.sides):
        for card_id in ruleset.load_cards(faction, cards_dir).ids:
            owners.setdefault(card_id, set()).add(faction)
    names = {}
    for faction in dict.fromkeys(s.faction for s in experiment.spec.sides):
        frame = ruleset.load_cards(faction, cards_dir).frame
        if "name" in frame.columns:
            names.update(zip(frame["id"].to_list(), frame["name"].to_list()))
    plan = SearchPlan(experiment, balance, matchups, components, moves, refused, Path(cards_dir), owners,
                      card_names=names)
    for r in range(1, balance.max_edits + 1):
        for j in range(1, balance.rungs + 1):
            plan.seeds[(r, j)] = rung_seed(experiment.spec.seed, r, j)
    if plan.measures_effects:
        plan.seeds[(0, 1)] = rung_seed(experiment.spec.seed, 0, 1)  # the baseline's card effects
        _check_effect_objectives(plan, place)
    if balance.held_out_seed in plan.seeds.values():
        raise InputError(f"{place}: balance.held_out_seed: {balance.held_out_seed} is one of the search's rung seeds; "
                         "choose another")
    plan.confirmation_seed = confirmation_seed(experiment.spec.seed, balance.held_out_seed,
                                               {*plan.seeds.values(), balance.held_out_seed, experiment.spec.seed})
    return plan


def _check_effect_objectives(plan: SearchPlan, place: str) -> None:
    """Every card a card_effect objective names is one of the spec's cards and in a deck the
    baseline drafts (a card never in a deck has no forced draw); every objective bounds some card."""
    pools = [set(c.cards) for c in plan.components if c.figure == "card_effect"]
    plan.effect_pool = None if any(not p for p in pools) else frozenset().union(*pools)
    slots = candidate_slots(plan, ())
    numbers = [k + 1 for k, obj in enumerate(plan.balance.objectives) if obj.figure == "card_effect"]
    for number, comp in zip(numbers, [c for c in plan.components if c.figure == "card_effect"]):
        where = f"{place}: balance.objective[{number}]"
        unknown = [c for c in comp.cards if c not in plan.owners]
        if unknown:
            raise InputError(f"{where}.cards: {', '.join(unknown)} not among the cards of "
                             f"{', '.join(dict.fromkeys(s.faction for s in plan.experiment.spec.sides))}")
        held = {e[2] for e in slots if bounds(plan, replace(comp, cards=()), e)}  # its faction's decks
        never = [c for c in comp.cards if c not in held]
        if never:
            raise InputError(f"{where}.cards: {', '.join(never)} never in a deck of this spec's sides, so a forced "
                             f"draw cannot measure {'it' if len(never) == 1 else 'them'}; the decks hold "
                             f"{', '.join(sorted(held)) or 'none of the cards'}")
        if not held:
            raise InputError(f"{where}: no card of {comp.name!r} is in a deck of this spec's sides")


def stage_experiment(experiment: Experiment, proposal: Proposal, games: int, seed: int, matchup: Matchup,
                     owners: dict[str, set[str]] | None = None) -> Experiment:
    """One candidate in one matchup as an ordinary config: the spec's sides (the pair of a round
    robin), its params with the proposal's parameter edits, its card edits as card overrides (only
    those of cards the pair's factions hold, `owners`: card id -> factions; a matchup without the
    card plays as the baseline's, on the same games)."""
    spec = experiment.spec
    params = dict(spec.params)
    params.update({e.field: e.new for e in proposal if not e.is_card})
    sides = [spec.sides[matchup.i].model_copy(update={"label": matchup.a}),
             spec.sides[matchup.j].model_copy(update={"label": matchup.b})]
    if spec.matchups == "sides":
        sides = list(spec.sides)
    sub = spec.model_copy(update={"sides": sides, "matchups": "sides", "params": params, "games": games,
                                  "seed": seed, "balance": None})
    point = tuple((e.label, e.new) for e in proposal)
    if spec.matchups == "round_robin":
        point += (("matchup", f"{matchup.a}~{matchup.b}"),)
    pair = {spec.sides[matchup.i].faction, spec.sides[matchup.j].faction} if spec.matchups == "round_robin" else None
    cards = tuple((e.target, e.field, e.new) for e in proposal
                  if e.is_card and (pair is None or owners is None or owners.get(e.target, set()) & pair))
    return Experiment(sub, experiment.path, cards, point)


def slot_side(plan: SearchPlan, entry: Slot) -> int:
    """The spec's side index of a (matchup suffix, slot, card) entry."""
    m = next(x for x in plan.matchups if x.suffix == entry[0])
    return m.i if entry[1] == 0 else m.j


def bounds(plan: SearchPlan, comp: Component, entry: Slot) -> bool:
    """Whether a card_effect component bounds a (matchup suffix, slot, card) entry: its `cards`
    (every card when none is named) of its `faction`'s seat (every seat when none is named)."""
    return ((not comp.cards or entry[2] in comp.cards)
            and (comp.faction is None or slot_side(plan, entry) == comp.faction))


def candidate_slots(plan: SearchPlan, proposal: Proposal) -> list[Slot]:
    """A candidate's decks' entries of the cards the card_effect objectives bound: (matchup suffix,
    slot, card) for every effect matchup and seat (of a bounded faction) whose deck, drafted with the
    candidate's edits, can hold the card (kept per candidate: drafting a deck is not free)."""
    key = proposal_key(proposal)
    if key not in plan.slot_cache:
        spec = plan.experiment.spec
        effect_comps = [c for c in plan.components if c.figure == "card_effect"]
        plan.slot_cache[key] = [entry for m in plan.effect_matchups for entry in deck_slots(
            m.suffix, stage_experiment(plan.experiment, proposal, spec.games, spec.seed, m, plan.owners),
            plan.effect_pool) if any(bounds(plan, c, entry) for c in effect_comps)]
    return plan.slot_cache[key]


def screened_slots(plan: SearchPlan, proposal: Proposal, watch: bool = True) -> list[Slot]:
    """The entries a candidate forces on a rung's games: its edited cards', those its edits bring
    into a deck the baseline did not hold them in, and with `watch` the watched cards'
    (`watch_cards`); every entry when it edits a rule parameter. The others are read from the
    baseline's measurement (sim.balance.card_effects: the screening's approximation; the
    confirmation measures them all)."""
    slots = candidate_slots(plan, proposal)
    if any(not e.is_card for e in proposal):
        return slots
    measured = {e.target for e in proposal} | (plan.watched if watch else frozenset())
    base = set(candidate_slots(plan, ()))
    return [e for e in slots if e[2] in measured or e not in base]
