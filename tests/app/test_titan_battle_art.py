"""Titan's battlelands as SVG: every battle hex and hexside from the data, characters with their factors and
hits, strike odds, the last roll's dice."""

from __future__ import annotations

import itertools
import math

import pytest

from app.views import titan_art as art
from app.views import titan_battle_art as battle_art
from engine.titan.data import BATTLELANDS, HEX_LABELS, HEX_NEIGHBORS
from tests.app.titan_svg import (
    UNITS,
    classes,
    find_all,
    hex_groups,
    inside_hex,
    parse,
    placement,
    points,
    rotate,
    tag,
    title_of,
    unit_groups,
)


@pytest.mark.parametrize("terrain", sorted(BATTLELANDS))
def test_every_battleland_draws_27_regular_hexes(terrain: str) -> None:
    root = parse(battle_art.battleland_map(terrain))
    svg = root.find(tag("svg"))
    assert svg is not None and svg.get("viewBox") == " ".join(str(v) for v in art.BATTLELAND_VIEWBOX)
    groups = hex_groups(root)
    assert sorted(groups) == sorted(HEX_LABELS) and len(groups) == 27
    _, _, width, height = art.BATTLELAND_VIEWBOX
    for label, group in groups.items():
        hex_ = BATTLELANDS[terrain].hexes[label]
        polygon = group.find(tag("polygon"))
        assert polygon is not None
        corners = points(polygon)
        sides = [math.dist(corners[k], corners[(k + 1) % 6]) for k in range(6)]
        assert all(abs(s - art.HEX_RADIUS) < 0.15 for s in sides)  # regular on screen
        assert all(0 <= x <= width and 0 <= y <= height for x, y in corners)
        assert polygon.get("fill") == art.hazard_fill(hex_.terrain, hex_.elevation)
        label_text = [t.text for t in group.iter(tag("text")) if "tt-hex-label" in classes(t)]
        assert label_text == [label]
        elevation = [t.text for t in group.iter(tag("text")) if "tt-elev" in classes(t)]
        assert elevation == ([f"▲{hex_.elevation}"] if hex_.elevation else [])
        if hex_.terrain != "Plains":  # every hazard: a symbol and its name
            assert [s.get("d") for s in find_all(group, "path", "tt-sym")] == [art.HAZARD_SYMBOLS[hex_.terrain]]
            assert [t.text for t in group.iter(tag("text")) if "tt-hex-name" in classes(t)] == [hex_.terrain]


def test_neighbouring_battle_hexes_share_a_side() -> None:
    for label, sides in HEX_NEIGHBORS.items():
        cx, cy = art.battle_hex_centre(label)
        for side, other in sides.items():
            ox, oy = art.battle_hex_centre(other)
            (x1, y1), (x2, y2) = art._HEX_CORNERS[side], art._HEX_CORNERS[(side + 1) % 6]
            middle = (cx + (x1 + x2) / 2, cy + (y1 + y2) / 2)
            assert math.dist(middle, ((cx + ox) / 2, (cy + oy) / 2)) < 0.01


@pytest.mark.parametrize("terrain", sorted(BATTLELANDS))
def test_every_hexside_feature_is_drawn_once_marked_on_its_owner(terrain: str) -> None:
    land = BATTLELANDS[terrain]
    root = parse(battle_art.battleland_map(terrain))
    drawn = find_all(root, "path", "tt-side")
    expected = {
        f"{label}:{side}": feature for label in HEX_LABELS for side, feature in land.hexes[label].hexsides.items()
    }
    assert len(drawn) == len(expected)
    assert {str(p.get("data-hexside")) for p in drawn} == set(expected)
    for path in drawn:
        owner, side = str(path.get("data-hexside")).split(":")
        feature = expected[f"{owner}:{side}"]
        assert f"tt-side-{feature.lower()}" in classes(path)
        assert path.get("d") == art.HEXSIDE_MARKS[feature]
        x, y, angle = placement(path)
        cx, cy = art.battle_hex_centre(owner)
        ox, oy = art.battle_hex_centre(HEX_NEIGHBORS[owner][int(side)])
        assert math.dist((x, y), ((cx + ox) / 2, (cy + oy) / 2)) < 0.1  # on the border between the two hexes
        inward = rotate((0.0, 1.0), angle)  # the marks stand on local +y
        towards = (cx - x, cy - y)
        assert inward[0] * towards[0] + inward[1] * towards[1] > 0.99 * math.hypot(*towards)


