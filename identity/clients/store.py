"""SQL for OAuth clients. Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from identity.clients.schemas import ClientType, IdTokenAlg
from identity.db.keysets import Keyset, read_page
from identity.db.records import Record

COLUMNS = """tenant_id, id, name, type, redirect_uris, allowed_origins, grant_types, scopes,
             post_logout_redirect_uris, first_party, secret_hash, secret_rotated_at, created_at,
             updated_at, id_token_signed_response_alg, token_endpoint_auth_method, jwks"""


class ClientRecord(Record, frozen=True):
    """An OAuth client as COLUMNS reads it."""

    tenant_id: str
    id: str
    name: str
    type: ClientType
    redirect_uris: list[str]
    allowed_origins: list[str]
    grant_types: list[str]
    scopes: list[str]
    post_logout_redirect_uris: list[str]
    first_party: bool
    secret_hash: str | None
    secret_rotated_at: datetime | None
    created_at: datetime
    updated_at: datetime
    id_token_signed_response_alg: IdTokenAlg
    token_endpoint_auth_method: str | None
    #: The client's registered JWK set (RFC 7517) for private_key_jwt: open JSON, checked by
    #: identity/clients/jwks.py when registered.
    jwks: dict[str, Any] | None


class TokenRecord(Record, frozen=True):
    """A machine client's live grant (active_tokens)."""

    id: str
    client_id: str
    scopes: list[str]
    created_at: datetime
    expires_at: datetime
    issued_count: int


async def insert(conn: Any, values: dict[str, Any]) -> ClientRecord:
    cols = ", ".join(values)
    params = ", ".join(f"${i}" for i in range(1, len(values) + 1))
    row = await conn.fetchrow(
        f"INSERT INTO oauth_clients ({cols}) VALUES ({params}) RETURNING {COLUMNS}", *values.values()
    )
    return ClientRecord.of(row)


async def get(conn: Any, tenant_id: str, client_id: str, *, for_update: bool = False) -> ClientRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    row = await conn.fetchrow(
        f"SELECT {COLUMNS} FROM oauth_clients WHERE tenant_id = $1 AND id = $2{lock}", tenant_id, client_id
    )
    return ClientRecord.maybe(row)


async def list_page(conn: Any, tenant_id: str, page: Keyset, *, type_: str | None) -> tuple[list[ClientRecord], int]:
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {COLUMNS} FROM oauth_clients",
        count="SELECT count(*) FROM oauth_clients",
        where="tenant_id = $1 AND ($2::text IS NULL OR type = $2)",
        args=(tenant_id, type_),
    )
    return ClientRecord.all(rows), total


async def update(conn: Any, tenant_id: str, client_id: str, changes: dict[str, Any]) -> ClientRecord | None:
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=3))
    row = await conn.fetchrow(
        f"""UPDATE oauth_clients SET {sets}, updated_at = now()
            WHERE tenant_id = $1 AND id = $2 RETURNING {COLUMNS}""",
        tenant_id,
        client_id,
        *changes.values(),
    )
    return ClientRecord.maybe(row)


async def delete(conn: Any, tenant_id: str, client_id: str) -> bool:
    done = await conn.fetchval(
        "DELETE FROM oauth_clients WHERE tenant_id = $1 AND id = $2 RETURNING id", tenant_id, client_id
    )
    return done is not None


async def active_tokens(conn: Any, tenant_id: str, client_id: str, page: Keyset) -> tuple[list[TokenRecord], int]:
    """The client's live machine grants (one per scope set, with the tokens counted under it),
    and the per-token grants issued before sql/023 that have not expired yet."""
    live = """SELECT id, client_id, scopes, created_at, last_expires_at AS expires_at, issued_count
              FROM oauth_machine_grants
              WHERE tenant_id = $1 AND client_id = $2 AND revoked_at IS NULL AND last_expires_at > now()
              UNION ALL
              SELECT id, client_id, scopes, created_at, expires_at, 1 FROM oauth_grants
              WHERE tenant_id = $1 AND client_id = $2 AND user_id IS NULL
                AND revoked_at IS NULL AND expires_at > now()"""
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT * FROM ({live}) t",
        count=f"SELECT count(*) FROM ({live}) t",
        where="TRUE",
        args=(tenant_id, client_id),
    )
    return TokenRecord.all(rows), total
