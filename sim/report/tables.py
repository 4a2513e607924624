"""Terminal tables that stay readable on a narrow terminal (100 columns and up).

A rich table wider than the terminal squeezes every column until its cells wrap, and a number wraps
like a word: "57.0% [50.1, 63.7]" becomes "57.0% [50.1," over "63.7]", a header loses its end
("exploitabi…"). `FittedTable` decides at render time, knowing the terminal's width: a table that
fits is printed as it is. One that does not first lets the columns that say what a row is (the
config, the side, the card: the first `keys`) wrap their names at spaces, down to NAME_WIDTH; if it
still does not fit, it is split into parts of whole columns, each part repeating those naming
columns. Figures never wrap: every number and interval is printed whole, on one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table

UNBOUNDED = 1_000_000  # a width no table reaches: measures a table's natural (unwrapped) width
NAME_WIDTH = 22  # a naming column may wrap down to this (or its longest word) on a narrow terminal


@dataclass
class FittedTable:
    """A table of text cells; the first `keys` columns name the row and are repeated in each part
    (none: a table of one row, or whose rows need no name)."""

    title: str
    headers: Sequence[str]
    justify: Sequence[str]  # "left" or "right", one per column
    rows: Sequence[Sequence[str]]
    keys: int = 1

    def table(self, columns: Sequence[int], title: str, names_wrap: bool = False) -> Table:
        """The table of `columns`; with `names_wrap` its naming columns wrap at NAME_WIDTH."""
        table = Table(title=title or None, title_justify="left", title_style="bold")
        for index in columns:
            naming = index < self.keys
            table.add_column(self.headers[index], justify=self.justify[index], no_wrap=not naming,
                             max_width=self.name_width(index) if naming and names_wrap else None)
        for row in self.rows:
            table.add_row(*[row[index] for index in columns])
        return table

    def name_width(self, index: int) -> int:
        """How narrow naming column `index` may wrap: NAME_WIDTH, or its longest word if wider."""
        words = [word for text in [self.headers[index], *(row[index] for row in self.rows)] for word in text.split()]
        return max([NAME_WIDTH, *(len(word) for word in words)])

    def parts(self, console: Console, width: int) -> list[Table]:
        """The table whole when it fits `width`, else as few parts of whole columns as fit."""
        everything = list(range(len(self.headers)))
        whole = self.table(everything, self.title)
        if natural_width(console, whole) <= width:
            return [whole]
        wrapped = self.table(everything, self.title, names_wrap=True)
        if natural_width(console, wrapped) <= width or len(self.headers) <= self.keys + 1:
            return [wrapped]
        keys = everything[:self.keys]
        groups: list[list[int]] = []
        for index in everything[self.keys:]:
            if groups and natural_width(console, self.table(keys + groups[-1] + [index], "", True)) <= width:
                groups[-1].append(index)
            else:
                groups.append([index])
        head = self.title.split(":", 1)[0]
        return [self.table(keys + group, self.title if k == 0 else
                           f"{head} (continued, part {k + 1} of {len(groups)})".strip(), names_wrap=True)
                for k, group in enumerate(groups)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.parts(console, options.max_width)


def natural_width(console: Console, table: Table) -> int:
    """The width `table` takes when no figure wraps (its naming columns at their widest allowed)."""
    return Measurement.get(console, console.options.update_width(UNBOUNDED), table).maximum
