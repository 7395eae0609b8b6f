"""Titan's masterboard as SVG: every land and border sign from the data, drawn once and marked by more than
colour; legions, their choices and escaped names on top."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from app.views import titan_art as art
from app.views import titan_battle_art as battle_art
from app.views import titan_masterboard_art as masterboard_art
from engine.titan.data import BATTLELANDS, LAND_LABELS, LANDS, TERRAINS, TOWERS
from tests.app.titan_svg import (
    HOST,
    PLAYERS,
    XSS,
    classes,
    find_all,
    land_groups,
    legion,
    parse,
    placement,
    points,
    rotate,
    tag,
)

# -- the masterboard ------------------------------------------------------------------------------------------


def test_the_masterboard_is_well_formed_and_fits_its_viewbox() -> None:
    markup = masterboard_art.masterboard_map()
    root = parse(markup)
    svg = root.find(tag("svg"))
    assert svg is not None and "tt-map" in classes(svg)
    assert svg.get("viewBox") == " ".join(str(v) for v in art.MASTERBOARD_VIEWBOX)
    _, _, width, height = art.MASTERBOARD_VIEWBOX
    for polygon in root.iter(tag("polygon")):
        for x, y in points(polygon):
            assert 0 <= x <= width and 0 <= y <= height


def test_every_land_is_drawn_once_from_its_polygon_with_its_number_and_terrain() -> None:
    groups = land_groups(parse(masterboard_art.masterboard_map()))
    assert sorted(groups) == sorted(LAND_LABELS) and len(groups) == 96
    for label, group in groups.items():
        land = LANDS[label]
        polygon = group.find(tag("polygon"))
        assert polygon is not None
        expected = [art._board_point(x, y) for x, y in land.polygon]
        assert all(math.dist(a, b) < 0.06 for a, b in zip(points(polygon), expected, strict=True))
        assert polygon.get("fill") == art.TERRAIN_COLOURS[land.terrain]
        texts = {next(iter(classes(t))): t.text for t in group.iter(tag("text"))}
        assert texts == {"tt-land-no": str(label), "tt-land-name": land.terrain}
        symbols = find_all(group, "path", "tt-sym")
        assert [s.get("d") for s in symbols] == [art.TERRAIN_SYMBOLS[land.terrain]]
        assert f"tt-t-{land.terrain.lower()}" in classes(group)
        title = group.find(tag("title"))
        assert title is not None and title.text is not None and title.text.startswith(f"{label} {land.terrain}")


def test_every_terrain_has_its_own_colour_and_symbol() -> None:
    assert set(art.TERRAIN_COLOURS) == set(TERRAINS) == set(art.TERRAIN_SYMBOLS)
    assert len(set(art.TERRAIN_COLOURS.values())) == len(TERRAINS)
    assert len(set(art.TERRAIN_SYMBOLS.values())) == len(TERRAINS)


def test_every_exit_sign_is_drawn_on_its_border_pointing_out_of_its_land() -> None:
    groups = land_groups(parse(masterboard_art.masterboard_map()))
    total = 0
    for label, group in groups.items():
        land = LANDS[label]
        signs = find_all(group, "path", "tt-exit")
        drawn = Counter(next(c for c in classes(s) if c != "tt-exit") for s in signs)
        assert drawn == Counter(f"tt-exit-{e.kind.lower()}" for e in land.exits), label
        centre = art.land_centre(label)
        corners = [art._board_point(x, y) for x, y in land.polygon]
        for sign, exit_ in zip(signs, land.exits, strict=True):
            assert sign.get("d") == art.EXIT_SIGNS[exit_.kind]
            x, y, angle = placement(sign)
            middle = art._side_midpoint(corners, exit_.side)
            assert math.dist((x, y), middle) < 0.1  # on the middle of the border it crosses
            out = rotate((0.0, -1.0), angle)  # the signs point to local -y
            away = (middle[0] - centre[0], middle[1] - centre[1])
            assert out[0] * away[0] + out[1] * away[1] > 0.99 * math.hypot(*away)
        total += len(signs)
    assert total == sum(len(land.exits) for land in LANDS.values()) == 180


def test_the_six_towers_stand_out() -> None:
    groups = land_groups(parse(masterboard_art.masterboard_map()))
    towers = sorted(label for label, group in groups.items() if "tt-tower" in classes(group))
    assert towers == sorted(TOWERS) and len(towers) == 6
    for label in towers:
        symbol = find_all(groups[label], "path", "tt-sym")[0]
        assert symbol.get("d") == art.CASTLE_PATH and "scale" in symbol.get("transform", "")


def test_the_terrain_legend_lists_every_terrain_and_sign() -> None:
    legend = masterboard_art.terrain_legend()
    root = parse(legend)
    names = [li.itertext() for li in root.iter(tag("li"))]
    words = ["".join(parts).strip() for parts in names]
    assert set(TERRAINS) <= set(words)
    assert {"Block", "Arch", "Arrow", "Arrows"} <= set(words)
    for terrain in TERRAINS:
        assert art.TERRAIN_COLOURS[terrain] in legend and art.TERRAIN_SYMBOLS[terrain] in legend


def test_every_fill_has_readable_ink() -> None:
    fills = list(art.TERRAIN_COLOURS.values()) + list(art.PLAYER_COLOURS.values())
    fills += [
        art.hazard_fill(hex_.terrain, hex_.elevation) for land in BATTLELANDS.values() for hex_ in land.hexes.values()
    ]
    for fill in fills:
        assert art.contrast_ratio(fill, art.ink_on(fill)) >= 4.5, fill


# -- the masterboard overlay -------------------------------------------------------------------------------------


def test_legions_of_two_players_on_one_land_are_both_visible() -> None:
    overlay = masterboard_art.masterboard_overlay(
        [legion("Bk03", 0, 100, 7, contents=HOST), legion("Gd01", 1, 100, 4, known=["Ogre"])], PLAYERS
    )
    markers = find_all(parse(overlay), "g", "tt-legion")
    assert len(markers) == 2
    codes = [next(t.text for t in m.iter(tag("tspan")) if "tt-mk-code" in classes(t)) for m in markers]
    assert codes == ["Bk03", "Gd01"]
    (x1, y1, _), (x2, y2, _) = (placement(m) for m in markers)
    assert max(abs(x1 - x2), abs(y1 - y2)) >= art.MARKER_SIZE  # side by side, not on top of each other
    for x, y in ((x1, y1), (x2, y2)):
        assert math.dist((x, y), art.land_centre(100)) < 30
    fills = [m.find(tag("path")) for m in markers]
    assert [f.get("fill") for f in fills if f is not None] == [art.PLAYER_COLOURS["Black"], art.PLAYER_COLOURS["Gold"]]
    heights = [next(t.text for t in m.iter(tag("tspan")) if "tt-mk-height" in classes(t)) for m in markers]
    assert heights == ["7", "4"]
    assert "Titan, Angel" in overlay and "Ogre and 3 unknown" in overlay


@pytest.mark.parametrize("count", [3, 4, 5, 7])
def test_several_legions_on_one_land_never_cover_each_other(count: int) -> None:
    legions = [legion(f"Rd{i + 1:02d}", 2, 41, 2) for i in range(count)]
    spots = [
        placement(m)[:2]
        for m in find_all(parse(masterboard_art.masterboard_overlay(legions, PLAYERS)), "g", "tt-legion")
    ]
    assert len(spots) == count
    for i, a in enumerate(spots):
        for b in spots[i + 1 :]:
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 24  # the 20 px wide code stays readable


def test_targets_selectable_legions_and_highlights() -> None:
    overlay = masterboard_art.masterboard_overlay(
        [legion("Bk03", 0, 100, contents=HOST), legion("Rd05", 2, 1), legion("Rd06", 2, 3)],
        PLAYERS,
        targets=[(3, 4, "Move Bk03 to 3 (Plains)"), (101, 5, "Move Bk03 to 101"), (3, 6, "Teleport to 3")],
        selected="Bk03",
        highlights=[42, 42],
        selectable=[("Bk03", "legion:Bk03", "Select legion Bk03")],
    )
    root = parse(overlay)
    top = root.find(tag("g"))
    assert top is not None and "tt-overlay" in classes(top)
    targets = find_all(root, "polygon", "tt-target")
    assert [t.get("data-action") for t in targets] == ["4", "5"]  # one per land, the first wins
    for target, label in zip(targets, (3, 101), strict=True):
        assert target.get("role") == "button" and target.get("tabindex") == "0"
        title = target.find(tag("title"))
        assert title is not None and title.text == target.get("aria-label")
        expected = [art._board_point(x, y) for x, y in LANDS[label].polygon]
        assert all(math.dist(a, b) < 0.06 for a, b in zip(points(target), expected, strict=True))
    assert len(find_all(root, "polygon", "tt-highlight")) == 1
    picked = [g for g in root.iter(tag("g")) if g.get("data-select")]
    assert len(picked) == 1
    # its name starts with what it shows (WCAG 2.5.3): the code and the height
    assert picked[0].get("data-select") == "legion:Bk03" and picked[0].get("aria-label") == "Bk03 7: Select legion Bk03"
    assert picked[0].get("role") == "button" and picked[0].get("tabindex") == "0"
    assert {"tt-pick", "is-selected"} <= classes(picked[0])
    assert find_all(picked[0], "path", "tt-ring")
    other = next(g for g in find_all(root, "g", "tt-legion") if "Rd05" in "".join(g.itertext()))
    assert "tt-pick" not in classes(other) and not find_all(other, "path", "tt-ring")
    assert "tt-pass" not in classes(other)
    on_target = next(g for g in find_all(root, "g", "tt-legion") if "Rd06" in "".join(g.itertext()))
    assert "tt-pass" in classes(on_target)  # a tap on it goes to the land under it


def test_names_and_labels_are_escaped_everywhere() -> None:
    legions = [legion("Gd01", 1, 5, contents=[XSS]), legion(XSS, 0, 6)]
    outputs = [
        masterboard_art.masterboard_overlay(
            legions,
            PLAYERS,
            targets=[(7, 0, XSS)],
            selectable=[(XSS, XSS, XSS), ("Gd01", XSS, XSS)],
            selected=XSS,
        ),
        battle_art.battleland_overlay(
            [{"index": 0, "name": XSS, "side": "attacker", "hex": "A1", "hits": 1, "power": 6, "skill": 2}],
            targets=[("B1", 1, XSS)],
            selectable=[(0, XSS, XSS)],
            strike_targets=[("A2", 2, XSS, 4, 0.5)],
        ),
        battle_art.counter(XSS, 6, 2, "Red", hits=1),
        masterboard_art.marker(XSS, "Blue", 3),
    ]
    for markup in outputs:
        assert XSS not in markup
        assert "&lt;img src=x onerror=alert(1)&gt;" in markup
        parse(markup)
    root = parse(outputs[0])
    assert any((e.get("aria-label") or "").endswith(XSS) for e in root.iter())  # the parser reads it back
    assert any(e.get("data-select") == XSS for e in root.iter())


def test_a_twenty_legion_overlay_stays_small() -> None:
    colours = ["Bk", "Bu", "Br", "Gd", "Gr", "Rd"]
    players = [{"name": f"Player {i + 1}", "colour": c} for i, c in enumerate(art.PLAYER_COLOURS)]
    legions = [
        legion(f"{colours[i % 6]}{i // 6 + 1:02d}", i % 6, LAND_LABELS[i * 4], 7, contents=HOST) for i in range(20)
    ]
    overlay = masterboard_art.masterboard_overlay(
        legions,
        players,
        targets=[(land, i, f"Move Bk01 to {land}") for i, land in enumerate(LAND_LABELS[1:13])],
        selected="Bk01",
        highlights=[LAND_LABELS[0], LAND_LABELS[1]],
        selectable=[(str(g["marker"]), str(g["marker"]), f"Select legion {g['marker']}") for g in legions[::6]],
    )
    assert len(find_all(parse(overlay), "g", "tt-legion")) == 20
    assert len(overlay.encode()) < 11_000  # each marker's text is one element of two parts (WCAG 2.5.3)


def test_legion_markers_outside_the_board_are_left_out() -> None:
    overlay = masterboard_art.masterboard_overlay([legion("Bk01", 0, 9999), legion("Bk02", 7, 1)], PLAYERS)
    markers = find_all(parse(overlay), "g", "tt-legion")
    assert len(markers) == 1  # an unknown land is skipped; an unknown owner is drawn grey
    path = markers[0].find(tag("path"))
    assert path is not None and path.get("fill") == art.UNKNOWN_PLAYER


def test_a_picked_legion_on_a_land_it_may_move_back_to_lets_the_tap_through():
    """A move round a loop back to the start land: the picked legion's marker must not hide that target."""
    from app.views.titan_masterboard_art import masterboard_overlay

    legions = [{"marker": "Bk01", "owner": 0, "land": 28, "height": 4, "contents": None, "known": []}]
    players = [{"name": "Ann", "colour": "Black"}]
    svg = masterboard_overlay(
        legions,
        players,
        targets=[(28, 0, "Move Bk01 to 28 Swamp")],
        selected="Bk01",
        selectable=[("Bk01", "legion:Bk01", "Move legion Bk01")],
    )
    assert "tt-pass" in svg and "data-select='legion:Bk01'" not in svg and "data-action='0'" in svg
    svg = masterboard_overlay(legions, players, selected=None, selectable=[("Bk01", "legion:Bk01", "Move legion Bk01")])
    assert "data-select='legion:Bk01'" in svg


