"""The Titan Dice board as SVG strings, from `game.view(state, seat)` (shape documented in engine/titan_dice/view.py).

Drawn per region: the central card stacks (with round and first player), one
board per player (creature tracks 0-4 with the cage, active and spent dice,
wound track, cards, bonus die, the player aid's Roll/Attack side), and in solo
games the Exodus board. Each is its own <svg viewBox>, so they scale to the
width available and stack on a phone. Legal actions that map to a board
element (a die, a track, a card, a stack, a dice area) make that element a
focusable choice with data-action="<index>"; every action is also a button in
the action bar.
"""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext, engine_status
from app.views.dice_art import COLORS, LIGHT, card, card_slot, chip, die, empty_slot, hit, symbol_defs

CREATURES = ("chimera", "gryphon", "hydra", "kraken", "minotaur")
SEAT_COLORS = ("#2563eb", "#db2777", "#0d9488", "#ea580c")
BOARD_W = 360
DIE = 34
DIE_STEP = 40
ROW_H = 40
TRACK_TOP = 44

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


# -- action -> board element ---------------------------------------------------------------------


def _targets(ctx: BoardContext) -> dict[str, int]:
    """Board element keys -> the first legal action index drawn there."""
    seat = ctx.state.current_player
    targets: dict[str, int] = {}
    if not ctx.interactive or seat is None:
        return targets
    for index, action in enumerate(ctx.actions):
        key = _target_key(action.model_dump(), seat)
        if key is not None and key not in targets:
            targets[key] = index
    return targets


def _target_key(data: dict[str, Any], seat: int) -> str | None:
    """The board element an action maps to, or None (action bar only)."""
    kind = data.get("kind")
    if kind in ("choose_die", "remove_die"):
        return f"die:{seat}:{data['die']}"
    if kind in ("capture", "lose_creature", "collect_creature"):
        return f"track:{seat}:{data['creature']}"
    if kind in ("activate", "flip_card"):
        return f"card:{seat}:{data['creature']}"
    if kind == "purchase":
        return f"stack:{data['creature']}"
    if kind == "exchange":
        source = data.get("from_seat", -1)
        return f"stack:{data['creature']}" if source < 0 else f"card:{source}:{data['creature']}"
    if kind == "roll":
        return f"area:{seat}:{data['which']}" if data.get("which") in ("active", "spent") else None
    if kind == "roll_five":
        return f"area:{seat}:active"
    if kind == "attack_roll":
        return f"aid:{seat}"
    if kind in ("reroll_wounds",):
        return f"wounds:{seat}"
    if kind == "move_exodus":
        return f"exodus:{data['creature']}"
    if kind == "roll_exodus":
        return "exodus:board"
    return None


class _Choices:
    """Looks up the action index and label for a board element key."""

    def __init__(self, ctx: BoardContext) -> None:
        self.map = _targets(ctx)
        self.labels = ctx.labels

    def get(self, key: str) -> tuple[int | None, str]:
        """(action index, label) of the choice drawn at `key`, or (None, '')."""
        index = self.map.get(key)
        return (index, self.labels[index]) if index is not None else (None, "")


# -- pieces ------------------------------------------------------------------------------------------


def _track_row(
    x: float,
    y: float,
    creature: str,
    value: int,
    choices: _Choices,
    key: str,
    *,
    caged_at: int = 4,
    exodus: bool = False,
    changed: bool = False,
) -> str:
    """One creature track: chip and name, spaces 0..4 (4 is the cage), the marker on `value` (`changed`: ringed,
    the last move moved it)."""
    color = COLORS[creature]
    parts = [chip(x, y + 6, 28, creature)]
    parts.append(
        f"<text x='{x + 34:g}' y='{y + 18:g}' class='track-name'>{creature.title()}</text>"
        f"<text x='{x + 34:g}' y='{y + 31:g}' class='track-value'>{value}{' lost' if exodus and value == 0 else ''}"
        f"{' caged' if not exodus and value >= caged_at else ''}</text>"
    )
    for space in range(5):
        cx = x + 112 + space * 28
        cy = y + 20
        if space == caged_at:
            parts.append(
                f"<rect x='{cx - 13:g}' y='{cy - 13:g}' width='26' height='26' rx='4' fill='{LIGHT[creature]}' "
                f"stroke='{color}' stroke-width='1.5'/>"
                + "".join(
                    f"<line x1='{cx - 13 + b * 6.5:g}' y1='{cy - 13:g}' x2='{cx - 13 + b * 6.5:g}' y2='{cy + 13:g}' "
                    f"stroke='{color}' stroke-width='1.2' stroke-opacity='.55'/>"
                    for b in (1, 2, 3)
                )
            )
        else:
            parts.append(
                f"<circle cx='{cx:g}' cy='{cy:g}' r='11' fill='{LIGHT[creature] if space else '#f1f5f9'}' "
                f"stroke='#cbd5e1'/><text x='{cx:g}' y='{cy + 4:g}' text-anchor='middle' "
                f"class='space-num'>{space}</text>"
            )
    marker_x = x + 112 + min(4, max(0, value)) * 28
    if exodus and value == 0:
        parts.append(
            f"<g transform='translate({marker_x - 11:g},{y + 9:g})'><circle cx='11' cy='11' r='11' fill='#475569'/>"
            "<use href='#td-sym-wound' x='4' y='4' width='14' height='14' color='#fff'/></g>"
        )
    else:
        if changed:
            parts.append(f"<circle cx='{marker_x:g}' cy='{y + 20:g}' r='15.5' class='last-change'/>")
        parts.append(
            f"<g class='marker'><circle cx='{marker_x:g}' cy='{y + 20:g}' r='12' fill='{color}' stroke='#fff' "
            f"stroke-width='2'/><use href='#td-sym-{creature}' x='{marker_x - 8:g}' y='{y + 12:g}' width='16' "
            "height='16' color='#fff'/></g>"
        )
    row = f"<g class='track'>{''.join(parts)}</g>"
    index, label = choices.get(key)
    return hit(row, index, label, (x - 2, y, 246, ROW_H), "choice-row")


