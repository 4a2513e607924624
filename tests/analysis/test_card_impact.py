"""Card impact (17lands-style figures, ANALYTICS.md): exact values on a hand-made counters frame."""

from __future__ import annotations

import json
import math
from pathlib import Path

import polars as pl
import pytest
from scipy import stats

from sim.analysis import (
    benjamini_hochberg,
    benjamini_yekutieli,
    card_impact,
    card_impact_from_counters,
    shrunk_estimate,
    wilson_interval,
)
from sim.core.records import COUNTER_NAMES, RESULT_NAMES

ZERO = {f"{c}_{r}": 0 for c in COUNTER_NAMES for r in RESULT_NAMES}


def card(config: str, side: int, card_id: str, **counts: tuple[int, int, int]) -> dict:
    """One counters row; counts are (win, loss, draw) per counter, the rest stay 0."""
    row = {"config": config, "side": side, "faction": "aranas", "card_id": card_id, "card_name": card_id.lower(),
           "cost": 2, **ZERO}
    for counter, triple in counts.items():
        for result, value in zip(RESULT_NAMES, triple):
            row[f"{counter}_{result}"] = value
    if "seen" not in counts:  # no game had the card both in the opening hand and drawn again
        for result in RESULT_NAMES:
            row[f"seen_{result}"] = row[f"opening_hand_{result}"] + row[f"drawn_{result}"]
    return row


# Card X over two chunks. Totals: in deck 10-6-4; opening 3-1-0; drawn 4-2-2; never seen 3-3-2
# (opening + drawn + never seen = in deck); played 6-2-1.
CHUNK_1 = card("base", 0, "X", in_deck=(6, 4, 2), opening_hand=(2, 1, 0), drawn=(2, 1, 1), never_seen=(2, 2, 1),
               played=(4, 1, 1))
CHUNK_2 = card("base", 0, "X", in_deck=(4, 2, 2), opening_hand=(1, 0, 0), drawn=(2, 1, 1), never_seen=(1, 1, 1),
               played=(2, 1, 0))
OTHERS = [
    card("base", 0, "Y", in_deck=(20, 20, 0), opening_hand=(5, 5, 0), drawn=(10, 5, 0), never_seen=(5, 10, 0)),
    card("base", 0, "Z", in_deck=(30, 30, 10), opening_hand=(10, 10, 2), drawn=(10, 12, 4), never_seen=(10, 8, 4)),
    card("base", 0, "NEVER_HIDDEN", in_deck=(5, 5, 0), opening_hand=(5, 5, 0)),  # no GNS games: no IWD
    card("base", 1, "X", in_deck=(3, 1, 0), drawn=(2, 1, 0), never_seen=(1, 0, 0)),
]


def counters() -> pl.DataFrame:
    return pl.DataFrame([CHUNK_1, CHUNK_2, *OTHERS]).with_columns(pl.col("side").cast(pl.Int8))


def row(table: pl.DataFrame, side: int, card_id: str) -> dict:
    return table.filter((pl.col("side") == side) & (pl.col("card_id") == card_id)).row(0, named=True)


def test_figures_by_hand_draws_count_half() -> None:
    x = row(card_impact_from_counters(counters()), 0, "X")
    assert (x["gp_n"], x["oh_n"], x["gd_n"], x["gns_n"], x["played_n"]) == (20, 4, 8, 8, 9)
    assert x["gp_wr"] == pytest.approx(12 / 20)  # 10 wins + 4 draws / 2
    assert x["oh_wr"] == pytest.approx(3 / 4)
    assert x["gd_wr"] == pytest.approx(5 / 8)
    assert x["gns_wr"] == pytest.approx(4 / 8)
    assert x["played_wr"] == pytest.approx(6.5 / 9)
    assert (x["gih_n"], x["gih_wr"]) == (12, pytest.approx(8 / 12))  # 7 wins + 2 draws / 2
    assert (x["gih_ci_low"], x["gih_ci_high"]) == pytest.approx(wilson_interval(8, 12))
    assert (x["gns_ci_low"], x["gns_ci_high"]) == pytest.approx(wilson_interval(4, 8))
    assert (x["played_ci_low"], x["played_ci_high"]) == pytest.approx(wilson_interval(6.5, 9))


def test_gih_reads_the_seen_counter_and_falls_back_to_oh_plus_gd_for_old_runs() -> None:
    """Runs of dicedraft before 1.3 counted a card drawn again after a re-draft (rule D-16) under GD
    too; their `seen` counter holds each game once, and runs without it fall back to OH + GD."""
    both = card("base", 0, "R", in_deck=(5, 5, 0), opening_hand=(3, 2, 0), drawn=(3, 3, 0), seen=(4, 4, 0),
                never_seen=(1, 1, 0))
    r = row(card_impact_from_counters(pl.DataFrame([both]).with_columns(pl.col("side").cast(pl.Int8))), 0, "R")
    assert (r["gih_n"], r["gih_wr"]) == (8, pytest.approx(0.5))
    old = pl.DataFrame([both]).drop([f"seen_{res}" for res in RESULT_NAMES]).with_columns(pl.col("side").cast(pl.Int8))
    assert row(card_impact_from_counters(old), 0, "R")["gih_n"] == 11  # a run from before: OH + GD


