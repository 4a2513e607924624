"""`sim try RUN --set CARD.field=value`: a card edit played on a finished run's own seeds, and the
paired answer (docs/trying.md). On a small dicedraft run (arañas vs ciempiés, 6,000 games) and a
small round robin, what a designer reads is checked against what it must equal:
- the trial's games are, game for game, those of `sim run --cards` on a hand-edited copy (pairing
  by construction: the same seeds, only the edit differs), and its answer is `sim compare`'s;
- sequential stopping: a config stops at the first check whose paired half-width is within the
  asked one, and a config the edit does not reach stops at its first check, d = 0 exactly;
- the trial is an ordinary run `sim show` and `sim compare` read, kept with its cards, patch and spec;
- a value the rules refuse, one per field kind, in Spanish and English: exit 2 and no folder written;
- a run being written is refused with the reason.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import polars as pl
import pytest

from sim.analysis.compare import win_rate_comparison
from sim.balance.trial import TRIAL_SUFFIX, base_run, discard_trial, keep_trial, trial_name
from sim.balance.patch import Edit
from sim.balance.trial_form import checked_edits, trial_space
from sim.cli import main
from sim.core.errors import SaidError
from sim.core.ruleset import get_ruleset
from sim.report.language import TEXT
from sim.results.liveness import run_lock
from sim.results.manifest import read_manifest
from sim.results.scans import scan_games

GAMES = 6000
SPEC = """\
name = "{name}"
ruleset = "dicedraft"
kind = "games"
games = {games}
seed = 11
seats = "mirrored"
{top}
[[side]]
faction = "aranas"
label = "Arañas"

[[side]]
faction = "ciempies"
label = "Ciempiés"
{third}"""
CI_04 = 'id = "CI-04"\nname = "Ciempiés de Casa"\nkind = "personaje"\ncost = 5'
TRIAL = "dd.try.CI-04.cost-6"


def write_spec(folder: Path, name: str, games: int = GAMES, round_robin: bool = False) -> Path:
    path = folder / f"{name}.toml"
    third = '\n[[side]]\nfaction = "aranas"\nlabel = "Otras"\n' if round_robin else ""
    path.write_text(SPEC.format(name=name, games=games, top='matchups = "round_robin"' if round_robin else "",
                                third=third), encoding="utf-8")
    return path


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished run `dd`, its trial with CI-04 cost 6 (± 2 pts), and `mine`: the same spec run
    with --cards on a copy edited by hand."""
    folder = tmp_path_factory.mktemp("try")
    results = folder / "results"
    spec = write_spec(folder, "dd")
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    assert main(["try", "dd", "--set", "CI-04.cost=6", "--half-width", "0.02", "--results", str(results),
                 "--executor", "serial", "--lang", "en"]) == 0
    assert main(["cards", "dicedraft", "--to", str(folder / "mis_cartas")]) == 0
    path = folder / "mis_cartas" / "ciempies.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(CI_04, CI_04.replace("cost = 5", "cost = 6")), encoding="utf-8")
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial", "--cards",
                 str(folder / "mis_cartas"), "--run", "mine"]) == 0
    return results


def scores(run_dir: Path) -> pl.DataFrame:
    return scan_games(run_dir).select("config", "game", "winner", "turns").collect().sort("config", "game")


def test_the_trial_plays_the_hand_edited_cards_on_the_runs_own_games(played: Path) -> None:
    trial, mine = scores(played / TRIAL), scores(played / "mine")
    assert 0 < trial.height < GAMES  # it stopped before the run's 6,000 games
    same = mine.join(trial, on=["config", "game"], how="semi")
    assert trial.equals(same)  # game for game: the edit is the only difference from the run's seeds
    manifest = read_manifest(played / TRIAL)
    assert manifest["status"] == "finished" and manifest["seed"] == read_manifest(played / "dd")["seed"]
    assert list(manifest["configs"]) == list(read_manifest(played / "dd")["configs"])


