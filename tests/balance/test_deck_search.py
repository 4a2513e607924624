"""`sim deck-search RULESET GROUP`: children stay legal decks, the search is deterministic and keeps
its best deck, a rerun resumes, bad settings (a game without deck lists among them) are refused
before anything is written, and the final round robin is an ordinary stored run with the survivors
and the shipped decks; for rolplay (a deck level) and epikha (a shipped deck's Player card)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sim.balance.deck_search import MAX_SWAPS, SEARCH_FILE, first_population, mutate, play_generation, search_decks
from sim.cli import main
from sim.core.decks import decks_dir_of
from sim.core.ruleset import get_ruleset
from sim.rulesets.epikha.decks import load_deck as load_epikha_deck
from sim.rulesets.rolplay.builders import build_deck
from sim.rulesets.rolplay.cards import CARDS_DIR, load_pool
from sim.rulesets.rolplay.decks import DeckRules, load_deck

ROLPLAY = get_ruleset("rolplay")
from sim.results.manifest import read_manifest


@pytest.fixture(scope="module")
def pool():
    return load_pool()


def test_a_child_is_a_legal_deck_a_few_copies_away_from_its_parent(pool) -> None:
    # rules R-02 (level), R-03 (60 cards, a level-1 power), R-08 (7-40 powers), R-15 (copy limits)
    rules = DeckRules()
    rnd = random.Random(5)
    decks = ROLPLAY.deck_lists
    parents = [{card.id: n for card, n in build_deck(b, 25, s, pool, rules).entries}
               for b, s in (("greedy", 0), ("random", 1), ("random", 2))]
    for parent in parents:
        for _ in range(40):
            child = mutate(parent, "25", decks, rnd)
            assert not decks.problems("25", child)
            moved = sum(abs(child.get(k, 0) - parent.get(k, 0)) for k in set(child) | set(parent)) // 2
            assert 1 <= moved <= MAX_SWAPS
            parent = child


def test_the_search_is_deterministic_and_its_best_deck_survives(tmp_path: Path, pool) -> None:
    one, standings = search_decks("rolplay", "25", tmp_path / "one", population=6, generations=2, games=60, seed=11,
                                  say=lambda _: None)
    two, again = search_decks("rolplay", "25", tmp_path / "two", population=6, generations=2, games=60, seed=11,
                              say=lambda _: None)
    assert one == two and standings == again
    first = [s for s in standings if s.generation == 0]
    best = max(first, key=lambda s: s.fitness)
    assert best.survived and best.name in {s.name for s in standings if s.generation == 1}
    assert sum(s.survived for s in first) == 3
    # every deck it played is a deck file that loads; the final population is in decks/
    for s in standings:
        load_deck(tmp_path / "one" / "history" / f"{s.name}.toml", pool)
    assert sorted(p.stem for p in decks_dir_of(tmp_path / "one" / "cards").glob("*.toml")) == sorted(c.name for c in one)
    record = json.loads((tmp_path / "one" / SEARCH_FILE).read_text(encoding="utf-8"))
    assert record["seed"] == 11 and len(record["standings"]) == len(standings)


def test_fitness_is_the_mean_score_against_the_others_on_common_seeds(pool) -> None:
    population = first_population("25", 4, 3, ROLPLAY.deck_lists, random.Random(3))  # the four shipped level-25 decks
    assert sorted(c.name for c in population) == ["amuletos_25", "carga_25", "defensores_25", "misticos_25"]
    score = play_generation(ROLPLAY, population, CARDS_DIR, 40, 4)
    assert (score + score.T == pytest.approx(1.0)) and all(score[i, i] == 0.5 for i in range(4))
    assert (score == play_generation(ROLPLAY, population, CARDS_DIR, 40, 4)).all()
    assert not (score == play_generation(ROLPLAY, population, CARDS_DIR, 40, 5)).all()


def test_sim_deck_search_stores_the_final_round_robin_and_resumes(tmp_path: Path, capsys) -> None:
    args = ["deck-search", "rolplay", "25", "--population", "4", "--generations", "2", "--games", "20", "--final-games", "20",
            "--out", str(tmp_path / "search"), "--results", str(tmp_path / "results"), "--executor", "serial"]
    assert main(args) == 0
    manifest = read_manifest(tmp_path / "results" / "rolplay_deck_search_25")
    factions = [side["faction"] for side in manifest["spec"]["side"]]
    assert {"carga_25", "misticos_25", "defensores_25", "amuletos_25"} <= set(factions)
    assert manifest["spec"]["matchups"] == "round_robin" and manifest["spec"]["seed"] != 20261202
    printed = capsys.readouterr().out
    assert "Metagame" in printed and "generation 1" in printed
    assert main(args) == 0  # a finished search is not played again
    assert "is finished" in capsys.readouterr().out


def test_sim_deck_search_keeps_its_files_under_results_by_default(tmp_path: Path, capsys, monkeypatch) -> None:
    """Without --out the search's cards, decks and history go to RESULTS/RUN.search, beside the final
    round robin's run folder, and the command says where; the summary names the decks as their files do."""
    monkeypatch.chdir(tmp_path)
    assert main(["deck-search", "rolplay", "25", "--population", "4", "--generations", "1", "--games", "20", "--final-games",
                 "20", "--executor", "threads"]) == 0
    folder = Path("results") / "rolplay_deck_search_25.search"
    assert {"cards", "decks", "history", SEARCH_FILE} <= {p.name for p in folder.iterdir()}
    assert (Path("results") / "rolplay_deck_search_25" / "manifest.json").is_file()
    printed = capsys.readouterr().out
    assert printed.splitlines()[0] == f"search folder: {folder} (its cards, decks and history)"
    assert "Carga de criaturas" in printed and "Místicos" in printed  # the shipped decks' names
    assert main(["deck-search", "rolplay", "25", "--population", "4", "--generations", "1", "--games", "20", "--final-games",
                 "20", "--run", "mine", "--executor", "threads"]) == 0  # another --run: a folder of its own
    assert (Path("results") / "mine.search" / SEARCH_FILE).is_file()


