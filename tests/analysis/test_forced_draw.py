"""The forced-draw effect (ANALYTICS.md, causal card impact): the card on top of the shuffled deck
against the card at its bottom, every other stream unchanged, paired game by game."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis.card_impact import card_impact
from sim.analysis.forced_draw import _clustered_se, forced_draw_effect
from sim.core.errors import InputError
from sim.core.forced_draw import BOTTOM, TOP, force_card, forced_code
from sim.core.ruleset import get_ruleset
from sim.run.executors import SerialExecutor
from sim.run.plan import make_plan
from sim.run.runner import run_experiment
from sim.run.spec import load_spec, load_spec_dict
from sim.results.manifest import read_manifest


def test_force_card_moves_one_card_and_keeps_the_others_in_their_order() -> None:
    order = np.array([9, 9, 4, 7, 2, 5, 9], np.int64)  # the deck is positions 1..5 (top first)
    top = order.copy()
    force_card(top, 1, 5, np.int64(forced_code(2, TOP)))
    assert top.tolist() == [9, 2, 9, 4, 7, 5, 9]
    bottom = order.copy()
    force_card(bottom, 1, 5, np.int64(forced_code(9, BOTTOM)))  # card 9 at position 1
    assert bottom.tolist() == [9, 4, 7, 2, 5, 9, 9]
    untouched = order.copy()
    force_card(untouched, 1, 5, np.int64(forced_code(3, TOP)))  # not in this deck: nothing moves
    force_card(untouched, 1, 5, np.int64(0))
    assert untouched.tolist() == order.tolist()


def impact_spec(ruleset: str, sides: tuple[str, str], impact: dict, games: int = 60, **extra) -> dict:
    return {"name": "impact", "ruleset": ruleset, "games": games, "seed": 11,
            "side": [{"faction": sides[0]}, {"faction": sides[1]}], "impact": impact, **extra}


def draws(events: np.ndarray, side: int, draw_code: int, stop_code: int | None = None) -> list[int]:
    """The cards a side drew, in order (up to the first `stop_code` event, a re-draft)."""
    out = []
    for event in events:
        if stop_code is not None and event[2] == stop_code and event[1] == side:
            break
        if event[2] == draw_code and event[1] == side:
            out.append(int(event[3]))
    return out


@pytest.mark.parametrize("ruleset, sides, card_id, draw_code, stop_code, first_draws", [
    ("dicedraft", ("aranas", "ciempies"), "AR-11", 1, 11, 99),  # Event.DRAW, up to Event.REDRAFT (rule D-16)
    ("fortaleza", ("china", "corea"), "CH-005", 2, None, 5),  # Event.DRAW: the hand before a mulligan (F-04)
])
def test_only_the_forced_card_moves_every_other_card_and_stream_is_unchanged(
        ruleset: str, sides: tuple[str, str], card_id: str, draw_code: int, stop_code: int | None,
        first_draws: int) -> None:
    """Side A's draws with the card forced are the baseline's draws without it, after it (on top) or
    before it (at the bottom); side B's draws, from a deck nobody forced, keep the baseline's order.
    A fortaleza mulligan shuffles again, and whether a player takes one depends on the hand, so
    there only the hand dealt from the first shuffle is compared."""
    rs = get_ruleset(ruleset)
    experiment = load_spec_dict(impact_spec(ruleset, sides, {"side": 1, "cards": [card_id]}), Path("t.toml"))
    configs = {cid: sub.compile(cid) for cid, sub in experiment.config_experiments().items()}
    assert list(configs) == ["base", f"side1.drawn={card_id}", f"side1.undrawn={card_id}"]
    card = configs["base"].pools[0].index_of(card_id)
    for unit in range(12):
        traced = {cid: rs.trace_unit(c, 11, unit)[1] for cid, c in configs.items()}
        base_a = draws(traced["base"], 0, draw_code, stop_code)[:first_draws]
        top_a = draws(traced[f"side1.drawn={card_id}"], 0, draw_code, stop_code)[:first_draws]
        bottom_a = draws(traced[f"side1.undrawn={card_id}"], 0, draw_code, stop_code)[:first_draws]
        assert top_a[0] == card
        others = [c for c in base_a if c != card]
        k = min(len(top_a) - 1, len(others))  # the games may last longer or shorter than the baseline
        assert k >= 2 and top_a[1:k + 1] == others[:k]
        k = min(len(bottom_a), len(others))
        assert bottom_a[:k] == others[:k] and card not in bottom_a[:len(others)]
        base_b = draws(traced["base"], 1, draw_code, stop_code)
        for cid in configs:
            other_b = draws(traced[cid], 1, draw_code, stop_code)
            k = min(len(base_b), len(other_b), 3)  # the opening hand at least, before the games part ways
            assert other_b[:k] == base_b[:k]


def identical_cards(folder: Path) -> Path:
    """A dicedraft cards folder whose faction holds 15 identical characters, and dice too dear to
    draft: every deck is the same 15 cards, so where one of them lies cannot matter."""
    cards = folder / "cards"
    cards.mkdir()
    lines = ['faction = "iguales"', 'name = "Iguales"']
    for k in range(15):
        lines += ["[[card]]", f'id = "IG-{k:02d}"', f'name = "Igual {k}"', 'kind = "personaje"', "cost = 9",
                  "atq = 5", "def = 5"]
    (cards / "iguales.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    source = get_ruleset("dicedraft").cards_dir
    (cards / "aranas.toml").write_text((source / "aranas.toml").read_text(encoding="utf-8"), encoding="utf-8")
    dice = (source / "dados.toml").read_text(encoding="utf-8")
    (cards / "dados.toml").write_text(dice.replace("cost = ", "cost = 10"), encoding="utf-8")  # 3 -> 103 points
    return cards


def run_impact(folder: Path, spec: dict) -> Path:
    lines = [f"{k} = {v!r}".replace("'", '"') for k, v in spec.items() if k not in ("side", "impact", "params")]
    for side in spec["side"]:
        lines += ["[[side]]"] + [f'{k} = "{v}"' for k, v in side.items()]
    lines += ["[impact]"] + [f"{k} = {v!r}".replace("'", '"') for k, v in spec["impact"].items()]
    path = folder / "spec.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outcome = run_experiment(load_spec(path), folder / "results", executor=SerialExecutor())
    return outcome.run_dir


def test_a_card_with_no_effect_has_a_forced_draw_effect_of_exactly_zero_and_an_iwd_at_its_null(tmp_path: Path) -> None:
    identical_cards(tmp_path)
    spec = impact_spec("dicedraft", ("iguales", "aranas"), {"side": 1, "cards": ["IG-03", "IG-14"]}, games=20000,
                       cards_dir="cards", seats="fixed")
    run_dir = run_impact(tmp_path, spec)
    table = forced_draw_effect(run_dir, read_manifest(run_dir))
    assert table["card_id"].sort().to_list() == ["IG-03", "IG-14"]
    for row in table.iter_rows(named=True):
        assert row["pairs"] == 20000 and row["effect"] == 0.0 and row["effect_se"] == 0.0
        assert row["drawn_wr"] == row["undrawn_wr"] and row["p_value"] == 1.0
    # the same cards, observed in the baseline: each one's IWD is its null (what a card with no
    # effect shows from game length alone), within its interval, though the null is far from 0.
    # Seats are fixed here: seat-mirrored games share their shuffles, which IWD's interval ignores
    base = card_impact(run_dir).filter((pl.col("config") == "base") & (pl.col("side") == 0))
    assert base["single_deck"].all() and base["gp_wr"].is_null().all()
    dice = base.filter(~pl.col("card_id").str.starts_with("IG-"))
    assert dice.height == 4 and (dice["gp_n"] == 0).all() and dice["gih_wr"].is_null().all()  # never in the deck
    base = base.filter(pl.col("card_id").str.starts_with("IG-"))
    assert base.height == 15 and (base["gp_n"] == 20000).all()
    null = base["iwd_null"][0]
    assert abs(null) > 3 * base["iwd_se"].max()  # far from 0 for each card's own interval
    z = (base["iwd"] - null) / base["iwd_se"]
    assert (z.abs() < 3.5).all() and abs(float(z.mean())) < 3.5 / math.sqrt(15)


def test_a_real_card_moves_the_win_rate_and_only_games_with_it_in_the_deck_count(tmp_path: Path) -> None:
    spec = impact_spec("dicedraft", ("aranas", "ciempies"), {"side": 1, "cards": ["AR-18", "AR-01"]}, games=2000)
    spec["side"][0]["draft"] = "random"  # AR-18 (18 points) is in some decks only
    run_dir = run_impact(tmp_path, spec)
    manifest = read_manifest(run_dir)
    table = {r["card_id"]: r for r in forced_draw_effect(run_dir, manifest).iter_rows(named=True)}
    in_deck = card_impact(run_dir).filter((pl.col("config") == "side1.drawn=AR-18") & (pl.col("card_id") == "AR-18"))
    assert 0 < table["AR-18"]["pairs"] == in_deck["gp_n"][0] < 2000
    assert table["AR-18"]["effect_low"] > 0  # the faction's dearest card wins games when drawn at once
    assert table["AR-18"]["effect"] > table["AR-01"]["effect"]
    assert table["AR-18"]["effect"] == pytest.approx(table["AR-18"]["drawn_wr"] - table["AR-18"]["undrawn_wr"])
    # the games record whether the card was seen, game by game: on top always, from the bottom as
    # often as the card counters say, so forcing changed the draw in the other games
    for card in ("AR-18", "AR-01"):
        assert 0 < table[card]["seen_when_undrawn"] < 1
        assert table[card]["changed_share"] == pytest.approx(1 - table[card]["seen_when_undrawn"], abs=1e-12)
        assert table[card]["effect_per_changed"] == pytest.approx(table[card]["effect"] / table[card]["changed_share"])
    assert table["AR-18"]["effect_per_changed_low"] > table["AR-18"]["effect_low"]
    assert manifest["configs"]["side1.drawn=AR-18"]["forced"] == {"side": 1, "card_id": "AR-18", "where": "top",
                                                                 "card_index": 17}


def test_the_standard_error_takes_a_seat_mirrored_pair_as_one_cluster() -> None:
    d = np.array([1.0, 1.0, 0.0, 0.0, -1.0, 0.0])
    clusters = np.array([0, 0, 1, 1, 2, 2])
    sums, mean = np.array([2.0, 0.0, -1.0]), d.mean()
    expected = math.sqrt(3 / 2 * np.sum((sums - 2 * mean) ** 2)) / 6
    assert _clustered_se(d, clusters) == pytest.approx(expected)
    alone = _clustered_se(d, np.arange(6))  # each game its own cluster: the plain standard error, n/(n-1)
    assert alone == pytest.approx(d.std(ddof=1) / math.sqrt(6))


@pytest.mark.parametrize("impact, message", [
    ({"side": 1, "cards": ["XX-1"]}, r"impact.cards: XX-1 never in side 1.s \(aranas\) deck"),
    ({"side": "both", "cards": ["XX-1"]}, r"impact.cards: XX-1 never in side 1.s \(aranas\) or side 2.s \(ciempies\) deck"),
    ({"side": 2, "cards": ["CI-15"]}, r"impact.cards: CI-15 never in side 2.s \(ciempies\) deck"),
    ({"side": 1, "cards": []}, r"impact.cards: name at least one card"),
    ({"side": 1, "cards": ["AR-11", "AR-11"]}, r"impact.cards: AR-11 named more than once"),
    ({"side": True}, r"impact.side"),
    ({"side": "1"}, r"impact.side"),
])
def test_a_bad_impact_table_names_the_field(impact: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        make_plan(load_spec_dict(impact_spec("dicedraft", ("aranas", "ciempies"), impact), Path("t.toml")))


def test_a_forced_draw_spec_is_not_also_a_sweep() -> None:
    spec = impact_spec("dicedraft", ("aranas", "ciempies"), {"side": 1},
                       sweep={"axis": [{"param": "turn_cap", "values": [60]}]})
    with pytest.raises(InputError, match="a spec is one of"):
        load_spec_dict(spec, Path("t.toml"))


def test_all_takes_the_cards_a_greedy_deck_holds_and_every_design_of_a_collection_but_lands() -> None:
    dice = load_spec_dict(impact_spec("dicedraft", ("aranas", "ciempies"), {"side": "both"}), Path("t.toml"))
    configs = list(dice.config_experiments())
    compiled = dice.compile()
    deck = int(compiled.greedy_decks[1, 135])
    expected_b = [c for k, c in enumerate(compiled.pools[1].ids) if deck >> k & 1]
    assert [c.split("=")[1] for c in configs if c.startswith("side2.drawn=")] == expected_b
    assert len(configs) == 1 + 2 * (15 + len(expected_b))
    fort = load_spec_dict(impact_spec("fortaleza", ("china", "japon"), {"side": 2}), Path("t.toml"))
    ids = [c.split("=")[1] for c in fort.config_experiments() if c.startswith("side2.undrawn=")]
    assert len(ids) == 44 and not any(i.endswith(("045", "046", "047", "048", "049", "050")) for i in ids)


def write_forced_games(folder: Path, config: str, scores: list[float], seen: list[bool]) -> None:
    """One chunk of a forced config's games as the run stores them, side A's scores and whether the
    forced card was seen in each; no deck columns (a fixed collection): every game has the card."""
    n = len(scores)
    winner = {1.0: 0, 0.5: -1, 0.0: 1}
    games = pl.DataFrame({
        "config": [config] * n, "game": range(n), "unit": range(n), "stage": pl.Series([0] * n, dtype=pl.Int8),
        "first_side": pl.Series([i % 2 for i in range(n)], dtype=pl.Int8),
        "winner": pl.Series([winner[s] for s in scores], dtype=pl.Int8),
        "end_reason": pl.Series(["lives"] * n).cast(pl.Categorical), "turns": pl.Series([10] * n, dtype=pl.Int16),
        "label_a": ["Arañas"] * n, "label_b": ["Ciempiés"] * n, "faction_a": ["aranas"] * n,
        "faction_b": ["ciempies"] * n, "forced_seen": seen})
    chunk = folder / "games" / f"config={config}" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True, exist_ok=True)
    games.write_parquet(chunk)
    counters = {f"{counter}_{result}": [0] for counter in ("in_deck", "seen", "played") for result in ("win", "loss", "draw")}
    counters.update(in_deck_win=[n], seen_win=[sum(seen)])
    cards = pl.DataFrame({"config": [config], "side": pl.Series([0], dtype=pl.Int8), "card_id": ["AR-18"],
                          "card_name": ["Araña Goliat"], "cost": [18], **counters})
    chunk = folder / "cards" / f"config={config}" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True, exist_ok=True)
    cards.write_parquet(chunk)


def test_the_effect_per_game_in_which_forcing_changed_the_draw_is_the_wald_ratio_with_a_pair_clustered_interval(
        tmp_path: Path) -> None:
    """A crafted forced draw whose seat-mirrored pairs share their luck: drawn on top the card is
    seen in nearly every game, from the bottom in about 45%. The effect per changed game must be
    the intention-to-treat effect over the difference in seen shares, and its interval the delta
    method's on the pairs' totals, computed here from the pairs by hand; a seeded bootstrap over
    pairs agrees with its width."""
    rng = np.random.default_rng(34)
    pairs = 300
    luck = rng.random(pairs)  # shared by a pair's two games: a good deal wins both
    seen_top = [bool(rng.random() < 0.97) for _ in range(2 * pairs)]
    seen_bottom = [bool(luck[i // 2] > 0.55) for i in range(2 * pairs)]  # long games (good deals) reach the bottom
    helps = rng.random(pairs) < 0.4  # drawing the card at once wins both games of the pair, or neither
    top, bottom = [], []
    for i in range(2 * pairs):
        base = 1.0 if luck[i // 2] > 0.6 else (0.5 if luck[i // 2] > 0.5 else 0.0)
        gain = 1.0 if seen_top[i] and not seen_bottom[i] and helps[i // 2] else 0.0
        bottom.append(base)
        top.append(min(1.0, base + gain) if base < 1.0 else base)
    write_forced_games(tmp_path, "side1.drawn=AR-18", top, seen_top)
    write_forced_games(tmp_path, "side1.undrawn=AR-18", bottom, seen_bottom)
    side = [{"label": "Arañas", "faction": "aranas"}, {"label": "Ciempiés", "faction": "ciempies"}]
    manifest = {"spec": {"seats": "mirrored", "impact": {"side": 1, "cards": ["AR-18"]}},
                "configs": {c: {"sides": side, "forced": {"card_index": 17}}
                            for c in ("side1.drawn=AR-18", "side1.undrawn=AR-18")}}
    row = forced_draw_effect(tmp_path, manifest).row(0, named=True)

    # by hand: each pair's total score difference a and seen difference b
    a = [top[2 * k] - bottom[2 * k] + top[2 * k + 1] - bottom[2 * k + 1] for k in range(pairs)]
    b = [int(seen_top[2 * k]) - int(seen_bottom[2 * k]) + int(seen_top[2 * k + 1]) - int(seen_bottom[2 * k + 1])
         for k in range(pairs)]
    itt = sum(a) / (2 * pairs)
    changed = sum(b) / (2 * pairs)
    wald = itt / changed
    covariance = np.cov(np.array([a, b], dtype=float))  # of the pair totals, ddof 1
    variance = (covariance[0, 0] - 2 * wald * covariance[0, 1] + wald ** 2 * covariance[1, 1]) / (pairs * np.mean(b) ** 2)
    assert row["pairs"] == 2 * pairs
    assert row["effect"] == pytest.approx(itt, abs=1e-12)
    assert row["seen_when_undrawn"] == pytest.approx(sum(seen_bottom) / (2 * pairs), abs=1e-12)
    assert row["changed_share"] == pytest.approx(changed, abs=1e-12)
    assert row["effect_per_changed"] == pytest.approx(wald, rel=1e-12)
    assert row["effect_per_changed_se"] == pytest.approx(math.sqrt(variance), rel=1e-9)
    assert row["effect_per_changed_low"] == pytest.approx(wald - 1.959964 * math.sqrt(variance), rel=1e-6)
    assert row["effect_per_changed_high"] == pytest.approx(wald + 1.959964 * math.sqrt(variance), rel=1e-6)
    assert 0.4 < changed < 0.6 and row["effect_per_changed"] > 1.5 * row["effect"]  # the dilution undone

    boot = np.random.default_rng(2026)
    a_pairs, b_pairs = np.array(a, float), np.array(b, float)
    ratios = []
    for _ in range(4000):
        pick = boot.integers(0, pairs, pairs)
        ratios.append(a_pairs[pick].sum() / b_pairs[pick].sum())
    assert np.std(ratios) == pytest.approx(math.sqrt(variance), rel=0.1)
    # games that are not pairs: the same ratio, but a narrower interval, since a pair's luck is shared
    unpaired = forced_draw_effect(tmp_path, {**manifest, "spec": {**manifest["spec"], "seats": "fixed"}}).row(0, named=True)
    assert unpaired["effect_per_changed"] == pytest.approx(wald, rel=1e-12)
    assert unpaired["effect_per_changed_se"] < row["effect_per_changed_se"]


def test_a_run_stored_before_games_recorded_the_forced_card_seen_has_no_effect_per_changed_game(tmp_path: Path) -> None:
    write_forced_games(tmp_path, "side1.drawn=AR-18", [1.0, 0.0] * 10, [True] * 20)
    write_forced_games(tmp_path, "side1.undrawn=AR-18", [0.0, 0.0] * 10, [False] * 20)
    for config in ("side1.drawn=AR-18", "side1.undrawn=AR-18"):
        path = tmp_path / "games" / f"config={config}" / "chunk-000000000000.parquet"
        pl.read_parquet(path).drop("forced_seen").write_parquet(path)
    side = [{"label": "Arañas", "faction": "aranas"}, {"label": "Ciempiés", "faction": "ciempies"}]
    manifest = {"spec": {"seats": "mirrored", "impact": {"side": 1}},
                "configs": {c: {"sides": side, "forced": {"card_index": 17}}
                            for c in ("side1.drawn=AR-18", "side1.undrawn=AR-18")}}
    row = forced_draw_effect(tmp_path, manifest).row(0, named=True)
    assert row["effect"] == pytest.approx(0.5)
    assert row["changed_share"] is None and row["effect_per_changed"] is None and row["effect_per_changed_low"] is None


def test_a_scan_of_every_config_reads_a_run_whose_forced_configs_have_one_column_more(tmp_path: Path) -> None:
    """The baseline's games lack `forced_seen`; whichever file the scan meets first, every game reads."""
    from sim.results.scans import scan_games

    write_forced_games(tmp_path, "side1.drawn=AR-18", [1.0, 0.0], [True, True])
    write_forced_games(tmp_path, "base", [0.5, 0.5], [False, False])
    path = tmp_path / "games" / "config=base" / "chunk-000000000000.parquet"
    pl.read_parquet(path).drop("forced_seen").write_parquet(path)
    (tmp_path / "manifest.json").write_text("{}", encoding="utf-8")
    games = scan_games(tmp_path).collect()
    assert games.height == 4 and sorted(games["winner"].to_list()) == [-1, -1, 0, 1]
    write_forced_games(tmp_path, "a.drawn=AR-18", [1.0, 0.0], [True, False])  # a forced config met first
    assert scan_games(tmp_path).collect().height == 6
