"""The hosted pages' catalogues and templates, read statically (docs/hosted-pages.md): every
language has every key with the same placeholders, every key a template or module names
exists, no key is defined in two domain files, and no template carries an inline handler, a
style attribute or a script without the nonce."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from identity.hosted import i18n
from identity.tenants.auth_config import HOSTED_LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "identity" / "templates" / "hosted"
_T_CALL = re.compile(r"""\bt\(\s*["']([a-z][a-z0-9_.]*)["']\s*[,)]""")


def test_the_locale_folders_are_the_supported_languages() -> None:
    folders = sorted(p.name for p in i18n.LOCALES.iterdir() if p.is_dir())
    assert folders == sorted(HOSTED_LANGUAGES)
    assert set(i18n.NATIVE_NAMES) == set(HOSTED_LANGUAGES)


@pytest.mark.parametrize("language", HOSTED_LANGUAGES)
def test_every_language_has_every_key_with_the_same_placeholders(language: str) -> None:
    english, other = i18n.catalogue("en"), i18n.catalogue(language)
    assert set(other) == set(english), sorted(set(other) ^ set(english))
    for key, text in english.items():
        assert i18n.placeholders(other[key]) == i18n.placeholders(text), key
        assert other[key].strip(), key
    # The same domain files in every language, with the same keys in each.
    assert {d: set(e) for d, e in i18n.domains(language).items()} == {d: set(e) for d, e in i18n.domains("en").items()}


def test_a_key_defined_in_two_domain_files_is_refused(tmp_path, monkeypatch) -> None:
    folder = tmp_path / "en"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps({"a.same": "one"}))
    (folder / "b.json").write_text(json.dumps({"a.same": "two"}))
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.catalogue.cache_clear()
    try:
        with pytest.raises(i18n.CatalogueError, match="another domain"):
            i18n.catalogue("en")
    finally:
        monkeypatch.undo()
        i18n.catalogue.cache_clear()


def _literal_keys() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    sources = [*TEMPLATES.rglob("*.html"), *(ROOT / "identity" / "hosted").glob("*.py")]
    for path in sources:
        for key in _T_CALL.findall(path.read_text(encoding="utf-8")):
            found.setdefault(key, set()).add(path.name)
    return found


def test_every_key_named_in_a_template_or_module_exists() -> None:
    keys = _literal_keys()
    assert keys, "no t(...) call found: the scan is broken"
    missing = {k: sorted(v) for k, v in keys.items() if k not in i18n.catalogue("en")}
    assert not missing, missing


def test_substitution_never_reaches_attribute_lookup() -> None:
    assert i18n.substitute("Hi {name}", {"name": "Ann"}) == "Hi Ann"
    # str.format would evaluate these; the regex leaves them as written.
    assert i18n.substitute("{name.__class__} {0} {name[0]}", {"name": "Ann"}) == "{name.__class__} {0} {name[0]}"
    assert i18n.substitute("{missing}", {}) == "{missing}"


def test_language_choice_order() -> None:
    offered = ["en", "fr"]
    assert i18n.language_for("fr", "en", "en", offered, "en") == "fr"  # ?lang= first
    assert i18n.language_for(None, "fr", "en", offered, "en") == "fr"  # then the cookie
    assert i18n.language_for(None, None, "de, fr;q=0.8, en;q=0.5", offered, "en") == "fr"
    assert i18n.language_for(None, None, "en;q=0, fr-CA", offered, "en") == "fr"
    assert i18n.language_for(None, None, "de", offered, "fr") == "fr"  # the tenant's default
    assert i18n.language_for("fr", "fr", "fr", ["en"], "en") == "en"  # only what the tenant offers


_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
_STYLE_ATTR = re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE)
_SCRIPT = re.compile(r"<script\b[^>]*>", re.IGNORECASE)


def test_no_template_has_inline_handlers_style_attributes_or_scripts_without_nonce() -> None:
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        assert not _HANDLER.search(text), f"{path.name}: an on* attribute"
        assert not _STYLE_ATTR.search(text), f"{path.name}: a style attribute"
        for tag in _SCRIPT.findall(text):
            assert 'nonce="{{ nonce }}"' in tag and " src=" in tag, f"{path.name}: {tag}"
        for block in re.findall(r"<style\b[^>]*>", text, re.IGNORECASE):
            assert 'nonce="{{ nonce }}"' in block, f"{path.name}: {block}"
