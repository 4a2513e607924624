"""Spec texts the report tests run: a small dicedraft budget sweep, its budgets in a given order."""

from __future__ import annotations


def budget_sweep(budgets: tuple[int, ...]) -> str:
    """The [[side]] and [sweep] tables of arañas against ciempiés, arañas' budget swept over `budgets`
    in that order (the order the configs take)."""
    return f"""
[[side]]
faction = "aranas"
[[side]]
faction = "ciempies"
[sweep]
[[sweep.axis]]
side = 1
field = "budget"
values = [{", ".join(str(b) for b in budgets)}]
"""
