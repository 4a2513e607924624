"""The first run says that it compiles (issue 32): a warm-up longer than a cached load prints the
game, "first run only" and the measured time to expect, then how long it took; a quick (cached)
warm-up prints nothing. The runner warms the kernels before the progress bar starts, each build
its configs need (a greedy config's, a searching one's: issue 37). What the
console says while a run plays (the compile, the bar's units, games/s, the times, the last line,
an interruption) is in the command's language, numbers written as it writes them (issue 33)."""

from __future__ import annotations

import io
import time
from pathlib import Path

from rich.console import Console

import pytest

from sim.cli import build_parser, interrupted_words, main
from sim.core.ruleset import get_ruleset
from sim.report.language import TEXT
from sim.report.progress_bar import RichProgress
from sim.run.progress import COMPILE_NOTICE_AFTER, SilentProgress
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from small_runs import write_spec


def log_console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=False, width=200), out


def test_a_slow_warm_up_says_it_compiles_and_how_long_it_took() -> None:
    console, out = log_console()
    progress = RichProgress(console)
    progress.compiling("fortaleza", 41.6)
    time.sleep(COMPILE_NOTICE_AFTER + 0.5)
    progress.compiled()
    said = out.getvalue()
    assert "compiling fortaleza's kernels (first run only" in said
    assert "about 42 s on two cores" in said
    assert "compiled fortaleza's kernels in 1 s" in said


def test_a_cached_load_says_nothing() -> None:
    console, out = log_console()
    progress = RichProgress(console)
    progress.compiling("dicedraft", 76)
    progress.compiled()
    assert out.getvalue() == ""


SWEEP_TO_HARD = """
[sweep]
mode = "list"
[[sweep.axis]]
side = 1
field = "agent"
values = ["hard"]
[[sweep.axis]]
side = 1
field = "search.samples"
values = [1]
"""


class Recorder(SilentProgress):
    def __init__(self) -> None:
        self.calls: list[str] = []

    def compiling(self, game: str, expected_seconds: float) -> None:
        self.calls.append(f"compiling {game} {expected_seconds > 0}")

    def compiled(self) -> None:
        self.calls.append("compiled")

    def start(self, total_units: int, done_units: int, unit_kind: str) -> None:
        self.calls.append("start")


def test_the_runner_warms_the_kernels_before_the_bar_and_not_when_nothing_is_left(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, games=40)
    progress = Recorder()
    run_experiment(load_spec(spec), tmp_path / "results", progress=progress)
    assert progress.calls == ["compiling dicedraft True", "compiled", "start"]
    again = Recorder()
    run_experiment(load_spec(spec), tmp_path / "results", progress=again)
    assert again.calls == ["start"]  # finished already: nothing to play, nothing to compile


def test_the_warm_up_plays_a_unit_of_each_kernel_build_the_run_needs(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # greedy against greedy (the base), then a hard side (the sweep's point): the warm-up plays one
    # unit of each build (Ruleset.searches), so neither compiles behind the progress bar
    spec = write_spec(tmp_path, games=4, top=SWEEP_TO_HARD)
    experiment = load_spec(spec)
    ruleset = get_ruleset("dicedraft")
    played: list[tuple[bool, int]] = []
    plain = ruleset.play_chunk

    def play_chunk(compiled, seed, unit_start, n_units, *args, **kwargs):
        played.append((ruleset.searches(compiled), n_units))
        return plain(compiled, seed, unit_start, n_units, *args, **kwargs)

    monkeypatch.setattr(ruleset, "play_chunk", play_chunk)
    run_experiment(experiment, tmp_path / "results", progress=SilentProgress())
    assert played[:2] == [(False, 1), (True, 1)], played
    assert sorted(played[2:]) == [(False, 4), (True, 4)], played


def other_language_words(said: str, lang: str) -> list[str]:
    """The console catalog's words of the other language found in `said` (what the two languages
    share, such as "s" and numbers, is no sign)."""
    other = "en" if lang == "es" else "es"
    words = {w.strip("(),:;") for key, entry in TEXT.items() if key.startswith("console_")
             for w in entry[other].split()} - {w.strip("(),:;") for entry in TEXT.values() for w in entry[lang].split()}
    return sorted(w for w in words if w and not w.startswith("{") and f" {w} " in f" {said} ")


@pytest.mark.parametrize(("lang", "expected"), [
    ("es", ["compilando los núcleos de fortaleza (solo la primera vez", "unos 42 s en dos procesadores",
            "núcleos de fortaleza compilados en 1 s", "simulando", "12.000/60.000 partidas", "partidas/s",
            "transcurridos, faltan 0:00:"]),
    ("en", ["compiling fortaleza's kernels (first run only", "about 42 s on two cores",
            "compiled fortaleza's kernels in 1 s", "simulating", "12,000/60,000 games", "games/s",
            "elapsed, 0:00:"]),
])
def test_the_compile_and_the_bar_speak_the_command_s_language(lang: str, expected: list[str]) -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=200, color_system=None)  # the bar draws on a terminal only
    progress = RichProgress(console, lang=lang)
    progress.compiling("fortaleza", 41.6)
    time.sleep(COMPILE_NOTICE_AFTER + 0.5)
    progress.compiled()
    progress.start(60_000, 0, "games")
    for _ in range(2):  # two blocks: the time left needs a rate
        time.sleep(0.1)
        progress.advance(6_000, 6_000)
    progress.stop()
    said = out.getvalue()
    for words in expected:
        assert words in said, (words, said[-600:])
    assert not other_language_words(said, lang), other_language_words(said, lang)


def test_a_best_of_three_counts_matches_in_either_language() -> None:
    for lang, unit in (("es", "0/500 partidos"), ("en", "0/500 matches")):
        out = io.StringIO()
        progress = RichProgress(Console(file=out, force_terminal=True, width=200, color_system=None), lang=lang)
        progress.start(500, 0, "best_of_three")
        progress.stop()
        assert unit in out.getvalue()


def test_sim_run_s_last_line_and_its_interruption_follow_lang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = write_spec(tmp_path, games=1200, top="chunk_size = 400")
    args = ["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial"]
    def last_line(state: str) -> str:  # the console wraps it at its width
        out = capsys.readouterr().out
        return out[out.rindex(f"\n{state}: ") + 1:].replace("\n", " ")

    assert main([*args, "--lang", "es"]) == 0
    last = last_line("terminada")
    assert last.startswith("terminada: 1.200 partidas en ") and " partidas/s, " in last, last
    assert "3 bloque(s) jugados" in last and not other_language_words(last, "es"), last
    assert main([*args, "--lang", "en"]) == 0  # finished already: every chunk kept
    last = last_line("finished")
    assert last.startswith("finished: 0 games in ") and "3 chunk(s) already done" in last, last
    spanish = interrupted_words(build_parser().parse_args([*args, "--lang", "es"]))
    assert spanish.startswith("sim run: interrumpida; los bloques terminados se conservan; para reanudarla: sim run ")
    assert interrupted_words(build_parser().parse_args(args)).startswith("sim run: interrupted; finished chunks are kept; to resume: ")
