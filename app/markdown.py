"""A tiny Markdown converter for the rulebooks: escapes everything first, then adds a few tags.

Handles what the rulebooks use: `#` headings, paragraphs, `-`/`*`/`1.` lists,
`**bold**`, `*italic*`/`_italic_`, `` `code` ``, horizontal rules and pipe tables
(`| a | b |`, its second line `| --- | --- |`; the first row is the header). Because
the whole text is HTML-escaped before any tag is added, no markup in the
source can reach the DOM: only the tags this module writes.
"""

from __future__ import annotations

import html
import re

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC_STAR = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")
_ITALIC_UNDERSCORE = re.compile(r"(?<!\w)_(?=\S)([^_]+?)(?<=\S)_(?!\w)")
_CODE = re.compile(r"`([^`]+)`")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^[\s|:-]+$")


def _table_html(rows: list[str]) -> str:
    """A pipe table's rows as a table (the first row its header), in a box that scrolls sideways on a phone."""
    cells = [[inline(cell.strip()) for cell in row.split("|")] for row in rows if not _TABLE_RULE.match(row)]
    head, body = cells[0], cells[1:]
    header = "".join(f"<th>{cell}</th>" for cell in head)
    lines = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in body)
    return f"<div class='table-wrap'><table><thead><tr>{header}</tr></thead><tbody>{lines}</tbody></table></div>"


def slug(text: str) -> str:
    """An id for a heading: lower-case words joined by dashes."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def inline(text: str) -> str:
    """Escape a line, then turn its inline marks into tags."""
    out = html.escape(text, quote=True)
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _ITALIC_STAR.sub(r"<em>\1</em>", out)
    out = _ITALIC_UNDERSCORE.sub(r"<em>\1</em>", out)
    return out


def to_html(markdown: str, *, heading_offset: int = 0) -> str:
    """Convert Markdown text to safe HTML (headings shifted down by `heading_offset` levels)."""
    blocks: list[str] = []
    paragraph: list[str] = []
    list_tag: str | None = None
    items: list[str] = []
    table: list[str] = []  # the rows of a pipe table being collected (each without its outer pipes)
    used_ids: set[str] = set()

    def flush_paragraph() -> None:
        """Close the paragraph being collected."""
        if paragraph:
            blocks.append("<p>" + " ".join(inline(line.strip()) for line in paragraph) + "</p>")
            paragraph.clear()

    def flush_list() -> None:
        """Close the list being collected."""
        nonlocal list_tag
        if list_tag:
            blocks.append(f"<{list_tag}>" + "".join(f"<li>{item}</li>" for item in items) + f"</{list_tag}>")
            items.clear()
            list_tag = None

    def flush_table() -> None:
        """Close the table being collected."""
        if table:
            blocks.append(_table_html(table))
            table.clear()

    for raw in markdown.replace("\r\n", "\n").split("\n"):
        line = raw.rstrip()
        row = _TABLE_ROW.match(line)
        if row:
            flush_paragraph()
            flush_list()
            table.append(row.group(1))
            continue
        flush_table()
        if not line.strip():
            flush_paragraph()
            flush_list()
            continue
        heading = _HEADING.match(line)
        if heading:
            flush_paragraph()
            flush_list()
            level = min(6, len(heading.group(1)) + heading_offset)
            text = heading.group(2).strip("* ").strip()
            anchor = slug(text)
            while anchor in used_ids:
                anchor += "-x"
            used_ids.add(anchor)
            blocks.append(f'<h{level} id="{anchor}">{inline(text)}</h{level}>')
            continue
        if _RULE.match(line):
            flush_paragraph()
            flush_list()
            blocks.append("<hr>")
            continue
        bullet = _BULLET.match(line)
        numbered = None if bullet else _NUMBERED.match(line)
        if bullet or numbered:
            flush_paragraph()
            tag = "ul" if bullet else "ol"
            if list_tag != tag:
                flush_list()
                list_tag = tag
            items.append(inline((bullet or numbered).group(1).strip()))  # type: ignore[union-attr]
            continue
        if list_tag and raw.startswith((" ", "\t")) and items:
            items[-1] += " " + inline(line.strip())
            continue
        flush_list()
        paragraph.append(line)
    flush_paragraph()
    flush_list()
    flush_table()
    return "\n".join(blocks)