def test_iwd_is_gih_minus_gns_with_its_interval() -> None:
    table = card_impact_from_counters(counters())
    for r in table.iter_rows(named=True):
        assert r["gih_n"] == r["oh_n"] + r["gd_n"]
        if r["gns_n"] and r["gih_n"]:
            assert r["iwd"] == r["gih_wr"] - r["gns_wr"]  # exactly, not GIH − GP
    x = row(table, 0, "X")
    assert x["iwd"] == pytest.approx(8 / 12 - 4 / 8)
    se = math.sqrt((2 / 3) * (1 / 3) / 12 + 0.25 / 8)
    assert x["iwd_se"] == pytest.approx(se)
    (gih_low, gih_high), (gns_low, gns_high) = wilson_interval(8, 12), wilson_interval(4, 8)
    assert (x["iwd_ci_low"], x["iwd_ci_high"]) == pytest.approx(  # Newcombe's: each rate's Wilson bounds, joined
        (x["iwd"] - math.hypot(2 / 3 - gih_low, gns_high - 0.5), x["iwd"] + math.hypot(gih_high - 2 / 3, 0.5 - gns_low)))
    null = 51 / 95 - 21 / 45  # the side's cards pooled: GIH 51 of 95 games, GNS 21 of 45 (module docstring)
    assert x["iwd_null"] == pytest.approx(null) and x["iwd_excess"] == pytest.approx(x["iwd"] - null)
    assert x["iwd_p_value"] == pytest.approx(2 * stats.norm.sf(abs(x["iwd"] - null) / se))  # against its null
    hidden = row(table, 0, "NEVER_HIDDEN")
    assert hidden["gns_n"] == 0 and hidden["gns_wr"] is None and hidden["iwd"] is None
    assert hidden["iwd_p_value"] is None and hidden["q_value"] is None and hidden["iwd_shrunk"] is None


def test_a_few_games_give_an_iwd_interval_inside_a_hundred_points() -> None:
    """Seen in 3 games (2 won), not seen in 3 (all lost): IWD +66.7 pts, whose normal interval
    reached +120 pts (±53); Newcombe's stays under +100, as every difference of two rates does."""
    few = card("base", 0, "F", in_deck=(2, 4, 0), drawn=(2, 1, 0), never_seen=(0, 3, 0))
    f = row(card_impact_from_counters(pl.DataFrame([few]).with_columns(pl.col("side").cast(pl.Int8))), 0, "F")
    assert f["iwd"] == pytest.approx(2 / 3)
    assert f["iwd"] + 1.95996 * f["iwd_se"] > 1  # the normal interval's upper bound
    assert -1 < f["iwd_ci_low"] < f["iwd"] < f["iwd_ci_high"] < 1
    assert f["iwd_ci_high"] == pytest.approx(2 / 3 + math.hypot(wilson_interval(2, 3)[1] - 2 / 3, 0 - wilson_interval(0, 3)[0]))


def test_q_values_and_shrinkage_are_per_config_and_side() -> None:
    table = card_impact_from_counters(counters())
    side_a = table.filter((pl.col("side") == 0) & pl.col("iwd_p_value").is_not_null()).sort("card_id")
    assert side_a["card_id"].to_list() == ["X", "Y", "Z"]
    p = side_a["iwd_p_value"].to_numpy()
    assert side_a["q_value"].to_numpy() == pytest.approx(benjamini_hochberg(p))
    assert side_a["q_value_by"].to_numpy() == pytest.approx(benjamini_yekutieli(p))
    assert side_a["iwd_shrunk"].to_numpy() == pytest.approx(
        shrunk_estimate(side_a["iwd"].to_numpy(), side_a["iwd_se"].to_numpy()))
    side_b = row(table, 1, "X")  # alone in its family: its q-value is its p-value
    assert side_b["q_value"] == pytest.approx(side_b["iwd_p_value"])
    order = table.filter(pl.col("side") == 0)["iwd_shrunk"].to_list()
    assert order[-1] is None and order[:-1] == sorted(order[:-1], reverse=True)  # the sort key, best first


def test_card_impact_reads_a_results_folder(tmp_path: Path) -> None:
    for k, part in enumerate((pl.DataFrame([CHUNK_1]), pl.DataFrame([CHUNK_2, *OTHERS]))):
        chunk = tmp_path / "cards" / "config=base" / f"chunk-{k:012d}.parquet"
        chunk.parent.mkdir(parents=True, exist_ok=True)
        part.with_columns(pl.col("side").cast(pl.Int8)).write_parquet(chunk)
    (tmp_path / "manifest.json").write_text(json.dumps({"spec_hash": "x"}))
    assert card_impact(tmp_path).equals(card_impact_from_counters(counters()))


