"""The shortcuts taken for a token request's CPU (docs/performance.md, "client_credentials:
instructions per request") give what the general code they replace gives."""

from __future__ import annotations

import logging
import random
import uuid
from urllib.parse import parse_qsl

import pytest

from identity import ids, logs
from identity.http import bodies
from identity.http.validation import unstorable
from identity.oauth.issue import random_uuid


def test_identifier_suffix_is_the_per_character_encoding() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        millis = rng.getrandbits(rng.choice((1, 41, 48, 50, 53)))
        rand = rng.getrandbits(rng.choice((1, 64, 80)))
        assert ids._suffix(millis, rand) == ids._encode(millis, 10) + ids._encode(rand, 16)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "&",
        "a",
        "a=",
        "=a",
        "a=b=c",
        "&&a=1&&",
        "x+y=1+2",
        "a=%41%2B",
        "a=%C3%A9",
        "a=%ff",
        "%zz=1",
        "a=%",
        "grant_type=client_credentials&scope=reports%3Aread",
        "a&" * 999,
        "&" * bodies.MAX_FIELDS,
    ],
)
def test_form_pairs_are_parse_qsl_s(text: str) -> None:
    def outcome(parse: object) -> object:
        try:
            return parse()  # type: ignore[operator]
        except ValueError as exc:
            return type(exc)

    expected = outcome(
        lambda: parse_qsl(
            text, keep_blank_values=True, encoding="utf-8", errors="strict", max_num_fields=bodies.MAX_FIELDS
        )
    )
    assert outcome(lambda: bodies._parse_form(text)) == expected


def test_unstorable_text() -> None:
    assert not unstorable("plain ascii") and not unstorable("é ü 雪")
    assert unstorable("a\x00b") and unstorable("é\x00") and unstorable("x\ud800")


def test_a_jti_is_a_version_4_uuid() -> None:
    for _ in range(1000):
        text = random_uuid()
        parsed = uuid.UUID(text)
        assert str(parsed) == text and parsed.version == 4 and parsed.variant == uuid.RFC_4122


def test_a_prerendered_record_has_makerecords_attributes() -> None:
    logger = logging.getLogger("identity.test_request_cpu")
    made = logger.makeRecord(logger.name, logging.INFO, "(unknown file)", 0, "line", (), None)
    first, copied = logs._record(logger, "one"), logs._record(logger, "two")
    assert set(copied.__dict__) == set(made.__dict__) | {logs._PRERENDERED}
    for name in ("name", "levelno", "levelname", "pathname", "filename", "module", "thread", "threadName"):
        assert getattr(copied, name) == getattr(made, name), name
    assert (copied.process, copied.processName, copied.args) == (made.process, made.processName, ())
    assert copied.getMessage() == "two" and first.getMessage() == "one"
    assert first.created <= copied.created and copied.relativeCreated >= first.relativeCreated
    assert copied.msecs == int((copied.created - int(copied.created)) * 1000)


def test_the_line_encoder_writes_json_dumps_output() -> None:
    fields = {"event": "x", "n": 1, "f": 0.1 + 0.2, "s": 'é"\u2028', "none": None, "list": [1, {"k": True}]}
    assert logs._encode_line(fields) == logs._ENCODE(fields)
    looped: dict[str, object] = {}
    looped["self"] = looped
    with pytest.raises(ValueError, match="Circular"):
        logs._encode_line(looped)
