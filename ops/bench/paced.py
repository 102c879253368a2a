#!/usr/bin/env python3
"""An open-loop HTTP/1.1 load generator for the half-load runs: requests fall due on an even
schedule (one every 1/rate s) and each one's latency is counted from the moment it fell due, so a
slow response that holds a connection up is charged to the requests queued behind it (the
correction wrk2 makes; Debian ships only wrk, whose delay() ticks in whole milliseconds and so
sends half-load requests in bursts that queue behind each other).

    taskset -c 1 python ops/bench/paced.py spec.json

spec.json: {"host", "port", "rate", "seconds", "connections", "method", "path", "headers",
"body" (may hold {item} and {i}), "items" (values for {item}, used in turn), "chain" (optional
regex: each response's first group goes back into the items queue and each item is used once,
for refresh tokens that rotate), "trace" (optional: also list (due s, latency ms) of every
request slower than 1 ms, to see when the slow ones came)}. Prints one JSON object: rps, p50, p90,
p99, p999, max (ms), non2xx, late_p99 (ms a request waited past its due time for a free
connection), requests.

The loop spins on epoll with a zero timeout between due times: Python's poll() timeout has
millisecond resolution, which would bring the bursts back. It takes its core (the load core).
"""

from __future__ import annotations

import collections
import gc
import json
import re
import select
import socket
import sys
import time


def build(spec: dict, item: str, i: int) -> bytes:
    body = spec.get("body", "").replace("{item}", item).replace("{i}", str(i)).encode()
    path = spec["path"].replace("{item}", item)
    head = [f"{spec.get('method', 'GET')} {path} HTTP/1.1", f"Host: {spec['host']}:{spec['port']}"]
    head += [f"{k}: {v.replace('{item}', item)}" for k, v in spec.get("headers", {}).items()]
    if body or spec.get("method", "GET") != "GET":
        head.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


class Conn:
    __slots__ = ("sock", "buf", "due", "need")

    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setblocking(False)
        self.buf = b""
        self.due = 0.0
        self.need = -1  # bytes of the whole response, once its head is in


_LENGTH = re.compile(rb"\r\ncontent-length:\s*(\d+)", re.I)


def run(spec: dict) -> dict:
    rate, seconds = float(spec["rate"]), float(spec["seconds"])
    items = collections.deque(spec.get("items") or [""])
    chain = re.compile(spec["chain"].encode()) if spec.get("chain") else None
    conns = [Conn(spec["host"], int(spec["port"])) for _ in range(int(spec.get("connections", 16)))]
    ep = select.epoll()
    by_fd = {c.sock.fileno(): c for c in conns}
    for c in conns:
        ep.register(c.sock.fileno(), select.EPOLLIN)
    idle = collections.deque(conns)
    backlog: collections.deque[float] = collections.deque()  # due times waiting for a connection
    latencies: list[float] = []
    late: list[float] = []
    statuses = collections.Counter()
    counter = 0
    now = time.perf_counter
    interval = 1.0 / rate
    start = now() + 0.05
    end = start + seconds
    next_due = start
    trace: list | None = [] if spec.get("trace") else None
    gc.disable()

    def send(c: Conn, due: float) -> None:
        nonlocal counter
        counter += 1
        if chain is not None:
            item = items.popleft() if items else "exhausted"
        else:
            item = items[0]
            items.rotate(-1)
        c.due, c.buf, c.need = due, b"", -1
        late.append(now() - due)
        c.sock.sendall(build(spec, item, counter))

    while True:
        t = now()
        while next_due <= t and next_due < end:
            if idle:
                send(idle.popleft(), next_due)
            else:
                backlog.append(next_due)
            next_due += interval
        if next_due >= end and len(idle) == len(conns) and not backlog:
            break
        if t > end + 30:
            break  # responses that never came are not counted
        for fd, _ in ep.poll(0):
            c = by_fd[fd]
            data = c.sock.recv(65536)
            if not data:
                raise SystemExit("the server closed a connection")
            c.buf += data
            if c.need < 0:
                head_end = c.buf.find(b"\r\n\r\n")
                if head_end < 0:
                    continue
                m = _LENGTH.search(c.buf, 0, head_end)
                c.need = head_end + 4 + (int(m.group(1)) if m else 0)
            if len(c.buf) < c.need:
                continue
            done = now()
            latencies.append(done - c.due)
            if trace is not None and done - c.due > 0.001:
                trace.append((round(c.due - start, 4), round((done - c.due) * 1000, 2)))
            statuses[c.buf[9:12].decode()] += 1
            if chain is not None:
                m = chain.search(c.buf)
                if m:
                    items.append(m.group(1).decode())
            if backlog:
                send(c, backlog.popleft())
            else:
                idle.append(c)
    elapsed = max(now(), end) - start
    for c in conns:
        c.sock.close()
    latencies.sort()
    late.sort()

    def pct(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(len(values) * p))] * 1000 if values else float("nan")

    return {
        "rps": round(len(latencies) / elapsed, 1),
        "p50": round(pct(latencies, 0.5), 3),
        "p99": round(pct(latencies, 0.99), 3),
        "p90": round(pct(latencies, 0.9), 3),
        "p999": round(pct(latencies, 0.999), 3),
        "max": round(pct(latencies, 1.0), 3),
        "non2xx": sum(n for s, n in statuses.items() if not s.startswith("2")),
        "late_p99": round(pct(late, 0.99), 3),
        "requests": len(latencies),
        **({"trace": trace} if trace is not None else {}),
    }


if __name__ == "__main__":
    print(json.dumps(run(json.loads(open(sys.argv[1]).read()))))
