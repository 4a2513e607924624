"""A manifest write cut short (issue 35, item 8): a SIGKILL between the temp file and its rename, or a
folder that turned read-only under the writer, leaves a `.manifest.json.*.tmp` (empty, or whole but
never renamed). The rerun of the same command must neither refuse the folder for it ("holds no
manifest.json ... --overwrite") nor leave it behind, and must end with the bytes of an uninterrupted
run."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli import main

from small_runs import tree_bytes, write_spec

ROOT = Path(__file__).resolve().parents[2]

# a `sim run` that SIGKILLs itself at its n-th manifest write: "rename" after the temp file is whole,
# "write" before a byte of it is written (the temp file is then empty)
KILLED_RUN = """
import os, pathlib, signal, sys
where, at = sys.argv[1], int(sys.argv[2])
seen = [0]
def kill_at_the_manifest(name):
    if os.path.basename(str(name)).startswith((".manifest.json.", "manifest.json")):
        seen[0] += 1
        if seen[0] == at:
            os.kill(os.getpid(), signal.SIGKILL)
if where == "rename":
    real_replace = os.replace
    def replace(src, dst, *args, **kwargs):
        kill_at_the_manifest(dst)
        return real_replace(src, dst, *args, **kwargs)
    os.replace = replace
else:
    for method in ("write_bytes", "write_text"):
        def killing(self, *args, real=getattr(pathlib.Path, method), **kwargs):
            kill_at_the_manifest(self)
            return real(self, *args, **kwargs)
        setattr(pathlib.Path, method, killing)
from sim.cli import main
sys.exit(main(sys.argv[3:]))
"""


def games_of(run_dir: Path) -> dict[str, bytes]:
    return {k: v for k, v in tree_bytes(run_dir).items() if k.split("/")[0] in ("games", "cards", "chunks")}


def manifest_temps(run_dir: Path) -> list[str]:
    return sorted(p.name for p in run_dir.rglob(".manifest.json*"))


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("reference")
    spec = write_spec(folder)
    assert main(["run", str(spec), "--results", str(folder / "results"), "--chunk-size", "500",
                 "--executor", "serial"]) == 0
    return spec, folder / "results" / "small"


@pytest.mark.parametrize("where, at", [("rename", 1), ("write", 1), ("rename", 2), ("write", 3)],
                         ids=["first-manifest-whole", "first-manifest-empty", "later-manifest-whole",
                              "later-manifest-empty"])
def test_a_rerun_after_a_kill_mid_manifest_leaves_no_temp_file(reference: tuple[Path, Path], tmp_path: Path,
                                                               where: str, at: int) -> None:
    spec, uninterrupted = reference
    results = tmp_path / "results"
    argv = ["run", str(spec), "--results", str(results), "--chunk-size", "500", "--executor", "serial"]
    killed = subprocess.run([sys.executable, "-c", KILLED_RUN, where, str(at), *argv], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=600)
    assert killed.returncode == -9, killed.stderr
    assert manifest_temps(results / "small")  # the kill left its temp file, as a real one does
    assert main(argv) == 0
    assert manifest_temps(results / "small") == []
    assert games_of(results / "small") == games_of(uninterrupted)


def test_a_folder_gone_read_only_mid_manifest_names_the_manifest_and_the_rerun_cleans_up(
        reference: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The disk turns read-only after the manifest's temp file was made: its rename fails, and so
    does removing it. The message names manifest.json (not the temp file) with exit 2; once the
    folder can be written again, the rerun removes the temp file and finishes the run."""
    spec, uninterrupted = reference
    results = tmp_path / "results"
    argv = ["run", str(spec), "--results", str(results), "--chunk-size", "500", "--executor", "serial"]
    real_replace, real_unlink = os.replace, Path.unlink
    writes = [0]

    def read_only_replace(src, dst, *args, **kwargs):
        if Path(dst).name == "manifest.json":
            writes[0] += 1
            if writes[0] >= 2:  # the first manifest went through; the disk turns read-only after it
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(src))
        return real_replace(src, dst, *args, **kwargs)

    def read_only_unlink(self, missing_ok=False):
        if self.name.startswith(".manifest.json.") and writes[0] >= 2:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self))
        return real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(os, "replace", read_only_replace)
    monkeypatch.setattr(Path, "unlink", read_only_unlink)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{results / 'small' / 'manifest.json'}: Read-only file system" in err and "Traceback" not in err, err
    assert manifest_temps(results / "small")  # what a real read-only disk leaves behind
    monkeypatch.undo()
    assert main(argv) == 0
    assert manifest_temps(results / "small") == []
    assert games_of(results / "small") == games_of(uninterrupted)
