"""Password hashing (argon2id, imported bcrypt/scrypt/argon2), rehash, lockout, timing."""

from __future__ import annotations

import time
import uuid

import argon2
import bcrypt
import pytest

from identity.state import state
from identity.users import lockout, passwords
from identity.users import store as users
from identity.users.service import create_user
from tests.support.api import Api, assert_error
from tests.support.mail import emails_of, token_in

# passlib's scrypt format (ln=14, r=8, p=1) of "correct horse battery"
SCRYPT_HASH = "$scrypt$ln=14,r=8,p=1$oLQ2RkgJIaS0FgIAoBSidA$gMLP97ohH4vn9gCFP3RCchiFzteuYmYV5eIFo33LGo8"
PLAIN = "correct horse battery"


def test_current_hash_parameters() -> None:
    encoded = passwords.hash_sync("a password of mine")
    params = argon2.extract_parameters(encoded)
    assert encoded.startswith("$argon2id$")
    assert (params.memory_cost, params.time_cost, params.parallelism) == (19456, 2, 1)
    assert passwords.verify_sync(encoded, "a password of mine") == (True, None)
    assert passwords.verify_sync(encoded, "a password of min")[0] is False


def test_imported_formats_verify_and_ask_for_rehash() -> None:
    bcrypt_hash = bcrypt.hashpw(PLAIN.encode(), bcrypt.gensalt(rounds=4)).decode()
    weak_argon = argon2.PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(PLAIN)
    argon2i = argon2.PasswordHasher(type=argon2.Type.I, time_cost=1, memory_cost=8192).hash(PLAIN)
    for encoded, name in (
        (bcrypt_hash, "bcrypt"),
        (bcrypt_hash.replace("$2b$", "$2a$", 1), "bcrypt"),
        (bcrypt_hash.replace("$2b$", "$2y$", 1), "bcrypt"),
        (SCRYPT_HASH, "scrypt"),
        (SCRYPT_HASH.replace("+", "."), "scrypt"),
        (weak_argon, "argon2"),
        (argon2i, "argon2"),
    ):
        assert passwords.identify(encoded) == name
        assert passwords.is_importable(encoded), encoded
        ok, new_hash = passwords.verify_sync(encoded, PLAIN)
        assert ok, encoded
        assert new_hash is not None and new_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
        assert passwords.verify_sync(encoded, PLAIN + "!") == (False, None)
    for junk in ("", "plaintext", "$1$md5$x", "$scrypt$ln=99,r=8,p=1$aa$bb", "$2b$04$short", "$argon2id$garbage"):
        assert passwords.verify_sync(junk or None, PLAIN)[0] is False
    assert not passwords.is_importable("$2b$04$short")
    assert not passwords.is_importable("$argon2id$garbage")
    assert not passwords.is_importable("md5:abc")


def test_unicode_is_normalised() -> None:
    composed, decomposed = "caf\u00e9 au lait 2024", "cafe\u0301 au lait 2024"
    encoded = passwords.hash_sync(composed)
    assert passwords.verify_sync(encoded, decomposed)[0] is True


def test_common_passwords_list() -> None:
    from identity.users.policy import common_passwords

    common = common_passwords()
    assert len(common) >= 10_000 and "password1" in common and "iloveyou" in common


async def _user_with_hash(app, tenant_id: str, encoded: str, verified: bool = True) -> str:
    email = f"imported-{uuid.uuid4().hex[:8]}@example.com"
    async with state(app).pool.acquire() as conn, conn.transaction():
        await create_user(conn, tenant_id, email=email, password_hash=encoded, email_verified=verified)
    return email


async def test_imported_hashes_sign_in_and_are_upgraded(api: Api, app, tenant) -> None:
    bcrypt_hash = bcrypt.hashpw(PLAIN.encode(), bcrypt.gensalt(rounds=4)).decode().replace("$2b$", "$2y$", 1)
    weak_argon = argon2.PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(PLAIN)
    for encoded in (bcrypt_hash, SCRYPT_HASH, weak_argon):
        email = await _user_with_hash(app, tenant.id, encoded)
        status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": PLAIN})
        assert status == 200, (encoded, body)
        row = await users.get_by_email(state(app).pool, tenant.id, email)
        assert row.password_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
        assert not passwords.needs_rehash(row.password_hash)
        status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": PLAIN})
        assert status == 200
        status, body, _ = await tenant.public(
            "POST", "/v1/auth/sign-in", json={"email": email, "password": PLAIN + "x"}
        )
        assert status == 401


