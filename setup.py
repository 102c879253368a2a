"""The schema lives at the top level in sql/; it ships inside the package as identity.sql."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["identity*", "workers*"]), "identity.sql"],
    package_dir={"identity.sql": "sql"},
    # Package data is declared here only: a [tool.setuptools.package-data] table in
    # pyproject.toml would replace this one and drop the schema files.
    package_data={
        "identity": ["templates/*", "templates/*/*", "data/*", "static/*", "static/*/*", "hosted/locales/*/*.json"],
        "identity.sql": ["*.sql"],
        # Every package's long statements (identity/db/statements.py).
        "": ["sql/*.sql"],
    },
    include_package_data=False,
)
