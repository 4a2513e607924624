"""What the references share: the exception a choice the rules forbid raises, and the test's
call that turns it into a failure naming the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


class IllegalChoice(Exception):
    """A choice the rules do not allow; the message starts with the rule id."""


def replayed(play: Callable[..., Any], *args: Any, where: Callable[[], str]) -> Any:
    """The reference's result of replaying the kernel's choices, or a failure when one of them is
    one the rules forbid (the kernel's agents chose outside what its legality checks allow)."""
    try:
        return play(*args)
    except IllegalChoice as illegal:
        pytest.fail(f"the kernel's agents chose what the rules forbid: {illegal}\n{where()}")
