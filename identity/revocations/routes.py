"""GET /v1/revocations/stream: the tenant's revocations as server-sent events (secret key,
sessions:read)."""

from __future__ import annotations

import asyncio

import structlog
from aiohttp import web

from identity import __version__
from identity.http.errors import SERVICE_UNAVAILABLE
from identity.http.routing import Ctx, Router
from identity.principals import SECRET
from identity.revocations import service
from identity.revocations.entries import parse_id
from identity.revocations.errors import INVALID_LAST_EVENT_ID, TOO_MANY_STREAMS
from identity.revocations.feed import FeedClosed, TooManyStreams
from identity.revocations.runtime import hub_of
from identity.revocations.schemas import Revocation, StreamRevocations
from identity.state import REQUEST_ID

log = structlog.get_logger("identity.revocations")

router = Router()

#: A client that takes no bytes for this long (its buffers full) is cut: a stream is a request
#: being answered, which the slow-client guard never cuts by itself.
WRITE_SECONDS = 30.0


@router.get(
    "/v1/revocations/stream",
    query=StreamRevocations,
    auth=(SECRET,),
    scope="sessions:read",
    extra={"events": {"revocation": Revocation, "ready": None}},
    tag="Revocations",
    content_type="text/event-stream",
    errors=(INVALID_LAST_EVENT_ID, TOO_MANY_STREAMS),
    summary="Stream the tenant's revocations (server-sent events) for local token verifiers",
)
async def stream_revocations(ctx: Ctx) -> web.StreamResponse:
    """Streams what a verifier of access tokens must refuse before the tokens expire: revoked sessions
    (`kind` `session`, matched against the token's `sid`), banned or deleted users (`user`, matched
    against `sub` for tokens whose `iat` is not after `revoked_at`) and withdrawn signing keys
    (`signing_key`, matched against the header's `kid`). Called with a **secret key** holding the
    `sessions:read` scope; the answer is `text/event-stream`. Without `Last-Event-ID` (header, or the
    `last_event_id` query parameter) every entry whose `forget_after` is still ahead is replayed first;
    with one, the entries after it. Then comes one `event: ready`, then each revocation as it commits
    (`id:`, `event: revocation`, `data:` a JSON object with `kind`, `id`, `reason`, `revoked_at`,
    `forget_after`), with a `: keepalive` comment line every 15 s. The service ends a stream after at
    most an hour; clients reconnect with the last id they received. One process serves at most 100
    streams of a tenant at once (429 `too_many_streams` beyond). Changes nothing; emits no event
    (the revocations themselves emit `session.revoked`, `user.disabled`, `user.deleted`)."""
    raw = ctx.request.headers.get("Last-Event-ID") or ctx.query.last_event_id
    after = None
    if raw:
        after = parse_id(raw.strip())
        if after is None:
            raise INVALID_LAST_EVENT_ID()
    assert ctx.principal is not None and ctx.principal.tenant is not None and ctx.principal.key_id is not None
    settings = ctx.settings
    hub = hub_of(ctx.app)
    try:  # before the answer starts, so that a refusal is still an error answer
        joined = await hub.join(ctx.tenant_id, ctx.principal.key_id)
    except TooManyStreams:
        raise TOO_MANY_STREAMS(headers={"Retry-After": "60"}) from None
    except FeedClosed:  # the process is shutting down: the client reconnects to another one
        raise SERVICE_UNAVAILABLE(headers={"Retry-After": "1"}) from None
    request = ctx.request
    response = web.StreamResponse(
        status=200,
        headers={
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",  # proxies that buffer answers (nginx) pass each event on at once
            "X-Content-Type-Options": "nosniff",
            # The platform middleware adds these after the handler, too late for a started answer.
            "X-Request-ID": request.get(REQUEST_ID, ""),
            "X-Service-Version": __version__,
        },
    )
    response.content_type = "text/event-stream"
    try:
        await response.prepare(request)

        async def write(data: bytes) -> None:
            try:
                async with asyncio.timeout(WRITE_SECONDS):
                    await response.write(data)
            except TimeoutError:
                if request.transport is not None:
                    request.transport.close()
                raise ConnectionResetError("the client stopped reading") from None

        await service.run(
            ctx.pool,
            ctx.tenant_id,
            after,
            write,
            joined,
            keepalive=settings.revocation_keepalive,
            longest=settings.revocation_stream_max,
        )
    except ConnectionError:
        pass  # the client went away (or stopped reading): nothing to answer
    except Exception:  # the answer has started: end the stream, the client resumes
        log.warning("revocation_stream_failed", tenant_id=ctx.tenant_id, exc_info=True)
    finally:
        hub.leave(joined)
    return response
