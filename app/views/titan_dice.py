"""The Titan Dice board as SVG strings, from `game.view(state, seat)` (shape documented in engine/titan_dice/view.py).

Drawn per region: the central card stacks (with round and first player), one
board per player (creature tracks 0-4 with the cage, active and spent dice,
wound track, cards, bonus die, the player aid's Roll/Attack side), and in solo
games the Exodus board. Each is its own <svg viewBox>, so they scale to the
width available and stack on a phone. Legal actions that map to a board
element (a die, a track, a card, a stack, a dice area) make that element a
focusable choice with data-action="<index>"; every action is also a button in
the action bar.

This module holds the hooks the app calls (app/views/__init__.py), the shared regions (the card stacks, the
Exodus board) and the game's words; a player's board is `titan_dice_player.py`, the pieces the regions share
`titan_dice_pieces.py`, the dice and cards `dice_art.py`.
"""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext, engine_status
from app.views.dice_art import COLORS, card, hit, symbol_defs
from app.views.titan_dice_pieces import BOARD_W, CREATURES, ROW_H, Choices, action_targets, fit_text, int_set, track_row
from app.views.titan_dice_player import player_board
from app.views.turn_summaries import titan_dice_turn

turn_summary = titan_dice_turn  # the hook of app/since.py: what a turn did, in a few words
GROUP_TITLES: dict[str, str] = {
    "capture": "Capture",
    "purchase": "Buy a card",
    "exchange": "Exchange a card",
    "activate": "Use a card",
    "pay": "Pay",
    "choose_die": "Choose a die",
    "choose_face": "New side",
    "attack_reroll": "Keep and re-roll",
    "remove_die": "Remove a die",
    "lose_creature": "Lose",
    "collect_creature": "Collect",
    "choose_type": "Creature type",
    "move_exodus": "Exodus",
    "flip_card": "Flip a card",
}


# -- the shared regions ----------------------------------------------------------------------------


def _center(view: dict[str, Any], choices: Choices) -> str:
    """The central card stacks with their costs, the round and the first player."""
    players = view.get("players", [])
    first = view.get("first_player")
    first_name = players[first]["name"] if isinstance(first, int) and 0 <= first < len(players) else ""
    height = 162
    parts = [
        f"<rect x='1' y='1' width='{BOARD_W - 2}' height='{height - 2}' rx='12' class='center-bg'/>",
        f"<text x='14' y='24' class='center-title'>Round {esc(view.get('round', 1))}</text>",
        f"<g transform='translate(104,13)'><circle cx='0' cy='6' r='9' fill='#facc15' stroke='#854d0e'/>"
        f"<text x='0' y='10' text-anchor='middle' class='token-text'>1st</text>"
        f"<text x='14' y='11' class='center-sub' {fit_text(first_name, 120 if view.get('end_triggered') else 230, 12)}>"
        f"{esc(first_name)}</text></g>",
    ]
    if view.get("end_triggered"):
        parts.append(
            f"<g transform='translate({BOARD_W - 118},8)'><rect width='106' height='22' rx='11' class='badge "
            "badge-end'/>"
            "<text x='53' y='15' text-anchor='middle' class='badge-text'>Final round</text></g>"
        )
    stacks = view.get("stacks", {})
    for column, creature in enumerate(CREATURES):
        x = 9 + column * 70
        stack = stacks.get(creature, [])
        depth = len(stack)
        drawn_parts = []
        for shadow in range(min(depth - 1, 3), 0, -1):
            drawn_parts.append(
                f"<rect x='{x + shadow * 2:g}' y='{46 + shadow * 2:g}' width='64' height='70' rx='7' fill='#e2e8f0' "
                "stroke='#94a3b8'/>"
            )
        if stack:
            top = stack[0]
            drawn_parts.append(
                card(x, 44, creature, int(top["level"]), str(top.get("ability", "")), int(top.get("cost", 0)))
            )
        else:
            drawn_parts.append(
                f"<rect x='{x:g}' y='44' width='64' height='70' rx='7' fill='none' stroke='#94a3b8' "
                f"stroke-dasharray='4 3'/><text x='{x + 32:g}' y='84' text-anchor='middle' "
                "class='card-small'>empty</text>"
            )
        drawn_parts.append(
            f"<text x='{x + 32:g}' y='136' text-anchor='middle' class='stack-label'>{creature.title()}</text>"
            f"<text x='{x + 32:g}' y='150' text-anchor='middle' class='card-small'>{depth} "
            f"card{'s' if depth != 1 else ''}"
            "</text>"
        )
        index, label = choices.get(f"stack:{creature}")
        parts.append(hit("".join(drawn_parts), index, label, (x - 4, 40, 72, 116)))
    return (
        f"<svg class='td-board-svg center-board' viewBox='0 0 {BOARD_W} {height}' role='group' "
        f"aria-label='Card stacks and round'>{''.join(parts)}</svg>"
    )


