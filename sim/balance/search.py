"""The balance search: from a spec's [balance] to ranked, confirmed proposals (docs/balance.md).

1. Moves: every single change the search space allows (sim.balance.spec.EditRule), each checked by
   the card rules (a cost below 0 or a RES of 0 is refused there and left out, with the reason).
2. Rounds: round 1 measures the baseline and every single move; round k adds one move to each of
   the `beam` best proposals of round k-1, taken from the `combine` best single moves of round 1
   (local moves and their combinations), up to `max_edits` edits.
3. Each round is successive halving: every candidate plays the same `screen_games` games as the
   baseline (same seed, same seat-mirrored pairs: common random numbers, so only the edit differs
   between two candidates' game i); then the candidates whose distance to the target is clearly
   worse than the best's (racing: the lower end of their 95% interval above the upper end of the
   best's) are dropped, and of the rest the best fraction `keep` goes on to twice the games on a
   fresh seed, for `rungs` rungs. A candidate's estimate pools every rung it played, read against
   the baseline on the same games (the baseline's win rate from all its games plus the candidate's
   paired difference from it: a control variate), so screening with few games still ranks well.
4. Confirmation: the best `proposals` proposals and the baseline play `confirm_games` on
   `held_out_seed`, a seed the search never played, and those figures, not the search's, rank
   them: the search's best estimates are biased upwards by having been chosen (the winner's
   curse), fresh games are not. Proposal 1 is then chosen on the held-out games too, as the best
   of the finalists, so its held-out figures are the best of several readings and favour it in
   turn: it and the baseline play `confirm_games` once more on a second fresh seed
   (`confirmation_seed`, derived from the spec's seeds, none of the seeds before it), and those are
   its figures; the held-out ones stay beside them as the selection's.

Every rung and the confirmation are ordinary runs of sim.run.runner (any executor, Ray included),
written under <results>/<spec name>.balance/; rerunning the same command skips every chunk already
played, and the search, being a pure function of the games, takes the same path again (the same
proposal 1, confirmed on the same seed). The path (every candidate at every rung, its figures, and
whether it went on) is `path.parquet`, the ranked proposals with their patches `proposals.json`;
each finished search adds its held-out seed and cards to `held_out_uses.json`
(sim.balance.held_out), and says when an earlier search used that seed on other cards.

By stage: the plan (sim.balance.search_plan: moves, matchups, components, seeds), the figures an
objective reads (sim.balance.objectives), playing candidates through the runner
(sim.balance.stages), the rounds and the search itself (here), the confirmation
(sim.balance.confirmation).
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from sim.balance.card_effects import EffectTally, Slot
from sim.balance.confirmation import (CHOSEN_STAGE, Measured, card_files, confirm_chosen, confirmed_metagame,
                                      figures_dict, play_confirmation, ranked_proposals)
from sim.balance.held_out import earlier_uses_on_other_cards, held_out_use, record_use
from sim.balance.objectives import Candidate, Effects, Tally, component_figure, gaps, watch_cards
from sim.balance.patch import Edit
from sim.balance.search_plan import (BASE, Proposal, SearchPlan, candidate_slots, plan_search, proposal_key,
                                     proposal_text, screened_slots)
from sim.balance.stages import GamesPlayed, Say, play_stage
from sim.core.errors import InputError, SaidError
from sim.results.atomic_files import parquet_bytes, write_bytes_atomic, write_json_atomic
from sim.run.executors import Executor, SerialExecutor
from sim.run.progress import ProgressReporter, SilentProgress
from sim.run.spec import Experiment

PATH_FILE = "path.parquet"
PROPOSALS_FILE = "proposals.json"
REPORT_FILE = "report.html"
FORMAT = 1


def balance_dir(results: Path, experiment: Experiment) -> Path:
    """Where a spec's search lives: <results>/<spec name>.balance/ (beside, never inside, its runs)."""
    return Path(results) / f"{experiment.spec.name}.balance"


@dataclass
class SearchResult:
    folder: Path
    plan: SearchPlan
    record: dict[str, Any]
    path: pl.DataFrame


