"""A full disk, met by every writer (issue 35, item 3): the command ends with the path that could not
be written, the reason and exit code 2, never a traceback; no partial or temp file is left; and once
there is room again the same command resumes to the bytes of an uninterrupted run.

The first test fills a real filesystem: a 300 KiB tmpfs mounted in a private mount namespace
(`unshare`), so Polars meets ENOSPC itself. Where a namespace cannot be had, it is skipped, and the
other tests still hold: each writer is made to fail with the libraries' own error types, Polars'
ComputeError ("... (os error 28)") and PyArrow's OSError, as they raise them on a full disk."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from sim.cli import main
from sim.results.atomic_files import write_atomic
from sim.results.folder import damaged_chunks

from small_runs import tree_bytes, write_spec

ROOT = Path(__file__).resolve().parents[2]
POLARS_FULL = "parquet: File out of specification: underlying IO error: No space left on device (os error 28)"
ARROW_FULL = "Error writing bytes to file. Detail: [errno 28] No space left on device"


def can_mount_a_tmpfs() -> bool:
    try:
        probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt && echo ok"],
                               capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return probe.stdout.strip() == "ok"


def chunk_files(run_dir: Path) -> dict[str, bytes]:
    """What a run's games are: its chunk files and their records, byte for byte."""
    return {name: data for name, data in tree_bytes(run_dir).items() if name.split("/")[0] in ("games", "cards", "chunks")}


def temp_or_empty(root: Path) -> list[str]:
    """Files a failed write must not leave: temp files, and empty or torn files beside whole ones."""
    found = []
    for path in root.rglob("*"):
        if path.is_file() and path.name != ".lock" and (path.name.startswith(".") or path.stat().st_size == 0):
            found.append(str(path.relative_to(root)))
    return found


@pytest.mark.skipif(not can_mount_a_tmpfs(), reason="no private mount namespace here (unshare -rm)")
def test_a_run_on_a_full_filesystem_ends_with_the_path_and_resumes_bit_identically(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, games=20_000)
    reference = tmp_path / "reference"
    assert main(["run", str(spec), "--results", str(reference), "--chunk-size", "1000", "--executor", "serial"]) == 0
    mount, kept = tmp_path / "small-disk", tmp_path / "kept"
    mount.mkdir()
    kept.mkdir()
    command = f"{sys.executable} -m sim.cli run {spec} --results {mount}/results --chunk-size 1000 --executor serial"
    # one namespace: fill the disk, keep what the failed run left, make room, resume, keep that too
    script = f"""
        mount -t tmpfs -o size=300k tmpfs {mount} || exit 99
        {command} > {kept}/out1 2> {kept}/err1; echo $? > {kept}/code1
        cp -a {mount}/results {kept}/full
        mount -o remount,size=20m {mount}
        {command} > {kept}/out2 2> {kept}/err2; echo $? > {kept}/code2
        cp -a {mount}/results {kept}/resumed
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    err = (kept / "err1").read_text()
    assert (kept / "code1").read_text().strip() == "2", err
    assert "Traceback" not in err and "No space left on device" in err, err
    assert f"{mount}/results/small/" in err  # the file that could not be written, by its path
    full = kept / "full" / "small"
    assert not temp_or_empty(full), temp_or_empty(full)
    assert damaged_chunks(full) == []  # every chunk on disk is whole and recorded
    written = chunk_files(full)
    assert 0 < len(written) < len(chunk_files(reference / "small"))  # it stopped part-way
    assert (kept / "code2").read_text().strip() == "0", (kept / "err2").read_text()
    assert "chunk(s) already done" in (kept / "out2").read_text()
    resumed = kept / "resumed" / "small"
    assert chunk_files(resumed) == chunk_files(reference / "small")  # bit-identical to the uninterrupted run
    assert not temp_or_empty(resumed)
    manifest = json.loads((resumed / "manifest.json").read_text())
    assert manifest["status"] == "finished" and manifest["sessions"] == 2


# The tiny game's known-optimum search (tests/balance), run through the CLI in a process of its own
TINY_CLI = """
import sys
import tests.rulesets.tiny  # registers the tiny game
from sim.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not can_mount_a_tmpfs(), reason="no private mount namespace here (unshare -rm)")
def assert_same_report(written: Path, reference: Path) -> None:
    """The same report files: tables value for value (CSV and Parquet), the rest byte for byte (Polars'
    threaded sums may order a float addition differently from one process to the next, so a
    table's bytes can differ in a last digit while the table is the same)."""
    import polars as pl
    from polars.testing import assert_frame_equal

    ours, theirs = tree_bytes(written), tree_bytes(reference)
    assert sorted(ours) == sorted(theirs)
    for name in ours:
        if name.endswith((".parquet", ".csv")):
            read = pl.read_parquet if name.endswith(".parquet") else pl.read_csv
            assert_frame_equal(read(written / name), read(reference / name), check_exact=False,
                               rel_tol=1e-12, abs_tol=1e-12)
        else:
            assert ours[name] == theirs[name], name