def test_each_hexside_kind_has_its_own_style() -> None:
    assert len(set(art.HEXSIDE_MARKS.values())) == 4
    features = {f for land in BATTLELANDS.values() for h in land.hexes.values() for f in h.hexsides.values()}
    assert features == set(art.HEXSIDE_MARKS)


def test_the_volcano_and_the_trees_are_marked() -> None:
    mountains = hex_groups(parse(battle_art.battleland_map("Mountains")))
    volcano = [label for label, h in BATTLELANDS["Mountains"].hexes.items() if h.terrain == "Volcano"]
    assert volcano == ["D4"]
    assert find_all(mountains["D4"], "path", "tt-sym-volcano")
    trees = 0
    for terrain, land in BATTLELANDS.items():
        groups = hex_groups(parse(battle_art.battleland_map(terrain)))
        for label, hex_ in land.hexes.items():
            marked = bool(find_all(groups[label], "path", "tt-sym-tree"))
            assert marked == (hex_.terrain == "Tree")
            trees += marked
    assert trees == 14  # Hills 3, Jungle 3, Swamp 3, Woods 5


def test_higher_hexes_are_lighter() -> None:
    for hazard in art.HAZARD_COLOURS:
        shades = [art._luminance(art.hazard_fill(hazard, elevation)) for elevation in range(3)]
        assert shades == sorted(shades) and len(set(shades)) == 3


def test_the_hazard_legend_lists_hazards_and_hexsides() -> None:
    legend = battle_art.hazard_legend()
    parse(legend)
    for word in [*art.HAZARD_COLOURS, "Slope", "Dune", "Cliff", "Wall", "elevation"]:
        assert word in legend


def test_characters_stand_on_their_hexes_with_name_factors_side_and_hits() -> None:
    units = [dict(u, colour=u.get("colour", "Gold")) for u in UNITS]
    root = parse(battle_art.battleland_overlay(units, selected=0))
    groups = unit_groups(root)
    assert sorted(groups) == [
        "Archangel 9-4, defender",
        "Gargoyle 4-3, defender, 4 hits, slain",
        "Titan 7-4, attacker, 2 hits",
    ]  # the Ogre is not on the map yet
    titan = groups["Titan 7-4, attacker, 2 hits"]
    assert placement(titan)[:2] == pytest.approx(art.battle_hex_centre("D3"), abs=0.06)
    texts = {next(iter(classes(t))): t.text for t in titan.iter(tag("tspan"))}  # one text: it reads whole
    assert texts == {"tt-cn-name": "Titan", "tt-cn-factors": "7-4", "tt-cn-side-text": "A", "tt-hits-text": "2"}
    assert "is-selected" in classes(titan) and find_all(titan, "path", "tt-ring")
    archangel = groups["Archangel 9-4, defender"]
    names = [t.text for t in archangel.iter(tag("tspan")) if "tt-cn-name" in classes(t)]
    assert names == ["Archang."]  # shortened to fit
    assert not find_all(archangel, "circle", "tt-hits")
    gargoyle = groups["Gargoyle 4-3, defender, 4 hits, slain"]
    assert "is-slain" in classes(gargoyle) and find_all(gargoyle, "path", "tt-slain-cross")


