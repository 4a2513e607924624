"""A hard agent's world takes the game's state with sim.core.search.copy_into: every element of
arrays of each shape and type the games' records hold, and nothing beside them."""

from __future__ import annotations

import numpy as np

from sim.core.search import copy_into

RECORD = np.dtype([("cs", np.int32, (2, 7, 5)), ("ps", np.int64, (3, 11)), ("fsc", np.float64, (4, 6)),
                   ("tab", np.int32, (2, 7, 3))])


def test_a_world_takes_every_field_it_is_given_and_keeps_the_others():
    rng = np.random.default_rng(37)
    ws = np.zeros(2, RECORD)
    for name in RECORD.names:
        ws[0][name] = rng.integers(-1000, 1000, ws[0][name].shape)
    ws[1]["tab"] = 7
    game, world = ws[0], ws[1]
    copy_into(world["cs"], game["cs"])
    copy_into(world["ps"], game["ps"])
    copy_into(world["fsc"], game["fsc"])
    for name in ("cs", "ps", "fsc"):
        np.testing.assert_array_equal(ws[1][name], ws[0][name])
    assert (ws[1]["tab"] == 7).all()
