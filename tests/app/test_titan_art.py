"""Titan's art as a whole: counters and markers on their own, every drawing well-formed, the stylesheet
covering the classes drawn."""

from __future__ import annotations

from pathlib import Path

from app.views import titan_battle_art as battle_art
from app.views import titan_masterboard_art as masterboard_art
from engine.titan.data import BATTLELANDS
from tests.app.titan_svg import PLAYERS, UNITS, classes, legion, parse, tag


def test_counter_and_marker_stand_alone() -> None:
    counter = parse(battle_art.counter("Behemoth", 8, 3, "Brown", hits=3)).find(tag("svg"))
    assert counter is not None and counter.get("role") == "img"
    assert counter.get("aria-label") == "Behemoth 8-3, 3 hits"
    assert "tt-light" in classes(counter)  # white ink on brown
    marker = parse(masterboard_art.marker("Gd07", "Gold", 5)).find(tag("svg"))
    assert marker is not None and marker.get("aria-label") == "Legion Gd07, 5 characters"
    assert "tt-light" not in classes(marker)  # dark ink on gold
    assert [t.text for t in marker.iter(tag("tspan"))] == ["Gd07", "5"]
    assert "".join(marker.find(tag("text")).itertext()) == masterboard_art.marker_text("Gd07", 5) == "Gd07 5"  # type: ignore[union-attr]


def test_every_drawing_is_well_formed_xml() -> None:
    parse(masterboard_art.masterboard_map(masterboard_art.masterboard_overlay([legion("Bk01", 0, 1)], PLAYERS)))
    for terrain in BATTLELANDS:
        parse(battle_art.battleland_map(terrain, battle_art.battleland_overlay(UNITS)))
    parse(masterboard_art.terrain_legend())
    parse(battle_art.hazard_legend())


def test_the_stylesheet_covers_the_classes_drawn() -> None:
    css = (Path(__file__).resolve().parents[2] / "assets" / "titan.css").read_text(encoding="utf-8")
    styled = (
        "tt-map tt-battle tt-land tt-tower tt-exit tt-target tt-strike tt-highlight tt-pick is-selected tt-ring "
        "tt-side-slope tt-side-dune tt-side-cliff tt-side-wall tt-cn-name tt-odds tt-hits tt-slain-cross tt-mk-code"
    )
    for cls in styled.split():
        assert f".{cls}" in css, cls
    assert "focus-visible" in css and "prefers-reduced-motion" in css
