"""The hosted pages' languages: message catalogues, the choice of a language, substitution.

Catalogues are JSON files `identity/hosted/locales/<language>/<domain>.json`, each a flat object
key -> text, so that each journey owns its own domain file and no two journeys edit one file. A
key lives in exactly one domain (tests/test_hosted_i18n.py checks it, and that every language
has every key with the same placeholders).

Placeholders are `{name}` and are replaced by a regular expression, never by str.format: a
tenant's text override must not reach Python's attribute or index lookup.

Language choice (language_for): `?lang=` (the switcher's links; remembered in the `idp_lang`
cookie) > the `idp_lang` cookie > Accept-Language by its q-values > the tenant's default,
always within the languages the tenant offers.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from pathlib import Path

from identity.tenants.auth_config import HOSTED_LANGUAGES

__all__ = ["HOSTED_LANGUAGES", "LANG_COOKIE", "NATIVE_NAMES", "Translator", "catalogue", "language_for"]

LANG_COOKIE = "idp_lang"
LOCALES = Path(__file__).parent / "locales"
#: The language's own name, as the switcher shows it.
NATIVE_NAMES = {"en": "English", "fr": "Français"}
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")


class CatalogueError(Exception):
    """A catalogue file that breaks the rules (bad key, duplicate key, not flat)."""


@functools.cache
def catalogue(language: str) -> Mapping[str, str]:
    """Every key of one language, from all its domain files."""
    merged: dict[str, str] = {}
    folder = LOCALES / language
    for path in sorted(folder.glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(entries, dict):
            raise CatalogueError(f"{path}: not an object")
        for key, text in entries.items():
            if not isinstance(text, str) or not _KEY.match(key):
                raise CatalogueError(f"{path}: {key!r} is not a dotted key with a text")
            if key in merged:
                raise CatalogueError(f"{path}: {key!r} is defined in another domain file too")
            merged[key] = text
    return merged


def domains(language: str) -> dict[str, dict[str, str]]:
    """domain -> its entries (for the catalogue tests)."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted((LOCALES / language).glob("*.json"))}


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def substitute(text: str, values: Mapping[str, object]) -> str:
    """`{name}` replaced by str(values[name]); an unknown placeholder is left as written."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        return str(values[name]) if name in values else match.group(0)

    return _PLACEHOLDER.sub(one, text)


def is_key(key: str) -> bool:
    return key in catalogue("en")


def _accepted(header: str) -> list[str]:
    """Accept-Language's primary tags, best first (q=0 dropped, ties keep their order)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:20]):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower()
        quality = 1.0
        for param in pieces[1:]:
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, index, tag.split("-")[0]))
    return [tag for _, _, tag in sorted(ranked)]


def language_for(
    query_lang: str | None, cookie: str | None, accept_language: str | None, offered: list[str], default: str
) -> str:
    """The page's language (see the module's docstring)."""
    offered = [lang for lang in offered if lang in HOSTED_LANGUAGES] or ["en"]
    for candidate in (query_lang, cookie):
        if candidate in offered:
            return candidate
    for tag in _accepted(accept_language or ""):
        if tag in offered:
            return tag
    return default if default in offered else offered[0]


class Translator:
    """t(key, **values) for one page: the tenant's override for the language, else the
    catalogue's text, else English; the key itself when nothing has it (a test catches that)."""

    def __init__(self, language: str, overrides: Mapping[str, str] | None = None) -> None:
        self.language = language
        self.overrides = overrides or {}

    def error(self, code: str, message: str) -> str:
        """The text of a service error shown on a page: the tenant's override of
        `errors.<code>`, else in English the service's own message (the API's), else the
        catalogue's translation, else that message."""
        key = f"errors.{code}"
        if key in self.overrides:
            return self.overrides[key]
        if self.language != "en":
            return catalogue(self.language).get(key, message)
        return message

    def __call__(self, key: str, **values: object) -> str:
        text = self.overrides.get(key)
        if text is None:
            text = catalogue(self.language).get(key) or catalogue("en").get(key) or key
        return substitute(text, values)