def test_every_marker_on_the_map_has_a_white_edge_and_shared_lands_fan_out() -> None:
    """A dark marker shows on Swamp and Jungle (a white edge round it); markers sharing a land carry their place
    round its spot (--dx, --dy), so that drawn larger on a phone they spread apart instead of covering each other."""
    board = masterboard_art.masterboard_map(
        masterboard_art.masterboard_overlay([legion("Bk01", 0, 132), legion("Bk02", 0, 33)], PLAYERS)
    )
    root = parse(board)
    halo = next(e for e in root.iter(tag("rect")) if e.get("id") == "tt-mkh")
    assert float(halo.get("width", 0)) >= art.MARKER_SIZE + 4
    for group in find_all(root, "g", "tt-legion"):
        assert [u.get("href") for u in group.iter(tag("use"))] == ["#tt-mkh"]
    css = (Path(__file__).resolve().parents[2] / "assets" / "titan.css").read_text(encoding="utf-8")
    assert ".tt-mk-halo { fill: #ffffff" in css
    shared = parse(masterboard_art.masterboard_overlay([legion(f"Bk0{i}", 0, 100) for i in range(1, 4)], PLAYERS))
    spots = [(g.get("style") or "") for g in find_all(shared, "g", "tt-legion")]
    assert all(s.startswith("--dx:") for s in spots) and len(set(spots)) == 3


