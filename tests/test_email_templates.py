"""Template rules as pure functions: defaults, sandbox, escaping, header safety, SMTP URLs."""

from __future__ import annotations

import pytest

from identity.email import templates
from identity.email.message import InvalidAddress, build, envelope
from identity.email.templates import Rendered, Source, TemplateRefused
from identity.email.transport import parse_smtp_url


@pytest.mark.parametrize("name", templates.VARIABLES)
def test_defaults_are_valid_and_use_their_variables(name: str) -> None:
    source = templates.default(name)
    templates.validate(name, source)
    rendered = templates.render(source, templates.SAMPLES)
    assert rendered.subject and "\n" not in rendered.subject
    assert "<html" in rendered.body_html and "<html" not in rendered.body_text
    main = templates.VARIABLES[name][0]
    assert templates.SAMPLES[main] in rendered.body_text
    assert templates.SAMPLES[main] in rendered.body_html


def test_sandbox_is_a_second_wall() -> None:
    # Even a template that skipped validation cannot reach Python objects: the sandbox refuses.
    for html in (
        "{{ ''.__class__.__mro__ }}",
        "{{ code.__class__.__init__.__globals__ }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    ):
        with pytest.raises(templates.RenderError) as exc:
            templates.render(Source("x", html, "t"), {"code": "1"})
        assert "object" not in str(exc.value) and "class" not in str(exc.value)


def test_refusals_name_the_field() -> None:
    with pytest.raises(TemplateRefused) as exc:
        templates.validate("welcome", Source("{{ code }}", "h", "t"))
    assert exc.value.field == "subject" and "unknown variable" in exc.value.message


def test_subject_is_one_line_and_html_escaped_only_in_html() -> None:
    source = Source("Hi {{ user_name }}", "<p>{{ user_name }}</p>", "{{ user_name }}")
    r = templates.render(source, {"user_name": "A\r\nBcc: x@y.example <b>"})
    assert r.subject == "Hi A Bcc: x@y.example <b>"
    assert r.body_html == "<p>A\r\nBcc: x@y.example &lt;b&gt;</p>"
    assert r.body_text == "A\r\nBcc: x@y.example <b>"


def test_message_headers_cannot_be_injected() -> None:
    rendered = Rendered("S", "<p>h</p>", "t")
    addresses = envelope(
        from_name="Acme\r\nBcc: evil@x.example", from_email="a@acme.example", reply_to=None, to="u@example.com"
    )
    msg = build(addresses, rendered, "<1@acme.example>")
    raw = msg.as_string()
    assert "\nBcc:" not in raw and str(msg["From"]).startswith('"Acme Bcc: evil@x.example"')
    for bad in ("u@example.com\r\nBcc: e@x.example", "u@example.com, e@x.example", "nobody"):
        with pytest.raises(InvalidAddress):
            envelope(from_name=None, from_email="a@acme.example", reply_to=None, to=bad)
        with pytest.raises(InvalidAddress):
            envelope(from_name=None, from_email="a@acme.example", reply_to=bad, to="u@example.com")


@pytest.mark.parametrize("name", [None, "Acme", "Acme, Inc.", 'Say "hi"', "Zoë Ölçer", "a\tb"])
def test_stored_headers_are_the_ones_the_message_carries(name) -> None:
    """A stored message keeps From and Reply-To without the MIME message being built: they must
    read exactly as the built message's headers do."""
    addresses = envelope(
        from_name=name, from_email="no-reply@acme.example", reply_to="help@acme.example", to="u@example.com"
    )
    msg = build(addresses, Rendered("S", "<p>h</p>", "t"), "<1@acme.example>")
    assert addresses.header_values() == (str(msg["From"]), str(msg["Reply-To"]))
    bare = envelope(from_name=name, from_email="no-reply@acme.example", reply_to=None, to="u@example.com")
    assert bare.header_values()[1] is None


def test_kept_header_classes_build_the_same_message(monkeypatch) -> None:
    """The header classes kept between messages give the bytes the stdlib's own policy gives."""
    import email.policy
    import re

    from identity.email import message

    rendered = Rendered("Hello Zoë", "<p>h</p>", "t")
    addresses = envelope(
        from_name="Zoë, Inc.", from_email="a@acme.example", reply_to="r@acme.example", to="u@example.com"
    )
    build(addresses, rendered, "<1@acme.example>")
    kept = build(addresses, rendered, "<1@acme.example>").as_bytes()  # classes from the cache
    monkeypatch.setattr(message, "POLICY", email.policy.SMTP)
    plain = build(addresses, rendered, "<1@acme.example>").as_bytes()

    def normal(raw: bytes) -> bytes:
        return re.sub(rb"=+\d+==", b"B", re.sub(rb"Date: [^\r]*", b"", raw))

    assert normal(kept) == normal(plain)
    assert b"From: =?utf-8?q?Zo=C3=AB=2C_Inc=2E?= <a@acme.example>" in kept


def test_smtp_url_forms() -> None:
    plain = parse_smtp_url("smtp://relay.example:2525")
    assert (plain.host, plain.port, plain.start_tls, plain.use_tls) == ("relay.example", 2525, False, False)
    tls = parse_smtp_url("smtp+starttls://user%40x:p%3Ass@relay.example")
    assert (tls.port, tls.start_tls, tls.username, tls.password) == (587, True, "user@x", "p:ss")
    assert "p:ss" not in repr(tls)  # the password is kept out of reprs and tracebacks
    ssl = parse_smtp_url("smtps://relay.example")
    assert (ssl.port, ssl.use_tls) == (465, True)
    with pytest.raises(ValueError):
        parse_smtp_url("http://relay.example")
