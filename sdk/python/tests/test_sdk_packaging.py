"""The SDK builds into an sdist and a wheel that hold the package (the generated client included)."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import zipfile

import identity_sdk
from conftest import PYTHON, SDK


def test_sdist_and_wheel_build(tmp_path) -> None:
    source = tmp_path / "src-tree"  # a copy: building in place would leave build/ and egg-info behind
    shutil.copytree(SDK, source, ignore=shutil.ignore_patterns("__pycache__", "tests", "build", "*.egg-info"))
    done = subprocess.run(
        [
            PYTHON,
            "-m",
            "build",
            "--no-isolation",
            "--sdist",
            "--wheel",
            "--outdir",
            str(tmp_path / "dist"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    version = identity_sdk.__version__
    wheel = tmp_path / "dist" / f"identity_sdk-{version}-py3-none-any.whl"
    # identity_sdk-… or identity-sdk-…, depending on setuptools' version
    (sdist,) = (tmp_path / "dist").glob(f"identity*sdk-{version}.tar.gz")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"identity_sdk-{version}.dist-info/METADATA").decode()
    for expected in (
        "identity_sdk/__init__.py",
        "identity_sdk/py.typed",
        "identity_sdk/tokens.py",
        "identity_sdk/middleware/django.py",
        "identity_sdk/rest/client.py",
        "identity_sdk/rest/api/users/get_v1_users.py",
        "identity_sdk/rest/models/__init__.py",
    ):
        assert expected in names, expected
    assert "Requires-Dist: pyjwt[crypto]" in metadata and "Five-minute quick start" in metadata
    with tarfile.open(sdist) as archive:
        root = sdist.name.removesuffix(".tar.gz")
        assert f"{root}/src/identity_sdk/rest/client.py" in archive.getnames()
