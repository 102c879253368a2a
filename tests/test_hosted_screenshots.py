"""Every hosted page has its screenshots: for each page template of identity/templates/hosted/
(not a partial `_*.html`, not the layout), at least one state captured in every language at both
widths (docs/hosted-pages.md, "Testing a page"). It reads what the browser tests wrote into the
screenshots folder, so it runs after them: tests/conftest.py moves it last, and with two test
processes it first waits until every browser module of this run is done in the other one
(tests/support/browser.py, mark_module_done). A new page that no browser test captures fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import LANGUAGES, screenshots_dir, wait_for_browser_modules
from tests.support.schedule import BROWSER_MODULES

TEMPLATES = Path(__file__).resolve().parent.parent / "identity" / "templates" / "hosted"
WIDTHS = ("desktop", "mobile")
#: Pages the running service cannot show, each with the reason (a page added here needs one).
UNREACHABLE = {
    # identity/hosted/factors.py _plain_page: the plain code form of a service assembled without
    # identity.mfa (no hosted_mfa_step in the registry); the full service always has it.
    "second_factor": "shown only by an API assembled without identity.mfa",
}


def page_templates() -> list[str]:
    return sorted(p.stem for p in TEMPLATES.glob("*.html") if not p.name.startswith("_") and p.name != "base.html")


def complete_states(folder: Path) -> list[str]:
    """The states (screenshot names) of one page captured in every language at both widths."""
    names = {p.name.split(".")[0] for p in folder.glob("*.png")} if folder.is_dir() else set()
    return sorted(
        n for n in names if all((folder / f"{n}.{lang}.{w}.png").is_file() for lang in LANGUAGES for w in WIDTHS)
    )


@pytest.mark.runs_last
def test_every_page_is_captured_in_both_languages_at_both_widths(request: pytest.FixtureRequest) -> None:
    unfinished = wait_for_browser_modules(request.config.stash.get(BROWSER_MODULES, set()))
    assert not unfinished, f"browser modules of this run that never finished: {unfinished}"
    assert set(UNREACHABLE) <= set(page_templates()), "UNREACHABLE names a template that is gone"
    folder = screenshots_dir()
    assert any(folder.iterdir()), f"{folder} is empty: run the browser tests (tests/test_hosted_*.py) first"
    missing = [n for n in page_templates() if n not in UNREACHABLE and not complete_states(folder / n)]
    assert not missing, f"pages without screenshots in {', '.join(LANGUAGES)} at both widths in {folder}: {missing}"