def test_move_targets_and_selectable_characters() -> None:
    root = parse(
        battle_art.battleland_overlay(
            UNITS,
            targets=[("B2", 3, "Titan to B2"), ("B3", 4, "Titan to B3")],
            selectable=[(0, "unit:0", "Move the Titan")],
        )
    )
    targets = find_all(root, "polygon", "tt-target")
    assert [(t.get("data-action"), t.get("aria-label")) for t in targets] == [
        ("3", "Titan to B2"),
        ("4", "Titan to B3"),
    ]
    assert all(t.get("role") == "button" and t.get("tabindex") == "0" for t in targets)
    picked = [g for g in root.iter(tag("g")) if g.get("data-select")]
    assert [(g.get("data-select"), g.get("aria-label"), g.get("role")) for g in picked] == [
        ("unit:0", "Titan 7-4 A 2: Move the Titan", "button")  # its name starts with what it shows
    ]


def test_strike_targets_show_the_strike_number_and_the_chance() -> None:
    overlay = battle_art.battleland_overlay(
        UNITS, strike_targets=[("C3", 7, "Titan strikes the Archangel", 5, 1 / 3), ("E2", 8, "At the Gargoyle", 2, 83)]
    )
    root = parse(overlay)
    strikes = find_all(root, "polygon", "tt-strike")
    assert [s.get("data-action") for s in strikes] == ["7", "8"]
    assert strikes[0].get("aria-label") == "Titan strikes the Archangel (5+ · 33%)"
    badges = ["".join(g.itertext()) for g in find_all(root, "g", "tt-odds")]
    assert badges == ["5+ · 33%", "2+ · 83%"]
    last = root[0][-1]  # root[0]: the overlay
    assert "tt-odds" in classes(last)  # the odds are drawn over the counters
    passing = {title_of(g) for g in find_all(root, "g", "tt-pass")}
    assert passing == {"Archangel 9-4, defender", "Gargoyle 4-3, defender, 4 hits, slain"}


# -- what a counter shows fits on it (the side letter hid the power's first digit, long names ran to the
# counter's edges, the dice strip ran into the next hex)


def test_a_counters_rows_never_overlap_and_a_long_name_keeps_a_margin() -> None:
    half = art.COUNTER_SIZE / 2
    factors_top = art.FACTORS_BASELINE - 0.75 * art.FACTORS_FONT  # a digit's height, about 0.73 em
    assert factors_top > art.NAME_BASELINE  # the name above the factors
    assert half - art.SIDE_BADGE > art.FACTORS_BASELINE  # the side letter and the hits under them
    for name in ("Gargoyle", "Centaur", "Minotaur", "Archangel", "Behemoth", "Ogre", "Titan"):
        root = parse(battle_art.battleland_overlay([{**UNITS[0], "name": name, "hits": 3, "power": 10, "skill": 4}]))
        (span,) = [t for t in root.iter(tag("tspan")) if "tt-cn-name" in classes(t)]
        drawn = float(span.get("textLength") or len(span.text or "") * art.NAME_EM * art.NAME_FONT)
        assert drawn <= art.COUNTER_SIZE - 6, name  # 3 px clear of each edge
        if len(span.text or "") >= 7:
            assert span.get("lengthAdjust") == "spacingAndGlyphs", name
        (side,) = [r for r in root.iter(tag("rect")) if "tt-cn-side" in classes(r)]
        assert float(side.get("y", 0)) > art.FACTORS_BASELINE  # the A/D square starts under the factors' baseline


@pytest.mark.parametrize("count", range(1, 19))
def test_the_last_rolls_dice_stay_inside_the_targets_hex(count: int) -> None:
    centre = art.battle_hex_centre("D3")
    boxes = battle_art.last_roll_dice_boxes(centre, count)
    assert len(boxes) == count
    for x, y, size in boxes:
        for cx, cy in ((x, y), (x + size, y), (x, y + size), (x + size, y + size)):
            assert inside_hex(centre, cx, cy), (count, cx - centre[0], cy - centre[1])
    for (x1, y1, s1), (x2, y2, _s2) in itertools.pairwise(boxes):  # no die over another
        assert y2 > y1 or x2 >= x1 + s1
    overlay = battle_art.battleland_overlay(
        UNITS, last_roll={"from": "C3", "at": "D3", "rolls": [6] * count, "number": 4}
    )
    assert overlay.count("class='tt-die is-hit'") == count