def _dice_row(
    x: float,
    y: float,
    label: str,
    dice: list[dict[str, Any]],
    choices: _Choices,
    seat: int,
    rolled: set[int],
    chosen: set[int],
    area_key: str | None,
    slots: int = 5,
    shown_faces: frozenset[int] = frozenset(),
) -> str:
    """A labelled row of dice (an area of the board); dice that are choices are clickable."""
    parts = [f"<text x='{x:g}' y='{y + 22:g}' class='area-label'>{esc(label)}</text>"]
    start = x + 62
    shown = 0
    for entry in dice:
        dx = start + shown * DIE_STEP
        face = str(entry["face"])
        index = int(entry["die"])
        cls = []
        if index in rolled:
            cls.append("just-rolled")
        if index in chosen:
            cls.append("chosen")
        if entry.get("area") == "removed":
            cls.append("removed")
        unrolled = entry.get("area") == "hand" and index not in shown_faces
        if unrolled:
            cls.append("unrolled")
        what = "bonus die" if entry.get("bonus") else "die"
        title = f"{face.title()} {what}" + (" (out of play)" if entry.get("area") == "removed" else "")
        if unrolled:
            drawn = (
                f"<g class='die unrolled' transform='translate({dx:g},{y + 3:g})'><title>Die not rolled yet</title>"
                f"<rect width='{DIE}' height='{DIE}' rx='6' fill='#f8fafc' stroke='#94a3b8'/>"
                f"<text x='{DIE / 2:g}' y='{DIE / 2 + 5:g}' text-anchor='middle' class='unrolled-mark'>?</text></g>"
            )
        else:
            drawn = die(dx, y + 3, DIE, face, cls=" ".join(cls), label=title)
        action, action_label = choices.get(f"die:{seat}:{index}")
        parts.append(hit(drawn, action, action_label, (dx - 3, y, DIE + 6, DIE + 6)))
        shown += 1
    for slot in range(shown, slots):
        parts.append(empty_slot(start + slot * DIE_STEP, y + 3, DIE))
    row = "".join(parts)
    if area_key is not None:
        action, action_label = choices.get(area_key)
        if action is not None:
            width = max(slots, shown) * DIE_STEP + 62
            return hit(f"<g>{row}</g>", action, action_label, (x - 4, y - 1, width, DIE + 8), "choice-area")
    return row


def _fit(text: str, width: float, size: float) -> str:
    """A font-size attribute that fits `text` in about `width` units (long names shrink, never cut)."""
    estimate = len(text) * size * 0.6
    fitted = size if estimate <= width else max(8.0, size * width / estimate)
    return f"style='font-size:{fitted:.1f}px'"


