"""Issue 35 item 5: every hint that says how to go on with a stopped or damaged run prints the one
command that resumes it (the run's own --games, --seed and --chunk-size, its --run and --results),
followed as printed it resumes to the results of an uninterrupted run, and no hint offers
--overwrite for a run that can resume."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from sim.cli import main
from sim.run.executors import SerialExecutor
from sim.run.progress import SilentProgress
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.folder import MANIFEST

from small_runs import assert_same_results, write_spec

# the spec says 2000 games at seed 7; the run is started with other flags, as a designer does
FLAGS = ["--games", "1200", "--seed", "9", "--chunk-size", "400"]


def printed_command(text: str) -> list[str]:
    """The `sim run ...` command a message prints (it ends its line), as argv for sim.cli.main."""
    line = next(line for line in text.splitlines() if "sim run " in line)
    words = shlex.split(line[line.index("sim run "):].rstrip("`"))
    assert words[:2] == ["sim", "run"], line
    return words[1:]


def clean_run(tmp_path: Path, spec: Path) -> Path:
    run_experiment(load_spec(spec, games=1200, seed=9), tmp_path / "clean", executor=SerialExecutor(), chunk_size=400)
    return tmp_path / "clean" / "small"


def interrupted_run(tmp_path: Path, spec: Path, extra: list[str] = ()) -> Path:
    """`sim run` with FLAGS stopped by Ctrl-C after its first chunk; its run folder."""
    results = tmp_path / "results"

    class StopAfterOneChunk(SilentProgress):
        """Ctrl-C as the second chunk's play is first reported (progress now moves within a chunk,
        so the first report is a block of the first chunk, before anything is stored)."""
        units = 0

        def advance(self, units: int, games: int) -> None:
            self.units += units
            if self.units > 400:
                raise KeyboardInterrupt

    def run_then_stop(*args, **kwargs):
        return run_experiment(*args[:6], progress=StopAfterOneChunk())

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sim.run.runner.run_experiment", run_then_stop)  # the CLI imports it when it runs
        code = main(["run", str(spec), "--results", str(results), "--executor", "serial", *FLAGS, *extra])
    assert code == 130
    return results / "small"


def test_ctrl_c_prints_the_command_that_resumes_without_overwrite(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    spec = write_spec(tmp_path)
    clean = clean_run(tmp_path, spec)
    capsys.readouterr()
    run_dir = interrupted_run(tmp_path, spec, ["--overwrite"])  # rerun as typed, --overwrite would start again
    err = capsys.readouterr().err
    command = printed_command(err)
    assert "--overwrite" not in command, err
    for flag, value in zip(FLAGS[::2], FLAGS[1::2]):
        assert command[command.index(flag) + 1] == value, err
    assert main(command) == 0
    assert "1 chunk(s) already done" in capsys.readouterr().out
    assert_same_results(clean, run_dir)


def test_show_of_an_interrupted_run_prints_the_command_that_resumes_it(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    spec = write_spec(tmp_path)
    clean = clean_run(tmp_path, spec)
    run_dir = interrupted_run(tmp_path, spec)
    capsys.readouterr()
    assert main(["show", str(run_dir)]) == 0
    out = capsys.readouterr().out
    assert "— interrupted, chunks 1/3" in out
    command = printed_command(out)
    assert "--overwrite" not in command
    assert main(command) == 0
    assert_same_results(clean, run_dir)


def test_a_damaged_chunk_names_the_command_that_repairs_it(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    spec = write_spec(tmp_path)
    clean = clean_run(tmp_path, spec)
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial", *FLAGS]) == 0
    run_dir = tmp_path / "results" / "small"
    chunk = run_dir / "games" / "config=base" / "chunk-000000000400.parquet"
    chunk.write_bytes(chunk.read_bytes()[:100])
    capsys.readouterr()
    assert main(["show", str(run_dir)]) == 2
    err = capsys.readouterr().err
    command = printed_command(err)
    assert "--overwrite" not in command and "1200" in command and "400" in command, err
    assert main(command) == 0
    assert "repaired: " in capsys.readouterr().out
    assert_same_results(clean, run_dir)


def test_the_old_hint_followed_as_printed_is_answered_with_the_resume_command_not_overwrite(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command as the old hint printed it (spec, --run, --results, no --games): the folder holds
    an unfinished run of other games, so the answer is the command that resumes it, never --overwrite."""
    spec = write_spec(tmp_path)
    clean = clean_run(tmp_path, spec)
    run_dir = interrupted_run(tmp_path, spec)
    capsys.readouterr()
    assert main(["run", str(spec), "--run", "small", "--results", str(run_dir.parent), "--executor", "serial"]) == 2
    err = capsys.readouterr().err
    assert "games: 1200 -> 2000" in err and "--overwrite" not in err, err
    command = printed_command(err)
    assert main(command) == 0
    assert_same_results(clean, run_dir)


def test_a_finished_run_of_another_experiment_may_still_be_replaced(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing is left to resume in a finished run: the refusal may offer --overwrite there."""
    spec = write_spec(tmp_path)
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial", *FLAGS]) == 0
    capsys.readouterr()
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial"]) == 2
    assert "to replace it, rerun with --overwrite" in capsys.readouterr().err


def test_another_chunk_size_is_refused_with_the_resume_command_not_overwrite(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = write_spec(tmp_path)
    clean = clean_run(tmp_path, spec)
    run_dir = interrupted_run(tmp_path, spec)
    capsys.readouterr()
    flags = FLAGS[:4] + ["--chunk-size", "300"]
    assert main(["run", str(spec), "--results", str(run_dir.parent), "--executor", "serial", *flags]) == 2
    err = capsys.readouterr().err
    assert "--chunk-size 400" in err and "--overwrite" not in err, err
    assert main(printed_command(err)) == 0
    assert_same_results(clean, run_dir)


def test_the_dashboard_resume_command_is_the_same_command(tmp_path: Path) -> None:
    from sim.results.resuming import manifest_resume_command

    spec = write_spec(tmp_path)
    run_dir = interrupted_run(tmp_path, spec)
    manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
    words = shlex.split(manifest_resume_command(manifest, run_dir))
    assert words[words.index("--games") + 1] == "1200" and words[words.index("--chunk-size") + 1] == "400"
    assert words[words.index("--run") + 1] == "small" and words[words.index("--results") + 1] == str(run_dir.parent)


def test_the_run_s_own_command_after_its_spec_was_edited_says_so_and_offers_no_overwrite(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = write_spec(tmp_path)
    run_dir = interrupted_run(tmp_path, spec)
    command = printed_command(capsys.readouterr().err)
    write_spec(tmp_path, side_a='agent = "random"')  # the spec edited after the run started
    assert main(command) == 2
    err = capsys.readouterr().err
    assert "its spec or card files changed since it started" in err and "agent" in err, err
    assert "--overwrite" not in err and (run_dir / "chunks").is_dir()
