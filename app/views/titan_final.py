"""Battle Titan's end screen: who won (ties are ties), why the game ended, and each player's reckoning.

From the finished game's view (engine/titan/view.py, its "war" entry): each player's battle points by kind of
result, half the value of his living characters by character, the total, and his war trophies (kills by
creature). Standard Titan has no "war" entry and keeps the app's usual result (the hooks answer None or '').
"""

from __future__ import annotations

from typing import Any

from app.markup import attrs, esc
from app.views.titan_art import ink_on, player_colour

# The kinds of result that score (engine/titan/battle_titan/war_record.py), as the end screen names them.
KIND_WORDS = {
    "attack won": "Attacks won",
    "attack lost": "Attacks lost (warmongering)",
    "defence won": "Defences won",
}


def show(points: float) -> str:
    """12.0 as '12', 12.5 as '12.5' (halves are kept, never rounded)."""
    return str(int(points)) if float(points).is_integer() else f"{points:g}"


def _names(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _war(view: dict[str, Any]) -> dict[str, Any] | None:
    """The war record of a finished Battle Titan game, or None."""
    war = view.get("war")
    return war if isinstance(war, dict) and view.get("phase") == "game_over" else None


def head_line(view: dict[str, Any]) -> str:
    """'Ann wins with 52.5.' or 'Ann and Bob tie with 41.5.'"""
    war = _war(view) or {}
    totals = [float(total) for total in war.get("totals", [])]
    if not totals:
        return ""
    best = max(totals)
    names = [str(view["players"][seat]["name"]) for seat, total in enumerate(totals) if total == best]
    verb = "wins" if len(names) == 1 else "tie"
    return f"{_names(names)} {verb} with {show(best)}."


def end_reason(view: dict[str, Any]) -> str:
    """Why the game ended, from what was agreed at set-up."""
    end = (_war(view) or {}).get("end", {})
    kind = end.get("ending")
    turns = int(view.get("turn_number", 0))
    if kind == "rounds":
        why = f"the agreed {end.get('rounds')} rounds were played"
    elif kind == "time":
        minutes, seconds = divmod(int(end.get("seconds", 0)), 60)
        why = f"the agreed {int(end.get('limit', 0)) // 60} minutes were up (the game was open {minutes}:{seconds:02d})"
    elif kind in ("appearance", "extinction") and not (_war(view) or {}).get("ends"):
        what = "first muster" if kind == "appearance" else "dying out"
        why = f"round {end.get('last_round')} is the latest end, and it came before the {end.get('creature')}'s {what}"
    elif kind == "appearance":
        why = f"the first {end.get('creature')} was mustered"
    elif kind == "extinction":
        why = f"the {end.get('creature')} died out (none left alive on the board)"
    else:
        return ""
    return f"The game ended at the end of round {turns}: {why}; every player had {turns} turns."


def _counted(items: dict[str, Any]) -> str:
    """'Ogre ×2, Centaur'."""
    return ", ".join(f"{name} ×{count}" if int(count) > 1 else str(name) for name, count in items.items())


def final_lines(view: dict[str, Any]) -> list[str] | None:
    """The whole result in words, head first (the status line, the replay), or None for standard Titan."""
    war = _war(view)
    if war is None:
        return None
    lines = [head_line(view), end_reason(view)]
    for seat, total in enumerate(war["totals"]):
        half = float(total) - float(war["points"][seat])
        name = view["players"][seat]["name"]
        lines.append(f"{name}: {show(total)} ({war['points'][seat]} battle points + {show(half)} half the living)")
    return lines


def _player_card(view: dict[str, Any], war: dict[str, Any], seat: int, best: float, tied: bool) -> str:
    """One player's reckoning: battle points by kind, half-values of the living by character, total, trophies."""
    player = view["players"][seat]
    total, points = float(war["totals"][seat]), int(war["points"][seat])
    kinds = war["kinds"][seat]
    rows = [(KIND_WORDS.get(kind, kind.capitalize()), show(kinds.get(kind, 0))) for kind in KIND_WORDS]
    rows += [(kind.capitalize(), show(value)) for kind, value in kinds.items() if kind not in KIND_WORDS]
    rows.append(("Battle points", show(points)))
    rows.append(("Half the living", show(total - points)))
    living = war["living"][seat]
    alive = " · ".join(f"{name} {show(value)}" for name, value in living.items()) or "nobody alive"
    table = (
        "".join(f"<tr><th scope='row'>{esc(label)}</th><td>{esc(value)}</td></tr>" for label, value in rows)
        + f"<tr class='tt-final-living'><td colspan='2'>{esc(alive)}</td></tr>"
        + f"<tr class='tt-final-total'><th scope='row'>Total</th><td>{esc(show(total))}</td></tr>"
    )
    trophies = war["trophies"][seat]
    kills = _counted(trophies) if trophies else "none"
    fill = player_colour(str(player.get("colour", "")))
    badge = ("tie" if tied else "winner") if total == best else ""
    classes = "tt-final-player" + (" is-best" if badge else "")
    return (
        f"<li{attrs(class_=classes, data_seat=seat)}>"
        f"<h4 class='tt-final-name'><span class='tt-final-chip' style='background:{fill};color:{ink_on(fill)}'>"
        f"{esc(show(total))}</span> {esc(player['name'])}"
        + (f" <span class='tt-final-badge'>{badge}</span>" if badge else "")
        + f"</h4><table class='tt-final-table'>{table}</table>"
        f"<p class='tt-final-trophies'><b>War trophies</b> (kills): {esc(kills)}</p></li>"
    )


def final_html(view: dict[str, Any]) -> str:
    """The end screen's reckoning, best total first ('' for standard Titan)."""
    war = _war(view)
    if war is None:
        return ""
    totals = [float(total) for total in war["totals"]]
    best = max(totals)
    tied = totals.count(best) > 1
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    cards = "".join(_player_card(view, war, seat, best, tied) for seat in order)
    return (
        "<section class='tt-final' aria-labelledby='tt-final-title'>"
        "<h3 id='tt-final-title'>Battle Titan: the final reckoning</h3>"
        f"<p class='tt-final-reason'>{esc(end_reason(view))}</p>"
        f"<ol class='tt-final-players'>{cards}</ol></section>"
    )