async def test_bcrypt_import_checks_what_bcrypt_checked(api: Api, app, tenant) -> None:
    long_password = "b" * 72 + "-and-more-that-bcrypt-ignored"
    encoded = bcrypt.hashpw(long_password[:72].encode(), bcrypt.gensalt(rounds=4)).decode()
    email = await _user_with_hash(app, tenant.id, encoded)
    status, _, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": long_password})
    assert status == 200
    # after the upgrade every character counts
    status, _, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": long_password[:72]}
    )
    assert status == 401


async def test_user_without_password_cannot_sign_in_with_one(api: Api, app, tenant) -> None:
    async with state(app).pool.acquire() as conn, conn.transaction():
        await create_user(conn, tenant.id, email="nopass@example.com", email_verified=True)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": "nopass@example.com", "password": "anything at all"}
    )
    assert status == 401
    assert_error(body, "invalid_credentials")


async def test_lockout_after_repeated_failures(api: Api, app, make_tenant) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    email, password = "locked@example.com", "correct horse battery staple 42"
    await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": password})
    for attempt in range(1, lockout.LOCK_THRESHOLD):
        status, body, _ = await t.public(
            "POST", "/v1/auth/sign-in", json={"email": email, "password": f"wrong {attempt}"}
        )
        assert status == 401, attempt
    status, body, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": "wrong last"})
    assert status == 403
    assert_error(body, "account_locked", 403)
    # even the right password is refused while locked
    status, body, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})
    assert status == 403
    assert_error(body, "account_locked")
    row = await users.get_by_email(state(app).pool, t.id, email)
    assert row.locked_until is not None
    # the lock ends by itself
    await state(app).pool.execute(
        "UPDATE users SET locked_until = now() - interval '1 second' WHERE tenant_id = $1", t.id
    )
    status, body, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})
    assert status == 200
    row = await users.get_by_email(state(app).pool, t.id, email)
    assert row.failed_sign_ins == 0 and row.locked_until is None


async def test_failures_outside_the_window_do_not_add_up(api: Api, app, make_tenant) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    email = "window@example.com"
    await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": "correct horse battery staple 42"})
    for _ in range(lockout.LOCK_THRESHOLD - 1):
        await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": "wrong password"})
    await state(app).pool.execute(
        "UPDATE users SET failed_window_start = now() - interval '16 minutes' WHERE tenant_id = $1", t.id
    )
    status, _, _ = await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": "wrong password"})
    assert status == 401
    row = await users.get_by_email(state(app).pool, t.id, email)
    assert row.failed_sign_ins == 1


async def test_password_reset_clears_the_lock(api: Api, app, make_tenant) -> None:
    t = await make_tenant(auth_config={"email_verification_required": False})
    email = "unlock@example.com"
    await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": "correct horse battery staple 42"})
    for _ in range(lockout.LOCK_THRESHOLD):
        await t.public("POST", "/v1/auth/sign-in", json={"email": email, "password": "wrong password"})
    status, _, _ = await t.public(
        "POST", "/v1/auth/password/forgot", json={"email": email, "redirect_url": "https://app.example.com/reset"}
    )
    token = token_in((await emails_of(app, t.id, "password_reset"))[-1]["variables"]["reset_url"])
    status, body, _ = await t.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "a brand new passphrase 7"}
    )
    assert status == 200
    status, body, _ = await t.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": "a brand new passphrase 7"}
    )
    assert status == 200


async def test_sign_in_time_does_not_reveal_the_account(api: Api, tenant, sign_up) -> None:
    created = await sign_up()

    async def timed(email: str) -> float:
        start = time.perf_counter()
        status, _, _ = await tenant.public(
            "POST", "/v1/auth/sign-in", json={"email": email, "password": "wrong password!"}
        )
        assert status == 401
        return time.perf_counter() - start

    existing = sorted([await timed(created["user"]["email"]) for _ in range(3)])[1]
    missing = sorted([await timed(f"ghost-{uuid.uuid4().hex[:6]}@example.com") for _ in range(3)])[1]
    # both pay for one argon2 verification (~20 ms); no fast path for unknown emails
    assert missing > 0.5 * existing


