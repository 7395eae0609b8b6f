"""The in-app rules page: every ruling of docs/born-of-titans.md, the map and the components."""

from __future__ import annotations

import re
from pathlib import Path

from engine.born_of_titans import GAME
from engine.born_of_titans.board import map_markdown
from engine.born_of_titans.components import components_markdown
from engine.born_of_titans.rulings import RULINGS

DOC = Path(__file__).resolve().parents[3] / "docs" / "born-of-titans.md"


def _doc_rulings() -> dict[int, str]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Rulings") : text.index("## Secrets")]
    found: dict[int, str] = {}
    number = 0
    for line in section.splitlines():
        match = re.match(r"^(\d+)\. (.*)", line)
        if match:
            number = int(match.group(1))
            found[number] = match.group(2).strip()
        elif line.startswith("#"):
            number = 0
        elif number and line.strip():
            found[number] += " " + line.strip()
    return {n: " ".join(text.replace("**", "").split()) for n, text in found.items()}


def test_every_ruling_of_the_spec_is_in_the_in_app_rules_word_for_word():
    ours = {number: " ".join(text.split()) for _, rulings in RULINGS for number, text in rulings}
    assert ours == _doc_rulings()
    assert sorted(ours) == list(range(1, 38))


def test_the_rules_page_holds_the_rulings_the_map_and_the_components():
    page = GAME.rules_markdown()
    assert "This edition's rulings" in page
    assert map_markdown() in page and components_markdown() in page
    assert "26. Moments." in page
