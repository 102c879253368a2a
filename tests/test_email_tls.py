"""The tenant's own SMTP server over STARTTLS and implicit TLS, with certificate verification,
against real aiosmtpd servers using a certificate from a CA the test makes."""

from __future__ import annotations

import datetime as dt
import ssl
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.support.api import free_port

# aiosmtpd warns, on every connection, that the implicit-TLS listener allows AUTH "without TLS"
# (it only counts STARTTLS as TLS); the listener below is TLS from the first byte.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Requiring AUTH while not requiring TLS:UserWarning",
    "ignore:Session.login_data is deprecated:DeprecationWarning",
)


def _certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A CA, and a certificate for localhost signed by it: (ca.pem, cert.pem, key.pem)."""
    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "identity test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=True,
                crl_sign=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = folder / "ca.pem", folder / "cert.pem", folder / "key.pem"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return paths


class Recorder:
    def __init__(self) -> None:
        self.messages: list[dict] = []

    async def handle_DATA(self, server, session, envelope):
        # What the wire was, from the transport itself (aiosmtpd's session.ssl misses implicit TLS).
        on_tls = server.transport.get_extra_info("ssl_object") is not None
        self.messages.append(
            {"tls": on_tls, "to": envelope.rcpt_tos, "login": session.authenticated, "data": envelope.content}
        )
        return "250 OK"


def _auth(server, session, envelope, mechanism, auth_data):
    ok = auth_data.login == b"mailer" and auth_data.password == b"s3cret-pass"
    return AuthResult(success=ok)


@pytest.fixture
def tls_servers(tmp_path: Path):
    ca, cert, key = _certificates(tmp_path)
    server_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_ctx.load_cert_chain(cert, key)
    starttls, implicit = Recorder(), Recorder()
    c1 = Controller(
        starttls,
        hostname="127.0.0.1",
        port=free_port(),
        tls_context=server_ctx,
        require_starttls=True,
        authenticator=_auth,
        auth_required=True,
    )
    # aiosmtpd only counts STARTTLS as TLS for AUTH; this listener is TLS from the first byte.
    c2 = Controller(
        implicit,
        hostname="127.0.0.1",
        port=free_port(),
        ssl_context=server_ctx,
        authenticator=_auth,
        auth_required=True,
        auth_require_tls=False,
    )
    c2.start()
    c1.start()
    yield {"ca": ca, "starttls": (c1.port, starttls), "implicit": (c2.port, implicit)}
    c1.stop()
    c2.stop()


async def _configure(tenant, port: int, *, tls: bool, use_ssl: bool) -> None:
    status, body, _ = await tenant.secret(
        "PUT",
        "/v1/email/config",
        json={
            "provider": "smtp",
            "from_email": "noreply@example.com",
            "from_name": "Acme",
            "smtp": {
                "host": "localhost",
                "port": port,
                "username": "mailer",
                "password": "s3cret-pass",
                "tls": tls,
                "ssl": use_ssl,
            },
        },
    )
    assert status == 200, body


@pytest.mark.parametrize("mode", ["starttls", "implicit"])
async def test_tenant_smtp_over_tls_with_a_verified_certificate(tenant, tls_servers, monkeypatch, mode) -> None:
    port, recorder = tls_servers[mode]
    await _configure(tenant, port, tls=mode == "starttls", use_ssl=mode == "implicit")
    # The default trust store is the system's; point it at the test CA for this process.
    monkeypatch.setenv("SSL_CERT_FILE", str(tls_servers["ca"]))
    status, body, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": "ops@example.com"})
    assert status == 200 and body["sent"] is True, str(body)
    (message,) = recorder.messages
    assert message["tls"] is True and message["login"] is True and message["to"] == ["ops@example.com"]


async def test_an_untrusted_certificate_is_refused(tenant, tls_servers, monkeypatch) -> None:
    port, recorder = tls_servers["implicit"]
    await _configure(tenant, port, tls=False, use_ssl=True)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)  # the test CA is not trusted
    status, body, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": "ops@example.com"})
    assert status == 200 and body["sent"] is False, body
    assert "certificate" in body.get("error", "").lower() or "ssl" in body.get("error", "").lower(), body
    assert recorder.messages == []