def _evaluate(plan: SearchPlan, cand: Candidate, base: dict[str, Tally], base_effects: dict[Slot, EffectTally]) -> None:
    """A candidate's figures in the screening: paired with the baseline's games; its card effects
    from its own forced pairs, the baseline's standing in for the entries it did not play."""
    effects = None
    if plan.measures_effects:
        effects = Effects(candidate_slots(plan, cand.proposal), cand.effects, base_effects if cand.proposal else None)
    cand.figures = [component_figure(plan, c, cand.tallies, base, True, effects) for c in plan.components]
    cand.gaps = gaps(plan.components, cand.figures)


def _extend(proposal: Proposal, move: Edit) -> Proposal | None:
    if any(e.target == move.target and e.field == move.field for e in proposal):
        return None
    return tuple(sorted(proposal + (move,)))


def _path_rows(plan: SearchPlan, round_no: int, rung: int, seed: int, games: int, cands: list[Candidate],
               kept: set[str], raced: set[str]) -> list[dict]:
    rows = []
    for cand in cands:
        row = {"round": round_no, "rung": rung, "seed": seed, "games": games, "candidate": cand.key,
               "edits": proposal_text(cand.proposal), "n_edits": len(cand.proposal),
               "kept": cand.key in kept, "dropped": "race" if cand.key in raced else ("" if cand.key in kept else "halving")}
        row.update({k: float(v) for k, v in cand.gaps.items()})
        for comp, fig in zip(plan.components, cand.figures):
            low, high = fig.interval()
            row.update({f"{comp.name}": fig.value, f"{comp.name} low": low, f"{comp.name} high": high})
            if comp.figure == "card_effect":
                row[f"{comp.name} card"] = fig.card or ""
        rows.append(row)
    return rows


def run_round(plan: SearchPlan, round_no: int, proposals: list[Proposal], base: dict[str, Tally],
              base_effects: dict[Slot, EffectTally], folder: Path, executor: Executor, progress: ProgressReporter,
              overwrite: bool, say: Say, path_rows: list[dict], played: GamesPlayed) -> list[Candidate]:
    """Successive halving with racing over one round's candidates; returns them all, the survivors
    of the last rung first (best first), then the rest by how far they got and their distance."""
    b = plan.balance
    cands = {proposal_key(p): Candidate(p, round=round_no) for p in proposals}
    alive = list(cands)
    games = b.screen_games
    for rung in range(1, b.rungs + 1):
        seed = plan.seeds[(round_no, rung)]
        say(f"round {round_no} (proposals of {round_no} edit(s)), rung {rung}: {len(alive)} candidate(s) and the "
            f"baseline × {len(plan.matchups)} matchup(s) × {games:,} games, seed {seed}")
        # the wide screen of every single edit (round 1, rung 1) forces the edited cards only; the
        # watched cards are measured once the field is cut (docs/balance.md, card effects)
        watch = round_no > 1 or rung > 1
        forced = ({k: screened_slots(plan, cands[k].proposal, watch) for k in alive} if plan.measures_effects
                  else None)
        stage = play_stage(plan, f"round{round_no}_rung{rung}", [()] + [cands[k].proposal for k in alive],
                           games, seed, folder, executor, progress, overwrite, forced)
        played.add(stage)
        for suffix, tally in stage.tallies[BASE].items():
            base.setdefault(suffix, Tally()).add(tally)
        for key in alive:
            for suffix, tally in stage.tallies[key].items():
                cands[key].tallies.setdefault(suffix, Tally()).add(tally)
            for entry, effect in stage.effects.get(key, {}).items():
                cands[key].effects.setdefault(entry, EffectTally()).add(effect)
            cands[key].rung = rung
        for key in alive:
            _evaluate(plan, cands[key], base, base_effects)
        alive.sort(key=lambda k: (cands[k].gaps["distance"], k))
        best_high = cands[alive[0]].gaps["distance_high"]
        raced = {k for k in alive if cands[k].gaps["distance_low"] > best_high}
        rest = [k for k in alive if k not in raced]
        kept = set(rest if rung == b.rungs else rest[:max(b.beam, math.ceil(len(alive) * b.keep))])
        baseline = Candidate((), base, round=round_no, rung=rung, effects=base_effects)  # every game it played so far
        _evaluate(plan, baseline, base, base_effects)
        path_rows += _path_rows(plan, round_no, rung, seed, games, [baseline] + [cands[k] for k in alive],
                                kept | {BASE}, raced)
        for key in alive:
            if key not in kept:
                cands[key].out_at = rung
        best = cands[alive[0]]
        say(f"  best: {proposal_text(best.proposal)}: worst gap {best.gaps['worst']:.2f} × tolerance; "
            f"{len(raced)} dropped by racing, {len(alive) - len(kept) - len(raced)} by halving, {len(kept)} go on")
        alive = [k for k in alive if k in kept]
        if len(alive) <= b.beam or rung == b.rungs:
            break
        games *= 2
    # the last rung's survivors first (best first), then the rest by how far they got
    order = sorted(cands.values(), key=lambda c: (c.out_at is not None, -c.rung, c.gaps.get("distance", math.inf), c.key))
    return order


