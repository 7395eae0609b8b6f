"""Born of Titans' static map: land nodes on land and sea nodes at sea, every node drawn once, names escaped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import app.views.born_of_titans_map as art
from app.views.born_of_titans_geography import LAND, inside, on_land
from engine.born_of_titans import board
from engine.born_of_titans.board import LONLAT, NODES, SEGMENTS, SITES


def test_point_in_polygon():
    square = ((0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0))
    assert inside(1.0, 1.0, square)
    assert not inside(3.0, 1.0, square) and not inside(1.0, -0.5, square)


@pytest.mark.parametrize("key", list(NODES))
def test_land_nodes_on_land_and_sea_nodes_at_sea(key):
    lon, lat = LONLAT[key]
    assert on_land(lon, lat) == NODES[key].land, (key, lon, lat)


def test_places_everyone_knows_lie_where_they_should():
    assert on_land(23.73, 38.0)  # Athens
    assert on_land(14.0, 37.5)  # inland Sicily
    assert not on_land(18.0, 35.0)  # the open Ionian Sea
    assert not on_land(34.0, 43.0)  # the Black Sea
    assert not on_land(28.0, 40.75)  # the Propontis
    assert sum(inside(25.0, 35.2, polygon) for polygon in LAND) == 1  # Crete, drawn once


def test_land_segments_run_over_land():
    for a, b in SEGMENTS:
        if board.is_land_segment(a, b):
            (lon1, lat1), (lon2, lat2) = LONLAT[a], LONLAT[b]
            steps = [index / 20 for index in range(1, 20)]
            at_sea = [t for t in steps if not on_land(lon1 + (lon2 - lon1) * t, lat1 + (lat2 - lat1) * t)]
            assert not at_sea, (a, b)


def test_node_coordinates_come_from_the_projection():
    for key, node in NODES.items():
        assert (node.x, node.y) == board.project(*LONLAT[key])
        assert 0 <= node.x <= board.MAP_WIDTH and 0 <= node.y <= board.MAP_HEIGHT


def test_every_node_drawn_once_with_its_data_node():
    svg = art.map_svg()
    drawn = re.findall(r"data-node='([^']+)'", svg)
    assert sorted(drawn) == sorted(NODES)
    for key in SITES:
        assert f"bt-site bt-{NODES[key].kind}' data-node='{key}'" in svg
    assert svg.count("class='bt-node bt-point") == len(board.POINTS)
    assert len(svg.encode()) < 60_000


def test_segments_drawn_brown_on_land_blue_at_sea():
    svg = art.map_svg()
    land = re.search(r"bt-land-segments' d='([^']*)'", svg).group(1)
    sea = re.search(r"bt-sea-segments' d='([^']*)'", svg).group(1)
    assert land.count("M") == sum(board.is_land_segment(a, b) for a, b in SEGMENTS)
    assert land.count("M") + sea.count("M") == len(SEGMENTS)
    athens, thebes = NODES["athens"], NODES["b_boeotia"]
    assert f"M{art._n(athens.x)} {art._n(athens.y)}L{art._n(thebes.x)} {art._n(thebes.y)}" in land


def test_quest_sites_show_their_numbers_and_sites_their_names():
    svg = art.map_svg()
    for number, key in board.QUEST_SITES.items():
        assert re.search(rf"data-node='{key}'[^>]*><title>[^<]*</title><circle[^>]*/><text[^>]*>{number}</text>", svg)
    assert ">Mesembria</text>" in svg and ">Garden of the Hesperides</text>" in svg


@pytest.fixture
def drawn_afresh():
    """The map is drawn once per page (cached): a test that changes what it draws draws it afresh, and after."""
    art._drawn.cache_clear()
    yield
    art._drawn.cache_clear()


def test_names_are_escaped(monkeypatch, drawn_afresh):
    node = NODES["athens"]._replace(name="<b>Athens & co</b>")
    monkeypatch.setitem(NODES, "athens", node)
    svg = art.map_svg()
    assert "<b>" not in svg
    assert "&lt;b&gt;Athens &amp; co&lt;/b&gt;" in svg


def test_the_changing_layer_goes_over_everything_inside_the_map():
    layer = "<g id='bt-overlay'><circle r='3'/></g>"
    picture, board = art.map_svg(), art.map_svg(layer=layer)
    assert "role='img'" in picture and layer not in picture
    assert board == picture.replace("role='img'", "role='group'").replace("</svg>", f"{layer}</svg>")
    assert board.endswith(f"{layer}</svg>") and board.count("</svg>") == 1


def test_the_first_view_shows_every_hero_and_site_whole_on_a_phone():
    # Colchis' Hero was cut at the screen's edge: grown to three times (a phone's whole map) a token, and a Quest
    # with its Hero's marker under a Site, stand out of the frame by up to 70 map units.
    from app.views.born_of_titans_layer import COUNTER, MARKER, MOST_GROWN, ROW, TOKEN, grown_reach

    x, y, width, height = (float(n) for n in re.search(r"viewBox='([-\d ]+)'", art.map_svg())[1].split())
    assert f"<rect x='{x:g}' y='{y:g}' width='{width:g}' height='{height:g}' fill='{art.SEA}'/>" in art.map_svg()
    least = {"quest": (COUNTER, TOKEN, COUNTER + MARKER, ROW + COUNTER), "point": (TOKEN,) * 4}
    for kind, sizes in least.items():
        assert all(reach >= MOST_GROWN * size for reach, size in zip(grown_reach(kind), sizes, strict=True)), kind
    for key, node in NODES.items():
        west, north, east, south = grown_reach(node.kind)
        assert x <= node.x - west and node.x + east <= x + width, key
        assert y <= node.y - north and node.y + south <= y + height, key
    assert x + width < board.MAP_WIDTH + 40 and y + height < board.MAP_HEIGHT + 40  # only as much as that takes
    css = (Path(__file__).parents[2] / "assets" / "born.css").read_text()
    assert f"--tt-aspect: {width / height:.4f};" in css  # the desktop sizes the map by its shape
    assert f"--bt-token-grow: min({MOST_GROWN:g}," in css


def test_the_legend_keeps_clear_of_the_heroes_and_counters_on_the_nodes():
    # A Site's Hero tokens and counters below it take about 100 map units once grown on a phone's whole map, a
    # Point's tokens 45: the key must not cover them (it covered Quest Site 1's).
    legend = re.search(
        r"<g class='bt-legend' transform='translate\(([\d.]+),([\d.]+)\)'.*?<rect width='([\d.]+)' "
        r"height='([\d.]+)'",
        art._legend(),
    )
    assert legend
    left, top, width, height = (float(value) for value in legend.groups())
    for key, node in NODES.items():
        gap_x = max(left - node.x, 0.0, node.x - (left + width))
        gap_y = max(top - node.y, 0.0, node.y - (top + height))
        assert (gap_x**2 + gap_y**2) ** 0.5 >= (100 if key in SITES else 45), key
