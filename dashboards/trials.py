"""The trials this dashboard plays ("Try a change"), each in a thread of the dashboard's own
process: the game's kernels stay loaded between trials, so a trial answers in the seconds its games
take, with no `sim` process to start. A trial is an ordinary run written through the runner
(sim.balance.trial: its lock, manifest, chunks and executor), so two trials from two tabs play side
by side in their own folders, and the same trial asked twice is played once, the second tab
showing the first one's progress."""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from sim.balance.trial import TrialPlan, play_trial
from sim.balance.trial_answer import write_answer
from sim.core.errors import InputError, SaidError
from sim.run.executors import make_executor


@dataclass
class Playing:
    """One trial being played (or just played): its progress as the runner reports it, and its
    answer or why it failed."""

    plan: TrialPlan
    clicked: float  # time.perf_counter() of the click on Play
    units: int = 0
    games: int = 0
    total: int = 0
    answer: dict[str, Any] | None = None
    failure: str | SaidError | None = None
    done: threading.Event = field(default_factory=threading.Event)

    # the runner's ProgressReporter
    def compiling(self, game: str, expected_seconds: float) -> None:
        pass

    def compiled(self) -> None:
        pass

    def start(self, total_units: int, done_units: int, unit_kind: str) -> None:
        self.total, self.units = total_units, done_units

    def advance(self, units: int, games: int) -> None:
        self.units += units
        self.games += games

    def stop(self) -> None:
        pass


_playing: dict[str, Playing] = {}
_guard = threading.Lock()


def start(plan: TrialPlan, executor: str, clicked: float) -> tuple[Playing, bool]:
    """Play `plan` in a thread, unless the same trial is being played already: (its state, whether
    this call started it)."""
    with _guard:
        current = _playing.get(plan.name)
        if current is not None and not current.done.is_set():
            return current, False
        state = Playing(plan, clicked)
        _playing[plan.name] = state

    def play() -> None:
        try:
            outcome = play_trial(plan, make_executor(executor), state, clicked)
            state.answer = write_answer(outcome)
        except SaidError as exc:
            state.failure = exc
        except InputError as exc:
            state.failure = str(exc)
        except Exception:  # noqa: BLE001 (a bug: said on the page, with the traceback in the server log)
            traceback.print_exc()
            state.failure = traceback.format_exc(limit=1).strip().splitlines()[-1]
        finally:
            state.done.set()

    threading.Thread(target=play, name=f"sim-try-{plan.name}", daemon=True).start()
    return state, True


def playing(name: object) -> Playing | None:
    with _guard:
        return _playing.get(name) if isinstance(name, str) else None


def forget(name: str) -> None:
    with _guard:
        _playing.pop(name, None)


def seconds_since(state: Playing) -> float:
    return time.perf_counter() - state.clicked
