"""Every hosted page has its screenshots: for each page template of identity/templates/hosted/
(not a partial `_*.html`, not the layout), at least one state captured in every language at both
widths (docs/hosted-pages.md, "Testing a page"). It reads what the browser tests wrote into the
screenshots folder, so it runs after them (tests/conftest.py moves it last); a new page that no
browser test captures fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import LANGUAGES, screenshots_dir

TEMPLATES = Path(__file__).resolve().parent.parent / "identity" / "templates" / "hosted"
WIDTHS = ("desktop", "mobile")


def page_templates() -> list[str]:
    return sorted(p.stem for p in TEMPLATES.glob("*.html") if not p.name.startswith("_") and p.name != "base.html")


def complete_states(folder: Path) -> list[str]:
    """The states (screenshot names) of one page captured in every language at both widths."""
    names = {p.name.split(".")[0] for p in folder.glob("*.png")} if folder.is_dir() else set()
    return sorted(
        n for n in names if all((folder / f"{n}.{lang}.{w}.png").is_file() for lang in LANGUAGES for w in WIDTHS)
    )


@pytest.mark.runs_last
def test_every_page_is_captured_in_both_languages_at_both_widths() -> None:
    folder = screenshots_dir()
    assert any(folder.iterdir()), f"{folder} is empty: run the browser tests (tests/test_hosted_*.py) first"
    missing = [name for name in page_templates() if not complete_states(folder / name)]
    assert not missing, f"pages without screenshots in {', '.join(LANGUAGES)} at both widths in {folder}: {missing}"
