"""Titan on the page: the masterboard or the battleland (drawn once, pinch-zoomed and panned), the changing
layer over it, and a panel beside it, from `game.view(state, seat)` (shape: engine/titan/view.py).

Select, then target: a legion (or a character) that has choices is picked on the map (`data-select`), and
the lands (hexes) it can reach light up as choices (`data-action`); strikes show their strike number and
the chance a die hits. A split is made by moving counters between the two halves in the panel; musters and
the other picks of a legion are buttons in the panel. The action bar keeps only what is not on the map
(end the phase, answers to an engagement, summons, reinforcements, angels), plus the picked legion's or
character's own choices for the keyboard.
"""

from __future__ import annotations

from typing import Any

from app.markup import attrs, esc
from app.views import BoardContext
from app.views.titan_battle_art import battleland_map, battleland_overlay, counter, counter_text, hazard_legend
from app.views.titan_masterboard_art import marker, masterboard_map, masterboard_overlay, terrain_legend
from engine.titan import consequences, sight
from engine.titan.data import BATTLELANDS, CREATURES, LANDS, a_name, character_value, power_of
from engine.titan.state import COLOUR_CODES

SECRETS = True  # legion contents are secret: hot-seat play passes the device between humans
SECRETS_SHOWN = "what is inside {name}'s legions"  # what the pass-the-device screen says the board shows
ENDS_TURN = frozenset({"end_musters"})
ON_MAP = frozenset({"split", "move", "engage", "muster", "maneuver", "strike", "rangestrike", "carry"})

PHASE_HINTS = {
    "split": "pick a legion to split (on the map), or roll for movement",
    "move": "pick a legion, then the land to move it to",
    "engage": "pick the engagement to resolve (a lit land)",
    "engagement": "flee, concede, propose terms or fight",
    "maneuver": "pick a character, then its hex",
    "strike": "pick a character, then the enemy it strikes",
    "carry": "carry the extra hits to a lit enemy, or drop them",
    "aftermath": "take what the win brings",
    "muster": "pick a legion that moved to muster, or end the turn",
}


# -- helpers -------------------------------------------------------------------------------------------------


def _indexed(ctx: BoardContext) -> list[tuple[int, dict[str, Any]]]:
    return [(index, action.model_dump()) for index, action in enumerate(ctx.actions)] if ctx.interactive else []


def _picked(ctx: BoardContext, prefix: str) -> str | None:
    """The key part of the selection when it starts with `prefix:` ('legion:Bk01' -> 'Bk01')."""
    if ctx.selected and ctx.selected.startswith(prefix + ":"):
        return ctx.selected[len(prefix) + 1 :]
    return None


def _colour_of(view: dict[str, Any], seat: int | None) -> str:
    players = view.get("players", [])
    return str(players[seat]["colour"]) if seat is not None and 0 <= seat < len(players) else ""


def _owner(view: dict[str, Any], marker_code: str) -> int | None:
    return next((lg["owner"] for lg in view.get("legions", []) if lg["marker"] == marker_code), None)


# -- the masterboard ------------------------------------------------------------------------------------------


def _masterboard_layer(ctx: BoardContext) -> tuple[str, str]:
    """The overlay and the panel of the masterboard."""
    view = ctx.view
    actions = _indexed(ctx)
    phase = view.get("phase")
    selectable: list[tuple[str, str, str]] = []
    targets: list[tuple[int, int, str]] = []
    picked = _picked(ctx, "legion") or (_picked(ctx, "split") or "").split(":")[0] or None
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
    colour = _colour_of(view, legion["owner"])
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
    picked = _picked(ctx, "split") or ""
    code, _, leaving_text = picked.partition(":")
    legion = next((lg for lg in ctx.view.get("legions", []) if lg["marker"] == code), None)
    if legion is None or legion["contents"] is None:
        return ""
    leaving = sorted(n for n in leaving_text.split(",") if n)
    staying = list(legion["contents"])
    for name in leaving:
        if name in staying:
            staying.remove(name)
    colour = _colour_of(ctx.view, legion["owner"])
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
    colour = _colour_of(ctx.view, legion["owner"])
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


