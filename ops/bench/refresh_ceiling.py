"""Refresh beside the Postgres ceilings, in one run (docs/performance.md, "Refresh against the
round-trip ceiling").

A rotation is bound by Postgres round trips and writes, so its figure is read against what the
same core does with asyncpg and Postgres alone: `SELECT 1` round trips and one-row write
transactions per second (ops/bench/ceilings.py --db), measured on the service core right before
and right after the refresh run (their mean: the machine drifts within minutes). run.py calls
`adjacent()` around its refresh run, prints `lines()`, and puts `section()` in RESULTS.md
(`write_section()` replaces only this section, so a targeted `--scenarios refresh` run updates
it without touching the rest of the file), unless the machine was busy before the run
(ops/bench/common.py `may_write_results`: then it only prints).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import aiohttp

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The issue's target: refresh at 0.3 or more of the round-trip ceiling beside it.
TARGET = 0.3
BEGIN, END = "<!-- refresh-ceiling -->", "<!-- /refresh-ceiling -->"


def db_ceilings(dsn: str, core: str) -> dict[str, float]:
    out = subprocess.run(
        ["taskset", "-c", core, sys.executable, str(HERE / "ceilings.py"), "--db", dsn],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    return json.loads(out)


async def batches(base: str, token: str) -> tuple[float, float]:
    """(statements, rotations) of the API process so far: the rotation batch histogram's
    _count and _sum on /metrics (identity/sessions/rotations.py)."""
    async with (
        aiohttp.ClientSession() as s,
        s.get(base + "/metrics", headers={"Authorization": f"Bearer {token}"}) as r,
    ):
        text = await r.text()
    found = dict(re.findall(r"^identity_refresh_rotation_batch_size_(count|sum) (\S+)$", text, re.M))
    return float(found.get("count", 0)), float(found.get("sum", 0))


def mean_batch(before: tuple[float, float], after: tuple[float, float]) -> float:
    statements, rotations = after[0] - before[0], after[1] - before[1]
    return rotations / statements if statements else 0.0


def adjacent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {k: (before[k] + after[k]) / 2 for k in before}


def ratios(result: dict) -> tuple[float, float]:
    c = result["pg_adjacent"]
    return result["rps"] / c["pg_roundtrips_per_s"], result["rps"] / c["pg_write_tx_per_s"]


def lines(result: dict) -> list[str]:
    c = result["pg_adjacent"]
    rt, wtx = ratios(result)
    return [
        f"refresh {result['rps']:.0f}/s: {rt:.3f} of the asyncpg round-trip ceiling beside it"
        f" ({c['pg_roundtrips_per_s']:.0f}/s; target {TARGET}), {wtx:.3f} of the write-transaction"
        f" ceiling ({c['pg_write_tx_per_s']:.0f}/s); {result.get('mean_batch', 0):.1f} rotations per statement"
    ]


def section(result: dict, command: str, date: str) -> str:
    rounds = result.get("rounds") or [result]
    rows = [
        "| round | refresh/s (wrk on core 1) | rotations per statement | `SELECT 1` round trips/s | ratio"
        " | one-row write transactions/s | ratio |",
        "|---|---|---|---|---|---|---|",
    ]
    for n, r in enumerate(rounds, 1):
        c = r["pg_adjacent"]
        rt, wtx = ratios(r)
        rows.append(
            f"| {n} | {r['rps']:.0f} | {r.get('mean_batch', 0):.1f} | {c['pg_roundtrips_per_s']:.0f} | {rt:.3f}"
            f" | {c['pg_write_tx_per_s']:.0f} | {wtx:.3f} |"
        )
    rt, wtx = ratios(result)
    verdict = "met" if rt >= TARGET else "NOT met"
    return (
        f"{BEGIN}\n## Refresh beside the Postgres ceilings\n\n- date: {date}\n- command: `{command}`\n"
        "- each round: ops/bench/ceilings.py --db on core 0 (asyncpg, 8 connections, against the same"
        " Postgres) right before and right after a refresh run with new sessions (their mean);"
        " the service, its worker and Postgres on core 0\n"
        f"- **refresh at {rt:.3f} of the round-trip ceiling** (the median round; target {TARGET}: {verdict}),"
        f" {wtx:.3f} of the write-transaction ceiling\n\n" + "\n".join(rows) + f"\n{END}\n"
    )


def write_section(path: Path, text: str) -> None:
    """Put this section in RESULTS.md, replacing the one there (or appending it)."""
    old = path.read_text() if path.exists() else "# Benchmark results\n"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        new = head + text + ("\n" + tail if tail else "")
    else:
        new = old.rstrip("\n") + "\n\n" + text
    path.write_text(new)
