"""Titan's masterboard on the page: the changing layer over the map (legions, the lands a picked one reaches,
engagements) and the panel beside it (a legion, a split, musters, the players, an engagement)."""

from __future__ import annotations

from typing import Any

from app.markup import attrs, esc
from app.views import BoardContext
from app.views.titan_battle_art import counter, counter_text
from app.views.titan_masterboard_art import marker, masterboard_overlay, terrain_legend
from app.views.titan_war import spawn_panel, spawn_tower, war_panel
from engine.titan.data import CREATURES, LANDS, a_name, character_value, power_of
from engine.titan.sides import SIDES
from engine.titan.state import COLOUR_CODES

# -- helpers -------------------------------------------------------------------------------------------------


def indexed_actions(ctx: BoardContext) -> list[tuple[int, dict[str, Any]]]:
    return [(index, action.model_dump()) for index, action in enumerate(ctx.actions)] if ctx.interactive else []


def picked_key(ctx: BoardContext, prefix: str) -> str | None:
    """The key part of the selection when it starts with `prefix:` ('legion:Bk01' -> 'Bk01')."""
    if ctx.selected and ctx.selected.startswith(prefix + ":"):
        return ctx.selected[len(prefix) + 1 :]
    return None


def colour_of(view: dict[str, Any], seat: int | None) -> str:
    players = view.get("players", [])
    return str(players[seat]["colour"]) if seat is not None and 0 <= seat < len(players) else ""


def legion_owner(view: dict[str, Any], marker_code: str) -> int | None:
    return next((lg["owner"] for lg in view.get("legions", []) if lg["marker"] == marker_code), None)


# -- the masterboard ------------------------------------------------------------------------------------------


def masterboard_layer(ctx: BoardContext) -> tuple[str, str]:
    """The overlay and the panel of the masterboard."""
    view = ctx.view
    actions = indexed_actions(ctx)
    phase = view.get("phase")
    selectable: list[tuple[str, str, str]] = []
    targets: list[tuple[int, int, str]] = []
    picked = picked_key(ctx, "legion") or (picked_key(ctx, "split") or "").split(":")[0] or None
    if phase == "split":
        markers = sorted({a["marker"] for _, a in actions if a["kind"] == "split"})
        selectable = [(m, f"split:{m}:", f"Split legion {m}") for m in markers]
    elif phase in ("move", "muster"):
        kind = "move" if phase == "move" else "muster"
        markers = sorted({a["marker"] for _, a in actions if a["kind"] == kind})
        verb = "Move" if kind == "move" else "Muster with"
        selectable = [(m, f"legion:{m}", f"{verb} legion {m}") for m in markers]
        if phase == "move" and picked:
            best: dict[int, tuple[int, int, str]] = {}
            for index, action in actions:
                if action["kind"] != "move" or action["marker"] != picked:
                    continue
                rank = 0 if not action["teleport"] else 1
                how = {"": "", "tower": " (tower teleport)", "titan": " (Titan teleport)"}[action["teleport"]]
                words = f"Move {picked} to {action['land']} {LANDS[action['land']].terrain}{how}"
                if action["land"] not in best or rank < best[action["land"]][0]:
                    best[action["land"]] = (rank, index, words)
            targets = [(land, index, words) for land, (_rank, index, words) in sorted(best.items())]
    elif phase == "engage":
        targets = [
            (a["land"], index, f"Resolve the engagement in {a['land']}")
            for index, a in actions
            if a["kind"] == "engage"
        ]
    highlights = [view["engagement"]["land"]] if view.get("engagement") else []
    drawn = spawn_tower(view)  # Battle Titan: the Tower a wiped-out player spawns in, while it is news
    if drawn is not None:
        highlights.append(drawn)
    choosing = {m for m, _key, _words in selectable}
    inspectable = [
        (lg["marker"], f"legion:{lg['marker']}", f"Show legion {lg['marker']}")
        for lg in view.get("legions", [])
        if lg["marker"] not in choosing
    ]
    overlay = masterboard_overlay(
        view.get("legions", []),
        view.get("players", []),
        targets=targets,
        selected=picked,
        highlights=highlights,
        selectable=selectable,
        inspectable=inspectable,
        roll=int(view.get("roll") or 0) if phase in ("move", "engage") else 0,
    )
    return overlay, _masterboard_panel(ctx, picked, actions)