def _players_panel(view: dict[str, Any]) -> str:
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
    for role in ("attacker", "defender"):
        code = engagement.get(role, "")
        panel = _legion_panel(view, code)
        owner = _owner(view, code)
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
    parts = [_players_panel(view)]
    engagement = _engagement_panel(view)
    if engagement:
        parts.insert(0, engagement)
    if view.get("phase") == "split" and _picked(ctx, "split") is not None:
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


# -- the battleland --------------------------------------------------------------------------------------------


def _battle_units(view: dict[str, Any]) -> list[dict[str, Any]]:
    battle = view["battle"]
    units = []
    for index, unit in enumerate(battle["units"]):
        marker_code = battle["attacker"] if unit["side"] == "attacker" else battle["defender"]
        owner = _owner(view, marker_code)
        score = view["players"][owner]["score"] if owner is not None else 0
        units.append(
            {
                **unit,
                "index": index,
                "power": power_of(unit["name"], score),
                "skill": CREATURES[unit["name"]].skill,
                "colour": _colour_of(view, owner),
            }
        )
    return units


def _battle_layer(ctx: BoardContext) -> tuple[str, str]:
    view = ctx.view
    actions = _indexed(ctx)
    units = _battle_units(view)
    picked_text = _picked(ctx, "unit")
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
                targets.append((target["hex"], index, f"Carry {_extra_hits(view)} to the {target['name']}"))
    overlay = battleland_overlay(
        units,
        targets=targets,
        selectable=selectable,
        selected=picked,
        strike_targets=strikes,
        last_roll=view["battle"].get("last_roll"),
    )
    panel = _battle_panel(view, units, picked, {i: key for i, key, _words in selectable})
    return overlay, _entry_warning_html(ctx.state, picked if phase == "maneuver" else None) + panel


def _maneuver_words(ctx: BoardContext, unit: dict[str, Any], index: int, action: dict[str, Any]) -> str:
    """A hex the picked character may go to, in words, with what it would cost another character."""
    words = (
        f"Bring the {unit['name']} on at {action['hex']}"
        if unit["hex"] is None
        else f"Move the {unit['name']} to {action['hex']}"
    )
    warning = action_warning(ctx.state, ctx.actions[index])
    return f"{words} \u2014 {warning}" if warning else words


def _extra_hits(view: dict[str, Any]) -> str:
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