def test_the_deck_position_effect_is_top_k_minus_the_rest() -> None:
    row_ = card("base", 0, "T", in_deck=(10, 10, 0), top=(4, 1, 0), opening_hand=(4, 1, 0), never_seen=(2, 6, 0))
    r = row(card_impact_from_counters(pl.DataFrame([row_]).with_columns(pl.col("side").cast(pl.Int8))), 0, "T")
    assert (r["top_n"], r["rest_n"]) == (5, 15)
    assert r["position_effect"] == pytest.approx(4 / 5 - 6 / 15)
    (top_low, top_high), (rest_low, rest_high) = wilson_interval(4, 5), wilson_interval(6, 15)
    assert (r["position_ci_low"], r["position_ci_high"]) == pytest.approx(  # Newcombe's, as IWD's
        (0.4 - math.hypot(0.8 - top_low, rest_high - 0.4), 0.4 + math.hypot(top_high - 0.8, 0.4 - rest_low)))


@pytest.mark.parametrize("ruleset, sides, k", [("dicedraft", ("aranas", "ciempies"), 5), ("fortaleza", ("china", "corea"), 8)])
def test_each_game_marks_exactly_the_top_k_of_its_first_shuffle(ruleset: str, sides: tuple[str, str], k: int) -> None:
    from sim.core.ruleset import get_ruleset
    from sim.run.spec import load_spec_dict

    spec = {"name": "t", "ruleset": ruleset, "games": 50, "seed": 4,
            "side": [{"faction": sides[0]}, {"faction": sides[1]}]}
    rs = get_ruleset(ruleset)
    config = load_spec_dict(spec, Path("t.toml")).compile()
    rows, counters = rs.play_chunk(config, 4, 0, 50)
    top = counters[:, :, COUNTER_NAMES.index("top"), :].sum(axis=(1, 2))
    assert list(top) == [50 * k, 50 * k]


def test_a_side_that_played_one_deck_hides_gp_wr_and_flags_cards_never_played() -> None:
    """GP WR of a side that always played the same deck is its win rate: hidden (ANALYTICS.md)."""
    one_deck = [card("base", 0, "A", in_deck=(6, 4, 0), opening_hand=(3, 1, 0), never_seen=(3, 3, 0), played=(3, 1, 0)),
                card("base", 0, "B", in_deck=(6, 4, 0), drawn=(2, 2, 0), never_seen=(4, 2, 0)),
                card("base", 0, "RESERVE")]  # never in the deck
    two_decks = [card("base", 1, "A", in_deck=(6, 4, 0), opening_hand=(3, 1, 0), never_seen=(3, 3, 0)),
                 card("base", 1, "C", in_deck=(3, 2, 0), drawn=(1, 1, 0), never_seen=(2, 1, 0))]
    frame = pl.DataFrame([*one_deck, *two_decks]).with_columns(pl.col("side").cast(pl.Int8))
    table = card_impact_from_counters(frame, games={"base": 10})
    a, b, reserve = row(table, 0, "A"), row(table, 0, "B"), row(table, 0, "RESERVE")
    assert a["single_deck"] and a["gp_n"] == 10 and a["gp_wr"] is None and a["gp_ci_low"] is None
    assert reserve["gp_n"] == 0 and reserve["gih_n"] == 0 and reserve["gih_wr"] is None  # GIH ⊆ GP
    assert not a["never_played"] and b["never_played"] and not reserve["never_played"]
    c = row(table, 1, "C")
    assert not c["single_deck"] and c["gp_wr"] == pytest.approx(3 / 5)
    # without the games per config, one deck is read from the counters: every deck card in as many games
    assert row(card_impact_from_counters(frame), 0, "A")["single_deck"]
    assert not row(card_impact_from_counters(frame), 1, "C")["single_deck"]


@pytest.mark.parametrize("ruleset, sides, kind", [
    ("dicedraft", ("aranas", "ciempies"), "story"),  # long runs of battles: re-drafts are common (rule D-16)
    ("dicedraft", ("aranas", "ciempies"), "games"),
    ("fortaleza", ("japon", "corea"), "games"),
])
def test_the_kernels_count_each_deck_apart_oh_plus_gd_is_gih_within_gp(ruleset: str, sides: tuple[str, str],
                                                                        kind: str) -> None:
    from sim.core.records import Counter
    from sim.core.ruleset import get_ruleset
    from sim.run.spec import load_spec_dict

    spec = {"name": "t", "ruleset": ruleset, "kind": kind, "games": 300, "seed": 9,
            "side": [{"faction": sides[0], "draft": "random"} if ruleset == "dicedraft" else {"faction": sides[0]},
                     {"faction": sides[1]}]}
    rs = get_ruleset(ruleset)
    _, counters = rs.play_chunk(load_spec_dict(spec, Path("t.toml")).compile(), 9, 0, 300)
    oh, gd, gih = counters[:, :, Counter.OPENING], counters[:, :, Counter.DRAWN], counters[:, :, Counter.SEEN]
    gp, gns = counters[:, :, Counter.IN_DECK], counters[:, :, Counter.NEVER_SEEN]
    assert (oh + gd == gih).all() and (gih <= gp).all() and (gih + gns == gp).all()
    after = counters[:, :, Counter.AFTER_REDRAFT].sum()
    assert after > 0 if ruleset == "dicedraft" else after == 0
