"""The order the test modules run in (tests/conftest.py's pytest_collection_modifyitems).

The suite runs in two processes (pytest-xdist, `-n 2 --dist loadfile` in pyproject's addopts):
each worker takes whole modules from one queue in this order, and the run lasts as long as the
busier worker. So the long modules go first and the short ones fill in at the end (longest
first), and the browser modules go before everything (tests/support/browser.py, "Sharing": they
share one chromium and one live server, closed before any other module runs).

    1. browser modules (any test using chromium, page, hosted or hosted_localhost), those on
       hosted_localhost last
    2. LONG: modules that each take a minute or more of a CI run, longest first (measured with
       `--durations`; a module missing here is only queued by its number of tests)
    3. every other module, the most tests first

The order matters only for speed: every test makes its own tenants and no module depends on
another having run.
"""

from __future__ import annotations

import pytest

from tests.support.browser import is_browser_module

#: Long modules, longest first (a full run's sums of test time, setup included, on the shared
#: 2-core machine on 2026-11-26): schemathesis over every operation, code generators and tsc,
#: npm and node, mypy and ruff, wheel builds, and modules that restart Postgres or wait on
#: slow clients, refresh windows and retries. They go first so that no worker starts one of
#: them while the other has nothing left.
LONG = (
    "tests/test_fuzz.py",
    "tests/test_openapi_clients.py",
    "tests/test_sdk_typescript.py",
    "tests/test_typecheck.py",
    "tests/test_slow_clients.py",
    "tests/test_metrics.py",
    "tests/test_faults.py",
    "tests/test_packaging.py",
    "tests/test_cli_operator.py",
    "sdk/python/tests/test_sdk_packaging.py",
)


#: The browser modules of this run (set by tests/conftest.py at collection, in every process).
BROWSER_MODULES = pytest.StashKey[set[str]]()


def module_of(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


def order_modules(items: list[pytest.Item]) -> set[str]:
    """Reorder items in place (see the module's docstring); each module's tests keep their order.
    Returns the browser modules' node ids."""
    by_module: dict[str, list[pytest.Item]] = {}
    for item in items:
        by_module.setdefault(module_of(item), []).append(item)
    browser = {module for module, its in by_module.items() if is_browser_module(its)}

    def rank(entry: tuple[int, str]) -> tuple[int, int, int]:
        position, module = entry
        if module in browser:
            # The modules on hosted_localhost after the others (browser.py: one server at a time).
            localhost = any("hosted_localhost" in getattr(i, "fixturenames", ()) for i in by_module[module])
            return (0, int(localhost), position)
        if module in LONG:
            return (1, LONG.index(module), position)
        return (2, -len(by_module[module]), position)

    ordered = sorted(enumerate(by_module), key=rank)
    items[:] = [item for _, module in ordered for item in by_module[module]]
    return browser