@pytest.mark.parametrize("argv, words", [
    (["deck-search", "rolplay", "30"], "GROUP: 30 is none of rolplay's deck levels (R-02); choose one of 25, 50"),
    (["deck-search", "dicedraft", "25"], "RULESET: dicedraft has no deck lists to search"),
    (["deck-search", "epikha", "empiria"], "GROUP: empiria is none of epikha's shipped decks"),
    (["deck-search", "rolplay", "25", "--population", "5"], "--population: 5"),
    (["deck-search", "rolplay", "25", "--games", "3"], "--games: 3"),
])
def test_bad_settings_exit_2_before_anything_is_written(tmp_path: Path, capsys, argv, words) -> None:
    out = tmp_path / "out"
    assert main(argv + ["--out", str(out)]) == 2
    assert words in capsys.readouterr().err and not out.exists()


def test_a_folder_that_is_not_a_search_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["deck-search", "rolplay", "25", "--out", str(tmp_path)]) == 2
    assert "not a deck search's" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_an_epikha_search_keeps_its_deck_s_player_card_and_plays_the_shipped_deck(tmp_path: Path, capsys) -> None:
    """Epikha has no deck builder: the search starts from the shipped deck and children of it, every
    deck keeping its Player card, abilities and gear (E-13, E-14, E-16) and the rules (E-15, E-35)."""
    args = ["deck-search", "epikha", "abaron_horda", "--population", "4", "--generations", "2", "--games", "20",
            "--final-games", "20", "--out", str(tmp_path / "search"), "--results", str(tmp_path / "results"),
            "--executor", "serial"]
    assert main(args) == 0
    shipped = load_epikha_deck(decks_dir_of(tmp_path / "search" / "cards") / "abaron_horda.toml")
    history = sorted((tmp_path / "search" / "history").glob("*.toml"))
    assert len(history) == 6 and {p.stem for p in history} >= {"abaron_horda", "g00_00", "g01_00"}
    for path in history:
        deck = load_epikha_deck(path)  # a legal deck: load_deck refuses any broken rule
        assert (deck.player, deck.abilities, deck.gear) == (shipped.player, shipped.abilities, shipped.gear)
        moved = sum(abs(dict((c.id, n) for c, n in deck.entries).get(k, 0) - n) for k, n in
                    ((c.id, n) for c, n in shipped.entries))
        assert (moved == 0) == (path.stem == "abaron_horda")
    manifest = read_manifest(tmp_path / "results" / "epikha_deck_search_abaron_horda")
    assert manifest["ruleset"] == "epikha" and "abaron_horda" in [side["faction"] for side in manifest["spec"]["side"]]
    assert "Metagame" in capsys.readouterr().out
