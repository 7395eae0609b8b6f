"""Escaping helpers and the tiny Markdown converter."""

from __future__ import annotations

from app.markdown import to_html
from app.markup import attrs, button, esc

XSS = "<img src=x onerror=alert(1)>"


def test_esc_escapes_markup_and_quotes():
    assert esc(XSS) == "&lt;img src=x onerror=alert(1)&gt;"
    assert esc("a\"b'c&") == "a&quot;b&#x27;c&amp;"


def test_attrs_escape_values_and_map_names():
    out = attrs(class_="x", data_id='"><script>', disabled=True, title=None, hidden=False)
    assert out == ' class="x" data-id="&quot;&gt;&lt;script&gt;" disabled'


def test_button_escapes_label():
    html = button(XSS, cmd="go")
    assert "<img" not in html and "&lt;img" in html and 'data-cmd="go"' in html


def test_markdown_escapes_everything_first():
    html = to_html(f"# Title {XSS}\n\nText <script>alert(1)</script> **bold** and *it*\n\n- a <b>\n- **b**")
    assert "<script>" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html
    assert '<h1 id="title-img-src-x-onerror-alert-1">' in html
    assert "<strong>bold</strong>" in html and "<em>it</em>" in html
    assert "<ul><li>a &lt;b&gt;</li><li><strong>b</strong></li></ul>" in html


def test_markdown_headings_lists_and_paragraphs():
    html = to_html("## Rules\nline one\nline two\n\n1. first\n2. second\n\n---", heading_offset=1)
    assert '<h3 id="rules">Rules</h3>' in html
    assert "<p>line one line two</p>" in html
    assert "<ol><li>first</li><li>second</li></ol>" in html
    assert "<hr>" in html


def test_markdown_attribute_injection_is_inert():
    html = to_html('**" onmouseover="alert(1)**')
    assert 'onmouseover="' not in html
    assert "&quot;" in html


def test_rulebook_converts():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "assets" / "rules" / "titan-dice.md").read_text()
    html = to_html(text)
    assert "GAIA" in html and "<h2" in html and "<strong>" in html


def test_markdown_pipe_tables_become_tables_escaped():
    html = to_html(
        f"Before\n\n| tier | plains {XSS} |\n| --- | --- |\n| 1 (basic) | **Centaur** |\n| 2 | Lion |\nafter"
    )
    assert "<p>Before</p>" in html and "<p>after</p>" in html and "<img" not in html
    table = html.split("<div class='table-wrap'>")[1].split("</div>")[0]
    assert "<thead><tr><th>tier</th><th>plains &lt;img" in table and "---" not in table
    assert "<tr><td>1 (basic)</td><td><strong>Centaur</strong></td></tr><tr><td>2</td><td>Lion</td></tr>" in table