def _battle_panel(view: dict[str, Any], units: list[dict[str, Any]], picked: int | None, picks: dict[int, str]) -> str:
    battle = view["battle"]
    whose = battle["attacker"] if battle["active"] == "attacker" else battle["defender"]
    step = {"maneuver": "maneuvers", "strike": "strikes", "strikeback": "strikes back"}[battle["step"]]
    if battle["step"] == "strikeback":
        whose = battle["defender"] if battle["active"] == "attacker" else battle["attacker"]
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
        off = (
            "<section class='tt-reserve' aria-label='Not on the battleland yet'>"
            f"<p class='tt-row-title'>Not on the battleland yet</p><div class='tt-counters'>{''.join(buttons)}</div>"
            "</section>"
        )
    selected = ""
    if picked is not None and picked < len(units) and units[picked]["hex"]:  # one still to come on is lit above
        unit = units[picked]
        image = counter(unit["name"], unit["power"], unit["skill"], unit["colour"], hits=unit["hits"])
        selected = f"<p class='tt-picked'>{image} {esc(unit['name'])} in {esc(unit['hex'])}</p>"
    return (
        off + f"<section class='tt-battle-panel'><h2>Battle in {land.label} {esc(land.terrain)}</h2>"
        f"<p>Round {battle['round']} of 7: {esc(whose)} {step}. {esc(battle['attacker'])} attacks from edge "
        f"{battle['attacker_edge']}, {esc(battle['defender'])} defends.</p>{_last_roll_text(battle)}{selected}"
        "</section>"
        + _players_panel(view)
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


# -- the module's hooks ---------------------------------------------------------------------------------------


def _frame(key: str, svg: str, panel: str) -> str:
    board = "tt-on-battle" if key.startswith("battle:") else "tt-on-masterboard"  # the map's shape, for its size
    return (
        f"<div class='tt {board}' data-static='{esc(key)}'><div class='pz-frame'>"
        f"<div class='pz-viewport'><div class='pz-content'>{svg}</div></div>"
        "<div class='pz-controls'><button type='button' data-pz='in' aria-label='Zoom in'>+</button>"
        "<button type='button' data-pz='out' aria-label='Zoom out'>−</button>"
        "<button type='button' data-pz='reset' aria-label='Whole map'>⤢</button></div></div>"
        f"<div id='tt-panel' class='tt-panel'>{panel}</div></div>"
    )


def render_layers(ctx: BoardContext) -> tuple[str, str, dict[str, str]]:
    """The board: its key (which map), the whole markup, and the parts rewritten while the map stays."""
    view = ctx.view
    battle = view.get("battle")
    if battle:
        key = f"battle:{battle['land']}:{battle['attacker']}:{battle['defender']}"
        overlay, panel = _battle_layer(ctx)
        svg = battleland_map(LANDS[battle["land"]].terrain, overlay=f"<g id='tt-overlay'>{overlay}</g>")
    else:
        key = "masterboard"
        overlay, panel = _masterboard_layer(ctx)
        svg = masterboard_map(overlay=f"<g id='tt-overlay'>{overlay}</g>")
    return key, _frame(key, svg, panel), {"tt-overlay": overlay, "tt-panel": panel}


def render_board(ctx: BoardContext) -> str:
    """The whole board markup (`render_layers` without its parts)."""
    return render_layers(ctx)[1]


def shown_actions(ctx: BoardContext) -> tuple[list[int], str]:
    """The choices that get a button: everything not picked on the map, then the picked legion's or
    character's own choices (for the keyboard and for what the map shows once: other entry sides, higher
    strike numbers). The phase's own choices come first, so that a long list of targets (a defender's
    entry hexes) never pushes 'Done maneuvering' out of sight."""
    picked_legion = _picked(ctx, "legion")
    picked_unit = _picked(ctx, "unit")
    shown, targets = [], []
    on_map = False
    for index, action in _indexed(ctx):
        kind = action["kind"]
        if kind not in ON_MAP:
            shown.append(index)
            continue
        on_map = True
        mine = picked_legion is not None and action.get("marker") == picked_legion
        picked = picked_unit is not None and picked_unit.isdigit() and action.get("unit") == int(picked_unit)
        if kind in ("carry", "engage"):
            shown.append(index)
        elif mine or picked:
            targets.append(index)
    note = "Pick on the map: a legion or a character, then where it goes." if on_map else ""
    return shown + targets, note


def status_hint(ctx: BoardContext) -> str | None:
    """Who must do what, in the game's words."""
    view = ctx.view
    if view.get("phase") == "game_over":
        winner = view.get("winner", -1)
        if isinstance(winner, int) and winner >= 0:
            return f"{view['players'][winner]['name']} wins: the last Titan standing."
        return "A draw: the last Titans fell together."
    seat = view.get("current_player")
    if seat is None:
        return None
    name = view["players"][seat]["name"]
    return f"{name}: {_phase_hint(ctx)}"


ENGAGEMENT_WORDS = (("accept", "accept the terms"), ("fight", "fight"), ("flee", "flee"), ("concede", "concede"),
                    ("propose", "propose terms"))  # fmt: skip


def _either(choices: list[str]) -> str:
    """'fight, concede or propose terms'."""
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]


