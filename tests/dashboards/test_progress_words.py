"""The dashboard's progress line of a running run (issue 33), in both languages: while the kernels
compile it says so, with the time so far and the time to expect; from the first block of a chunk on,
the games played so far (the chunk being played included), games/s and the time left, each number
written as the page's language writes it."""

from __future__ import annotations

import pytest

from dashboards.launches import progress_words
from sim.run.progress import Compiling, StoredProgress

COMPILING = StoredProgress(chunks_done=0, chunks_total=3, units_done=0, units_total=60_000,
                           compiling=Compiling("dicedraft", 68.0, 25.4))
MID_CHUNK = StoredProgress(chunks_done=0, chunks_total=3, units_done=12_000, units_total=60_000,
                           units_per_second=4_000.0, games_per_second=4_000.0)


@pytest.mark.parametrize(("lang", "expected"), [
    ("es", "0/3 bloques, 0 de 60.000 partidas, compilando los núcleos de dicedraft (solo la primera vez): "
           "25 s de unos 68 s"),
    ("en", "0/3 chunks, 0 of 60,000 games, compiling dicedraft's kernels (first run only): 25 s of about 68 s"),
])
def test_the_compile_is_said_while_it_lasts(lang: str, expected: str) -> None:
    assert progress_words("compiling-run", COMPILING, "session", lang, with_rate=True) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("es", "0/3 bloques, 12.000 de 60.000 partidas, 4.000 partidas/s, faltan unos 12 s"),
    ("en", "0/3 chunks, 12,000 of 60,000 games, 4,000 games/s, about 12 s left"),
])
def test_mid_chunk_the_games_so_far_the_rate_and_the_time_left(lang: str, expected: str) -> None:
    assert progress_words("mid-chunk-run", MID_CHUNK, "session", lang, with_rate=True) == expected


def test_games_per_second_count_games_and_the_time_left_counts_units() -> None:
    """A best of three: 2.5 games a match; the time left is the matches left at the matches' rate."""
    matches = StoredProgress(chunks_done=1, chunks_total=4, units_done=20_000, units_total=80_000,
                             units_per_second=1_000.0, games_per_second=2_500.0)
    assert progress_words("matches-run", matches, "session", "en", with_rate=True) == (
        "1/4 chunks, 20,000 of 80,000 games, 2,500 games/s, about 60 s left")
    assert progress_words("matches-run", matches, "session", "en") == "1/4 chunks, 20,000 of 80,000 games"
    done = StoredProgress(chunks_done=4, chunks_total=4, units_done=80_000, units_total=80_000,
                          units_per_second=1_000.0, games_per_second=2_500.0)
    assert progress_words("matches-run", done, "session", "en", with_rate=True) == "4/4 chunks, 80,000 of 80,000 games"
