"""Born of Titans' Crew Sheets: each player's seven Shields 0-6 with her Crew and Prophecy counters and completed
Quests, her Hero with its totals, Gear, Ally, Divine counters (face up to herself, counted face down to the others),
Lose Turn and Hubris."""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views.born_of_titans_words import chip, face_down, name_of, playing_for_places, seat_colour

SHIELDS = range(7)


def _shield(number: int, row: dict[str, Any]) -> str:
    """One Shield: its number, and the Crew (C), Prophecy (P) and completed Quest (Q) counters on it."""
    marks = []
    words = [f"Shield {number}"]
    if row.get("crew") == number:
        marks.append("<span class='bt-mark bt-mark-crew'>C</span>")
        words.append(f"Crew {number}")
    if track(row) == number:
        marks.append("<span class='bt-mark bt-mark-prophecy'>P</span>")
        words.append(f"Prophecy {number}{_committed_words(row)}")
    quest = (row.get("quests") or {}).get(str(number))
    if quest:
        marks.append("<span class='bt-mark bt-mark-quest'>Q</span>")
        words.append(f"completed Quest: {name_of(quest)}")
    filled = " is-filled" if quest else ""
    return (
        f"<li class='bt-shield{filled}' aria-label='{esc(', '.join(words))}'><span class='bt-shield-no'>{number}</span>"
        f"<span class='bt-marks'>{''.join(marks)}</span></li>"
    )


def track(row: dict[str, Any]) -> int:
    """Where her Prophecy counter stands: the points she may use and those committed in her Challenge under way
    (they stay on the track until the Challenge ends)."""
    return int(row.get("prophecy") or 0) + int(row.get("prophecy_committed") or 0)


def _committed_words(row: dict[str, Any]) -> str:
    committed = int(row.get("prophecy_committed") or 0)
    return f" ({committed} committed, spent when the Challenge ends)" if committed else ""


def _committed_note(row: dict[str, Any]) -> str:
    committed = int(row.get("prophecy_committed") or 0)
    return f" · {committed} of her {track(row)} Prophecy committed" if committed else ""


def _divine(row: dict[str, Any], selected: str | None) -> str:
    """Her Divine counters: by name to herself (her view lists them), else only how many lie face down."""
    if "divine" in row:
        keys = list(row.get("divine") or [])
        if not keys:
            return "<span class='bt-none'>No Divine counters</span>"
        return "".join(chip(key, cls="bt-divine", selected=selected == f"counter:{key}") for key in keys)
    count = int(row.get("divine_count") or 0)
    if not count:
        return "<span class='bt-none'>No Divine counters</span>"
    return face_down(
        f"{count} Divine", cls="bt-divine-back", title=f"{count} Divine counter{'s' if count != 1 else ''} face down"
    )


def _holdings(row: dict[str, Any], selected: str | None) -> str:
    parts = []
    for kind in ("crew_counter", "gear", "ally"):
        key = row.get(kind)
        if key:
            parts.append(chip(str(key), selected=selected == f"counter:{key}"))
    parts.append(_divine(row, selected))
    if row.get("lose_turn"):
        parts.append("<span class='bt-flag bt-lose-turn' title='Loses her next turn'>Lose Turn</span>")
    if row.get("hubris"):
        parts.append("<span class='bt-flag bt-hubris' title='Hubris: she may not complete her own Quest'>Hubris</span>")
    return "".join(parts)


def _totals(row: dict[str, Any]) -> str:
    attributes = row.get("attributes") or {}
    return " · ".join(f"{name.title()} {int(attributes.get(name) or 0)}" for name in ("battle", "navigation", "wits"))


def _quests(row: dict[str, Any], selected: str | None) -> str:
    done = sorted((row.get("quests") or {}).items(), key=lambda item: int(item[0]))
    if not done:
        return ""
    chips = "".join(
        f"<li><span class='bt-on-shield'>Shield {esc(shield)}</span>"
        f"{chip(str(quest), selected=selected == f'counter:{quest}')}</li>"
        for shield, quest in done
    )
    return f"<ul class='bt-done' aria-label='Quests completed'>{chips}</ul>"


def crew_sheet(view: dict[str, Any], row: dict[str, Any], selected: str | None = None) -> str:
    """One player's Crew Sheet."""
    seat = int(row.get("seat", 0))
    classes = "bt-sheet"
    if seat == view.get("mover"):
        classes += " is-turn"
    if seat == view.get("seat"):
        classes += " is-me"
    hero = row.get("hero")
    hero_chip = chip(str(hero), cls="bt-hero-chip", selected=selected == f"counter:{hero}") if hero else ""
    place = row.get("finished")
    status = ""
    if place is not None:
        ranked = playing_for_places(view)
        status = f"<span class='bt-flag bt-finished'>{f'Place {int(place)}' if ranked else 'Winner'}</span>"
    elif seat == view.get("mover"):
        status = "<span class='bt-flag bt-turn'>Her turn</span>"
    count = len(row.get("quests") or {})
    return (
        f"<section class='{classes}' style='--bt-seat:{seat_colour(seat)}' aria-label=\"{esc(row.get('name'))}'s "
        f"Crew Sheet\"><h3><span class='bt-seat-dot' aria-hidden='true'></span>{esc(row.get('name'))}"
        f"{hero_chip}{status}</h3>"
        f"<p class='bt-totals'>{esc(_totals(row))} · {count} of 3 Quests{esc(_committed_note(row))}</p>"
        f"<ol class='bt-shields' aria-label='Shields 0 to 6: Crew {int(row.get('crew') or 0)}, Prophecy "
        f"{track(row)}{esc(_committed_words(row))}'>{''.join(_shield(n, row) for n in SHIELDS)}</ol>"
        f"{_quests(row, selected)}<div class='bt-holdings'>{_holdings(row, selected)}</div></section>"
    )


def crew_sheets(view: dict[str, Any], selected: str | None = None) -> str:
    """Every player's Crew Sheet, the viewer's first, then in play order."""
    heroes = list(view.get("heroes") or [])
    play = [s for s in (view.get("order") or {}).get("play") or [] if isinstance(s, int) and 0 <= s < len(heroes)]
    order = play + [row["seat"] for row in heroes if row["seat"] not in play]
    me = view.get("seat")
    if me in order:
        order.remove(me)
        order.insert(0, me)
    sheets = "".join(crew_sheet(view, heroes[s], selected) for s in order)
    return f"<section class='bt-sheets' aria-label='Crew Sheets'><h2>Crew Sheets</h2>{sheets}</section>"
