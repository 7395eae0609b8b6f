"""One player's Titan Dice board as SVG: creature tracks 0-4 with the cage, active and spent dice, the wound
track, cards, the bonus die and the player aid's Roll/Attack side, with its choices."""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext
from app.views.dice_art import card, card_slot, die, empty_slot, hit
from app.views.titan_dice_pieces import (
    BOARD_W,
    CREATURES,
    ROW_H,
    SEAT_COLORS,
    TRACK_TOP,
    Choices,
    dice_row,
    fit_text,
    int_set,
    track_row,
)


def player_board(player: dict[str, Any], ctx: BoardContext, choices: Choices, rolled: set[int]) -> str:
    """One player's board as an <svg>."""
    seat = int(player["seat"])
    view = ctx.view
    pending = view.get("pending") or {}
    deciding = bool(player.get("is_deciding"))
    chosen = int_set(pending.get("chosen")) | int_set(pending.get("aside")) if deciding else set()
    if deciding and isinstance(pending.get("die"), int):
        chosen |= {pending["die"]}
    # The first roll's wounds wait (still "in hand") for the re-roll decision: show their faces, marked.
    waiting_wounds = frozenset(int_set(pending.get("wound_dice"))) if deciding else frozenset()
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
        f"<text x='14' y='25' class='player-name' {fit_text(header_name, 250, 15)}>{esc(header_name)}</text>",
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
            track_row(
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
    parts.append(dice_row(8, 250, first_label, first_dice, choices, seat, rolled, chosen, first_key, 5, waiting_wounds))
    parts.append(
        dice_row(
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