def search(experiment: Experiment, results: Path, executor: Executor | None = None,
           progress: ProgressReporter | None = None, overwrite: bool = False, say: Say = lambda text: None,
           lang: str = "es") -> SearchResult:
    """Run the whole search and the confirmation; write path.parquet, proposals.json and the HTML
    report (in `lang`)."""
    executor = executor or SerialExecutor()
    progress = progress or SilentProgress()
    plan = plan_search(experiment)
    b = plan.balance
    folder = balance_dir(results, experiment)
    if (folder / "manifest.json").exists():
        raise InputError(f"{folder}: holds a run of `sim run`, not a balance search; rename that folder")
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    say(f"{len(plan.moves)} single edit(s) in the search space"
        + (f" ({len(plan.refused)} refused by the card rules)" if plan.refused else "")
        + f"; {len(plan.components)} figure(s) to bring to target over {len(plan.matchups)} matchup(s)")
    base: dict[str, Tally] = {}
    base_effects: dict[Slot, EffectTally] = {}
    path_rows: list[dict] = []
    played = GamesPlayed()
    finalists: dict[str, Candidate] = {}
    if plan.measures_effects:
        slots = candidate_slots(plan, ())
        say(f"the baseline's card effects: {len({e[2] for e in slots})} card(s), {len(slots)} deck entries × 2 "
            f"forced configs × {b.effect_games:,} games, seed {plan.seeds[(0, 1)]}")
        effects = play_stage(plan, "effects", [()], b.effect_games, plan.seeds[(0, 1)], folder / "search", executor,
                             progress, overwrite, {BASE: slots}, ordinary=False)
        played.add(effects)
        base_effects = effects.effects.get(BASE, {})
        plan.watched = watch_cards(plan, base_effects)
        say(f"  every candidate measures the {len(plan.watched)} card(s) farther than {b.effect_watch:g} × the "
            f"tolerance from the target: {', '.join(sorted(plan.watched)) or 'none'}; the others are read from the "
            "baseline's unless a candidate edits them")
    first = run_round(plan, 1, [(m,) for m in plan.moves], base, base_effects, folder / "search", executor, progress,
                      overwrite, say, path_rows, played)
    promising = [c.proposal[0] for c in first[:b.combine]]
    beam = first[:b.beam]
    finalists.update({c.key: c for c in first if c.out_at is None})
    for round_no in range(2, b.max_edits + 1):
        if sum(1 for c in finalists.values() if c.gaps["worst"] <= 1.0) >= b.proposals:
            say(f"{b.proposals} proposal(s) already meet every objective: no round of {round_no} edits")
            break
        grown = {}
        for cand in beam:
            for move in promising:
                bigger = _extend(cand.proposal, move)
                if bigger is not None:
                    grown[proposal_key(bigger)] = bigger
        if not grown:
            break
        found = run_round(plan, round_no, list(grown.values()), base, base_effects, folder / "search", executor,
                          progress, overwrite, say, path_rows, played)
        beam = found[:b.beam]
        finalists.update({c.key: c for c in found if c.out_at is None})
    chosen = sorted(finalists.values(), key=lambda c: (c.gaps["worst"] > 1.0, c.gaps["distance"], len(c.proposal), c.key))
    chosen = chosen[:b.proposals]
    search_seconds = time.perf_counter() - started
    say(f"confirming {len(chosen)} proposal(s) and the baseline on the held-out seed {b.held_out_seed}, "
        f"{b.confirm_games:,} games each")
    held_out = play_confirmation(plan, "confirm", [()] + [c.proposal for c in chosen], b.held_out_seed, folder,
                                 executor, progress, overwrite, say, played)
    proposals = ranked_proposals(plan, chosen, held_out)
    confirmation = None
    if len(proposals) > 1:  # proposal 1 was chosen on the held-out games: its figures come from fresh ones
        first = next(c for c in chosen if c.key == proposals[0]["candidate"])
        say(f"confirming proposal 1, the best of {len(proposals)} on the held-out seed, and the baseline on the "
            f"confirmation seed {plan.confirmation_seed}, {b.confirm_games:,} games each")
        fresh = play_confirmation(plan, CHOSEN_STAGE, [(), first.proposal], plan.confirmation_seed, folder, executor,
                                  progress, overwrite, say, played)
        confirmation = confirm_chosen(plan, proposals[0], first.proposal, fresh, len(proposals))
    wall = time.perf_counter() - started
    use = held_out_use(experiment.spec.name, experiment.path.resolve(), experiment.spec.ruleset, b.held_out_seed,
                       card_files(plan), plan.cards_dir)
    record = _record(plan, proposals, held_out, confirmation, search_seconds, wall, played, path_rows,
                     earlier_uses_on_other_cards(results, folder, use))
    path = pl.DataFrame(path_rows)
    write_bytes_atomic(folder / PATH_FILE, parquet_bytes(path))
    write_json_atomic(folder / PROPOSALS_FILE, record)
    record_use(folder, use)
    from sim.balance.report import balance_report_html  # Plotly loads only once the search is done

    page = balance_report_html(record, path, lang)
    write_bytes_atomic(folder / REPORT_FILE, page.encode("utf-8"))
    return SearchResult(folder, plan, record, path)


