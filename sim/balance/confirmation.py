"""A balance search's confirmation (docs/balance.md, docs/statistics.md): the finalists and the
baseline on the held-out seed, which ranks them, then proposal 1 once more on the confirmation seed;
each proposal as proposals.json keeps it, its figures, their paired changes from the baseline and,
for a round robin, its Nash mix."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from sim.analysis.intervals import Z95
from sim.balance.card_effects import EffectTally, Slot, pair_mean_se
from sim.balance.objectives import Candidate, Effects, Figure, Tally, component_figure, gaps
from sim.balance.patch import card_patch
from sim.balance.search_plan import (BASE, Proposal, SearchPlan, candidate_slots, proposal_key, proposal_text,
                                     side_names)
from sim.balance.stages import GamesPlayed, Say, play_stage
from sim.run.executors import Executor
from sim.run.progress import ProgressReporter

CHOSEN_STAGE = "confirm_chosen"  # proposal 1 and the baseline on the confirmation seed (and its _effects)
READING = ("met", "worst", "distance", "figures", "metagame")  # what Measured.reading gives


@dataclass
class Measured:
    """A confirmation's games: each candidate's tallies by matchup suffix and, for a card_effect
    objective, its forced pairs by entry (every card its decks hold, from its own pairs only)."""

    tallies: dict[str, dict[str, Tally]]
    effects: dict[str, dict[Slot, EffectTally]]

    def figures(self, plan: SearchPlan, proposal: Proposal) -> list[Figure]:
        key = proposal_key(proposal)
        effects = None
        if plan.measures_effects:
            effects = Effects(candidate_slots(plan, proposal), self.effects.get(key, {}))
        return [component_figure(plan, c, self.tallies[key], self.tallies[BASE], False, effects)
                for c in plan.components]

    def paired_changes(self, plan: SearchPlan, proposal: Proposal) -> list[dict[str, float] | None]:
        """Each figure's change from the baseline on the same games, paired game by game (None for a
        figure compared side by side: a first-player advantage, a card effect)."""
        tallies = self.tallies[proposal_key(proposal)]
        out: list[dict[str, float] | None] = []
        for comp in plan.components:
            if comp.figure in ("first_player_advantage", "card_effect"):
                out.append(None)
                continue
            suffixes = ([plan.matchups[comp.matchup].suffix] if comp.matchup is not None else
                        [m.suffix for m in plan.matchups if not m.mirror and comp.faction in (m.i, m.j)])
            diff = var = 0.0
            k = 1 if comp.matchup is not None else len(plan.experiment.spec.sides)
            for suffix in suffixes:
                m = next(x for x in plan.matchups if x.suffix == suffix)
                t = tallies[suffix]
                if comp.figure == "cap_draw_share":  # a share of the games: no side to read it from
                    diff, se = t.kd1 / t.paired, pair_mean_se(t.kd1, t.kd2, t.paired, t.kdc1, t.kdc2, t.dc)
                    var = se * se
                    continue
                mean, se = t.d1 / t.paired, pair_mean_se(t.d1, t.d2, t.paired, t.dc1, t.dc2, t.dc)
                sign = -1.0 if (comp.flip or (comp.faction is not None and m.j == comp.faction)) else 1.0
                diff += sign * mean / k
                var += se * se / (k * k)
            out.append({"diff": diff, "low": diff - Z95 * math.sqrt(var), "high": diff + Z95 * math.sqrt(var)})
        return out

    def reading(self, plan: SearchPlan, proposal: Proposal) -> dict[str, Any]:
        """A proposal as these games read it: met, its gaps, its figures with their paired changes
        and, for a round robin, its Nash mix."""
        figures = self.figures(plan, proposal)
        g = gaps(plan.components, figures)
        items = figures_dict(plan, figures)
        for item, change in zip(items, self.paired_changes(plan, proposal)):
            item["paired_change"] = change
        return {"met": g["worst"] <= 1.0, "worst": g["worst"], "distance": g["distance"], "figures": items,
                "metagame": confirmed_metagame(plan, self.tallies[proposal_key(proposal)])}


def play_confirmation(plan: SearchPlan, name: str, proposals: Sequence[Proposal], seed: int, folder: Path,
                      executor: Executor, progress: ProgressReporter, overwrite: bool, say: Say,
                      played: GamesPlayed) -> Measured:
    """The proposals (the baseline first) on `confirm_games` games of `seed` (the stage `name`) and,
    for a card_effect objective, every card of their decks drawn and undrawn on
    `confirm_effect_games` games of the same seed (the stage `name`_effects)."""
    b = plan.balance
    stage = play_stage(plan, name, proposals, b.confirm_games, seed, folder, executor, progress, overwrite)
    played.add(stage)
    effects: dict[str, dict[Slot, EffectTally]] = {}
    if plan.measures_effects:
        say(f"  and their card effects on the same seed, {b.confirm_effect_games:,} games per forced config")
        forced = {proposal_key(p): candidate_slots(plan, p) for p in proposals}
        measured = play_stage(plan, f"{name}_effects", proposals, b.confirm_effect_games, seed, folder, executor,
                              progress, overwrite, forced, ordinary=False)
        played.add(measured)
        effects = measured.effects
    return Measured(stage.tallies, effects)


def ranked_proposals(plan: SearchPlan, chosen: list[Candidate], held_out: Measured) -> list[dict[str, Any]]:
    """The finalists as proposals.json keeps them, ranked on the held-out games: meeting every
    objective first, then fewer edits, then the worst gap."""
    proposals = [{"candidate": cand.key, "edits": [e.as_dict() for e in cand.proposal],
                  "edits_text": proposal_text(cand.proposal), **held_out.reading(plan, cand.proposal),
                  "search_figures": figures_dict(plan, cand.figures),
                  "search_games": cand.tallies[plan.matchups[0].suffix].n,
                  "patch": card_patch(cand.proposal, plan.cards_dir)} for cand in chosen]
    proposals.sort(key=lambda p: (not p["met"], len(p["edits"]), p["worst"]))
    for rank, p in enumerate(proposals, 1):
        p["rank"] = rank
    return proposals


def confirm_chosen(plan: SearchPlan, first: dict[str, Any], proposal: Proposal, fresh: Measured,
                   among: int) -> dict[str, Any]:
    """Proposal 1 read on the confirmation seed's games: those become its figures, and its held-out
    reading, the one it was chosen on, is kept as `selection`. Returns the confirmation's own part
    of proposals.json: its seed, games and the baseline on the same games."""
    first["selection"] = {key: first[key] for key in READING}
    first.update(fresh.reading(plan, proposal))
    b = plan.balance
    return {"seed": plan.confirmation_seed, "games": b.confirm_games,
            "effect_games": b.confirm_effect_games if plan.measures_effects else None,
            "candidate": first["candidate"], "rank": first["rank"], "among": among,
            "baseline": figures_dict(plan, fresh.figures(plan, ())),
            "baseline_metagame": confirmed_metagame(plan, fresh.tallies[BASE])}


def card_files(plan: SearchPlan) -> list[Path]:
    """The card (and deck) files the spec's factions are read from."""
    ruleset = plan.experiment.ruleset
    return [path for faction in dict.fromkeys(s.faction for s in plan.experiment.spec.sides)
            for path in ruleset.load_cards(faction, plan.cards_dir).files]


