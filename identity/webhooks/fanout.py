"""The emit() subscriber: one delivery (and its job) per matching webhook, in the emitting
transaction, so an event is delivered if and only if its change commits.

Matching webhooks are the tenant's enabled v1 endpoints subscribed to the kind (or "*") and
the active v2 admin webhooks of that tenant or of every tenant (tenant_id NULL). A tenant with
none costs emit() one indexed query and writes nothing more. Paused webhooks get no delivery
for events that happen while they are paused (those events are skipped for them, as Stripe
does); deliveries already pending when a webhook is paused are held and resume when it is
re-enabled.
"""

from __future__ import annotations

import json
from typing import Any

from identity.events.emit import Event
from identity.http.types import JsonObject
from identity.ids import new_id
from identity.webhooks import store
from identity.webhooks.records import Target

#: Fields of user.* event data that describe the change rather than the user; version 2
#: keeps them beside data.user instead of inside it.
CHANGE_FIELDS = ("fields", "reason")


def encode(payload: JsonObject) -> str:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


def v1_payload(event: Event) -> JsonObject:
    return {
        "id": event["id"],
        "type": event["type"],
        "tenant_id": event["tenant_id"],
        "created_at": event["created_at"],
        "data": event["data"],
    }


def v2_data(type_: str, data: JsonObject, role: str | None = None) -> JsonObject:
    """Version 2 nests the user of user.* events as data.user {id, email, roles, ...}."""
    if not type_.startswith("user."):
        return data
    user = {"id": data.get("id"), "email": data.get("email")}
    user_role = data.get("role") or role
    user["roles"] = [user_role] if user_role else []
    for key, value in data.items():
        if key not in user and key != "role" and key not in CHANGE_FIELDS:
            user[key] = value
    out: JsonObject = {"user": user}
    for key in CHANGE_FIELDS:
        if key in data:
            out[key] = data[key]
    return out


async def v2_payload(conn: Any, event: Event) -> JsonObject:
    data = event["data"]
    role = None
    if event["type"].startswith("user.") and "role" not in data:
        role = await store.role_of(conn, event["tenant_id"], data.get("id"))
    return {**v1_payload(event), "data": v2_data(event["type"], data, role)}


async def fan_out(conn: Any, tenant_id: str, event: Event, targets: list[Any]) -> None:
    """emit()'s subscriber: targets were found by store.TARGETS_OF_EV in the event's INSERT
    (identity/events/store.insert_sql; connected in identity/wiring.connect_events)."""
    if targets:
        found = [Target(version=t["target_version"], id=t["target_id"]) for t in targets]
        await fan_out_many(conn, tenant_id, [event], found)


async def fan_out_many(conn: Any, tenant_id: str, events: list[Event], targets: list[Target] | None = None) -> None:
    """Deliveries for events of one type: one lookup of the subscribed webhooks (unless the
    caller found them), one insert."""
    if not events:
        return
    if targets is None:
        targets = await store.matching(conn, tenant_id, events[0]["type"])
    if not targets:
        return
    items: list[tuple[str, str, str | None, str | None, str]] = []
    for event in events:
        bodies: dict[int, str] = {}
        for t in targets:
            version = t.version
            if version not in bodies:
                payload = v1_payload(event) if version == 1 else await v2_payload(conn, event)
                bodies[version] = encode(payload)
            items.append(
                (
                    event["id"],
                    new_id("del"),
                    t.id if version == 1 else None,
                    t.id if version == 2 else None,
                    bodies[version],
                )
            )
    await store.insert_event_deliveries(conn, tenant_id, events[0]["type"], items)
