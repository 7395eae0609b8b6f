"""The Titan Race board as SVG/HTML strings, from `game.view(state, seat)` (shape: engine/titan_race/view.py).

Drawn per region: the circuit (one SVG per board; three in the Grand Slam) as a staggered grid of
flat-topped hexagons (columns A-F, rows 1-12 from the bottom; "straight ahead" is two rows up), each
circuit feature with its own fill and symbol (legend below), Bonus spaces, traps and the Titans as
coloured tokens carrying two letters each (never colour alone). Beside it: the dice pool of the
draft (each face's colour with a route symbol and its meaning in words) and one card per Titan
(life gauge, lap counter, Ability card face up or used, Bonus hand: the viewer's own cards by name,
the others only counted, K.O. and Shield markers).

Legal actions that name a space (start, move end, trap, hit, Ability or card target) make that space
a focusable choice with data-action="<index>"; every action is also a button in the action bar.
Move previews (the engine's `previews`) are drawn hidden, one group per action, and a generated
stylesheet shows a preview (path with numbered steps, wraps, slides and ramps as entered, the end
space, the Titans it would push) while its space or its button is hovered or focused.

This module holds the hooks the app calls (app/views/__init__.py), the side panel and the game's words; the
circuit with its choices, previews and animations is `titan_race_circuit.py`, the drawing pieces
`titan_race_art.py`.
"""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext, engine_status
from app.views.titan_race_art import BASE_FILL, FACE_SHORT, FEATURES, die_icon, feature_icon, hexagon, token, trap_icon
from app.views.titan_race_circuit import Choices, animation_style, circuit_svg, move_animations, preview_style
from app.views.turn_summaries import titan_race_turn

turn_summary = titan_race_turn  # the hook of app/since.py: what a turn did, in a few words
SECRETS = True  # Bonus hands are secret: hot-seat play needs the pass-the-device screen
SECRETS_SHOWN = "{name}'s Bonus cards"  # what the pass-the-device screen says the board shows
GROUP_TITLES: dict[str, str] = {
    "choose_titan": "Titans",
    "take_die": "Dice",
    "choose_face": "Face",
    "choose_start": "Start",
    "move": "Move",
    "place_trap": "Trap",
    "hit": "Hit",
    "use_ability": "Ability",
    "play_card": "Bonus card",
    "discard_card": "Discard",
    "reroll": "Pentacle",
    "end_turn": "End",
    "answer": "Answer",
}


# -- the side panel -----------------------------------------------------------------------------------------


def _pool(view: dict[str, Any], choices: Choices) -> str:
    """The dice pool of the draft (dice that map to a choice are buttons) and the acting Titan's die."""
    dice = view.get("dice", {})
    pool = list(dice.get("pool", []))
    items = []
    for index, face in enumerate(pool):
        choice = choices.get(f"die:{index}")
        inner = f"{die_icon(str(face), 34, label=choice is None)}"
        if choice is not None:
            action, label, _ = choice
            items.append(
                f"<li><button type='button' class='tr-die-btn' data-action='{action}' aria-label='{esc(label)}' "
                f"title='{esc(FACE_SHORT.get(str(face), ''))}'>{inner}</button></li>"
            )
        else:
            items.append(f"<li>{inner}</li>")
    taken = ""
    if dice.get("taken"):
        face = str(dice.get("face") or dice.get("taken"))
        taken = (
            f"<p class='tr-taken'>{die_icon(str(dice['taken']), 26)} <span>Die taken: "
            f"<b>{esc(str(dice['taken']).title())}</b>"
            + (f" → {esc(face.title())} action" if face != dice.get("taken") else "")
            + f" ({esc(FACE_SHORT.get(face, ''))})</span></p>"
        )
    listing = "".join(items) or "<li class='tr-empty'>No dice left in the pool.</li>"
    key = "".join(
        f"<li>{die_icon(face, 18, label=False)}<span><b>{face.title()}</b>: {esc(text)}</span></li>"
        for face, text in FACE_SHORT.items()
    )
    return (
        "<section class='tr-panel tr-dice' aria-label='Dice'>"
        f"<h3>Dice pool <small>round {esc(view.get('round', 1))}</small></h3><ul class='tr-pool'>{listing}</ul>{taken}"
        f"<details class='tr-dice-key'><summary>What the dice do</summary><ul>{key}</ul></details></section>"
    )


