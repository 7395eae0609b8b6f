"""The rulebooks shipped for the rules screen say word for word what the shared rulebooks say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.markdown import to_html

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rulebooks"


@pytest.mark.parametrize("name", ["titan-dice.md", "titan-race.md"])
def test_shipped_rulebook_is_the_rulebook_with_at_most_heading_marks(name):
    shipped = (ROOT / "assets" / "rules" / name).read_text(encoding="utf-8")
    if not (SHARED / name).exists():
        pytest.skip("../shared/rulebooks is not beside this checkout")
    original = (SHARED / name).read_text(encoding="utf-8")
    strip = re.compile(r"^#+ ", re.MULTILINE)
    assert strip.sub("", shipped) == strip.sub("", original)


def test_titan_race_rulebook_has_sections():
    html = to_html((ROOT / "assets" / "rules" / "titan-race.md").read_text(encoding="utf-8"))
    for title in ("VARIANTS", "GAME TURN", "Chain Reactions", "Traps", "K.O.", "THE CIRCUITS", "Ang&#x27;lieh"):
        assert re.search(r"<h[1-4][^>]*>[^<]*" + re.escape(title), html), title
