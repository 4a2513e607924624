"""The results store: atomic chunk files, resume after an interruption, refusals, the lock, and
results that do not depend on the chunk size."""

from __future__ import annotations

import fcntl
import json
from collections.abc import Sequence
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from sim.core.errors import InputError
from sim.run.executors import ChunkDone, SerialExecutor
from sim.run.plan import Chunk, Plan
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.atomic_files import write_atomic
from sim.results.folder import MANIFEST
from sim.results.liveness import LOCK

from small_runs import cards_totals, chunk_frames, copy_cards, games_sorted, tree_bytes, write_spec


class Interrupted(RuntimeError):
    """Stands for a crash, a kill or Ctrl-C in the middle of a run."""


class InterruptedExecutor(SerialExecutor):
    """The serial executor, dying after `k` chunks have been handed to the store."""

    def __init__(self, k: int) -> None:
        self.k = k

    def execute(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone, wanted=None, on_block=None) -> None:
        done = 0

        def counting(chunk: Chunk, games: pl.DataFrame, cards: pl.DataFrame) -> None:
            nonlocal done
            if done == self.k:
                raise Interrupted(f"stopped after {self.k} chunks")
            on_done(chunk, games, cards)
            done += 1

        super().execute(plan, chunks, counting, wanted, on_block)


def assert_same_chunks(a: Path, b: Path) -> None:
    for table in ("games", "cards"):
        left, right = chunk_frames(a, table), chunk_frames(b, table)
        assert list(left) == list(right)
        for name in left:
            assert_frame_equal(left[name], right[name])


def test_chunk_files_are_written_under_the_layout(spec_path: Path, results: Path) -> None:
    outcome = run_experiment(load_spec(spec_path), results, chunk_size=500)
    run_dir = results / "small"
    assert outcome.run_dir == run_dir and outcome.finished and outcome.chunks_played == 4
    for table in ("games", "cards"):
        names = sorted(p.name for p in (run_dir / table / "config=base").iterdir())
        assert names == [f"chunk-{start:012d}.parquet" for start in (0, 500, 1000, 1500)]
    manifest = json.loads((run_dir / MANIFEST).read_text())
    assert manifest["status"] == "finished" and manifest["chunks_done"] == manifest["chunks_total"] == 4
    assert manifest["chunk_size"] == 500 and manifest["games"] == 2000 and manifest["seed"] == 7
    assert set(manifest["configs"]["base"]["hashes"]) == {"cards", "params"}
    assert [s["faction"] for s in manifest["configs"]["base"]["sides"]] == ["aranas", "ciempies"]
    assert manifest["ruleset"] == "dicedraft" and manifest["finished"] and manifest["wall_seconds"] >= 0
    games = games_sorted(run_dir)
    assert games["game"].to_list() == list(range(2000))
    assert not list(run_dir.rglob("*.tmp"))


def test_resume_after_interruption_equals_uninterrupted_run(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, run_name="clean", chunk_size=300)
    with pytest.raises(Interrupted):
        run_experiment(experiment, results, run_name="resumed", executor=InterruptedExecutor(3), chunk_size=300)
    halfway = json.loads((results / "resumed" / MANIFEST).read_text())
    assert halfway["status"] == "running" and halfway["chunks_done"] == 3
    assert len(chunk_frames(results / "resumed", "cards")) == 3
    outcome = run_experiment(experiment, results, run_name="resumed", chunk_size=300)
    assert outcome.chunks_skipped == 3 and outcome.chunks_played == 4 and outcome.finished
    assert_same_chunks(results / "clean", results / "resumed")
    manifest = json.loads((results / "resumed" / MANIFEST).read_text())
    assert manifest["status"] == "finished" and manifest["sessions"] == 2


def test_chunk_without_cards_file_is_played_again(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, run_name="clean", chunk_size=500)
    run_experiment(experiment, results, run_name="torn", chunk_size=500)
    torn = results / "torn"
    (torn / "cards" / "config=base" / "chunk-000000001000.parquet").unlink()  # died between the two writes
    (torn / "games" / "config=base" / ".chunk-000000001500.parquet.x1.tmp").write_bytes(b"half a file")
    outcome = run_experiment(experiment, results, run_name="torn")  # the stored chunk size is kept
    assert outcome.chunks_played == 1 and outcome.chunks_skipped == 3
    assert_same_chunks(results / "clean", torn)
    assert not list(torn.rglob("*.tmp"))