def _record(plan: SearchPlan, proposals: list[dict[str, Any]], held_out: Measured, confirmation: dict[str, Any] | None,
            search_seconds: float, wall: float, games: GamesPlayed, path_rows: list[dict],
            reuse: list[dict[str, Any]]) -> dict[str, Any]:
    experiment, b = plan.experiment, plan.balance
    return {
        "format": FORMAT,
        "spec": experiment.spec_dict(),
        "spec_path": str(experiment.path.resolve()),
        "spec_hash": experiment.spec_hash(),
        "ruleset": experiment.spec.ruleset,
        "ruleset_version": experiment.ruleset.version,
        "cards_dir": str(plan.cards_dir),
        "seed": experiment.spec.seed,
        "held_out_seed": b.held_out_seed,
        "search_seeds": sorted(set(int(r["seed"]) for r in path_rows)
                               | ({plan.seeds[(0, 1)]} if plan.measures_effects else set())),
        "confirm_games": b.confirm_games,
        "confirmation": confirmation,  # proposal 1 on a second fresh seed (None when it was the only finalist)
        "held_out_reuse": reuse,  # earlier searches that used the held-out seed on other cards
        "card_effects": ({"effect_seed": plan.seeds[(0, 1)], "effect_games": b.effect_games,
                          "confirm_effect_games": b.confirm_effect_games} if plan.measures_effects else None),
        "matchups": [f"{m.a}~{m.b}" for m in plan.matchups],
        "moves": len(plan.moves),
        "refused": [{"edit": e.text(), "reason": why} for e, why in plan.refused],
        "candidates_measured": len({r["candidate"] for r in path_rows}),
        "games_played": games.stored,  # the whole search's, resumed or not
        "play_seconds": round(games.play_seconds, 2),
        "session_games": games.session,  # this invocation's (0 on a rerun of a finished search)
        "search_seconds": round(search_seconds, 2),
        "wall_seconds": round(wall, 2),
        "baseline": figures_dict(plan, held_out.figures(plan, ())),
        "baseline_metagame": confirmed_metagame(plan, held_out.tallies[BASE]),
        "proposals": proposals,
    }


def read_proposals(results: Path, experiment: Experiment) -> dict[str, Any]:
    """The stored proposals of a spec's search (InputError when the search has not run)."""
    path = balance_dir(results, experiment) / PROPOSALS_FILE
    if not path.is_file():
        raise InputError(f"{path}: no proposals yet; run `sim balance {experiment.path}` first")
    return json.loads(path.read_text(encoding="utf-8"))


def proposal_edits(record: dict[str, Any], number: int) -> Proposal:
    """Proposal `number` (its rank, from 1) of a stored record as edits."""
    proposals = record["proposals"]
    if not 1 <= number <= len(proposals):
        raise SaidError("patch_no_proposal", number=number, count=len(proposals))
    return tuple(Edit(**e) for e in proposals[number - 1]["edits"])