def _gauge(life: int, max_life: int) -> str:
    """A life gauge: one pip per point, filled up to the life left."""
    pips = "".join(
        f"<span class='tr-pip{' on' if i < life else ''}{' out' if i >= max_life else ''}'></span>" for i in range(6)
    )
    return f"<span class='tr-gauge' role='img' aria-label='Life {life} of {max_life}'>{pips}</span>"


def _titan_card(view: dict[str, Any], titan: dict[str, Any], grand_slam: bool) -> str:
    """One Titan's panel: token, names, life, lap, Ability card, Bonus hand, markers."""
    cards = view.get("cards", {})
    lap = int(titan.get("lap", 0))
    lap_text = "finished" if lap > 3 else ("not started" if titan.get("space") is None else f"lap {lap} of 3")
    used = bool(titan.get("ability_used"))
    ability = (
        f"<span class='tr-ability {'down' if used else 'up'}' title='{esc(titan.get('ability', ''))}'>"
        f"Ability {'used this turn (face down)' if used else 'ready (face up)'}</span>"
    )
    hand = titan.get("hand")
    count = int(titan.get("hand_count", 0))
    holder = titan.get("hand_holder", titan.get("index"))
    if holder != titan.get("index"):  # 2-player: one hand per player, held with her first Titan
        holder_name = next((t.get("name", "") for t in view.get("titans", []) if t.get("index") == holder), "")
        hand_html = f"<span class='tr-hand'>Plays from the hand held with {esc(holder_name)}</span>"
    elif hand is not None:
        # Your own cards with their text in full: a tooltip alone cannot be read on a phone.
        items = "".join(
            f"<li><b>{esc(cards.get(c, {}).get('name', c))}</b>: {esc(cards.get(c, {}).get('text', ''))}</li>"
            for c in hand
        )
        hand_html = (
            f"<span class='tr-hand'>Your Bonus cards:</span><ul class='tr-hand-cards'>{items}</ul>"
            if items
            else "<span class='tr-hand'>Your Bonus cards: none</span>"
        )
    else:
        backs = "".join("<span class='tr-card-back' aria-hidden='true'></span>" for _ in range(count))
        hand_html = f"<span class='tr-hand'>{backs}{count} Bonus card{'s' if count != 1 else ''} (hidden)</span>"
    markers = []
    if titan.get("ko") == "ko":
        markers.append("<span class='tr-marker tr-marker-ko'>K.O.</span>")
    elif titan.get("ko") == "recovering":
        markers.append("<span class='tr-marker tr-marker-ko'>K.O. (recovering)</span>")
    if titan.get("shielded"):
        markers.append("<span class='tr-marker tr-marker-shield'>Shield</span>")
    if grand_slam:
        markers.append(f"<span class='tr-marker'>Board {int(titan.get('board', 0)) + 1}</span>")
    if len(set(view.get("teams", []))) > 1 and view.get("variant") == "teams":
        markers.append(f"<span class='tr-marker'>Team {int(titan.get('team', 0)) + 1}</span>")
    where = str(titan.get("space") or "off the circuit")
    acting = " is-acting" if titan.get("is_acting") else ""
    return (
        f"<li class='tr-titan{acting}'>"
        f"<svg class='tr-titan-token' viewBox='0 0 32 32' aria-hidden='true'>{token(titan, 16, 16, 12)}</svg>"
        f"<div class='tr-titan-body'><div class='tr-titan-head'><b>{esc(titan.get('name', ''))}</b> "
        f"<span class='tr-owner'>{esc(titan.get('owner_name', ''))}</span>{''.join(markers)}</div>"
        f"<div class='tr-titan-line'>{_gauge(int(titan.get('life', 0)), int(titan.get('max_life', 6)))}"
        f"<span class='tr-lap'>{esc(lap_text)} · {esc(where)}</span></div>"
        f"<div class='tr-titan-line'>{ability}{hand_html}</div></div></li>"
    )