def test_rerun_of_finished_run_changes_no_chunk(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, chunk_size=500)
    before = {k: v for k, v in tree_bytes(results / "small").items() if k.endswith(".parquet")}
    outcome = run_experiment(experiment, results)
    assert outcome.chunks_played == 0 and outcome.chunks_skipped == 4
    after = {k: v for k, v in tree_bytes(results / "small").items() if k.endswith(".parquet")}
    assert before == after


@pytest.mark.parametrize("sizes", [(2000, 300), (2000, 37)])
def test_results_do_not_depend_on_chunk_size(spec_path: Path, results: Path, sizes: tuple[int, int]) -> None:
    experiment = load_spec(spec_path)
    for size in sizes:
        run_experiment(experiment, results, run_name=f"size{size}", chunk_size=size)
    a, b = (results / f"size{size}" for size in sizes)
    assert_frame_equal(games_sorted(a), games_sorted(b))
    assert_frame_equal(cards_totals(a), cards_totals(b))


def test_story_and_match_units_are_resumable_and_chunk_independent(tmp_path: Path, results: Path) -> None:
    for kind in ("story", "best_of_three"):
        experiment = load_spec(write_spec(tmp_path, f"{kind}.toml", name=kind, kind=kind, games=200))
        run_experiment(experiment, results, run_name=f"{kind}-one", chunk_size=200)
        with pytest.raises(Interrupted):
            run_experiment(experiment, results, run_name=f"{kind}-many", executor=InterruptedExecutor(2), chunk_size=30)
        run_experiment(experiment, results, run_name=f"{kind}-many")
        one, many = games_sorted(results / f"{kind}-one"), games_sorted(results / f"{kind}-many")
        assert_frame_equal(one, many)
        assert_frame_equal(cards_totals(results / f"{kind}-one"), cards_totals(results / f"{kind}-many"))
        assert one["unit"].max() == 199


@pytest.mark.parametrize(("change", "named"), [
    ({"seed": 8}, "seed: 7 -> 8"),
    ({"games": 1000}, "games: 2000 -> 1000"),
    ({"side_a": 'agent = "random"'}, "agent"),
    ({"top": "[params]\nturn_cap = 60"}, "params.turn_cap"),
])
def test_refuses_folder_holding_a_different_experiment(tmp_path: Path, results: Path, change: dict, named: str) -> None:
    run_experiment(load_spec(write_spec(tmp_path)), results, chunk_size=1000)
    before = tree_bytes(results)
    changed = load_spec(write_spec(tmp_path, "changed.toml", **change))
    with pytest.raises(InputError) as refusal:
        run_experiment(changed, results)
    message = str(refusal.value)
    assert str(results / "small") in message and named in message
    assert "--run NAME" in message and "--overwrite" in message
    assert tree_bytes(results) == before


def test_refuses_changed_card_file_then_overwrite_replaces_run(tmp_path: Path, results: Path) -> None:
    cards = copy_cards(tmp_path)
    spec = write_spec(tmp_path, top='cards_dir = "cards"')
    run_experiment(load_spec(spec), results, chunk_size=1000)
    before = tree_bytes(results)
    text = (cards / "aranas.toml").read_text(encoding="utf-8")
    (cards / "aranas.toml").write_text(text.replace("cost = 3", "cost = 4", 1), encoding="utf-8")
    with pytest.raises(InputError) as refusal:
        run_experiment(load_spec(spec), results)
    message = str(refusal.value)
    # the file that changed, by its path, and the two ways on
    assert f"card file changed since the run was played: {(cards / 'aranas.toml').resolve()} (config base)" in message
    assert "dados.toml" not in message and "ciempies.toml" not in message
    assert "rerun with another --run NAME" in message and "to replace it, rerun with --overwrite" in message
    assert tree_bytes(results) == before
    outcome = run_experiment(load_spec(spec), results, overwrite=True)
    assert outcome.chunks_played == 1 and outcome.chunks_skipped == 0
    manifest = json.loads((results / "small" / MANIFEST).read_text())
    assert manifest["sessions"] == 1 and manifest["chunks_total"] == 1