def _legion_panel(view: dict[str, Any], code: str) -> str:
    legion = next((lg for lg in view.get("legions", []) if lg["marker"] == code), None)
    if legion is None:
        return ""
    colour = colour_of(view, legion["owner"])
    names = legion["contents"] if legion["contents"] is not None else legion["known"]
    unknown = legion["height"] - len(names)
    score = view["players"][legion["owner"]]["score"]
    counters = "".join(
        counter(name, power_of(name, score), CREATURES[name].skill, colour) for name in names if name in CREATURES
    )
    rest = f"<span class='tt-unknown'>+ {unknown} unknown</span>" if unknown > 0 else ""
    land = LANDS[legion["land"]]
    worth = "" if unknown > 0 else f" · worth {sum(character_value(name, score) for name in names)} points"
    return (
        f"<section class='tt-legion-panel'><h2>{marker(code, colour, legion['height'])} Legion {esc(code)} "
        f"<small>in {land.label} {esc(land.terrain)}{worth}</small></h2>"
        f"<div class='tt-counters'>{counters}{rest}</div></section>"
    )


def _split_panel(ctx: BoardContext, actions: list[tuple[int, dict[str, Any]]]) -> str:
    """Two rows of counters: tap one to move it to the other half; Split when the halves are legal."""
    picked = picked_key(ctx, "split") or ""
    code, _, leaving_text = picked.partition(":")
    legion = next((lg for lg in ctx.view.get("legions", []) if lg["marker"] == code), None)
    if legion is None or legion["contents"] is None:
        return ""
    leaving = sorted(n for n in leaving_text.split(",") if n)
    staying = list(legion["contents"])
    for name in leaving:
        if name in staying:
            staying.remove(name)
    colour = colour_of(ctx.view, legion["owner"])
    score = ctx.view["players"][legion["owner"]]["score"]

    def row(names: list[str], moving_out: bool) -> str:
        buttons = []
        for position, name in enumerate(names):
            after = sorted([*leaving, name]) if moving_out else sorted(leaving[:position] + leaving[position + 1 :])
            key = f"split:{code}:{','.join(after)}"
            power = power_of(name, score)
            verb = "move" if moving_out else "bring back"
            label = f"{counter_text(name, power, CREATURES[name].skill)}: {verb} the {name}"
            image = counter(name, power, CREATURES[name].skill, colour)
            buttons.append(
                f"<button{attrs(type='button', class_='tt-counter-btn', data_select=key, aria_label=label)}>{image}"
                "</button>"
            )
        return "".join(buttons) or "<span class='tt-empty'>none</span>"

    match = next(
        (
            index
            for index, a in actions
            if a["kind"] == "split" and a["marker"] == code and sorted(a["leaving"]) == leaving
        ),
        None,
    )
    if match is not None:
        go = f"<button{attrs(type='button', class_='btn btn-primary', data_action=match)}>Split {esc(code)}</button>"
    else:
        why = "Move at least two counters; each half keeps at least two."
        if ctx.view.get("players") and legion["height"] == 8:
            why = "The first split: the Angel and three others leave, the Titan and three stay."
        go = f"<p class='tt-why'>{esc(why)}</p>"
    return (
        f"<section class='tt-split' aria-label='Split legion {esc(code)}'><h2>Split {esc(code)}</h2>"
        f"<p class='tt-row-title'>Stays in {esc(code)}</p><div class='tt-counters'>{row(staying, True)}</div>"
        f"<p class='tt-row-title'>Leaves for a new legion</p><div class='tt-counters'>{row(leaving, False)}</div>"
        f"{go}</section>"
    )