def _exodus(view: dict[str, Any], choices: Choices) -> str:
    """The solo NPC's Exodus board: creatures leave their cages and are lost at 0."""
    exodus = view.get("exodus") or {}
    track = exodus.get("track", {})
    height = 60 + 5 * ROW_H
    parts = [
        f"<rect x='1' y='1' width='{BOARD_W - 2}' height='{height - 2}' rx='12' class='exodus-bg'/>",
        "<text x='14' y='26' class='exodus-title'>Exodus</text>",
    ]
    # The lost creatures are marked on their rows; the header counts them, so it always fits the board.
    lost = len(exodus.get("lost", []))
    sub = (
        f"rolls {exodus.get('npc_dice', 1)} {'die' if exodus.get('npc_dice', 1) == 1 else 'dice'} this round · "
        f"{lost or 'none'} lost"
    )
    parts.append(f"<text x='92' y='26' class='exodus-sub' {fit_text(sub, BOARD_W - 104, 12)}>{esc(sub)}</text>")
    header = "".join(parts)
    index, label = choices.get("exodus:board")
    body = [hit(header, index, label, (4, 4, BOARD_W - 8, 34))]
    for row, creature in enumerate(CREATURES):
        body.append(
            track_row(
                8, 44 + row * ROW_H, creature, int(track.get(creature, 0)), choices, f"exodus:{creature}", exodus=True
            )
        )
    return (
        f"<svg class='td-board-svg exodus-board' viewBox='0 0 {BOARD_W} {height}' role='group' "
        f"aria-label='Exodus board'>{''.join(body)}</svg>"
    )


def _rolled_dice(ctx: BoardContext) -> dict[int, set[int]]:
    """Per seat, the dice to animate: those of the last actor when its action rolled."""
    if not ctx.rolled or ctx.actor is None or ctx.actor < 0:
        return {}
    players = ctx.view.get("players", [])
    if ctx.actor >= len(players):
        return {}
    dice = players[ctx.actor].get("dice", [])
    waiting = int_set((ctx.view.get("pending") or {}).get("wound_dice"))
    return {
        ctx.actor: {
            int(d["die"]) for d in dice if d.get("area") in ("active", "wound", "attack") or int(d["die"]) in waiting
        }
    }


def render_board(ctx: BoardContext) -> str:
    """The whole Titan Dice board: defs, center, (Exodus), and every player's board."""
    choices = Choices(ctx)
    view = ctx.view
    rolled = _rolled_dice(ctx)
    boards = [
        player_board(player, ctx, choices, rolled.get(int(player["seat"]), set())) for player in view.get("players", [])
    ]
    exodus = _exodus(view, choices) if view.get("exodus") else ""
    defs = symbol_defs().replace(
        "</svg>",
        "<defs><pattern id='td-back' width='8' height='8' patternUnits='userSpaceOnUse' "
        "patternTransform='rotate(45)'><rect width='8' height='8' fill='#475569'/>"
        "<rect width='4' height='8' fill='#334155'/></pattern></defs></svg>",
    )
    animate = " rolling" if rolled else ""
    # A decision about the players' own boards (dice just rolled, wounds, tracks, cards): on a phone the deciding
    # board comes first and the card stacks after the boards, so the choices sheet never hides those dice.
    about_boards = ctx.interactive and not any(key.startswith(("stack:", "exodus:")) for key in action_targets(ctx))
    focus = " td-about-boards" if about_boards else ""
    return (
        f"<div class='td{animate}{focus}'>{defs}<div class='td-top'>{_center(view, choices)}{exodus}</div>"
        f"<div class='td-players players-{len(boards)}'>{''.join(boards)}</div></div>"
    )


status_hint = engine_status  # the engine's own sentence of who must do what


def choices_note(ctx: BoardContext) -> str | None:
    """The text of the ability being carried out, shown above the choices."""
    pending = ctx.view.get("pending") or {}
    text = pending.get("ability_text")
    if not text:
        return None
    name = pending.get("ability", "")
    return f"{name}: {text}" if name else str(text)


def turn_label(view: dict[str, Any]) -> str:
    """'Round 3' for the saved-game list."""
    return f"Round {view.get('round', 1)}"


def action_group(kind: str) -> str:
    """The action bar's heading for a kind of action."""
    return GROUP_TITLES.get(kind, "")


def action_icon(data: dict[str, Any]) -> str:
    """A small symbol for an action button (the face or creature it names), or ''."""
    face = data.get("face") or data.get("creature")
    if face not in COLORS:
        return ""
    return (
        f"<svg class='btn-icon' viewBox='0 0 24 24' aria-hidden='true' focusable='false'>"
        f"<rect width='24' height='24' rx='5' fill='{COLORS[face]}'/>"
        f"<use href='#td-sym-{face}' x='3' y='3' width='18' height='18' color='#fff'/></svg>"
    )


ENDS_TURN = frozenset({"capture", "pass", "end_turn"})  # never the choice a key press picks by default


def action_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    """What a choice does, in full, under its label (a tooltip alone cannot be read on a phone)."""
    from engine.titan_dice.rules import ability_of

    kind = data.get("kind")
    if kind in ("purchase", "exchange", "activate"):
        name, text = ability_of(str(data["creature"]), int(data["level"]), bool(view.get("solo")))
        return f"{name}: {text}"
    if kind == "capture":
        return "Ends your turn: you are OUT for the round and attack from your next turn."
    if kind == "pass":
        return "Ends your turn without an action."
    return ""


def variant_label(view: dict[str, Any]) -> str:
    """'Solo against Exodus' for the saved-game list; '' for the standard game."""
    return "Solo against Exodus" if view.get("solo") else ""