def _int_set(value: Any) -> set[int]:
    """A set of die indices from a pending field (an int, a list of ints, or anything else: empty)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list):
        return {v for v in value if isinstance(v, int) and not isinstance(v, bool)}
    return set()


# -- boards -------------------------------------------------------------------------------------------


def _player_board(player: dict[str, Any], ctx: BoardContext, choices: _Choices, rolled: set[int]) -> str:
    """One player's board as an <svg>."""
    seat = int(player["seat"])
    view = ctx.view
    pending = view.get("pending") or {}
    deciding = bool(player.get("is_deciding"))
    chosen = _int_set(pending.get("chosen")) | _int_set(pending.get("aside")) if deciding else set()
    if deciding and isinstance(pending.get("die"), int):
        chosen |= {pending["die"]}
    # The first roll's wounds wait (still "in hand") for the re-roll decision: show their faces, marked.
    waiting_wounds = frozenset(_int_set(pending.get("wound_dice"))) if deciding else frozenset()
    chosen |= waiting_wounds
    seat_color = SEAT_COLORS[seat % len(SEAT_COLORS)]
    height = 432
    name = str(player["name"])
    header_name = name + (" (AI)" if player.get("is_ai") else "")
    badges = []
    if player.get("is_first_player"):
        badges.append(
            "<g class='first-token'><circle cx='0' cy='0' r='11' fill='#facc15' stroke='#854d0e'/>"
            "<text x='0' y='4' text-anchor='middle' class='token-text'>1st</text></g>"
        )
    if view.get("game_over"):
        status = "Winner" if seat in (view.get("winners") or []) else ""
    elif player.get("is_out"):
        status = "OUT"
    else:
        status = (
            ("Thinking" if player.get("is_ai") else "Deciding")
            if deciding
            else ("Turn" if player.get("is_turn") else "")
        )
    parts = [
        f"<rect x='1' y='1' width='{BOARD_W - 2}' height='{height - 2}' rx='12' class='board-bg"
        f"{' board-deciding' if deciding else ''}'/>",
        f"<path d='M1 13a12 12 0 0 1 12-12h{BOARD_W - 26}a12 12 0 0 1 12 12v23H1z' fill='{seat_color}'/>",
        f"<text x='14' y='25' class='player-name' {_fit(header_name, 250, 15)}>{esc(header_name)}</text>",
    ]
    if len(view.get("players", [])) > 1:  # solo: a win or a loss against Exodus, no points
        parts.append(
            f"<text x='{BOARD_W - 12}' y='25' text-anchor='end' class='player-score'>{esc(player.get('score', 0))} "
            "pts</text>"
        )
    if badges:
        parts.append(f"<g transform='translate({BOARD_W - 84},18)'>{badges[0]}</g>")
    if status:
        parts.append(
            f"<g transform='translate({BOARD_W - 96},44)'><rect width='84' height='22' rx='11' "
            f"class='badge badge-{status.lower()}'/><text x='42' y='15' text-anchor='middle' class='badge-text'>"
            f"{status}</text></g>"
        )
    # Creature tracks (a marker the last move moved is ringed).
    track = player.get("track", {})
    before_players = (ctx.previous or {}).get("players", [])
    before = before_players[seat].get("track", {}) if seat < len(before_players) else track
    for row, creature in enumerate(CREATURES):
        value = int(track.get(creature, 0))
        parts.append(
            _track_row(
                8,
                TRACK_TOP + row * ROW_H,
                creature,
                value,
                choices,
                f"track:{seat}:{creature}",
                changed=int(before.get(creature, value)) != value,
            )
        )
    # Right column: wounds, player aid side, bonus die.
    rx = 262
    wounds = player.get("wounds", {})
    wound_dice, markers = int(wounds.get("dice", 0)), int(wounds.get("markers", 0))
    wound_parts = [f"<text x='{rx:g}' y='86' class='area-label'>Wounds {wound_dice + markers}/3</text>"]
    for slot in range(3):
        sx = rx + slot * 30
        if slot < wound_dice:
            wound_parts.append(die(sx, 92, 26, "wound", label="Wound die"))
        elif slot < wound_dice + markers:
            wound_parts.append(
                f"<g class='wound-marker' transform='translate({sx:g},92)'><title>Wound marker</title>"
                "<circle cx='13' cy='13' r='12.5' fill='#7f1d1d' stroke='#fecaca'/>"
                "<use href='#td-sym-wound' x='5' y='5' width='16' height='16' color='#fff'/></g>"
            )
        else:
            wound_parts.append(empty_slot(sx, 92, 26))
    index, label = choices.get(f"wounds:{seat}")
    parts.append(hit("".join(wound_parts), index, label, (rx - 4, 72, 94, 50)))
    out = bool(player.get("is_out"))
    attack = player.get("attack", {})
    aid = (
        f"<g transform='translate({rx - 2:g},128)'><rect width='92' height='54' rx='8' "
        f"class='aid {'aid-attack' if out else 'aid-roll'}'/>"
        f"<text x='46' y='20' text-anchor='middle' class='aid-title'>{'ATTACK' if out else 'ROLL · ACT'}</text>"
        f"<text x='46' y='38' text-anchor='middle' class='aid-sub'>"
        f"{'rolls ' + str(attack.get('dice', 5)) + ' dice' if out else 'player aid'}"
        f"{' +G' if attack.get('gryphon_bonus') else ''}</text></g>"
    )
    index, label = choices.get(f"aid:{seat}")
    parts.append(hit(aid, index, label, (rx - 4, 124, 96, 62)))
    bonus = player.get("bonus_die", {})
    parts.append(f"<text x='{rx:g}' y='204' class='area-label'>Bonus die</text>")
    if bonus.get("area") == "box" or bonus.get("face") is None:
        parts.append(
            f"<g transform='translate({rx:g},210)'><rect width='30' height='30' rx='6' fill='#fff' stroke='#64748b' "
            "stroke-dasharray='4 2'/><text x='15' y='20' text-anchor='middle' class='card-small'>box</text></g>"
        )
    else:
        parts.append(
            f"<g transform='translate({rx + 36:g},232)'><text "
            f"class='card-small'>{esc(bonus.get('area', ''))}</text></g>"
        )
        parts.append(die(rx, 210, 30, str(bonus["face"]), label=f"Bonus die: {str(bonus['face']).title()}"))
    # Dice areas.
    dice = player.get("dice", [])
    regular_rows: dict[str, list[dict[str, Any]]] = {"active": [], "spent": [], "attack": [], "removed": [], "hand": []}
    for entry in dice:
        area = str(entry.get("area"))
        if entry.get("bonus") and area == "box":
            continue
        if area in regular_rows:
            regular_rows[area].append(entry)
    if out:
        first_label, first_dice, first_key = "Attack", regular_rows["attack"] + regular_rows["active"], None
    else:
        first_label, first_dice = "Active", regular_rows["hand"] + regular_rows["active"]
        first_key = f"area:{seat}:active"
    parts.append(
        _dice_row(8, 250, first_label, first_dice, choices, seat, rolled, chosen, first_key, 5, waiting_wounds)
    )
    parts.append(
        _dice_row(
            8,
            294,
            "Spent",
            regular_rows["spent"] + regular_rows["removed"],
            choices,
            seat,
            rolled,
            chosen,
            f"area:{seat}:spent",
            5,
        )
    )
    # Cards: one slot per creature type (a player never holds two cards of a type).
    cards = {str(owned["creature"]): owned for owned in player.get("cards", [])}
    parts.append(f"<text x='8' y='352' class='area-label'>Cards ({len(cards)})</text>")
    for slot, creature in enumerate(CREATURES):
        cx = 8 + slot * 69
        owned = cards.get(creature)
        if owned is None:
            parts.append(card_slot(cx, 358, creature))
            continue
        drawn = card(
            cx,
            358,
            creature,
            int(owned["level"]),
            str(owned.get("ability", "")),
            int(owned.get("cost", 0)),
            face_up=bool(owned.get("face_up", True)),
        )
        index, label = choices.get(f"card:{seat}:{creature}")
        parts.append(hit(drawn, index, label, (cx - 3, 355, 70, 76)))
    title = f"{name}'s board" + (" (deciding)" if deciding else "")
    return (
        f"<svg class='td-board-svg player-board{' is-deciding' if deciding else ''}' viewBox='0 0 {BOARD_W} {height}' "
        f"role='group' aria-label='{esc(title)}'>{''.join(parts)}</svg>"
    )


