"""scripts/same_deals.py: the same deals played by two agents, then swapped between them (how docs/agents.md
measures how much of a game is open to better play)."""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from same_deals import main, unit_outcomes  # noqa: E402


def frame(winners: list[int]) -> pl.DataFrame:
    return pl.DataFrame({"unit": range(len(winners)), "first_side": [u % 2 for u in range(len(winners))],
                         "winner": winners})


def test_each_unit_is_sorted_by_who_decided_it() -> None:
    """Units: the deal (side a both times), the strong agent twice, the weak twice, drawn twice, and one
    drawn once that the strong agent won once."""
    strong_on_a = frame([0, 0, 1, -1, 0])
    strong_on_b = frame([0, 1, 0, -1, -1])
    shares = unit_outcomes(strong_on_a, strong_on_b)
    assert shares["units"] == 5
    assert shares["deal_decides"] == pytest.approx(1 / 5)
    assert shares["strong_wins_both"] == pytest.approx(1 / 5)
    assert shares["weak_wins_both"] == pytest.approx(1 / 5)
    assert shares["both_drawn"] == pytest.approx(1 / 5)
    assert shares["strong_score"] == pytest.approx((0.5 + 1 + 0 + 0.5 + 0.75) / 5)


def test_runs_of_other_units_are_refused() -> None:
    with pytest.raises(ValueError, match="same units"):
        unit_outcomes(frame([0, 1, 0]), frame([0, 1]))


def test_an_agent_against_itself_leaves_every_unit_to_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """Greedy against greedy, swapped: the engine keys a unit's shuffles by the side, not by the agent,
    so the second run replays the first game for game and no agent decides a unit."""
    assert main(["rolplay", "amuletos_25", "greedy", "greedy", "--games", "40", "--seed", "7"]) == 0
    row = capsys.readouterr().out.splitlines()[-1]
    decided, drawn, strong, weak, score = (cell.strip() for cell in row.strip("|").split("|"))
    assert (decided, drawn, strong, weak) == ("100.0%", "0.0%", "0.0%", "0.0%")
    assert score.startswith("50.0%")


def test_a_faction_the_game_lacks_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rolplay", "amuletos_26", "greedy", "hard", "--games", "4"]) == 2
    said = capsys.readouterr().err
    assert "faction: no faction 'amuletos_26'" in said and "same-deals-" not in said


def test_the_seeing_probe_refuses_a_faction_by_name_before_it_builds_its_copy(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """scripts/expert_sees_all.py plays through the same sim run call: a faction sim run refuses ends the
    probe with exit code 2 and sim run's message, and no copy of the package is built."""
    from expert_sees_all import main as probe

    assert probe(["epikha", "abaron_2", "--games", "4", "--build", str(tmp_path / "build")]) == 2
    said = capsys.readouterr().err
    assert "faction: no faction 'abaron_2'" in said and "sees-all-" not in said
    assert not (tmp_path / "build").exists()


def test_the_seeing_probe_refuses_a_dicedraft_piece_for_another_game_before_it_plays(tmp_path: Path) -> None:
    """--reveal's one-piece probes (issue 39) are dicedraft's: asked of epikha, the probe stops with exit
    code 2 before it plays or builds anything."""
    from expert_sees_all import main as probe

    with pytest.raises(SystemExit) as stopped:
        probe(["epikha", "abaron", "--games", "4", "--reveal", "dice", "--build", str(tmp_path / "build")])
    assert stopped.value.code == 2
    assert not (tmp_path / "build").exists()


def test_each_dicedraft_piece_has_its_own_world() -> None:
    """Every --reveal piece names a REVEAL code its appended `observe` tells apart from the others (one
    code, the face-down cards', is the branch's else), and the text appended to expert.py parses."""
    import ast
    import re

    from expert_sees_all import _DICEDRAFT_PIECE, DICEDRAFT_PIECES, piece_text

    codes = [code for code, _ in DICEDRAFT_PIECES.values()]
    assert len(set(codes)) == len(codes)
    assert sum(re.search(rf"REVEAL == {code}\b", _DICEDRAFT_PIECE) is not None for code in codes) == len(codes) - 1
    for reveal, (code, _) in DICEDRAFT_PIECES.items():
        text = piece_text(reveal)
        assert text.lstrip().startswith(f"REVEAL = {code}\n")
        ast.parse(text)
