"""Shared set-ups for the epikha card, deck and rules tests: the shipped pool, read once per session,
and the Spanish source text, which lives beside the repository in the shared design folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.rulesets.epikha.cards import CardPool, load_pool

ROOT = Path(__file__).resolve().parents[3]
PACKAGE_DIR = ROOT / "sim" / "rulesets" / "epikha"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEED = ROOT.parent / "shared" / "rules" / "seeds" / "epikha-spells-es.txt"
needs_seed = pytest.mark.skipif(not SEED.is_file(), reason=f"{SEED} is not here (the shared design folder)")


@pytest.fixture(scope="session")
def pool() -> CardPool:
    return load_pool()
