"""QR codes (app/remote/qr.py): the SVG, drawn to pixels as a browser would, decodes back to the text.

The raster is made from the SVG markup itself (its viewBox, background rectangle and path), not from segno's
matrix, so what is checked is what the page shows; zxing-cpp (pinned in pyproject.toml) decodes it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import zxingcpp

from app.remote.invite import invite_fragment
from app.remote.qr import MAX_TEXT, QUIET_ZONE, qr_svg
from app.remote.sdpcode import encode
from tests.app.remote_helpers import SAMPLES, TOKEN

SVG = "{http://www.w3.org/2000/svg}"
OFFER, _ = SAMPLES["offer across the internet: host, IPv6, srflx, relay"]
ANSWER, _ = SAMPLES["answer, mDNS host candidate (a player's Chromium)"]
INVITE = "http://192.168.1.20:8000/titan-table/#" + invite_fragment(TOKEN, encode(OFFER))
REPLY = "https://friends.example.org/titan/#reply=" + TOKEN + "." + encode(ANSWER, answer=True)


def raster(svg: str, scale: int) -> tuple[bytes, int]:
    """The SVG drawn in grey levels, `scale` pixels a unit: its background rectangles, then its path's
    rectangles (absolute M, relative h and v, z), each filled in its colour. Returns the pixels and the width."""
    root = ET.fromstring(svg)
    _x, _y, width, height = (int(v) for v in root.get("viewBox", "").split())
    assert width == height
    side = width * scale
    pixels = bytearray([128]) * (side * side)  # grey: anything not drawn is neither light nor dark

    def fill(x: int, y: int, w: int, h: int, colour: str) -> None:
        level = {"#fff": 255, "#000": 0}[colour]
        for row in range(y * scale, (y + h) * scale):
            pixels[row * side + x * scale : row * side + (x + w) * scale] = bytes([level]) * (w * scale)

    for node in root:
        if node.tag == SVG + "rect":
            fill(int(node.get("x", 0)), int(node.get("y", 0)), int(node.get("width")), int(node.get("height")),
                 node.get("fill"))  # fmt: skip
        elif node.tag == SVG + "path":
            assert re.fullmatch(r"(M\d+ \d+h\d+v1h-\d+z)+", node.get("d"))
            for x, y, w, back in re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", node.get("d")):
                assert back == w  # a closed rectangle one module high
                fill(int(x), int(y), int(w), 1, node.get("fill"))
    return bytes(pixels), side


def decoded(svg: str, scale: int) -> list[str]:
    pixels, side = raster(svg, scale)
    image = memoryview(pixels).cast("B", (side, side))
    return [found.text for found in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


@pytest.mark.parametrize("text", [INVITE, REPLY], ids=["invite link", "reply link"])
def test_the_svg_decodes_back_to_the_text(text: str) -> None:
    assert 150 <= len(text) <= 260
    svg = qr_svg(text, title="Invite for Ann")
    assert decoded(svg, 4) == [text]
    assert decoded(svg, 2) == [text]  # two pixels a module still reads


def test_an_invite_sized_link_fits_a_phone_screen() -> None:
    """About 200 characters: version 10 at level M (57 modules) at most, so in a 300 px box a module is over
    4 CSS px (docs/remote-play.md)."""
    text = "http://192.168.1.20:8000/#join=" + "x" * 169
    root = ET.fromstring(qr_svg(text, title="t"))
    side = int(root.get("viewBox").split()[2])
    assert side - 2 * QUIET_ZONE <= 57
    assert 300 / side > 4.5


def test_the_markup_scales_to_its_box_with_a_quiet_zone_and_crisp_edges() -> None:
    svg = qr_svg("hello", title="Reply code")
    root = ET.fromstring(svg)
    assert root.get("width") is None and root.get("height") is None and root.get("viewBox")
    assert root.get("shape-rendering") == "crispEdges"
    background = root.find(SVG + "rect")
    assert background.get("fill") == "#fff" and background.get("width") == root.get("viewBox").split()[2]
    first = re.match(r"M(\d+) (\d+)", root.find(SVG + "path").get("d"))
    assert (int(first.group(1)), int(first.group(2))) == (QUIET_ZONE, QUIET_ZONE)  # the finder's corner


def test_the_title_is_escaped() -> None:
    svg = qr_svg("x", title="<script>alert(1)</script> & 'Bob'")
    assert "<script>" not in svg
    assert ET.fromstring(svg).find(SVG + "title").text == "<script>alert(1)</script> & 'Bob'"


@pytest.mark.parametrize("text", ["", "x" * (MAX_TEXT + 1)])
def test_a_text_it_cannot_hold_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        qr_svg(text, title="t")
