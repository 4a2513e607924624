"""Issue 35 item 7: the words of a refusal. One numbering for list items in every message (a list
item by its number from 1 in brackets, `side[2]`, `balance.edit[1].max`, as `side[1].faction` was
already written: never `balance.edit.0.max` beside `balance.edit[1].card`); a spec of three sides
names them; a sweep value that breaks a card names the spec's axis before the card file; a file
that is a symbolic link looping on itself says so; a TOML file that starts with a byte-order mark
(as Windows' Notepad saves it) is read, by every TOML reader: specs, card files, deck lists and
the dashboard's uploads."""

from __future__ import annotations

import sys

import base64
import re
import shutil
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.cards import read_deck_file
from sim.core.decks import decks_dir_of
from sim.core.errors import InputError, field_path
from sim.rulesets.rolplay.decks import DeckFile
from sim.rulesets.rolplay.cards import CARDS_DIR as ROLPLAY_CARDS

from small_runs import copy_cards, write_spec

BOM = "\ufeff"
ZERO_BASED = re.compile(r"[a-z_]\.\d+[.:'\]]|#\d")  # balance.edit.0.max, ability.0.n, card #3, cards entry #2
SWEEP = '\n[sweep]\n[[sweep.axis]]\ncard = "AR-01"\nfield = "atq"\nvalues = {values}\n'
BALANCE = ('\n[balance]\nheld_out_seed = 99\n[[balance.objective]]\nfigure = "win_rate"\ntarget = 0.5\n'
           'tolerance = 0.01\n[[balance.edit]]\ncard = "AR-01"\nfield = "atq"\nmin = 1\nmax = 3\n'
           '[[balance.edit]]\ncard = "AR-02"\nfield = "atq"\nmin = 4\nmax = 3\n')


def spec_plus(folder: Path, tables: str, **fields: str) -> Path:
    """The small spec with more tables after its sides."""
    path = write_spec(folder, **fields)
    path.write_text(path.read_text(encoding="utf-8") + tables, encoding="utf-8")
    return path


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_field_path_numbers_list_items_from_one_in_brackets() -> None:
    assert field_path(("balance", "edit", 0, "max")) == "balance.edit[1].max"
    assert field_path(("side", 1, "weights", "aggression")) == "side[2].weights.aggression"
    assert field_path(("ability", 2, "n")) == "ability[3].n"
    assert field_path(()) == ""


@pytest.mark.parametrize(("write", "said"), [
    (lambda d: spec_plus(d, SWEEP.format(values='"x"')), "sweep.axis[1].values"),
    (lambda d: spec_plus(d, BALANCE), "balance.edit[2].max"),
    (lambda d: write_spec(d, side_a='weights = { aggression = "high" }'), "side[1].weights.aggression"),
])
def test_a_spec_s_list_items_are_numbered_from_one_in_brackets(tmp_path: Path, capsys, write, said: str) -> None:
    write(tmp_path)
    err = refused(["run", str(tmp_path / "spec.toml"), "--results", str(tmp_path / "r"), "--executor", "serial"],
                  capsys)
    assert said in err and not ZERO_BASED.search(err), err


def test_a_card_without_an_id_and_a_deck_entry_are_numbered_alike(tmp_path: Path, capsys) -> None:
    cards = copy_cards(tmp_path)
    aranas = cards / "aranas.toml"
    aranas.write_text(aranas.read_text(encoding="utf-8").replace('id = "AR-02"', "", 1), encoding="utf-8")
    write_spec(tmp_path, top='cards_dir = "cards"')
    err = refused(["run", str(tmp_path / "spec.toml"), "--results", str(tmp_path / "r"), "--executor", "serial"],
                  capsys)
    assert "aranas.toml: card[2]: field 'id'" in err and not ZERO_BASED.search(err), err
    deck = tmp_path / "mazo.toml"
    deck.write_text('name = "M"\ntier = 25\nidea = "x"\ncards = [\n  { id = "RP-007", copies = 60 },\n'
                    '  { copies = 2 },\n]\n', encoding="utf-8")
    with pytest.raises(InputError) as refusal:
        read_deck_file(deck, DeckFile)
    assert "mazo.toml: cards[2]: field 'id'" in str(refusal.value) and not ZERO_BASED.search(str(refusal.value))