def figures_dict(plan: SearchPlan, figures: list[Figure]) -> list[dict]:
    """The figures as proposals.json keeps them; a card_effect's with its worst card (`card`,
    `card_name`), every bounded card's figure (`cards`, best first) and the cards out of every deck
    (`absent`). A card_effect that no deck can measure any more has value null and is not met."""
    out = []
    for comp, fig in zip(plan.components, figures):
        low, high = fig.interval()
        measured = not math.isnan(fig.value)
        item = {"name": comp.name, "figure": comp.figure, "a": comp.a, "b": comp.b, "bounds": list(comp.cards),
                "target": comp.target, "tolerance": comp.tolerance,
                "value": fig.value if measured else None, "low": low if measured else None,
                "high": high if measured else None, "n": fig.n,
                "met": measured and abs(fig.value - comp.target) <= comp.tolerance,
                "interval_inside": measured and comp.target - comp.tolerance <= low and high <= comp.target + comp.tolerance}
        if comp.figure == "card_effect":
            item["card"], item["card_name"] = fig.card, plan.card_names.get(fig.card or "", "")
            item["cards"] = [card.as_dict(Z95) | {"name": plan.card_names.get(card.card, ""),
                                                  "met": abs(card.value - comp.target) <= comp.tolerance}
                             for card in sorted(fig.cards, key=lambda c: (-c.value, c.card))]
            item["absent"] = [{"card": card, "name": plan.card_names.get(card, "")} for card in fig.absent]
        out.append(item)
    return out


def confirmed_metagame(plan: SearchPlan, tallies: dict[str, Tally]) -> dict[str, Any] | None:
    """A round robin's Nash mix (sim.analysis.metagame.nash_mix) from one candidate's held-out
    games: each cell the row faction's win rate, mirrors at 50%; None for a two-sided spec."""
    from sim.analysis.metagame import nash_mix

    if plan.experiment.spec.matchups != "round_robin":
        return None
    names = side_names(plan.experiment)
    k = len(names)
    matrix = np.full((k, k), 0.5)
    games = np.zeros((k, k), dtype=np.int64)
    for m in plan.matchups:
        if m.mirror:
            continue
        t = tallies[m.suffix]
        matrix[m.i, m.j], matrix[m.j, m.i] = t.score / t.n, 1 - t.score / t.n
        games[m.i, m.j] = games[m.j, m.i] = t.n
    mix = nash_mix(matrix, names)
    return {"names": names, "matrix": matrix.tolist(), "games": games.tolist(), "mix": mix.mix.tolist(),
            "support": list(mix.support), "value": mix.value, "win_rate_vs_mix": mix.win_rate_vs_mix.tolist(),
            "exploitability": mix.exploitability.tolist(), "best_response": list(mix.best_response)}
