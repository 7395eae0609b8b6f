"""Born of Titans' panels about counters in one place: the Site picked on the map (its counters face up by name or
face down, who looked at them, the Heroes there) and the counters offered to the player (a Sacrifice's two Divine
counters, an Ally turned up)."""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views.born_of_titans_layer import node_name
from app.views.born_of_titans_words import chip, face_down, hero, hero_and_player, seat_colour


def _known(key: Any, selected: str | None, back: str) -> str:
    if key and key != "hidden":
        return chip(str(key), selected=selected == f"counter:{key}")
    return face_down(back)


def site_panel(view: dict[str, Any], node: str, selected: str | None = None) -> str:
    """The Site picked: its counters, who looked at them, the Heroes there."""
    site = (view.get("sites") or {}).get(node) or {}
    rows = []
    if site.get("encounter"):
        rows.append(f"<li><span>Encounter</span>{_known(site['encounter'], selected, 'Face down')}</li>")
    if site.get("sea_monster"):
        rows.append(f"<li><span>Sea Monster</span>{_known(site['sea_monster'], selected, 'Face down')}</li>")
    for quest in site.get("quests") or []:
        owner = quest.get("owner")
        rows.append(
            f"<li style='--bt-seat:{seat_colour(owner)}'><span class='bt-owner'>{esc(hero(view, owner))}'s Quest"
            f"</span>{_known(quest.get('quest'), selected, 'Face down')}</li>"
        )
    if not rows:
        rows.append("<li class='bt-none'>No counters.</li>")
    lookers = sorted({look.get("seat") for look in view.get("looks") or [] if look.get("site") == node}, key=str)
    looked = ""
    if lookers:
        looked = f"<p>Looked at with Prophecy by {esc(', '.join(hero_and_player(view, s) for s in lookers))}.</p>"
    here = [row for row in view.get("heroes") or [] if row.get("node") == node and row.get("finished") is None]
    heroes = ""
    if here:
        heroes = "<p>Here: " + esc(", ".join(hero_and_player(view, row.get("seat")) for row in here)) + ".</p>"
    return (
        f"<section class='bt-site' aria-label='{esc(node_name(node))}'><h2>{esc(node_name(node))}</h2>"
        f"<ul class='bt-site-counters'>{''.join(rows)}</ul>{looked}{heroes}</section>"
    )


def offer_panel(view: dict[str, Any], selected: str | None = None) -> str:
    """What is offered to the player asked: the two Divine counters of her Sacrifice (in her view only), an Ally."""
    offer = view.get("offer") or {}
    if offer.get("divine"):
        chips = "".join(chip(str(key), selected=selected == f"counter:{key}") for key in offer["divine"])
        return (
            f"<section class='bt-offer'><h2>The gods offer</h2><p>Keep one; the other goes back.</p>{chips}</section>"
        )
    if offer.get("ally"):
        ally = str(offer["ally"])
        return (
            f"<section class='bt-offer'><h2>An Ally</h2><p>Take or refuse (your current Ally, if any, leaves).</p>"
            f"{chip(ally, selected=selected == f'counter:{ally}')}</section>"
        )
    return ""