def test_password_threads_setting(settings, database_dsn) -> None:
    import dataclasses
    import os

    from identity.app import create_app
    from identity.config import Settings
    from identity.users import passwords

    assert Settings.from_env({}).password_threads is None
    assert Settings.from_env({"IDENTITY_PASSWORD_THREADS": " 3 "}).password_threads == 3
    for bad in ("0", "-1", "two"):
        with pytest.raises(SystemExit, match="IDENTITY_PASSWORD_THREADS"):
            Settings.from_env({"IDENTITY_PASSWORD_THREADS": bad})
    try:
        create_app(dataclasses.replace(settings, password_threads=3), dsn=database_dsn)
        assert passwords.threads() == 3
    finally:
        create_app(dataclasses.replace(settings, password_threads=None), dsn=database_dsn)
    assert passwords.threads() == (len(os.sched_getaffinity(0)) or 1) == passwords.default_threads()


def _argon2_string(m: int, t: int, p: int) -> str:
    """A well-formed argon2id PHC string with these parameters (never computed: an import
    is judged by its parameters alone)."""
    real = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash(PLAIN)
    salt_and_hash = real.split("$", 4)[4]
    return f"$argon2id$v=19$m={m},t={t},p={p}${salt_and_hash}"


def _bcrypt_string(cost: int) -> str:
    real = bcrypt.hashpw(PLAIN.encode(), bcrypt.gensalt(rounds=4)).decode()
    return real[:4] + f"{cost:02d}" + real[6:]


async def test_imported_hashes_beyond_the_cost_bounds_are_422(api: Api, tenant) -> None:
    """One anonymous sign-in verifies whatever hash the account holds, so an import may not
    choose a cost that ties a hashing thread up for seconds or takes gigabytes."""
    over = {
        "argon2 m": _argon2_string(4_194_304, 3, 1),
        "argon2 t": _argon2_string(8192, 1000, 1),
        "argon2 m x t": _argon2_string(262_144, 4, 1),
        "argon2 p": _argon2_string(65536, 2, 64),
        "the issue's argon2": _argon2_string(4_194_304, 1000, 64),
        "bcrypt 15": _bcrypt_string(15),
        "bcrypt 31": _bcrypt_string(31),
        "scrypt memory": SCRYPT_HASH.replace("ln=14,r=8,p=1", "ln=20,r=8,p=1"),
        "scrypt work": SCRYPT_HASH.replace("ln=14,r=8,p=1", "ln=15,r=8,p=16"),
    }
    for label, encoded in over.items():
        status, body, _ = await tenant.secret(
            "POST", "/v1/users", json={"email": f"over-{uuid.uuid4().hex[:8]}@example.com", "password_hash": encoded}
        )
        assert status == 422, (label, body)
        assert_error(body, "validation_error", 422)
        assert body["error"]["details"][0]["field"] == "password_hash", body
        assert "bound" in body["error"]["message"] or "outside" in body["error"]["message"], body
    status, listed, _ = await tenant.secret("GET", "/v1/users")
    assert listed["data"] == []
    # At the bounds: accepted.
    for encoded in (
        _argon2_string(262_144, 3, 16),
        _argon2_string(49_152, 16, 1),
        _bcrypt_string(14),
        SCRYPT_HASH.replace("ln=14,r=8,p=1", "ln=18,r=8,p=1"),
    ):
        status, body, _ = await tenant.secret(
            "POST", "/v1/users", json={"email": f"at-{uuid.uuid4().hex[:8]}@example.com", "password_hash": encoded}
        )
        assert status == 201, (encoded, body)


async def test_a_stored_hash_beyond_the_bounds_is_never_verified(api: Api, app, tenant) -> None:
    """Hashes imported before the bounds existed: sign-in does not verify them (it spends the
    dummy hash and answers as for a wrong password), even with the right password."""
    cheap_but_over = (
        argon2.PasswordHasher(time_cost=1, memory_cost=256, parallelism=32).hash(PLAIN),  # p > 16
        argon2.PasswordHasher(time_cost=20, memory_cost=8, parallelism=1).hash(PLAIN),  # t > 16
    )
    for encoded in cheap_but_over:
        email = await _user_with_hash(app, tenant.id, encoded)
        status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": PLAIN})
        assert status == 401, (encoded, body)
        assert_error(body, "invalid_credentials")
        assert passwords.verify_sync(encoded, PLAIN) == (False, None)
        assert passwords.cost_problem(encoded) is not None
    # A bcrypt cost of 31 would take days: refused at once.
    started = time.perf_counter()
    assert passwords.verify_sync(_bcrypt_string(31), PLAIN) == (False, None)
    assert time.perf_counter() - started < 2