def test_three_sides_where_two_are_wanted_names_the_sides(tmp_path: Path, capsys) -> None:
    spec = spec_plus(tmp_path, '\n[[side]]\nfaction = "aranas"\nlabel = "Otra"\n')
    err = refused(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"], capsys)
    assert "spec.toml: side: 3 [[side]] tables (side[1] Arañas, side[2] Ciempiés, side[3] Otra)" in err, err
    assert "(spec)" not in err


def test_a_sweep_value_that_breaks_a_card_names_the_axis_first_and_the_card_file_second(
        tmp_path: Path, capsys) -> None:
    spec = spec_plus(tmp_path, SWEEP.format(values="[2, -1]"))
    err = refused(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"], capsys)
    line = next(line for line in err.splitlines() if "AR-01" in line)
    assert line.startswith(f"sim run: error: {spec}: sweep axis AR-01.atq, value -1: "), line
    assert line.index("sweep axis") < line.index("aranas.toml: card AR-01: field 'atq'"), line
    assert not (tmp_path / "r").exists()


def test_a_card_file_or_spec_that_is_a_symbolic_link_loop_says_so(tmp_path: Path, capsys) -> None:
    cards = copy_cards(tmp_path)
    (cards / "bucle.toml").symlink_to("bucle.toml")
    spec = write_spec(tmp_path, top='cards_dir = "cards"')
    spec.write_text(spec.read_text(encoding="utf-8").replace('faction = "aranas"', 'faction = "bucle"', 1),
                    encoding="utf-8")
    err = refused(["run", str(tmp_path / "spec.toml"), "--results", str(tmp_path / "r")], capsys)
    assert "bucle.toml: the card file of faction 'bucle' is a symbolic link that loops" in err, err
    assert "no card file for faction" not in err  # it is listed among the factions: "found: ... bucle"
    loop = tmp_path / "vuelta.toml"
    loop.symlink_to("vuelta.toml")
    err = refused(["run", str(loop), "--results", str(tmp_path / "r")], capsys)
    assert f"{loop}: is a symbolic link that loops" in err, err


def test_a_rolplay_deck_file_that_is_a_symbolic_link_loop_says_so(tmp_path: Path, capsys) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(ROLPLAY_CARDS, cards)
    decks = decks_dir_of(cards)
    shutil.copytree(decks_dir_of(ROLPLAY_CARDS), decks)
    (decks / "bucle_25.toml").symlink_to("bucle_25.toml")
    spec = tmp_path / "rp.toml"
    spec.write_text('name = "rp"\nruleset = "rolplay"\ngames = 20\nseed = 1\ncards_dir = "cards"\n'
                    '[[side]]\nfaction = "bucle_25"\n[[side]]\nfaction = "carga_25"\n', encoding="utf-8")
    err = refused(["run", str(spec), "--results", str(tmp_path / "r")], capsys)
    assert "bucle_25.toml: is a symbolic link that loops" in err, err


def test_specs_card_files_and_deck_lists_that_start_with_a_byte_order_mark_are_read(
        tmp_path: Path, capsys) -> None:
    cards = copy_cards(tmp_path)
    for path in (cards / "aranas.toml", write_spec(tmp_path, top='cards_dir = "cards"')):
        path.write_text(BOM + path.read_text(encoding="utf-8"), encoding="utf-8")
    assert (tmp_path / "spec.toml").read_bytes().startswith(b"\xef\xbb\xbf")
    assert main(["run", str(tmp_path / "spec.toml"), "--games", "20", "--results", str(tmp_path / "r"),
                 "--executor", "serial"]) == 0, capsys.readouterr().err
    deck = tmp_path / "mazo.toml"
    deck.write_text(BOM + (decks_dir_of(ROLPLAY_CARDS) / "carga_25.toml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    assert read_deck_file(deck, DeckFile).name == "Carga de criaturas"


def test_an_uploaded_spec_that_starts_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    from dashboards.app import create_app

    import dash

    create_app(tmp_path, warm=False)  # the pages register with an app, under the app's module names:
    # importing dashboards.pages.runs by its own name would register the page twice
    runs = sys.modules[next(p["module"] for p in dash.page_registry.values() if p["path"] == "/")]
    read_upload = runs.read_upload

    text = BOM + 'name = "subida"\nruleset = "dicedraft"\ngames = 20\nseed = 1\n'
    contents = "data:application/toml;base64," + base64.b64encode(text.encode("utf-8")).decode()
    raw, parsed = read_upload(contents, "subida.toml", 10_000)
    assert raw.startswith(b"\xef\xbb\xbf") and parsed["name"] == "subida"