def test_reports_balance_and_apply_on_a_full_filesystem(tmp_path: Path) -> None:
    """`sim balance` on a disk that fills half-way ends with the path and exit 2, and resumes to the
    proposals of an uninterrupted search; `--apply` onto a full disk and `sim report` onto one end
    the same way, leave no file, and write the same files once there is room."""
    import tests.rulesets.tiny  # noqa: F401
    from tests.balance.test_balance_search import write_tiny

    spec = write_tiny(tmp_path)
    reference = tmp_path / "reference"
    assert main(["balance", str(spec), "--results", str(reference)]) == 0
    assert main(["balance", str(spec), "--results", str(reference), "--apply", "1", "--to", str(tmp_path / "ref_cards")]) == 0
    run_spec = write_spec(tmp_path, name="small")
    assert main(["run", str(run_spec), "--results", str(reference), "--executor", "serial"]) == 0
    assert main(["report", "small", "--results", str(reference), "--format", "csv,parquet", "--out",
                 str(tmp_path / "ref_report")]) == 0
    mount, kept = tmp_path / "small-disk", tmp_path / "kept"
    mount.mkdir()
    kept.mkdir()
    tiny = f"{sys.executable} -c '{TINY_CLI}'"
    balance = f"{tiny} balance {spec} --results {mount}/results"
    fill = f"head -c 100M /dev/zero > {mount}/filler 2>/dev/null"
    script = f"""
        mount -t tmpfs -o size=300k tmpfs {mount} || exit 99
        {balance} > {kept}/balance.out 2> {kept}/balance.err; echo $? > {kept}/balance.code
        find {mount} -name '.*' ! -name .lock > {kept}/balance.left
        mount -o remount,size=40m {mount}
        {balance} > {kept}/resumed.out 2> {kept}/resumed.err; echo $? > {kept}/resumed.code
        cp -a {mount}/results/tiny_balance.balance/proposals.json {kept}/proposals.json
        cp -a {reference}/small {mount}/results/small
        {fill}
        {balance} --apply 1 --to {mount}/cards --lang en > /dev/null 2> {kept}/apply.err; echo $? > {kept}/apply.code
        {tiny} report small --results {mount}/results --format csv,parquet --out {mount}/report > /dev/null \
            2> {kept}/report.err; echo $? > {kept}/report.code
        find {mount}/cards {mount}/report -type f > {kept}/full.left 2> /dev/null
        rm {mount}/filler
        {balance} --apply 1 --to {mount}/cards --lang en > /dev/null 2> {kept}/apply2.err; echo $? > {kept}/apply2.code
        {tiny} report small --results {mount}/results --format csv,parquet --out {mount}/report > /dev/null \
            2> {kept}/report2.err; echo $? > {kept}/report2.code
        cp -a {mount}/cards {kept}/cards; cp -a {mount}/report {kept}/report
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    said = {name: (kept / f"{name}.err").read_text() for name in ("balance", "apply", "report")}
    for name, err in said.items():
        assert (kept / f"{name}.code").read_text().strip() == "2", err
        assert "Traceback" not in err and "No space left on device" in err and str(mount) in err, err
    assert (kept / "balance.left").read_text().strip() == "", "temp files left by the search"
    assert (kept / "full.left").read_text().strip() == "", "files left by --apply or the report"
    assert (kept / "resumed.code").read_text().strip() == "0", (kept / "resumed.err").read_text()
    resumed = json.loads((kept / "proposals.json").read_text())
    uninterrupted = json.loads((reference / "tiny_balance.balance" / "proposals.json").read_text())
    assert resumed["proposals"] == uninterrupted["proposals"] and resumed["baseline"] == uninterrupted["baseline"]
    for name in ("apply2", "report2"):
        assert (kept / f"{name}.code").read_text().strip() == "0", (kept / f"{name}.err").read_text()
    assert tree_bytes(kept / "cards") == tree_bytes(tmp_path / "ref_cards")
    assert_same_report(kept / "report", tmp_path / "ref_report")


@pytest.mark.skipif(not can_mount_a_tmpfs(), reason="no private mount namespace here (unshare -rm)")
def test_a_deck_search_on_a_full_filesystem_ends_with_the_path_and_resumes(tmp_path: Path) -> None:
    """128 KiB hold the card pool's copy and a few deck files: the search ends at the next deck
    file with its path and exit 2, leaves no torn or temp file, and once there is room the same
    command finishes with the decks, history and final round robin of an uninterrupted search."""
    flags = ["deck-search", "rolplay", "25", "--population", "4", "--generations", "1", "--games", "2", "--final-games", "2",
             "--executor", "serial"]
    reference = tmp_path / "reference"
    assert main([*flags, "--out", str(reference / "out"), "--results", str(reference / "results")]) == 0
    mount, kept = tmp_path / "small-disk", tmp_path / "kept"
    mount.mkdir()
    kept.mkdir()
    command = f"{sys.executable} -m sim.cli {' '.join(flags)} --out {mount}/out --results {mount}/results"
    script = f"""
        mount -t tmpfs -o size=128k tmpfs {mount} || exit 99
        {command} > /dev/null 2> {kept}/err1; echo $? > {kept}/code1
        cp -a {mount} {kept}/full
        mount -o remount,size=20m {mount}
        {command} > /dev/null 2> {kept}/err2; echo $? > {kept}/code2
        cp -a {mount} {kept}/resumed
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    err = (kept / "err1").read_text()
    assert (kept / "code1").read_text().strip() == "2", err
    assert "Traceback" not in err and "No space left on device" in err and f"{mount}/out/" in err, err
    assert not temp_or_empty(kept / "full" / "out")
    assert (kept / "code2").read_text().strip() == "0", (kept / "err2").read_text()
    resumed = kept / "resumed"
    for part in ("decks", "history", "cards", "deck_search.json"):
        assert tree_bytes(resumed / "out" / part) == tree_bytes(reference / "out" / part) if part != "deck_search.json" \
            else (resumed / "out" / part).read_bytes() == (reference / "out" / part).read_bytes()
    assert chunk_files(resumed / "results" / "rolplay_deck_search_25") == \
        chunk_files(reference / "results" / "rolplay_deck_search_25")


