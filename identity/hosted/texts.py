"""A tenant's own texts for the hosted pages, per language (docs/hosted-pages.md, "Branding and
texts"): kept beside its email templates, plain text escaped when a page is rendered, never
evaluated. A key must exist in the catalogues and an override may use only placeholders that
the default text of that key has."""

from __future__ import annotations

from typing import Any

from identity.audit.context import AuditContext
from identity.hosted import i18n, store
from identity.hosted.errors import HOSTED_LANGUAGE_NOT_FOUND, INVALID_HOSTED_TEXT
from identity.hosted.schemas import HostedTexts, PutHostedTexts


def _known(language: str) -> None:
    if language not in i18n.HOSTED_LANGUAGES:
        raise HOSTED_LANGUAGE_NOT_FOUND()


def _check(language: str, texts: dict[str, str]) -> None:
    defaults = i18n.catalogue(language)
    for key, value in texts.items():
        if key not in defaults:
            raise INVALID_HOSTED_TEXT.invalid(f"texts.{key}", "is not a key of the hosted pages' catalogue")
        if any(ord(c) < 32 and c not in "\n\t" for c in value):
            raise INVALID_HOSTED_TEXT.invalid(f"texts.{key}", "holds a control character")
        extra = i18n.placeholders(value) - i18n.placeholders(defaults[key])
        if extra:
            names = ", ".join("{" + n + "}" for n in sorted(extra))
            raise INVALID_HOSTED_TEXT.invalid(f"texts.{key}", f"uses {names}, which the default text does not")


async def get(pool: Any, tenant_id: str, language: str) -> HostedTexts:
    _known(language)
    async with pool.acquire() as conn:
        overrides = await store.texts(conn, tenant_id, language)
    return HostedTexts(language=language, overrides=overrides, defaults=dict(i18n.catalogue(language)))


async def put(pool: Any, tenant_id: str, language: str, body: PutHostedTexts, audit: AuditContext) -> HostedTexts:
    _known(language)
    _check(language, body.texts)
    async with pool.acquire() as conn, conn.transaction():
        await store.replace_texts(conn, tenant_id, language, body.texts)
        await audit.record(conn, tenant_id, "hosted_texts.updated", "hosted_texts", language)
    return HostedTexts(language=language, overrides=dict(body.texts), defaults=dict(i18n.catalogue(language)))


async def delete(pool: Any, tenant_id: str, language: str, audit: AuditContext) -> None:
    _known(language)
    async with pool.acquire() as conn, conn.transaction():
        await store.delete_texts(conn, tenant_id, language)
        await audit.record(conn, tenant_id, "hosted_texts.reset", "hosted_texts", language)
