"""The rulebooks shipped for the rules screen say word for word what the shared rulebooks say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.markdown import to_html

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rulebooks"


HEADING = re.compile(r"^(#+) (.*)$", re.MULTILINE)


def _sections(text: str, titles: set[str]) -> list[str]:
    """The text cut before every line that is one of `titles`, each piece stripped (empty ones dropped)."""
    pieces, current = [], []
    for line in text.split("\n"):
        if line.strip() in titles and current:
            pieces.append("\n".join(current).strip())
            current = []
        current.append(line)
    pieces.append("\n".join(current).strip())
    return [piece for piece in pieces if piece]


@pytest.mark.parametrize("name", ["titan-dice.md", "titan-race.md", "born-of-titans.md"])
def test_shipped_rulebook_is_the_rulebook_with_at_most_heading_marks_and_its_sections_reordered(name):
    """Word for word the rulebook: its sections (cut at the headings) all there, each once, none changed;
    only heading marks added, and the sections may come in a reading order (Titan Race: variants last)."""
    shipped = (ROOT / "assets" / "rules" / name).read_text(encoding="utf-8")
    if not (SHARED / name).exists():
        pytest.skip("../shared/rulebooks is not beside this checkout")
    original = (SHARED / name).read_text(encoding="utf-8")
    titles = {title.strip() for _marks, title in HEADING.findall(shipped)}
    unmarked = HEADING.sub(lambda m: m[2], shipped)
    original = HEADING.sub(lambda m: m[2], original)
    assert sorted(_sections(unmarked, titles)) == sorted(_sections(original, titles))


def test_the_titan_race_rules_open_at_the_concept_and_set_up_with_the_variants_after_the_game():
    text = (ROOT / "assets" / "rules" / "titan-race.md").read_text(encoding="utf-8")
    order = [m[2] for m in HEADING.finditer(text) if m[1] == "##"]
    assert order.index("CONCEPT AND GOAL OF THE GAME") < order.index("SETUP") < order.index("GAME TURN")
    assert order.index("END OF THE GAME") < order.index("THE CIRCUITS") < order.index("VARIANTS")
    assert order[-1] == "VARIANTS"
    circuits = text[text.index("## THE CIRCUITS") : text.index("## VARIANTS")]
    for circuit in ("Kaldheira", "Dead Man's Lagoon", "Moltenchest", "Ban-Kog", "Ang'lieh", "Estenggaard"):
        assert f"### {circuit}" in circuits or re.search(r"### .*" + re.escape(circuit), circuits), circuit


def test_titan_race_rulebook_has_sections():
    html = to_html((ROOT / "assets" / "rules" / "titan-race.md").read_text(encoding="utf-8"))
    for title in ("VARIANTS", "GAME TURN", "Chain Reactions", "Traps", "K.O.", "THE CIRCUITS", "Ang&#x27;lieh"):
        assert re.search(r"<h[1-4][^>]*>[^<]*" + re.escape(title), html), title


def test_the_titan_rules_shipped_are_the_reference_rules_and_hazards():
    reference = ROOT.parent / "shared" / "reference" / "titan"
    if not (reference / "rules-summary.md").exists():
        pytest.skip("../shared/reference/titan is not beside this checkout")
    shipped = (ROOT / "assets" / "rules" / "titan.md").read_text(encoding="utf-8")
    summary = (reference / "rules-summary.md").read_text(encoding="utf-8")
    hazards = (reference / "hazards.md").read_text(encoding="utf-8")
    assert shipped == summary + "\n" + hazards