def _phase_hint(ctx: BoardContext) -> str:
    """What the player to move may do now, from his legal choices (the phase's general words without them)."""
    phase = str(ctx.view.get("phase"))
    kinds = {action.kind for action in ctx.actions}
    if not kinds:
        return PHASE_HINTS.get(phase, "choose")
    if phase == "split":
        if "end_splits" not in kinds:
            return "pick your legion to split it (on the map): the first turn begins with a split"
        return "pick a legion to split (on the map), or roll for movement" if "split" in kinds else "roll for movement"
    if phase == "engagement":
        return _either([words for kind, words in ENGAGEMENT_WORDS if kind in kinds])
    if phase == "carry":
        return _carry_hint(ctx)
    return PHASE_HINTS.get(phase, "choose")


def _carry_hint(ctx: BoardContext) -> str:
    """'carry the 2 extra hits to the Ogre (D4) or the Troll (E3), or drop them'."""
    battle = ctx.view.get("battle") or {}
    units = battle.get("units") or []
    targets = [
        f"the {units[a.target]['name']} ({units[a.target]['hex']})"  # type: ignore[attr-defined]
        for a in ctx.actions
        if a.kind == "carry" and 0 <= a.target < len(units)  # type: ignore[attr-defined]
    ]
    extra = _extra_hits(ctx.view) if battle else "the extra hits"
    return f"carry {extra} to {_either(targets)} (lit), or drop them" if targets else f"drop {extra}"


GROUP_TITLES = {"propose": "Or propose terms"}


def action_group(kind: str) -> str:
    """The action bar's heading for a kind of action (the terms one may propose come together)."""
    return GROUP_TITLES.get(kind, "")


def turn_label(view: dict[str, Any]) -> str:
    """'Turn 3 (Ann), in battle at 129' for the saved-game list: the turn, whose it is, and a battle or an
    engagement being resolved."""
    players = view.get("players") or []
    mover = view.get("mover")
    whose = f" ({players[mover]['name']})" if isinstance(mover, int) and 0 <= mover < len(players) else ""
    where = ""
    if view.get("battle"):
        where = f", in battle at {view['battle']['land']}"
    elif view.get("engagement"):
        where = f", engagement at {view['engagement'].get('land', '?')}"
    return f"Turn {view.get('turn_number', 1)}{whose}{where}"


def players_label(view: dict[str, Any]) -> list[str]:
    """Each player with his colour ('Ann (Black)', 'Bob (Blue, out)'), for the saved-game list."""
    return [
        f"{player['name']} ({player['colour']}{'' if player.get('alive', True) else ', out'})"
        for player in view.get("players") or []
    ]


def action_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    """What a choice does, under its label."""
    kind = data.get("kind")
    if kind == "muster" and data.get("creature") in CREATURES:
        creature = CREATURES[data["creature"]]
        return f"Power {creature.power}, skill {creature.skill}" + (", flies" if creature.flies else "")
    if kind == "flee":
        return "Your legion is eliminated; the attacker scores half its value."
    if kind == "fight":
        return "The battle is fought on the land's battleland."
    battle = view.get("battle")
    if kind == "end_maneuver" and battle:
        side = battle["active"]
        waiting = [u["name"] for u in battle["units"] if u["side"] == side and u["hex"] is None]
        if waiting and not battle["entered"][side]:
            return "Not brought on yet, and eliminated if you end now: " + ", ".join(waiting) + "."
    if kind == "end_splits":
        return "Then the movement roll."
    if kind == "acquire" and data.get("angel") in CREATURES:  # an Archangel or an Angel: what each brings
        angel = CREATURES[data["angel"]]
        return f"Power {angel.power}, skill {angel.skill}, flies"
    return ""


def hint_selection(view: dict[str, Any], data: dict[str, Any]) -> str | None:
    """What to pick on the map so that a hinted choice is drawn where it is made, and marked there: a split's
    halves with its Split button, a legion's lands or musters, a character's hexes or targets."""
    kind = data.get("kind")
    if kind == "split":
        return f"split:{data['marker']}:{','.join(sorted(data['leaving']))}"
    if kind in ("move", "muster"):
        return f"legion:{data['marker']}"
    if kind in ("maneuver", "strike", "rangestrike"):
        return f"unit:{data['unit']}"
    return None