@pytest.mark.parametrize("error", [
    pl.exceptions.ComputeError(POLARS_FULL),  # Polars' Parquet writer
    OSError("No space left on device (os error 28)"),  # Polars' CSV and IPC writers: no errno
    OSError(errno.ENOSPC, ARROW_FULL),  # PyArrow (pyarrow.ArrowIOError is OSError)
    shutil.Error([("a", "b", "[Errno 28] No space left on device: 'a' -> 'b'")]),  # shutil.copytree
], ids=["polars-parquet", "polars-csv", "pyarrow", "copytree"])
def test_a_library_s_own_full_disk_error_names_the_file_and_leaves_nothing(tmp_path: Path, error: Exception) -> None:
    target = tmp_path / "table.parquet"

    def torn(tmp: Path) -> None:
        tmp.write_bytes(b"half a table")
        raise error

    with pytest.raises(OSError) as raised:
        write_atomic(target, torn)
    assert raised.value.errno == errno.ENOSPC and raised.value.filename == str(target)
    assert raised.value.__cause__ is error  # the library's own words stay in the chain
    assert list(tmp_path.iterdir()) == []


def test_an_error_that_is_no_fault_of_the_disk_propagates_as_it_is(tmp_path: Path) -> None:
    for error in (pl.exceptions.ComputeError("a column of mixed types"), ValueError("a bug")):
        def failing(tmp: Path, error: Exception = error) -> None:
            raise error
        with pytest.raises(type(error)) as raised:
            write_atomic(tmp_path / "x.parquet", failing)
        assert raised.value is error
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fmt, writer, error", [
    ("csv", "polars", OSError("No space left on device (os error 28)")),
    ("csv", "polars", pl.exceptions.ComputeError("csv: underlying IO error: No space left on device (os error 28)")),
    ("parquet", "pyarrow", OSError(errno.ENOSPC, ARROW_FULL)),
], ids=["csv-oserror", "csv-computeerror", "parquet-arrow"])
def test_a_report_meeting_the_libraries_full_disk_errors_exits_2_with_the_path(
        fmt: str, writer: str, error: Exception, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    spec = write_spec(tmp_path)
    results = tmp_path / "results"
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    out = tmp_path / "report"

    def torn(*args, **kwargs):
        target = args[-1] if writer == "pyarrow" else args[1]
        Path(target).write_bytes(b"torn")
        raise error

    if writer == "pyarrow":
        import pyarrow.parquet as pq
        monkeypatch.setattr(pq, "write_table", torn)
    else:
        monkeypatch.setattr(pl.DataFrame, "write_csv", torn)
    capsys.readouterr()
    assert main(["report", "small", "--results", str(results), "--format", fmt, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "No space left on device" in err and f"{out / 'small.'}" in err and "Traceback" not in err, err
    assert not [p.name for p in out.iterdir() if p.suffix == f".{fmt}" or p.name.startswith(".")]
    monkeypatch.undo()
    assert main(["report", "small", "--results", str(results), "--format", fmt, "--out", str(out)]) == 0


# The dashboard over a results folder on the small disk: an upload, then the same upload with room
DASH_UPLOAD = """
import base64, json, sys, time
from pathlib import Path
from dashboards import launches
from dashboards.app import create_app
results, spec, lang = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
app = create_app(results, executor="serial", warm=False)
client = app.server.test_client()
client.get("/")
output = next(d["output"] for d in json.loads(client.get("/_dash-dependencies").data)
              if d["output"].startswith("..launch-message.children...launch-current"))
contents = "data:application/octet-stream;base64," + base64.b64encode(spec.read_bytes()).decode()
def value(component, prop, given):
    return {"id": component, "property": prop, "value": given}
answer = client.post("/_dash-update-component", headers={"Referer": f"http://localhost/?lang={lang}"}, json={
    "output": output, "outputs": [{"id": "launch-message", "property": "children"},
                                  {"id": "launch-current", "property": "data"}],
    "inputs": [value("launch-button", "n_clicks", None),
               value("launch-upload-checked", "data", {"filename": spec.name, "contents": contents})],
    "state": [value("launch-shipped", "value", None), value("launch-games", "value", None), value("lang", "data", lang)],
    "changedPropIds": ["launch-upload-checked.data"]})
print(json.dumps(json.loads(answer.data), ensure_ascii=False))
launch = launches.launched(spec.stem)
if launch is not None:
    launch.process.wait(timeout=300)
"""


@pytest.mark.skipif(not can_mount_a_tmpfs(), reason="no private mount namespace here (unshare -rm)")
def test_a_launch_from_the_dashboard_on_a_full_filesystem_says_which_file(tmp_path: Path) -> None:
    """An upload the disk cannot take is said in the page with the file (relative to the results
    folder) and the reason, in the page's language; no half upload and no empty launch log is left;
    with room again the same upload is kept and its run plays to the end."""
    spec = write_spec(tmp_path, filename="subida.toml", name="subida")
    mount, kept = tmp_path / "small-disk", tmp_path / "kept"
    mount.mkdir()
    kept.mkdir()
    (tmp_path / "upload.py").write_text(DASH_UPLOAD, encoding="utf-8")
    upload = f"{sys.executable} {tmp_path / 'upload.py'} {mount}/results {spec}"
    script = f"""
        mount -t tmpfs -o size=256k tmpfs {mount} || exit 99
        mkdir {mount}/results
        head -c 100M /dev/zero > {mount}/filler 2> /dev/null
        {upload} es > {kept}/full.es 2> {kept}/full.err
        {upload} en > {kept}/full.en 2>> {kept}/full.err
        find {mount}/results -type f > {kept}/left
        rm {mount}/filler
        {upload} en > {kept}/room.en 2> {kept}/room.err
        cp -a {mount}/results {kept}/results
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    spanish, english = (kept / "full.es").read_text(), (kept / "full.en").read_text()
    assert "_uploads/subida.toml no se ha podido escribir: no queda espacio en el disco" in spanish, spanish
    assert "_uploads/subida.toml could not be written: No space left on device" in english, english
    assert str(mount) not in spanish + english and "Traceback" not in (kept / "full.err").read_text()
    assert (kept / "left").read_text().strip() == ""  # no upload, no temp file, no launch log
    room = (kept / "room.en").read_text()
    assert "subida" in room and "could not be written" not in room, room
    assert (kept / "results" / "_uploads" / "subida.toml").read_bytes() == spec.read_bytes()
    manifest = json.loads((kept / "results" / "subida" / "manifest.json").read_text())
    assert manifest["status"] == "finished", (kept / "results" / "_launches" / "subida.err").read_text()
