"""`sim deck-search`: children stay legal decks, the search is deterministic and keeps its best deck,
a rerun resumes, bad settings are refused before anything is written, and the final round robin
is an ordinary stored run with the survivors and the shipped decks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.decks import decks_dir_of
from sim.rulesets.rolplay.builders import build_deck, cards_of_tier
from sim.rulesets.rolplay.cards import CARDS_DIR, load_pool
from sim.rulesets.rolplay.deck_search import (
    MAX_SWAPS, SEARCH_FILE, deck_file, first_population, mutate, play_generation, search_decks,
)
from sim.rulesets.rolplay.decks import DeckRules, check_deck, load_deck
from sim.run.store import read_manifest


@pytest.fixture(scope="module")
def pool():
    return load_pool()


def test_a_child_is_a_legal_deck_a_few_copies_away_from_its_parent(pool) -> None:
    # rules R-02 (level), R-03 (60 cards, a level-1 power), R-08 (7-40 powers), R-15 (copy limits)
    rules = DeckRules()
    rnd = random.Random(5)
    cards = cards_of_tier(pool, 25)
    parents = [{card.id: n for card, n in build_deck(b, 25, s, pool, rules).entries}
               for b, s in (("greedy", 0), ("random", 1), ("random", 2))]
    for parent in parents:
        for _ in range(40):
            child = mutate(parent, cards, rules, rnd, pool, 25)
            assert not check_deck(Path("child"), deck_file(child, pool, 25, "c", "c"), pool, rules)
            moved = sum(abs(child.get(k, 0) - parent.get(k, 0)) for k in set(child) | set(parent)) // 2
            assert 1 <= moved <= MAX_SWAPS
            parent = child


def test_the_search_is_deterministic_and_its_best_deck_survives(tmp_path: Path, pool) -> None:
    one, standings = search_decks(25, tmp_path / "one", population=6, generations=2, games=60, seed=11,
                                  say=lambda _: None)
    two, again = search_decks(25, tmp_path / "two", population=6, generations=2, games=60, seed=11,
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
    population = first_population(25, 4, 3, pool, DeckRules())  # the four shipped level-25 decks
    assert sorted(c.name for c in population) == ["amuletos_25", "carga_25", "defensores_25", "misticos_25"]
    score = play_generation(population, CARDS_DIR, 40, 4)
    assert (score + score.T == pytest.approx(1.0)) and all(score[i, i] == 0.5 for i in range(4))
    assert (score == play_generation(population, CARDS_DIR, 40, 4)).all()
    assert not (score == play_generation(population, CARDS_DIR, 40, 5)).all()


def test_sim_deck_search_stores_the_final_round_robin_and_resumes(tmp_path: Path, capsys) -> None:
    args = ["deck-search", "25", "--population", "4", "--generations", "2", "--games", "20", "--final-games", "20",
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
    assert main(["deck-search", "25", "--population", "4", "--generations", "1", "--games", "20", "--final-games",
                 "20", "--executor", "threads"]) == 0
    folder = Path("results") / "rolplay_deck_search_25.search"
    assert {"cards", "decks", "history", SEARCH_FILE} <= {p.name for p in folder.iterdir()}
    assert (Path("results") / "rolplay_deck_search_25" / "manifest.json").is_file()
    printed = capsys.readouterr().out
    assert printed.splitlines()[0] == f"search folder: {folder} (its cards, decks and history)"
    assert "Carga de criaturas" in printed and "Místicos" in printed  # the shipped decks' names
    assert main(["deck-search", "25", "--population", "4", "--generations", "1", "--games", "20", "--final-games",
                 "20", "--run", "mine", "--executor", "threads"]) == 0  # another --run: a folder of its own
    assert (Path("results") / "mine.search" / SEARCH_FILE).is_file()


@pytest.mark.parametrize("argv, words", [
    (["deck-search", "30"], "TIER: 30 is not a deck level"),
    (["deck-search", "25", "--population", "5"], "--population: 5"),
    (["deck-search", "25", "--games", "3"], "--games: 3"),
])
def test_bad_settings_exit_2_before_anything_is_written(tmp_path: Path, capsys, argv, words) -> None:
    out = tmp_path / "out"
    assert main(argv + ["--out", str(out)]) == 2
    assert words in capsys.readouterr().err and not out.exists()


def test_a_folder_that_is_not_a_search_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["deck-search", "25", "--out", str(tmp_path)]) == 2
    assert "not a deck search's" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"
