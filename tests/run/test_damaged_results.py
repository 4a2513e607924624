"""Damaged results: a chunk file truncated, edited, lost or left without its record is found by
every reader, which names it and says how to repair it, and by the next run of the same command,
which plays it again and ends identical to a clean run; a hand-edited manifest is refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sim.cli import main
from sim.run.executors import SerialExecutor
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.folder import MANIFEST, damaged_chunks

from small_runs import assert_same_results, tree_bytes, write_spec

CHUNK = Path("games") / "config=base" / "chunk-000000000400.parquet"


def finished_run(tmp_path: Path, name: str = "small") -> tuple[Path, Path]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    spec = write_spec(tmp_path, f"{name}.toml", name=name, games=1200)
    results = tmp_path / "results"
    run_experiment(load_spec(spec), results, executor=SerialExecutor(), chunk_size=400)
    return spec, results / name


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def flip_a_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size: only the checksum can tell
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage, said", [
    (truncate, "bytes, "),
    (flip_a_byte, "SHA-256 differs"),
    (lambda p: p.unlink(), "missing"),
    (lambda p: (p.parents[2] / "chunks" / "config=base" / "chunk-000000000400.json").unlink(),
     "no record of it being written whole"),
])
def test_a_damaged_chunk_is_named_by_readers_and_replayed_by_a_rerun(tmp_path: Path, damage, said: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    clean_spec, clean = finished_run(tmp_path / "clean")
    spec, run_dir = finished_run(tmp_path / "damaged")
    damage(run_dir / CHUNK)
    before = tree_bytes(run_dir)
    for command in (["show", str(run_dir)], ["report", str(run_dir), "--format", "csv", "--out", str(tmp_path / "r")],
                    ["replay", str(run_dir), "--game", "3"]):
        capsys.readouterr()
        assert main(command) == 2, command
        err = capsys.readouterr().err
        assert "chunk-000000000400" in err and said in err and "repairs the run" in err, err
    assert tree_bytes(run_dir) == before  # reading changed nothing
    assert main(["run", str(spec), "--results", str(run_dir.parent), "--executor", "serial", "--chunk-size", "400"]) == 0
    assert "repaired: " in capsys.readouterr().out
    assert damaged_chunks(run_dir) == []
    assert_same_results(clean, run_dir)


@pytest.mark.parametrize("edit, said", [
    (lambda m: m.update(games=5000), "games 5000 differs from its spec's 1200"),
    (lambda m: m.update(seed=8), "seed 8 differs"),
    (lambda m: m.update(ruleset="fortaleza"), "ruleset 'fortaleza' differs"),
    (lambda m: m["spec"].update(games=5000), "spec_hash does not match"),
    (lambda m: m["configs"]["base"]["sides"][1].update(faction="aranas"), "identity hash"),
    (lambda m: m.update(ruleset_version="9.9.9"), "identity hash"),
])
def test_a_hand_edited_manifest_is_refused_not_read_as_truth(tmp_path: Path, edit, said: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    spec, run_dir = finished_run(tmp_path)
    manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
    edit(manifest)
    (run_dir / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    before = tree_bytes(run_dir)
    for command in (["show", str(run_dir)],
                    ["run", str(spec), "--results", str(run_dir.parent), "--executor", "serial", "--chunk-size", "400"]):
        capsys.readouterr()
        assert main(command) == 2, command
        err = capsys.readouterr().err
        assert "edited by hand" in err and said in err and str(run_dir / MANIFEST) in err, err
    assert tree_bytes(run_dir) == before


def test_a_copied_run_folder_stays_whole(tmp_path: Path) -> None:
    _, run_dir = finished_run(tmp_path)
    copy = tmp_path / "elsewhere" / "small"
    shutil.copytree(run_dir, copy)
    assert damaged_chunks(copy) == []
    assert main(["show", str(copy)]) == 0


def test_a_run_written_before_chunk_records_is_read_and_its_resume_plays_its_chunks_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Manifest format 1 had no chunk records and no identity hash: its results stay readable (there
    is nothing to check them against), and a resume trusts none of its files."""
    spec, run_dir = finished_run(tmp_path)
    manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
    manifest["format"] = 1
    del manifest["identity"]
    (run_dir / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    shutil.rmtree(run_dir / "chunks")
    assert damaged_chunks(run_dir) == [] and main(["show", str(run_dir)]) == 0
    capsys.readouterr()
    assert main(["run", str(spec), "--results", str(run_dir.parent), "--executor", "serial", "--chunk-size", "400"]) == 0
    assert capsys.readouterr().out.count("repaired: ") == 3  # every chunk played again
    assert len(list((run_dir / "chunks").rglob("*.json"))) == 3


FORTALEZA_SPEC = """\
name = "fort"
ruleset = "fortaleza"
games = 300
seed = 5

[[side]]
faction = "china"

[[side]]
faction = "japon"
"""


def test_a_fortaleza_run_of_manifest_format_2_is_read_resumed_and_replayed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before format 3 every side of every ruleset carried dicedraft's `draft` and `budget` (at
    "greedy" and none for fortaleza). Such a run is still shown, a rerun of its spec resumes it
    instead of calling it a different experiment, and its games replay as stored."""
    from sim.results.manifest import identity_hash, spec_hash_of

    spec = tmp_path / "fort.toml"
    spec.write_text(FORTALEZA_SPEC, encoding="utf-8")
    results = tmp_path / "results"
    run_experiment(load_spec(spec), results, executor=SerialExecutor(), chunk_size=100)
    run_dir = results / "fort"
    manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
    assert "draft" not in manifest["spec"]["side"][0] and "budget" not in manifest["configs"]["base"]["sides"][0]
    for side in manifest["spec"]["side"]:
        side.update(draft="greedy", budget=None)
    for side in manifest["configs"]["base"]["sides"]:
        side.update(draft="greedy", budget=None)
    manifest.update(format=2, spec_hash=spec_hash_of(manifest["spec"]))
    manifest["identity"] = identity_hash(manifest)
    (run_dir / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    before = tree_bytes(run_dir / "games")
    assert main(["show", str(run_dir)]) == 0
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    assert "different experiment" not in capsys.readouterr().out
    assert tree_bytes(run_dir / "games") == before
    assert main(["replay", "fort", "--game", "7", "--results", str(results), "--lang", "en"]) == 0
    assert "replay matches the stored record" in capsys.readouterr().out
