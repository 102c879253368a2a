"""What the operator commands print on stdout: a rich table for a person, or JSON (`--json`)
for a script. Nothing else goes to stdout (log lines of these commands go to stderr)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import msgspec
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


def _console(stderr: bool = False) -> Console:
    stream = sys.stderr if stderr else sys.stdout
    # Piped output keeps whole lines (no wrapping at 80 columns) and no colour codes.
    width = None if stream.isatty() else 200
    return Console(file=stream, width=width, highlight=False, soft_wrap=False)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    if isinstance(value, float):
        return f"{value:.1f}"
    if isinstance(value, dict | list):
        return msgspec.json.encode(value).decode()
    return str(value)


def print_json(value: Any) -> None:
    sys.stdout.write(msgspec.json.encode(value).decode() + "\n")
    sys.stdout.flush()


def print_table(
    rows: Sequence[Mapping[str, Any]], columns: Sequence[str], *, title: str | None = None, empty: str = "none"
) -> None:
    if not rows:
        _console().print(f"{title + ': ' if title else ''}{empty}")
        return
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*(_cell(row.get(c)) for c in columns))
    _console().print(table)


def print_fields(obj: Mapping[str, Any], *, title: str | None = None) -> None:
    """One object as a two-column table (field, value)."""
    table = Table(title=title, title_justify="left", show_header=False)
    table.add_column("field", style="bold")
    table.add_column("value")
    for key, value in obj.items():
        table.add_row(key, _cell(value))
    _console().print(table)


def print_line(text: str) -> None:
    _console().print(text, markup=False)


@contextmanager
def progress(description: str, total: int | None = None) -> Iterator[Callable[..., None]]:
    """A progress bar on stderr while long work runs (shown on a terminal only); yields
    advance(steps=1, description=None)."""
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_console(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )
    with bar:
        task = bar.add_task(description, total=total)

        def advance(steps: int = 1, description: str | None = None, total: int | None = None) -> None:
            bar.update(
                task,
                advance=steps,
                description=description or bar.tasks[0].description,
                total=total if total is not None else bar.tasks[0].total,
            )

        yield advance


def records(rows: Iterable[Any]) -> list[dict[str, Any]]:
    """Rows or response structs as mappings (their fields, not converted), for the tables."""
    return [msgspec.structs.asdict(r) if isinstance(r, msgspec.Struct) else dict(r) for r in rows]
