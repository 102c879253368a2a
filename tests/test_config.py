"""The IDENTITY_* variables: a value the service cannot use stops it at start with the
variable's name, never later with a raw error."""

from __future__ import annotations

import pytest

from identity.config import Settings


def test_retry_schedule_is_five_delays() -> None:
    assert Settings.from_env({}).webhook_retry_schedule == (5, 30, 300, 1800, 7200)
    assert Settings.from_env({"IDENTITY_WEBHOOK_RETRY_SCHEDULE": "1s, 2s,3m ,4h,1d"}).webhook_retry_schedule == (
        1,
        2,
        180,
        14400,
        86400,
    )
    for bad in ("1s,2s", "1s,2s,3s,4s,5s,6s", "1s,,3s,4s,5s", "1s,2s,3s,4s,soon", ",,,,"):
        with pytest.raises(SystemExit, match="IDENTITY_WEBHOOK_RETRY_SCHEDULE"):
            Settings.from_env({"IDENTITY_WEBHOOK_RETRY_SCHEDULE": bad})


def test_trusted_proxies_and_pool_sizes() -> None:
    settings = Settings.from_env(
        {"IDENTITY_TRUSTED_PROXIES": "10.0.0.0/8, ::1", "IDENTITY_DB_POOL_MIN": "1", "IDENTITY_DB_POOL_MAX": " 5 "}
    )
    assert [str(n) for n in settings.trusted_proxies] == ["10.0.0.0/8", "::1/128"]
    assert (settings.db_pool_min, settings.db_pool_max) == (1, 5)
    with pytest.raises(SystemExit, match="IDENTITY_TRUSTED_PROXIES"):
        Settings.from_env({"IDENTITY_TRUSTED_PROXIES": "10.0.0.0/8,the office"})
    for name, bad in (
        ("IDENTITY_DB_POOL_MIN", "few"),
        ("IDENTITY_DB_POOL_MIN", "-1"),
        ("IDENTITY_DB_POOL_MAX", "0"),
        ("IDENTITY_DB_POOL_MAX", "2.5"),
    ):
        with pytest.raises(SystemExit, match=name):
            Settings.from_env({name: bad})


def test_pool_min_above_max_stops_at_start() -> None:
    with pytest.raises(SystemExit, match="IDENTITY_DB_POOL_MIN .* IDENTITY_DB_POOL_MAX"):
        Settings.from_env({"IDENTITY_DB_POOL_MIN": "5", "IDENTITY_DB_POOL_MAX": "2"})