def _muster_panel(ctx: BoardContext, code: str, actions: list[tuple[int, dict[str, Any]]]) -> str:
    legion = next((lg for lg in ctx.view.get("legions", []) if lg["marker"] == code), None)
    if legion is None:
        return ""
    colour = colour_of(ctx.view, legion["owner"])
    buttons = []
    for index, action in actions:
        if action["kind"] == "muster" and action["marker"] == code:
            name = action["creature"]
            image = counter(name, CREATURES[name].power, CREATURES[name].skill, colour)
            buttons.append(
                f"<button{attrs(type='button', class_='btn tt-muster', data_action=index)}>{image}"
                f"<span>Muster {esc(a_name(name))}</span></button>"
            )
    return f"<section class='tt-muster-panel'><h2>Muster with {esc(code)}</h2>{''.join(buttons)}</section>"


def players_panel(view: dict[str, Any]) -> str:
    rows = []
    for player in view.get("players", []):
        mine = sum(1 for lg in view.get("legions", []) if lg["owner"] == player["seat"])
        state = "" if player["alive"] else " (out)"
        turn = " is-turn" if player["seat"] == view.get("mover") else ""
        rows.append(
            f"<li class='tt-player{turn}'>{marker(COLOUR_CODES.get(player['colour'], '?'), player['colour'], None)}"
            f"<b>{esc(player['name'])}</b>{esc(state)} <span>Tower {player['tower']} · score {player['score']} · "
            f"Titan power {player['titan_power']} · {mine} legion{'s' if mine != 1 else ''}</span></li>"
        )
    roll = f"<p class='tt-roll'>Movement roll: <b>{view['roll']}</b></p>" if view.get("roll") else ""
    turn = view.get("turn_number", 1)
    return f"<section class='tt-players'><h2>Turn {turn}</h2>{roll}<ul>{''.join(rows)}</ul></section>"


def _engagement_panel(view: dict[str, Any]) -> str:
    """The engagement being resolved: both legions as this seat knows them (the two players see both whole),
    and the terms on the table (to the two players)."""
    engagement = view.get("engagement") or {}
    if not engagement or view.get("battle"):
        return ""
    land = LANDS.get(engagement.get("land", 0))
    rows = []
    for role in SIDES:
        code = engagement.get(role, "")
        panel = _legion_panel(view, code)
        owner = legion_owner(view, code)
        who = view["players"][owner]["name"] if owner is not None else "?"
        rows.append(f"<p class='tt-row-title'>{role.capitalize()}: {esc(who)}</p>{panel}")
    terms = ""
    if engagement.get("proposer", -1) >= 0 and "eliminated" in engagement:
        proposer = view["players"][engagement["proposer"]]["name"]
        gone = {"attacker": "the attacker's legion", "defender": "the defender's legion", "both": "both legions"}
        losses = engagement.get("losses") or []
        loss = f", the other losing {', '.join(losses)}" if losses else ""
        terms = (
            f"<p class='tt-terms'>{esc(proposer)} proposes: {gone.get(engagement['eliminated'], '?')} "
            f"eliminated{esc(loss)}.</p>"
        )
    where = f"{land.label} {land.terrain}" if land else "?"
    return (
        f"<section class='tt-engagement' aria-label='Engagement'><h2>Engagement in {esc(where)}</h2>"
        f"{''.join(rows)}{terms}</section>"
    )


def _masterboard_panel(ctx: BoardContext, picked: str | None, actions: list[tuple[int, dict[str, Any]]]) -> str:
    view = ctx.view
    parts = [players_panel(view)]
    war = war_panel(view)
    if war:
        parts.append(war)
    engagement = _engagement_panel(view)
    if engagement:
        parts.insert(0, engagement)
    spawn = spawn_panel(view)
    if spawn:
        parts.insert(0, spawn)
    if view.get("phase") == "split" and picked_key(ctx, "split") is not None:
        parts.insert(0, _split_panel(ctx, actions))
    elif (
        view.get("phase") == "muster"
        and picked
        and any(a["kind"] == "muster" and a["marker"] == picked for _, a in actions)
    ):
        parts.insert(0, _muster_panel(ctx, picked, actions))
    elif picked:
        parts.insert(0, _legion_panel(view, picked))
    parts.append(f"<details class='tt-legend'><summary>Terrains and signs</summary>{terrain_legend()}</details>")
    return "".join(parts)