def _center(view: dict[str, Any], choices: _Choices) -> str:
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
        f"<text x='14' y='11' class='center-sub' {_fit(first_name, 120 if view.get('end_triggered') else 230, 12)}>"
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


def _exodus(view: dict[str, Any], choices: _Choices) -> str:
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
    parts.append(f"<text x='92' y='26' class='exodus-sub' {_fit(sub, BOARD_W - 104, 12)}>{esc(sub)}</text>")
    header = "".join(parts)
    index, label = choices.get("exodus:board")
    body = [hit(header, index, label, (4, 4, BOARD_W - 8, 34))]
    for row, creature in enumerate(CREATURES):
        body.append(
            _track_row(
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
    waiting = _int_set((ctx.view.get("pending") or {}).get("wound_dice"))
    return {
        ctx.actor: {
            int(d["die"]) for d in dice if d.get("area") in ("active", "wound", "attack") or int(d["die"]) in waiting
        }
    }


def render_board(ctx: BoardContext) -> str:
    """The whole Titan Dice board: defs, center, (Exodus), and every player's board."""
    choices = _Choices(ctx)
    view = ctx.view
    rolled = _rolled_dice(ctx)
    boards = [
        _player_board(player, ctx, choices, rolled.get(int(player["seat"]), set()))
        for player in view.get("players", [])
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
    about_boards = ctx.interactive and not any(key.startswith(("stack:", "exodus:")) for key in _targets(ctx))
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
