"""OpenTelemetry traces (IDENTITY_OTLP_ENDPOINT): a span per request, job and outbound call, one
trace from the request through its job to the webhook delivery, checked against a real OTLP/HTTP
collector stand-in (an aiohttp server decoding the protobuf export requests)."""

from __future__ import annotations

import asyncio
import dataclasses
import subprocess
import sys
import time
from typing import Any

import pytest
from aiohttp import web
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from identity import tracing
from identity.config import Settings
from tests.support.webhook_receiver import receiver  # noqa: F401 (fixtures)

SPAN_KINDS = {1: "internal", 2: "server", 3: "client"}


class Collector:
    """POST /v1/traces, as an OTLP/HTTP collector takes it; keeps every span it was sent."""

    def __init__(self) -> None:
        self.spans: list[dict[str, Any]] = []
        self.services: set[str] = set()
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def _traces(self, request: web.Request) -> web.Response:
        export = ExportTraceServiceRequest.FromString(await request.read())
        for resource_spans in export.resource_spans:
            for attr in resource_spans.resource.attributes:
                if attr.key == "service.name":
                    self.services.add(attr.value.string_value)
            for scope in resource_spans.scope_spans:
                for span in scope.spans:
                    self.spans.append(
                        {
                            "name": span.name,
                            "trace_id": span.trace_id.hex(),
                            "span_id": span.span_id.hex(),
                            "parent_id": span.parent_span_id.hex(),
                            "kind": SPAN_KINDS.get(span.kind, str(span.kind)),
                            "attributes": {a.key: a.value for a in span.attributes},
                            "error": span.status.code == 2,
                        }
                    )
        return web.Response(
            body=ExportTraceServiceResponse().SerializeToString(), content_type="application/x-protobuf"
        )

    async def start(self) -> Collector:
        app = web.Application()
        app.router.add_post("/v1/traces", self._traces)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def collect(self) -> list[dict[str, Any]]:
        # The exporter posts from its own thread, here to a server on this loop: flush from a
        # thread so that the loop can answer it.
        assert await asyncio.to_thread(tracing.flush)
        return self.spans

    def named(self, name: str) -> list[dict[str, Any]]:
        return [s for s in self.spans if s["name"] == name]


@pytest.fixture
def settings(settings, smtp_sink):  # noqa: F811
    return dataclasses.replace(settings, smtp_url=smtp_sink.url)


@pytest.fixture
async def collector():
    c = await Collector().start()
    tracing.configure(c.url)
    try:
        yield c
    finally:
        await asyncio.to_thread(tracing.configure, None)
        await c.stop()


async def _until(predicate, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = await predicate()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


async def test_request_job_and_delivery_share_one_trace(app, tenant, worker, receiver, collector, smtp_sink) -> None:  # noqa: F811
    status, hook, _ = await tenant.secret(
        "POST", "/v1/webhooks", json={"url": receiver.url, "events": ["user.created"]}
    )
    assert status == 201, hook
    # The caller's own trace is continued.
    caller_trace = "4bf92f3577b34da6a3ce929d0e0e4736"
    status, created, resp = await tenant.public(
        "POST",
        "/v1/auth/sign-up",
        json={"email": "otel@example.com", "password": "correct horse battery staple 42"},
        headers={"traceparent": f"00-{caller_trace}-00f067aa0ba902b7-01"},
    )
    assert status == 201, created
    hit = (await receiver.wait_for(1))[0]
    await smtp_sink.wait_for("otel@example.com")

    async def finished():
        spans = await collector.collect()
        names = {s["name"] for s in spans if s["trace_id"] == caller_trace}
        return {"POST /v1/auth/sign-up", "job process_outbox", "smtp send", "webhook deliver", "webhook POST"} <= names

    await _until(finished)
    request = collector.named("POST /v1/auth/sign-up")[-1]
    assert request["kind"] == "server" and request["parent_id"] == "00f067aa0ba902b7"
    assert request["attributes"]["http.response.status_code"].int_value == 201
    assert request["attributes"]["identity.request_id"].string_value == resp.headers["X-Request-ID"]
    jobs = [s for s in collector.named("job process_outbox") if s["trace_id"] == caller_trace]
    assert jobs and all(j["parent_id"] == request["span_id"] for j in jobs)
    smtp = [s for s in collector.named("smtp send") if s["trace_id"] == caller_trace]
    assert smtp[0]["kind"] == "client" and smtp[0]["parent_id"] in {j["span_id"] for j in jobs}
    deliver = [s for s in collector.named("webhook deliver") if s["trace_id"] == caller_trace][0]
    assert deliver["parent_id"] == request["span_id"]
    post = [s for s in collector.named("webhook POST") if s["trace_id"] == caller_trace][0]
    assert post["kind"] == "client" and post["parent_id"] == deliver["span_id"]
    # The receiver can continue the trace from the delivery's call.
    assert hit.headers["traceparent"] == f"00-{caller_trace}-{post['span_id']}-01"
    assert collector.services == {"identity"}


async def test_a_request_without_traceparent_starts_a_trace(tenant, collector) -> None:
    status, _, _ = await tenant.secret("GET", "/v1/users/usr_nothere")
    assert status == 404
    spans = await collector.collect()
    span = [s for s in spans if s["name"] == "GET /v1/users/{id}"][-1]
    assert span["parent_id"] == "" and len(span["trace_id"]) == 32
    assert span["attributes"]["http.response.status_code"].int_value == 404
    assert not span["error"]  # a 4xx is the caller's error, not the server's


def test_off_by_default_and_nothing_of_opentelemetry_is_imported() -> None:
    assert Settings.from_env({}).otlp_endpoint is None
    assert Settings.from_env({"IDENTITY_OTLP_ENDPOINT": " http://c:4318 "}).otlp_endpoint == "http://c:4318"
    code = """
import sys
import identity.app, identity.runner, workers.tasks, workers.webhooks
from identity import origin, tracing
app = identity.app.create_app(identity.config.Settings(secret_key="x"), dsn="postgresql://x/y")
with origin.opened("req_1"), tracing.span("nothing") as span:
    assert span is None and tracing.traceparent() is None and origin.traceparent() is None
loaded = sorted(m for m in sys.modules if m.startswith("opentelemetry"))
assert not loaded, loaded
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
