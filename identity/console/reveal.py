"""Secrets shown once (a new master key, a new tenant's secret key) go to a person, never
into the log stream (stdout carries JSON log lines only, and is what log collectors keep).

Where a secret goes, first match wins (docs/operations.md, "Secrets"):

1. `--secret-file PATH` given: that file, created new with mode 0600 (an existing file is refused
   before anything is created, so a key is never made and then lost);
2. stderr is a terminal: stderr;
3. the process has a controlling terminal (/dev/tty), e.g. `identity serve | tee log`: there;
4. otherwise (a container, a service manager, a test): a new file under
   IDENTITY_DATA_DIR/secrets/ with mode 0600, whose path — never the secret — is printed on
   stderr. Read it, store the secret, delete the file.

The secret is never passed to structlog or the logging module.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC, datetime
from pathlib import Path


def _create_private(path: Path) -> int:
    """A new file only its owner can read; refuses to reuse an existing one."""
    try:
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise SystemExit(f"{path} exists already; name a new file for the secret") from None
    except OSError as exc:
        raise SystemExit(f"cannot create {path}: {exc.strerror}") from None


def _open_tty() -> int | None:
    try:
        return os.open("/dev/tty", os.O_WRONLY | os.O_NOCTTY)
    except OSError:
        return None  # no controlling terminal (ENXIO) or no such device


def _notice(text: str) -> None:
    print(f"identity: {text}", file=sys.stderr, flush=True)


class SecretOutput:
    """Opened before the secret is made (so a bad --secret-file stops the command first);
    show() then writes each secret once to the place chosen above."""

    def __init__(self, data_dir: Path, secret_file: Path | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.secret_file = secret_file
        self._fd = _create_private(secret_file) if secret_file is not None else None

    def show(self, label: str, secret: str, file_stem: str) -> str:
        """Write `secret`, introduced by `label`; returns where it went ("stderr", "/dev/tty"
        or the file's path)."""
        if self._fd is not None:
            os.write(self._fd, f"{secret}\n".encode())
            os.close(self._fd)
            self._fd = None
            _notice(f"{label} written to {self.secret_file} (mode 0600)")
            return str(self.secret_file)
        block = f"\n{label}. It is shown only this once; store it safely:\n\n    {secret}\n\n"
        if sys.stderr.isatty():
            sys.stderr.write(block)
            sys.stderr.flush()
            return "stderr"
        tty = _open_tty()
        if tty is not None:
            try:
                os.write(tty, block.encode())
            finally:
                os.close(tty)
            return "/dev/tty"
        folder = self.data_dir.resolve() / "secrets"
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        folder.chmod(0o700)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        path = folder / f"{file_stem}-{stamp}.txt"
        fd = _create_private(path)
        try:
            os.write(fd, f"{secret}\n".encode())
        finally:
            os.close(fd)
        _notice(
            f"{label}; no terminal to show it on, so it was written to {path} (mode 0600): "
            "read it, store it safely, then delete the file"
        )
        return str(path)

    def close(self) -> None:
        """Drop an unused --secret-file (the command failed before making the secret)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            if self.secret_file is not None and self.secret_file.stat().st_size == 0:
                self.secret_file.unlink()