def test_a_run_stored_before_per_file_hashes_names_the_side_whose_files_changed(tmp_path: Path, results: Path) -> None:
    cards = copy_cards(tmp_path)
    spec = write_spec(tmp_path, top='cards_dir = "cards"')
    run_experiment(load_spec(spec), results, chunk_size=1000)
    path = results / "small" / MANIFEST
    manifest = json.loads(path.read_text())
    for config in manifest["configs"].values():  # as a manifest of an earlier version has them
        del config["card_files"]
    path.write_text(json.dumps(manifest), encoding="utf-8")
    text = (cards / "ciempies.toml").read_text(encoding="utf-8")
    (cards / "ciempies.toml").write_text(text.replace("cost = 3", "cost = 4", 1), encoding="utf-8")
    with pytest.raises(InputError) as refusal:
        run_experiment(load_spec(spec), results)
    message = str(refusal.value)
    assert "one of side B's files" in message and str((cards / "ciempies.toml").resolve()) in message
    assert "side A's" not in message and "--run NAME" in message and "--overwrite" in message


def test_overwrite_with_bad_spec_leaves_old_run(tmp_path: Path, results: Path) -> None:
    run_experiment(load_spec(write_spec(tmp_path)), results, chunk_size=1000)
    before = tree_bytes(results)
    bad = load_spec(write_spec(tmp_path, "bad.toml", top="[params]\nturn_cap = 1"))  # spec is fine, param is not
    with pytest.raises(InputError, match="turn_cap"):
        run_experiment(bad, results, overwrite=True)
    assert tree_bytes(results) == before


def test_second_concurrent_run_is_refused_by_the_lock(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, chunk_size=1000)
    before = tree_bytes(results)
    with open(results / "small" / LOCK, "a+") as held:  # another process holds the run
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(InputError, match="in use by another run"):
            run_experiment(experiment, results)
    assert tree_bytes(results) == before
    assert run_experiment(experiment, results).chunks_skipped == 2  # free again once released


def test_resume_refuses_another_explicit_chunk_size(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    with pytest.raises(Interrupted):
        run_experiment(experiment, results, executor=InterruptedExecutor(1), chunk_size=500)
    before = tree_bytes(results)
    with pytest.raises(InputError, match="--chunk-size 500"):
        run_experiment(experiment, results, chunk_size=400)
    assert tree_bytes(results) == before


def test_folder_that_is_not_a_run_is_refused(spec_path: Path, results: Path) -> None:
    (results / "small").mkdir(parents=True)
    (results / "small" / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="no manifest.json"):
        run_experiment(load_spec(spec_path), results)
    assert tree_bytes(results) == {"small/notes.txt": b"mine"}


def test_atomic_write_failure_leaves_neither_file_nor_temp(tmp_path: Path) -> None:
    target = tmp_path / "out" / "chunk.parquet"

    def half_write(tmp: Path) -> None:
        tmp.write_bytes(b"partial")
        raise OSError("disk full")

    with pytest.raises(OSError):
        write_atomic(target, half_write)
    assert list((tmp_path / "out").iterdir()) == []
    write_atomic(target, lambda tmp: tmp.write_bytes(b"whole"))
    assert target.read_bytes() == b"whole" and [p.name for p in target.parent.iterdir()] == ["chunk.parquet"]


def test_overwrite_of_the_same_experiment_starts_afresh(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    with pytest.raises(Interrupted):
        run_experiment(experiment, results, executor=InterruptedExecutor(1), chunk_size=500)
    outcome = run_experiment(experiment, results, overwrite=True, chunk_size=1000)
    assert outcome.chunks_skipped == 0 and outcome.chunks_played == 2
    names = sorted(p.name for p in (results / "small" / "cards" / "config=base").iterdir())
    assert names == ["chunk-000000000000.parquet", "chunk-000000001000.parquet"]
    assert json.loads((results / "small" / MANIFEST).read_text())["sessions"] == 1


def test_a_stop_between_a_chunk_and_its_manifest_update_still_counts_the_chunk(
        spec_path: Path, results: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (or the dashboard's Cancel) can land once a chunk's record is written and before the
    runner counts it: the manifest the runner writes on its way out counts it all the same."""
    from sim.run.store import RunStore

    write_chunk = RunStore.write_chunk
    chunks = []

    def stop_after_the_second(store: RunStore, chunk: Chunk, games: pl.DataFrame, cards: pl.DataFrame) -> None:
        write_chunk(store, chunk, games, cards)
        chunks.append(chunk)
        if len(chunks) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(RunStore, "write_chunk", stop_after_the_second)
    with pytest.raises(KeyboardInterrupt):
        run_experiment(load_spec(spec_path), results, chunk_size=500)
    manifest = json.loads((results / "small" / MANIFEST).read_text())
    assert len(list((results / "small" / "chunks").rglob("*.json"))) == 2
    assert manifest["chunks_done"] == 2 and manifest["status"] == "running"