def _legend(view: dict[str, Any]) -> str:
    """What the circuit's drawings mean (only the features on the boards shown)."""
    present: list[str] = []
    for circuit in view.get("circuits", []):
        for space in circuit.get("spaces", []):
            for feature in space.get("features", []):
                if feature in FEATURES and feature not in present:
                    present.append(feature)
    rows = []
    for feature in present:
        fill, text = FEATURES[feature]
        ramp = "NE" if feature == "super_ramp" else ""
        rows.append(
            f"<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
            f"<polygon points='{hexagon(20, 18, 17)}' fill='{fill}' class='tr-hex'/>"
            f"{feature_icon(feature, 20, 14, ramp)}</svg><span>{esc(text)}</span></li>"
        )
    rows.append(
        "<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
        f"<polygon points='{hexagon(20, 18, 17)}' fill='{BASE_FILL}' class='tr-hex'/>"
        f"{feature_icon('bonus', 11, 26)}</svg><span>Bonus space: draw a card when you cross it</span></li>"
        "<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
        f"<polygon points='{hexagon(20, 18, 17)}' fill='{BASE_FILL}' class='tr-hex'/>{trap_icon(20, 18)}</svg>"
        "<span>Trap: 1 damage to the Titan that steps on it</span></li>"
        "<li><svg viewBox='0 0 40 36' class='tr-legend-icon' aria-hidden='true'>"
        f"<polygon points='{hexagon(20, 18, 17)}' fill='{BASE_FILL}' class='tr-hex tr-start'/></svg>"
        "<span>Start spaces A1, C1, E1; the edges wrap (top to bottom completes a lap)</span></li>"
    )
    return f"<details class='tr-panel tr-legend' open><summary>Legend</summary><ul>{''.join(rows)}</ul></details>"


def render_board(ctx: BoardContext) -> str:
    """The whole Titan Race board: circuit(s), dice pool, Titans, legend."""
    view = ctx.view
    choices = Choices(ctx)
    circuits = view.get("circuits", [])
    grand_slam = len(circuits) > 1
    boards = "".join(circuit_svg(view, board, choices, titled=grand_slam, ctx=ctx) for board in range(len(circuits)))
    titans = "".join(_titan_card(view, titan, grand_slam) for titan in view.get("titans", []))
    plans = move_animations(ctx)
    animated = " rolling" if plans else ""  # the controller removes "rolling" on any click: a skip
    info = (
        f"<p class='tr-info'>Bonus deck: {esc(view.get('deck_count', 0))} · discard: "
        f"{esc(len(view.get('discard', [])))} · traps in supply: {esc(view.get('trap_supply', 0))}</p>"
    )
    side = (
        f"{_pool(view, choices)}<section class='tr-panel' aria-label='Titans'><h3>Titans</h3>"
        f"<ul class='tr-titans'>{titans}</ul>{info}</section>{_legend(view)}"
    )
    return (
        f"<div class='tr{' tr-slam' if grand_slam else ''}{animated}'>{preview_style(choices)}"
        f"{animation_style(plans, view.get('titans', []))}"
        f"<div class='tr-boards boards-{len(circuits)}'>{boards}</div><div class='tr-side'>{side}</div></div>"
    )


status_hint = engine_status  # the engine's own sentence of who must do what


def choices_note(ctx: BoardContext) -> str | None:
    """The action of the die being carried out, or the question being asked."""
    question = ctx.view.get("question") or {}
    if question.get("prompt"):
        return str(question["prompt"])
    dice = ctx.view.get("dice", {})
    face = dice.get("face")
    if ctx.view.get("phase") == "turn" and face:
        return f"{str(face).title()} die: {dice.get('faces', {}).get(face, '')}"
    if ctx.view.get("phase") in ("draft", "choose_face"):
        return (
            "Each die's button says what it does (a die on the board too, tapped once or hovered); "
            "“What the dice do” lists every face."
        )
    return None