def test_the_answer_is_sim_compare_s_paired_difference(played: Path, capsys: pytest.CaptureFixture) -> None:
    answer = json.loads((played / f"{TRIAL}{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    row = answer["win_rates"][0]
    expected = win_rate_comparison(scan_games(played / "dd"), scan_games(played / TRIAL), True).row(0, named=True)
    assert row["pairs"] == expected["pairs"] == answer["games"]["base"]
    for key in ("diff", "diff_low", "diff_high"):
        assert row[key] == pytest.approx(expected[key], abs=1e-12)
    # "before" is the run on the trial's own games, not on all of the run's
    before = scan_games(played / "dd").filter(pl.col("game") < row["pairs"]).collect()
    wins = before.select(((pl.col("winner") == 0).cast(pl.Float64) + 0.5 * (pl.col("winner") == -1)).mean()).item()
    assert row["a_win_rate"] == pytest.approx(wins, abs=1e-12)
    capsys.readouterr()
    assert main(["compare", "dd", TRIAL, "--results", str(played), "--lang", "en"]) == 0
    assert f"paired on {row['pairs']:,} games" in capsys.readouterr().out


def test_a_config_stops_at_the_first_check_within_the_half_width(played: Path) -> None:
    answer = json.loads((played / f"{TRIAL}{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    row, every = answer["win_rates"][0], json.loads((played / f"{TRIAL}{TRIAL_SUFFIX}" / "trial.json").read_text())["every"]
    assert (row["diff_high"] - row["diff_low"]) / 2 <= 0.02
    assert every < row["pairs"] < GAMES
    d = (scores(played / TRIAL).join(scores(played / "dd"), on=["config", "game"], suffix="_a")
         .with_columns(((pl.col("winner") == 0).cast(pl.Float64) + 0.5 * (pl.col("winner") == -1)
                        - (pl.col("winner_a") == 0).cast(pl.Float64) - 0.5 * (pl.col("winner_a") == -1)).alias("d")))
    earlier = d.filter(pl.col("game") < row["pairs"] - every)["d"]
    assert 1.96 * earlier.std() / math.sqrt(earlier.len()) > 0.02  # one check earlier it was not yet known


def test_the_trial_is_kept_beside_the_run_with_its_cards_patch_and_spec(played: Path) -> None:
    folder = played / f"{TRIAL}{TRIAL_SUFFIX}"
    assert "-cost = 5\n+cost = 6" in (folder / "patch.diff").read_text(encoding="utf-8")
    assert 'cost = 6' in (folder / "cards" / "ciempies.toml").read_text(encoding="utf-8")
    assert f'cards_dir = "{(folder / "cards").resolve()}"' in (folder / "spec.toml").read_text(encoding="utf-8")
    assert main(["show", TRIAL, "--results", str(played)]) == 0


def test_a_keyword_and_a_rule_parameter_are_tried_too(played: Path) -> None:
    assert main(["try", "dd", "--set", "AR-18.double_attack=false", "--set", "params.start_lives=25", "--games", "2000",
                 "--name", "dd_flags", "--results", str(played), "--executor", "serial"]) == 0
    folder = played / f"dd_flags{TRIAL_SUFFIX}"
    assert "-double_attack = true\n+double_attack = false" in (folder / "patch.diff").read_text(encoding="utf-8")
    assert "set start_lives = 25 in the spec's [params] (was 30)" in (folder / "patch.diff").read_text(encoding="utf-8")
    assert read_manifest(played / "dd_flags")["spec"]["params"] == {"start_lives": 25}
    assert json.loads((folder / "answer.json").read_text(encoding="utf-8"))["win_rates"][0]["pairs"] == 2000


def test_a_round_robin_trial_stops_the_matchups_the_edit_does_not_reach_at_once(tmp_path: Path) -> None:
    results = tmp_path / "results"
    spec = write_spec(tmp_path, "rr", games=6000, round_robin=True)
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    assert main(["try", str(spec), "--set", "CI-04.atq=4", "--half-width", "0.04", "--results", str(results),
                 "--executor", "serial", "--name", "rr_atq"]) == 0
    answer = json.loads((results / f"rr_atq{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    every = json.loads((results / f"rr_atq{TRIAL_SUFFIX}" / "trial.json").read_text())["every"]
    untouched = [r for r in answer["win_rates"] if "Ciempiés" not in r["config"]]
    assert untouched and all(r["pairs"] == every and r["diff"] == r["diff_low"] == r["diff_high"] == 0.0
                             for r in untouched)
    assert {r["label"] for r in answer["field"]} == {"Arañas", "Ciempiés", "Otras"}


REFUSED = [  # one per field kind: (edit, Spanish words, English words)
    ("CI-04.cost=seis", "no es un número entero", "is not a whole number"),
    ("CI-04.cost=136", "queda fuera de lo que admiten las reglas (0 a 135)", "is outside what the rules take (0 to 135)"),
    ("CI-04.double_block=quizas", "no es true ni false", "is neither true nor false"),
    ("DD-4.boost=fuego", "no es una de las palabras que admite: atq, def", "is not one of the words it takes: atq, def"),
    ("CI-04.def=0", "las reglas de la carta CI-04 rechazan def = 0", "the card rules of CI-04 refuse def = 0"),
    ("CI-04.vuelo=1", "no tiene ese campo", "has no such field"),
    ("XX-99.cost=3", "no hay ninguna carta XX-99", "no card XX-99"),
    ("params.start_lives=0", "queda fuera de lo que admiten las reglas (1 a 999)", "is outside what the rules take (1 to 999)"),
    ("CI-04.cost", "escribe CARTA.campo=valor", "write CARD.field=value"),
]


@pytest.mark.parametrize("edit,spanish,english", REFUSED)
def test_a_value_the_rules_refuse_writes_nothing(played: Path, capsys: pytest.CaptureFixture, edit: str, spanish: str,
                                                english: str) -> None:
    before = tree(played)
    for lang, words in (("es", spanish), ("en", english)):
        capsys.readouterr()
        assert main(["try", "dd", "--set", edit, "--results", str(played), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert words in err and edit.split("=")[0] in err
        assert not [w for w in catalog_words_only_in("en" if lang == "es" else "es") if w in err], err
    assert tree(played) == before


def test_a_run_being_written_is_refused_with_the_reason(played: Path, capsys: pytest.CaptureFixture) -> None:
    manifest_path = played / "dd" / "manifest.json"
    text = manifest_path.read_text(encoding="utf-8")
    before = tree(played)
    try:
        manifest_path.write_text(text.replace('"status": "finished"', '"status": "running"'), encoding="utf-8")
        with run_lock(played / "dd"):
            assert main(["try", "dd", "--set", "CI-04.cost=7", "--results", str(played), "--lang", "en"]) == 2
    finally:
        manifest_path.write_text(text, encoding="utf-8")
    assert "the run dd is still being written" in capsys.readouterr().err
    assert tree(played) == before


EVERY_GAME = ("dicedraft", "fortaleza", "rolplay", "epikha")
# the texts a refusal may say: the catalog's and every game's card rules (its words.py), each
# {"es": ..., "en": ...}
REFUSAL_TEXTS = [*TEXT.values(), *({"es": es, "en": en} for game in EVERY_GAME
                                   for es, en in get_ruleset(game).card_rule_words.values())]


def catalog_words_only_in(lang: str) -> list[str]:
    """Pieces (between {fields}) of the catalog's texts and the games' card rules that `lang` says
    and the other does not, long enough to stand for their text (as
    tests/report/test_report_language.py reads a report)."""
    other = "en" if lang == "es" else "es"
    theirs = " ".join(entry[other] for entry in REFUSAL_TEXTS)
    pieces = {piece.strip() for entry in REFUSAL_TEXTS for piece in re.split(r"\{[^}]*\}", entry[lang])}
    return sorted(p for p in pieces if len(p) >= 9 and p not in theirs)


CARD_RULES = [  # per game, an edit its card rules refuse across fields, and the reason in Spanish and English
    ("dicedraft", ("aranas", "ciempies"), ("CI-04", "def", "0"),
     "un personaje necesita def de 1 o más", "a personaje needs def of at least 1"),
    ("fortaleza", ("china", "corea"), ("CH-001", "res", "0"),  # rule F-22
     "una unidad necesita res de 1 o más (regla F-22)", "a unit needs res of at least 1 (rule F-22)"),
    ("rolplay", ("amuletos_25", "carga_25"), ("RP-007", "cost", "1"),  # rule R-08
     "una carta power se conjura sin pagar (regla R-08)", "a power is conjured without paying (rule R-08)"),
    ("epikha", ("abaron", "empiria"), ("AB-051", "class", "spell"),  # rule E-31
     "una carta spell lleva efectos solo en on_cast (regla E-31)",
     "a spell carries effects only in on_cast (rule E-31)"),
]


@pytest.mark.parametrize("game,factions,edit,spanish,english", CARD_RULES, ids=[c[0] for c in CARD_RULES])
def test_a_card_rule_refusal_is_said_in_one_language_throughout(game: str, factions: tuple[str, str],
                                                                edit: tuple[str, str, str], spanish: str,
                                                                english: str) -> None:
    """The reason a game's card rules give is the game's own words (its words.py) in the refusal's
    language, as `sim try` prints it and the /try page shows it under the field; the English one is
    the sentence a card file's error says."""
    ruleset = get_ruleset(game)
    space = trial_space(ruleset, ruleset.cards_dir, factions, {})
    with pytest.raises(SaidError) as refused:
        checked_edits(space, [edit])
    said = {lang: refused.value.said(lang) for lang in ("es", "en")}
    card, field, value = edit
    assert said["es"] == f"{card}.{field}: las reglas de la carta {card} rechazan {field} = {value}: {spanish}"
    assert said["en"] == f"{card}.{field}: the card rules of {card} refuse {field} = {value}: {english}"
    for lang, other in (("es", "en"), ("en", "es")):
        assert not [w for w in catalog_words_only_in(other) if w in said[lang]], said[lang]


def test_an_interrupted_run_is_refused_with_its_status_in_the_refusal_s_language(
        played: Path, capsys: pytest.CaptureFixture) -> None:
    """A run whose writer died is "interrupted": said "interrumpida" in Spanish, as every other word of
    the refusal (no catalog words of the other language, no status left in English)."""
    manifest_path = played / "dd" / "manifest.json"
    text = manifest_path.read_text(encoding="utf-8")
    before = tree(played)
    said = {}
    try:
        manifest_path.write_text(text.replace('"status": "finished"', '"status": "running"'), encoding="utf-8")
        for lang in ("es", "en"):  # no lock held: nobody writes it
            capsys.readouterr()
            assert main(["try", "dd", "--set", "CI-04.cost=7", "--results", str(played), "--lang", lang]) == 2
            said[lang] = capsys.readouterr().err
    finally:
        manifest_path.write_text(text, encoding="utf-8")
    assert "la ejecución dd no terminó (interrumpida)" in said["es"] and "interrupted" not in said["es"]
    assert "the run dd did not finish (interrupted)" in said["en"] and "interrumpida" not in said["en"]
    for lang, other in (("es", "en"), ("en", "es")):
        assert not [w for w in catalog_words_only_in(other) if w in said[lang]], said[lang]
    assert tree(played) == before


def test_a_trial_never_replaces_a_run_of_its_own_name(played: Path, capsys: pytest.CaptureFixture) -> None:
    before = tree(played)
    assert main(["try", "dd", "--set", "CI-04.cost=7", "--name", "mine", "--results", str(played), "--lang", "en"]) == 2
    assert "mine is already a run that is no trial" in capsys.readouterr().err
    assert tree(played) == before


def test_the_same_edits_to_another_precision_play_the_trial_again(played: Path) -> None:
    assert main(["try", "dd", "--set", "CI-04.cost=6", "--games", "2000", "--results", str(played),
                 "--executor", "serial"]) == 0
    answer = json.loads((played / f"{TRIAL}{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    assert answer["win_rates"][0]["pairs"] == 2000 and answer["half_width"] is None


def test_discard_removes_the_trial_and_nothing_else(played: Path) -> None:
    assert main(["try", "dd", "--set", "CI-04.atq=2", "--games", "2000", "--results", str(played),
                 "--executor", "serial"]) == 0
    name = trial_name("dd", [Edit("CI-04", "atq", 3, 2)])
    assert (played / name / "manifest.json").exists()
    assert scan_games(played / name).select(pl.len()).collect().item() == 2000  # --games: no stopping
    others = {p.name for p in played.iterdir()} - {name, f"{name}{TRIAL_SUFFIX}"}
    discard_trial(played, name)
    assert {p.name for p in played.iterdir()} == others


def test_a_short_run_has_its_missing_games_replayed_once_on_its_own_seeds(tmp_path: Path) -> None:
    """A run of 2,000 games cannot pair ±2 pts: its games past 2,000 are replayed on its seeds into
    <run>.baseline-<N> (an ordinary run), the trial reaches its half-width, and a second trial
    reuses the replayed games instead of playing them again."""
    results = tmp_path / "results"
    assert main(["run", str(write_spec(tmp_path, "small", games=2000)), "--results", str(results),
                 "--executor", "serial"]) == 0
    assert main(["try", "small", "--set", "CI-04.cost=6", "--half-width", "0.02", "--results", str(results),
                 "--executor", "serial", "--name", "small_cost"]) == 0
    answer = json.loads((results / f"small_cost{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    row = answer["win_rates"][0]
    assert 2000 < row["pairs"] and (row["diff_high"] - row["diff_low"]) / 2 <= 0.02
    baseline = results / answer["baseline"]
    assert answer["baseline"].startswith("small.baseline-") and read_manifest(baseline)["status"] == "finished"
    replayed = scan_games(baseline).select("config", "game", "unit", "winner", "turns").collect()
    assert replayed["unit"].min() == 2000 and replayed["unit"].max() >= row["pairs"] - 1
    # the replayed games are the run's own seeds: game for game those of the same spec run further
    assert main(["run", str(write_spec(tmp_path, "small", games=row["pairs"])), "--results", str(results),
                 "--executor", "serial", "--run", "longer"]) == 0
    longer = scan_games(results / "longer").select("config", "game", "unit", "winner", "turns").collect()
    assert replayed.join(longer, on=["config", "game"], how="semi").sort("game").equals(
        longer.filter(pl.col("unit") >= 2000).sort("game"))
    # the answer's "before" is the run and its replayed games, game for game
    trial = scan_games(results / "small_cost")
    expected = win_rate_comparison(scan_games(results / "longer"), trial, True).row(0, named=True)
    assert row["diff"] == pytest.approx(expected["diff"], abs=1e-12) and row["pairs"] == expected["pairs"]
    stamps = {p: p.stat().st_mtime_ns for p in baseline.rglob("*.parquet")}
    assert main(["try", "small", "--set", "CI-04.atq=2", "--half-width", "0.02", "--results", str(results),
                 "--executor", "serial", "--name", "small_atq"]) == 0
    again = json.loads((results / f"small_atq{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    assert again["baseline"] == answer["baseline"]
    assert all(p.stat().st_mtime_ns == stamp for p, stamp in stamps.items())  # reused, not played again


def test_sim_show_on_a_trial_says_its_paired_stop(played: Path, capsys: pytest.CaptureFixture) -> None:
    """Not side A's SPRT nor a precision target: the half-width asked, and per config the games, the
    paired difference and the half-width it reached, in the language asked."""
    answer = json.loads((played / f"{TRIAL}{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    if answer["half_width"] is None:  # another test played it again to a fixed number of games
        assert main(["try", "dd", "--set", "CI-04.cost=6", "--half-width", "0.02", "--results", str(played),
                     "--executor", "serial"]) == 0
        answer = json.loads((played / f"{TRIAL}{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    row = answer["win_rates"][0]
    half = (row["diff_high"] - row["diff_low"]) / 2
    for lang, words, games in (("en", "Paired stop: each config until its paired difference", f"{row['pairs']:,}"),
                               ("es", "Parada emparejada: cada configuración", f"{row['pairs']:,}".replace(",", "."))):
        capsys.readouterr()
        assert main(["show", TRIAL, "--results", str(played), "--lang", lang]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert words in out and "±2" in out and games in out
        assert f"{100 * half:.2f}".replace(".", "," if lang == "es" else ".") in out
        assert "SPRT of side A" not in out and "precision target" not in out


def test_the_form_shows_the_fields_a_card_s_kind_uses_and_the_rest_stay_refused(played: Path,
                                                                               capsys: pytest.CaptureFixture) -> None:
    """From the card model: a dicedraft personaje has no die or boost, a dado no atq, def or double_*;
    asked from the terminal, those are refused by the card's rules as before."""
    cards = base_run(played, "dd").space().cards
    assert set(cards["CI-04"].used) == {"cost", "atq", "def", "double_block", "double_attack"}
    assert set(cards["DD-4"].used) == {"cost", "die", "boost"}
    assert main(["try", "dd", "--set", "CI-04.die=3", "--results", str(played), "--lang", "en"]) == 2
    assert "CI-04.die: the card rules of CI-04 refuse die = 3" in capsys.readouterr().err


def test_keep_takes_a_name_and_the_kept_trial_reads_as_a_run(played: Path, capsys: pytest.CaptureFixture) -> None:
    """Keep under another name renames the run and its .trial folder; `sim show` and `sim compare`
    read it under that name; a name already taken is refused in either language, nothing changed."""
    assert main(["try", "dd", "--set", "CI-04.atq=4", "--games", "2000", "--name", "dd_keep", "--results", str(played),
                 "--executor", "serial"]) == 0
    before = tree(played)
    for lang, words in (("es", "mine ya es el nombre de una ejecución"), ("en", "mine is already the name of a run")):
        with pytest.raises(SaidError) as refused:
            keep_trial(played, "dd_keep", "mine")
        assert words in refused.value.said(lang)
    assert tree(played) == before
    assert keep_trial(played, "dd_keep", "atq_cuatro") == "atq_cuatro"
    assert not (played / "dd_keep").exists() and not (played / f"dd_keep{TRIAL_SUFFIX}").exists()
    record = json.loads((played / f"atq_cuatro{TRIAL_SUFFIX}" / "trial.json").read_text(encoding="utf-8"))
    assert record["kept"] is True and record["trial"] == "atq_cuatro"
    manifest = read_manifest(played / "atq_cuatro")
    assert manifest["run"] == "atq_cuatro" and str(played / f"atq_cuatro{TRIAL_SUFFIX}") in manifest["spec"]["cards_dir"]
    capsys.readouterr()
    assert main(["show", "atq_cuatro", "--results", str(played)]) == 0
    assert main(["compare", "dd", "atq_cuatro", "--results", str(played), "--lang", "en"]) == 0
    assert "paired on 2,000 games" in capsys.readouterr().out
