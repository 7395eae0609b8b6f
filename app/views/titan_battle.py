"""Titan's battleland on the page: the changing layer over the map (characters, the hexes a picked one reaches,
its strikes with their chances) and the panel beside it (both legions, the last roll, the players)."""

from __future__ import annotations

from typing import Any

from app.markup import attrs, esc
from app.views import BoardContext
from app.views.titan_battle_art import battleland_overlay, counter, counter_text, hazard_legend
from app.views.titan_costs import entry_warning_html
from app.views.titan_masterboard import colour_of, indexed_actions, legion_owner, picked_key, players_panel
from engine.titan import sight
from engine.titan.data import BATTLELANDS, CREATURES, LANDS, power_of
from engine.titan.sides import ATTACKER, DEFENDER

# -- the battleland --------------------------------------------------------------------------------------------


def _battle_units(view: dict[str, Any]) -> list[dict[str, Any]]:
    battle = view["battle"]
    units = []
    for index, unit in enumerate(battle["units"]):
        marker_code = battle["attacker"] if unit["side"] == ATTACKER else battle["defender"]
        owner = legion_owner(view, marker_code)
        score = view["players"][owner]["score"] if owner is not None else 0
        units.append(
            {
                **unit,
                "index": index,
                "power": power_of(unit["name"], score),
                "skill": CREATURES[unit["name"]].skill,
                "colour": colour_of(view, owner),
            }
        )
    return units


def battle_layer(ctx: BoardContext) -> tuple[str, str]:
    view = ctx.view
    actions = indexed_actions(ctx)
    units = _battle_units(view)
    picked_text = picked_key(ctx, "unit")
    picked = int(picked_text) if picked_text and picked_text.isdigit() else None
    selectable: list[tuple[int, str, str]] = []
    targets: list[tuple[str, int, str]] = []
    strikes: list[tuple[str, int, str, int, float]] = []
    phase = view.get("phase")
    if phase == "maneuver":
        movers = sorted({a["unit"] for _, a in actions if a["kind"] == "maneuver"})
        selectable = [(i, f"unit:{i}", f"Move the {units[i]['name']}") for i in movers]
        if picked is not None:
            targets = [
                (a["hex"], index, _maneuver_words(ctx, units[picked], index, a))
                for index, a in actions
                if a["kind"] == "maneuver" and a["unit"] == picked
            ]
    elif phase == "strike":
        strikers = sorted({a["unit"] for _, a in actions if a["kind"] in ("strike", "rangestrike")})
        selectable = [(i, f"unit:{i}", f"Strike with the {units[i]['name']}") for i in strikers]
        if picked is not None:
            seen: set[int] = set()
            for index, a in actions:
                if a["kind"] not in ("strike", "rangestrike") or a["unit"] != picked or a["target"] in seen:
                    continue
                seen.add(a["target"])
                target = units[a["target"]]
                number = a.get("number") or _rangestrike_number(ctx.view, units, a)
                verb = "Strike" if a["kind"] == "strike" else "Rangestrike"
                strikes.append(
                    (target["hex"], index, f"{verb} the {target['name']}", number, (7 - max(1, min(6, number))) / 6)
                )
    elif phase == "carry":
        for index, a in actions:
            if a["kind"] == "carry" and a["target"] >= 0:
                target = units[a["target"]]
                targets.append((target["hex"], index, f"Carry {extra_hits(view)} to the {target['name']}"))
    overlay = battleland_overlay(
        units,
        targets=targets,
        selectable=selectable,
        selected=picked,
        strike_targets=strikes,
        last_roll=view["battle"].get("last_roll"),
        edges=_entry_edges(view["battle"]),
    )
    panel = _battle_panel(view, units, picked, {i: key for i, key, _words in selectable})
    return overlay, entry_warning_html(ctx, units, picked if phase == "maneuver" else None) + panel