def hint_stand_ins(data: dict[str, Any], actions: list[dict[str, Any]]) -> list[int]:
    """The choices the map draws for a hinted one it draws only as a button (the map shows a land once, whatever
    the side it is entered by, and a target once, at the lowest strike number): marked on the map with it."""
    same = {"move": ("marker", "land"), "strike": ("unit", "target")}.get(str(data.get("kind")))
    if same is None:
        return []
    return [
        index
        for index, other in enumerate(actions)
        if other.get("kind") == data["kind"] and other != data and all(other.get(k) == data.get(k) for k in same)
    ]


# -- what a battle decision costs (engine/titan/consequences.py), in words -------------------------------------

_STRANDING: list[Any] = [None, -1, {}]  # the last (state, unit) asked about and its answer: states never change


def _stranding(state: Any, unit: int) -> dict[str, list[int]]:
    """`consequences.stranded_by_entry`, kept for the state drawn last (the map's targets, the buttons and a
    tap's confirm all ask about the same picked character)."""
    if _STRANDING[0] is not state or _STRANDING[1] != unit:
        _STRANDING[:] = [state, unit, consequences.stranded_by_entry(state, unit)]
    return _STRANDING[2]  # type: ignore[no-any-return]


def _names_list(names: list[str]) -> str:
    """'the Titan', 'the Titan and the Ogre', 'the Ogre, the Troll and the Titan'."""
    named = [f"the {name}" for name in names]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def action_warning(state: Any, action: Any) -> str:
    """What a choice would cost that its words do not say ('the Titan could then not come on'), or ''."""
    battle = getattr(state, "battle", None)
    if battle is None or getattr(action, "kind", "") != "maneuver" or battle.units[action.unit].hex is not None:
        return ""
    stranded = _stranding(state, action.unit).get(action.hex, [])
    if not stranded:
        return ""
    return f"{_names_list([battle.units[i].name for i in stranded])} could then not come on"


def _entry_warning_html(state: Any, picked: int | None) -> str:
    """Under the picked character waiting to come on: the hexes that would leave another character off, and
    what that costs."""
    battle = getattr(state, "battle", None)
    if battle is None or picked is None or not 0 <= picked < len(battle.units) or battle.units[picked].hex:
        return ""
    stranding = _stranding(state, picked)
    if not stranding:
        return ""
    name = battle.units[picked].name
    lines = "".join(
        f"<li>At {esc(label)}: {esc(_names_list([battle.units[i].name for i in stranded]))} could then not come on "
        "and would be eliminated when you end maneuvering.</li>"
        for label, stranded in sorted(stranding.items())
    )
    return (
        f"<section class='tt-warning' role='note' aria-label='Careful where the {esc(name)} comes on'>"
        f"<h2>Careful where the {esc(name)} comes on</h2><ul>{lines}</ul></section>"
    )


def confirm_action(state: Any, action: Any) -> tuple[str, str, str] | None:
    """A choice that must be confirmed before it is played (on touch and with a mouse alike): (heading, text,
    the confirming button's words); None for any other choice. "Done maneuvering" that eliminates characters
    never brought on is one."""
    if getattr(action, "kind", "") != "end_maneuver" or getattr(state, "battle", None) is None:
        return None
    gone = consequences.eliminated_if_maneuver_ends(state)
    if not gone:
        return None
    battle = state.battle
    names = sorted((battle.units[i].name for i in gone), key=lambda name: (name != "Titan", name))
    listed = _names_list(names)
    were = "was" if len(names) == 1 else "were"
    them = "it" if len(names) == 1 else "them"
    text = f"{listed[0].upper()}{listed[1:]} {were} never brought on the battleland: ending now eliminates {them}."
    heading = f"Eliminate {listed}?"
    if "Titan" in names:
        seat = state.decider
        owner = state.seats[seat].name if seat is not None and 0 <= seat < len(state.seats) else "you"
        text += f" Without the Titan, {owner} is out of the game and loses every legion."
        heading = "Lose your Titan and the game?"
    return heading, text, f"Eliminate {them} and end"
