"""`sim balance --apply N --to DIR` into a place that cannot be written (issue 35, item 4): a message
naming --to and the place, exit code 2, no traceback, and nothing left where the copy was to go;
the same command writes the copy once the place can take it. (A full disk is met for real in
tests/run/test_full_disk.py.) The balance page's "apply to a copy" says why it failed in the page's
language (issue 33)."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game)
from dashboards.app import create_app
from sim.balance.search import search
from sim.cli import main
from sim.run.spec import load_spec
from tests.balance.test_balance_search import write_tiny
from tests.dashboards.test_dashboard_names import apply_pressed, output_of


@pytest.fixture(scope="module")
def searched(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("apply_places")
    spec = write_tiny(folder)
    search(load_spec(spec), folder / "results")
    return spec, folder / "results"


def apply_to(searched: tuple[Path, Path], to: Path, lang: str = "en") -> int:
    """`sim balance --apply 1 --to TO`, its refusals said in `lang` (the command's default is Spanish)."""
    spec, results = searched
    return main(["balance", str(spec), "--results", str(results), "--apply", "1", "--to", str(to), "--lang", lang])


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc here")
def test_a_place_where_no_folder_can_be_made_is_named(searched, capsys: pytest.CaptureFixture[str]) -> None:
    assert apply_to(searched, Path("/proc/sim-cards"), "es") == 2
    assert "--to: /proc/sim-cards: no se ha podido escribir" in capsys.readouterr().err
    assert apply_to(searched, Path("/proc/sim-cards")) == 2
    err = capsys.readouterr().err
    assert "--to: /proc/sim-cards: could not be written" in err and "Traceback" not in err, err
    assert not Path("/proc/sim-cards").exists()


def test_a_place_under_a_file_is_named(searched, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine", encoding="utf-8")
    assert apply_to(searched, notes / "cards") == 2
    err = capsys.readouterr().err
    assert f"--to: {notes / 'cards'} cannot be made: {notes} is a file" in err, err
    assert notes.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES], ids=["full", "read-only", "denied"])
def test_a_copy_that_fails_half_way_leaves_nothing_and_the_same_command_then_writes_it(
        searched, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        code: int) -> None:
    """The second card file cannot be written (the disk fills, turns read-only, or refuses): the
    first, already copied, does not stay behind, nor an empty --to, nor a staging folder."""
    real_copy = shutil.copyfile  # what copytree's copy2 writes each file with
    copied: list[str] = []

    def failing_copy(src, dst, *args, **kwargs):
        if copied:
            Path(dst).write_bytes(b"to")  # a few bytes, as a filling disk takes them
            raise OSError(code, os.strerror(code), str(dst))
        copied.append(str(dst))
        return real_copy(src, dst, *args, **kwargs)

    monkeypatch.setattr(shutil, "copyfile", failing_copy)
    to = tmp_path / "new" / "cards"
    assert apply_to(searched, to) == 2
    err = capsys.readouterr().err
    assert f"--to: {to}: could not be written: {os.strerror(code)}; nothing was left there" in err, err
    assert "Traceback" not in err
    assert not to.exists() and list((tmp_path / "new").iterdir()) == []
    monkeypatch.undo()
    assert apply_to(searched, to) == 0
    assert sorted(p.name for p in to.iterdir()) == ["azul.toml", "rojo.toml"]
    assert "value = 6  # weak" in (to / "azul.toml").read_text(encoding="utf-8")


def test_the_page_says_why_the_copy_failed_in_its_language(searched, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills half-way through the copy, then a card file has changed since the search: the
    page's message is the catalog's, in Spanish on a Spanish page (it was the English one), and in
    English on an English page."""
    spec, results = searched
    client = create_app(results, executor="serial", warm=False).server.test_client()
    client.get("/")
    output = output_of(client, "balance-applied.children")
    real_copy = shutil.copyfile

    def full_disk(src, dst, *args, **kwargs):
        if Path(dst).name == "rojo.toml":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(dst))
        return real_copy(src, dst, *args, **kwargs)

    monkeypatch.setattr(shutil, "copyfile", full_disk)
    said = {lang: apply_pressed(client, output, "tiny_balance", lang) for lang in ("es", "en")}
    monkeypatch.undo()
    assert all(status == 200 for status, _ in said.values()), said
    assert "No se pudo escribir la copia: --to: " in said["es"][1], said["es"][1]
    assert "no se ha podido escribir: no queda espacio en el disco; no se ha dejado nada ahí" in said["es"][1]
    assert "The copy could not be written: --to: " in said["en"][1]
    assert "could not be written: No space left on device; nothing was left there" in said["en"][1]
    azul = spec.parent / "cards" / "azul.toml"
    original = azul.read_text(encoding="utf-8")
    azul.write_text(original.replace("value = 3  # weak", "value = 4  # weak"), encoding="utf-8")
    try:
        changed = {lang: apply_pressed(client, output, "tiny_balance", lang)[1] for lang in ("es", "en")}
    finally:
        azul.write_text(original, encoding="utf-8")
    assert (f"{azul}: carta AZ-06: value vale 4 en el archivo y la búsqueda leyó 3; el archivo de cartas ha cambiado "
            "desde la búsqueda: vuelve a ejecutar `sim balance`") in changed["es"], changed["es"]
    assert f"{azul}: card AZ-06: value is 4 in the file, the search read 3; the card file changed" in changed["en"]
    english = ("could not be written", "No space", "nothing was left", "card file changed", "the search read")
    assert not [w for w in english if w in said["es"][1] + changed["es"]]
    assert not (results / "tiny_balance.balance" / "applied").exists() or \
        not any((results / "tiny_balance.balance" / "applied").iterdir())  # no copy left behind
