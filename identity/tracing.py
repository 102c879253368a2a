"""OpenTelemetry traces, optional (docs/observability.md).

Off unless IDENTITY_OTLP_ENDPOINT is set: then nothing of OpenTelemetry is imported and every
function here is a cheap no-op. On, spans are batched and sent over OTLP/HTTP (protobuf) to
`<endpoint>/v1/traces`.

The tracer provider is this module's own rather than OpenTelemetry's global one, which can be
set only once per process: configure() may be called again (tests, a reload) and replaces it.
Spans still become "current" through OpenTelemetry's context, so they nest across awaits.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

SERVICE_NAME = "identity"

_tracer: Any = None
_provider: Any = None


def configure(endpoint: str | None, service_name: str = SERVICE_NAME) -> None:
    """Start exporting to `endpoint` (the collector's base URL), or stop when it is None."""
    global _tracer, _provider
    shutdown()
    if not endpoint:
        return
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        raise SystemExit(
            "IDENTITY_OTLP_ENDPOINT is set but OpenTelemetry is not installed: pip install 'identity[otel]'"
        ) from None

    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    exporter = OTLPSpanExporter(endpoint=endpoint.rstrip("/") + "/v1/traces")
    provider.add_span_processor(BatchSpanProcessor(exporter))
    _provider, _tracer = provider, provider.get_tracer("identity")


def enabled() -> bool:
    return _tracer is not None


def shutdown() -> None:
    """Send what is batched and stop (process exit, or before configure() replaces it)."""
    global _tracer, _provider
    provider, _provider, _tracer = _provider, None, None
    if provider is not None:
        provider.shutdown()


def flush(timeout_ms: int = 5000) -> bool:
    """Export every finished span now. Blocks: from the event loop, run it in a thread."""
    return _provider is None or bool(_provider.force_flush(timeout_ms))


def _propagator() -> Any:
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    return TraceContextTextMapPropagator()


@contextlib.contextmanager
def span(
    name: str,
    *,
    kind: str = "internal",
    parent: str | None = None,
    headers: Mapping[str, str] | None = None,
    attributes: Mapping[str, Any] | None = None,
) -> Iterator[Any]:
    """A span around the block (None when tracing is off). Its parent: the trace context of
    `parent` (a stored traceparent) or of `headers` (an incoming request's) when either holds
    one, else the current span. kind: internal, server, client."""
    if _tracer is None:
        yield None
        return
    from opentelemetry.trace import SpanKind, Status, StatusCode

    context = None
    carrier: Mapping[str, str] | None = {"traceparent": parent} if parent else headers
    if carrier and carrier.get("traceparent"):
        context = _propagator().extract(carrier)
    attrs = {k: v for k, v in (attributes or {}).items() if v is not None}
    with _tracer.start_as_current_span(
        name,
        context=context,
        kind=SpanKind[kind.upper()],
        attributes=attrs,
        record_exception=True,
        set_status_on_exception=True,
    ) as current:
        try:
            yield current
        except BaseException as exc:
            current.set_status(Status(StatusCode.ERROR, type(exc).__name__))
            raise


def annotate(current: Any, *, error: str | None = None, **attributes: Any) -> None:
    """Add attributes to a span from span() (nothing when it is None); `error` marks it failed."""
    if current is None:
        return
    for key, value in attributes.items():
        if value is not None:
            current.set_attribute(key, value)
    if error is not None:
        from opentelemetry.trace import Status, StatusCode

        current.set_status(Status(StatusCode.ERROR, error[:200]))


def traceparent() -> str | None:
    """The W3C traceparent of the current span (None when tracing is off or no span is open)."""
    if _tracer is None:
        return None
    carrier: dict[str, str] = {}
    _propagator().inject(carrier)
    return carrier.get("traceparent")