@pytest.mark.parametrize("roll", range(1, 7))
def test_the_movement_roll_is_a_die_in_the_empty_corner(roll: int) -> None:
    root = parse(masterboard_art.masterboard_overlay([], PLAYERS, roll=roll))
    (die,) = find_all(root, "g", "tt-map-roll")
    assert die.get("aria-label") == f"Movement roll: {roll}"
    assert len(list(die.iter(tag("circle")))) == roll
    x, y, size = art.ROLL_DIE
    for label in LAND_LABELS:  # no land under it
        assert all(not (x <= px <= x + size and y <= py <= y + size) for px, py in art._land_polygon(LANDS[label]))
        cx, cy = art.land_centre(label)
        assert not (x - 40 <= cx <= x + size + 40 and y - 40 <= cy <= y + size + 40)
    assert not find_all(parse(masterboard_art.masterboard_overlay([], PLAYERS)), "g", "tt-map-roll")


def test_lit_lands_are_drawn_over_the_markers() -> None:
    """On a phone a marker is drawn larger than its land: a land the picked legion may reach must stay on top,
    or a neighbour's marker would take the tap meant for it (seen in the browser test at 390x844)."""
    root = parse(
        masterboard_art.masterboard_overlay(
            [legion("Bk01", 0, 37), legion("Bk02", 0, 39)], PLAYERS, targets=[(38, 1, "Move Bk01 to 38 Brush")]
        )
    )
    overlay = root[0]
    order = [
        "target" if "tt-target" in classes(e) else "marker" for e in overlay if classes(e) & {"tt-target", "tt-legion"}
    ]
    assert order == ["marker", "marker", "target"]
