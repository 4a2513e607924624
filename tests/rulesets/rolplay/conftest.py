"""Shared set-ups for the rolplay card and deck tests: the shipped pool, read once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.rulesets.rolplay.cards import CardPool, load_pool

ROOT = Path(__file__).resolve().parents[3]
PACKAGE_DIR = ROOT / "sim" / "rulesets" / "rolplay"
# the recovered table lives beside the repository, in the shared design folder
TABLE = ROOT.parent / "shared" / "rules" / "data" / "rolplay-cards.csv"
needs_table = pytest.mark.skipif(not TABLE.is_file(), reason=f"{TABLE} is not here (the shared design folder)")


@pytest.fixture(scope="session")
def pool() -> CardPool:
    return load_pool()