def _entry_edges(battle: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The attacker's edge and the defender's, with the side letters the counters carry (A, D)."""
    edges = [("A", battle.get("attacker_edge"), f"{battle['attacker']} attacks from here")]
    edges.append(("D", battle.get("defender_edge"), f"{battle['defender']} enters from here"))
    return [(letter, int(edge), words) for letter, edge, words in edges if isinstance(edge, int) and edge >= 0]


def _maneuver_words(ctx: BoardContext, unit: dict[str, Any], index: int, action: dict[str, Any]) -> str:
    """A hex the picked character may go to, in words, with what it would cost another character."""
    words = (
        f"Bring the {unit['name']} on at {action['hex']}"
        if unit["hex"] is None
        else f"Move the {unit['name']} to {action['hex']}"
    )
    warning = ctx.warnings[index] if index < len(ctx.warnings) else ""
    return f"{words} \u2014 {warning}" if warning else words


def extra_hits(view: dict[str, Any]) -> str:
    """'the 2 extra hits' (of the carry on hand)."""
    hits = int((view["battle"].get("carry") or {}).get("hits") or 0)
    return f"the {hits} extra hit{'s' if hits != 1 else ''}" if hits else "the extra hits"


def _rangestrike_number(view: dict[str, Any], units: list[dict[str, Any]], action: dict[str, Any]) -> int:
    """The strike number of a rangestrike, as the engine reckons it (shown on the target)."""
    striker, target = units[action["unit"]], units[action["target"]]
    terrain = BATTLELANDS[LANDS[view["battle"]["land"]].terrain]
    occupied = [u["hex"] for u in units if u["hex"]]
    terms = sight.rangestrike_terms(
        terrain, striker["name"], striker["hex"], target["name"], target["hex"], occupied, power=striker["power"]
    )
    return terms.strike_number


def _held_off(view: dict[str, Any]) -> str:
    """Battle Titan: each side's characters left off the battleland, waiting for the battle's result [2.B.3]."""
    battle = view["battle"]
    rows = []
    for side in (DEFENDER, ATTACKER):
        names = (battle.get("off") or {}).get(side) or []
        if not names:
            continue
        marker = battle[side]
        owner = legion_owner(view, marker)
        score = view["players"][owner]["score"] if owner is not None else 0
        colour = colour_of(view, owner)
        images = "".join(
            f"<span class='tt-counter-off'>{counter(name, power_of(name, score), CREATURES[name].skill, colour)}</span>"
            for name in names
        )
        rows.append(
            f"<section class='tt-held-off' aria-label='Left off the battleland by {esc(marker)}'>"
            f"<p class='tt-row-title'>Left off by {esc(marker)}: killed if it loses, back to the stock if it wins</p>"
            f"<div class='tt-counters'>{images}</div></section>"
        )
    return "".join(rows)


def _battle_panel(view: dict[str, Any], units: list[dict[str, Any]], picked: int | None, picks: dict[int, str]) -> str:
    battle = view["battle"]
    whose = battle["attacker"] if battle["active"] == ATTACKER else battle["defender"]
    step = {"maneuver": "maneuvers", "strike": "strikes", "strikeback": "strikes back"}[battle["step"]]
    if battle["step"] == "strikeback":
        whose = battle["defender"] if battle["active"] == ATTACKER else battle["attacker"]
    land = LANDS[battle["land"]]
    waiting = [u for u in units if u["hex"] is None]
    off = ""
    if waiting:  # characters still to come on: picked here, then a hex of their edge
        buttons = []
        for unit in waiting:
            image = counter(unit["name"], unit["power"], unit["skill"], unit["colour"], hits=unit["hits"])
            key = picks.get(unit["index"])
            if key is None:
                buttons.append(f"<span class='tt-counter-off'>{image}</span>")
                continue
            chosen = " is-selected" if unit["index"] == picked else ""
            shown = counter_text(unit["name"], unit["power"], unit["skill"], hits=unit["hits"])
            label = f"{shown}: bring on the {unit['name']}"
            buttons.append(
                f"<button{attrs(type='button', class_='tt-counter-btn' + chosen, data_select=key, aria_label=label)}>"
                f"{image}</button>"
            )
        # On a phone the row scrolls sideways: with no button in it (not this seat's pick), the row itself takes the
        # focus, so a keyboard can scroll it (axe: scrollable-region-focusable).
        focus = "" if any(unit["index"] in picks for unit in waiting) else " tabindex='0'"
        off = (
            "<section class='tt-reserve' aria-label='Not on the battleland yet'>"
            f"<p class='tt-row-title'>Not on the battleland yet</p><div class='tt-counters'{focus}>{''.join(buttons)}"
            "</div></section>"
        )
    off += _held_off(view)
    selected = ""
    if picked is not None and picked < len(units) and units[picked]["hex"]:  # one still to come on is lit above
        unit = units[picked]
        image = counter(unit["name"], unit["power"], unit["skill"], unit["colour"], hits=unit["hits"])
        selected = f"<p class='tt-picked'>{image} {esc(unit['name'])} in {esc(unit['hex'])}</p>"
    return (
        off + f"<section class='tt-battle-panel'><h2>Battle in {land.label} {esc(land.terrain)}</h2>"
        f"<p>Round {battle['round']} of 7: {esc(whose)} {step}. {esc(battle['attacker'])} attacks from the "
        f"edge marked A (edge {battle['attacker_edge']}), {esc(battle['defender'])} defends.</p>"
        f"{_last_roll_text(battle)}{selected}"
        "</section>"
        + players_panel(view)
        + f"<details class='tt-legend'><summary>Hazards</summary>{hazard_legend()}</details>"
    )


def _last_roll_text(battle: dict[str, Any]) -> str:
    """'Lion (D3) struck the Ogre (D4), needing 4: [6] [3] [5], 2 hits' with the dice drawn."""
    roll = battle.get("last_roll") or {}
    rolls = [r for r in roll.get("rolls") or () if isinstance(r, int)]
    if not rolls:
        return ""
    number = int(roll.get("number") or 7)
    dice = "".join(f"<span class='tt-pdie{' is-hit' if r >= number else ''}'>{r}</span>" for r in rolls)
    hits = int(roll.get("hits") or 0)
    verb = "rangestruck" if roll.get("kind") == "rangestrike" else "struck"
    return (
        f"<p class='tt-last-roll'>{esc(roll.get('striker', ''))} ({esc(roll.get('from') or '')}) {verb} the "
        f"{esc(roll.get('target', ''))} ({esc(roll.get('at') or '')}), needing {number}: {dice} "
        f"{hits} hit{'s' if hits != 1 else ''}</p>"
    )