def turn_label(view: dict[str, Any]) -> str:
    """'Round 3' for the saved-game list."""
    return f"Round {view.get('round', 1)}"


def action_group(kind: str) -> str:
    """The action bar's heading for a kind of action."""
    return GROUP_TITLES.get(kind, "")


def action_icon(data: dict[str, Any]) -> str:
    """A die for the draft and faces, a token for the Titans; '' otherwise."""
    kind = data.get("kind")
    if kind in ("take_die", "choose_face"):
        return die_icon(str(data.get("face", "")), 22, label=False).replace("class='tr-die'", "class='btn-icon tr-die'")
    if kind == "choose_titan":
        from engine.titan_race.data import TITANS

        spec = TITANS.get(str(data.get("titan")))
        if spec is None:
            return ""
        titan = {"titan": data["titan"], "colour": spec.colour, "name": spec.name}
        return (
            "<svg class='btn-icon' viewBox='0 0 24 24' aria-hidden='true' focusable='false'>"
            f"{token(titan, 12, 12, 11)}</svg>"
        )
    return ""


ENDS_TURN = frozenset({"end_turn"})  # never the choice a key press picks by default


def action_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    """What a choice does, in full, under its label (a tooltip alone cannot be read on a phone)."""
    from engine.titan_race.data import BONUS_CARDS, FACE_TEXT, TITANS

    kind = data.get("kind")
    if kind == "choose_titan" and data.get("titan") in TITANS:
        spec = TITANS[data["titan"]]
        return f"Ability: {spec.ability} Starts with {spec.start_life} Life Points."
    if kind in ("take_die", "choose_face") and data.get("face") in FACE_TEXT:
        return FACE_TEXT[data["face"]]
    if kind in ("play_card", "discard_card") and data.get("card") in BONUS_CARDS:
        return BONUS_CARDS[data["card"]].text
    if kind == "use_ability":
        titan = next((t for t in view.get("titans", []) if t.get("is_acting")), None)
        return f"Ability: {titan['ability']}" if titan else ""
    return ""


def _progress(titan: dict[str, Any]) -> int:
    """Rows raced: completed laps times 12 plus the row (0 off the circuit)."""
    space = titan.get("space")
    if not space:
        return 0
    return (int(titan.get("lap", 1)) - 1) * 12 + int(str(space)[1:])


def result_lines(view: dict[str, Any]) -> list[str]:
    """The finishing order of the Titans: the winner first, then by how far each got (lap and row)."""
    titans = list(view.get("titans", []))
    winner = view.get("winner")
    ordered = sorted(titans, key=lambda t: (t.get("index") != winner, -_progress(t)))
    lines = []
    for place, titan in enumerate(ordered, start=1):
        who = f"{titan.get('name', '')} ({titan.get('owner_name', '')})"
        if titan.get("index") == winner:
            where = "completed the third lap"
        elif not titan.get("space"):
            where = "never entered the circuit"
        else:
            lap = min(int(titan.get("lap", 1)), 3)
            where = f"lap {lap} of 3, row {int(str(titan['space'])[1:])} of 12 ({titan['space']})"
            circuits = view.get("circuits", [])
            if len(circuits) > 1:  # Grand Slam: each lap on its own circuit
                where += f" on {circuits[min(int(titan.get('board', 0)), len(circuits) - 1)].get('name', '')}"
            if titan.get("ko"):
                where += ", K.O."
        lines.append(f"{place}. {who}: {where}")
    return lines


VARIANT_WORDS = {"two_player": "Two Titans each", "teams": "Teams", "grand_slam": "Grand Slam"}


def variant_label(view: dict[str, Any]) -> str:
    """The circuit(s) and the variant, for the saved-game list."""
    circuits = " \u2192 ".join(str(c.get("name", "")) for c in view.get("circuits", []))
    variant = VARIANT_WORDS.get(str(view.get("variant", "")), "")
    return f"{variant}: {circuits}" if variant else circuits
