"""Born of Titans' counters in words: each counter's name and full text (from engine/born_of_titans/data.py), drawn
as a chip that names it, says its text on hover or focus (`title`, aria-label) and opens it in the panel on a tap
(`data-select="counter:<key>"`), and the panel that shows it."""

from __future__ import annotations

from functools import cache
from typing import Any

from app.markup import attrs, esc

SEAT_COLOURS = ("#2563eb", "#db2777", "#0d9488", "#ea580c")  # one per seat, as the page's seat chips (app.css)
ATTRIBUTES = ("battle", "navigation", "wits")
KIND_WORDS = {
    "hero": "Hero",
    "crew": "Crew",
    "ally": "Ally",
    "gear": "Gear",
    "divine": "Divine counter",
    "quest": "Quest",
    "encounter": "Encounter",
    "sea_monster": "Sea Monster",
}


def seat_colour(seat: int | None) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if isinstance(seat, int) and seat >= 0 else "#57534e"


def _numbers(item: Any, *, plus: bool = False) -> str:
    """'Battle 6, Navigation 5, Wits 4' (a bonus: 'Battle +1, ...'; a number None: 'not by Battle')."""
    parts, nots = [], []
    for attribute in ATTRIBUTES:
        value = getattr(item, attribute)
        if value is None:
            nots.append(attribute.title())
        elif not plus or value:
            parts.append(f"{attribute.title()} {'+' if plus else ''}{value}")
    words = ", ".join(parts) or ("no bonus" if plus else "")
    return words + (f"; not by {' or '.join(nots)}" if nots else "")


@cache
def _catalogue() -> dict[str, tuple[str, str, str]]:
    """Every counter of the data module: key -> (kind, name, full text). Where an Encounter and an Ally or a
    monster share a key, the texts say the same; the first kind found names it."""
    from engine.born_of_titans import data

    found: dict[str, tuple[str, str, str]] = {}
    for hero in data.HEROES.values():
        found[hero.key] = ("hero", hero.name, f"{hero.name}. {_numbers(hero)}. {hero.legend}")
    for crew in data.CREWS.values():
        text = f"{crew.name}, a Crew counter: {_numbers(crew, plus=True)} while the Crew is above 0. {crew.legend}"
        found.setdefault(crew.key, ("crew", crew.name, text))
    for ally in data.ALLIES.values():
        found.setdefault(
            ally.key, ("ally", ally.name, f"{ally.name}, an Ally: {_numbers(ally, plus=True)}. {ally.legend}")
        )
    for gear in data.GEAR.values():
        found.setdefault(gear.key, ("gear", gear.name, gear.text))
    for divine in data.DIVINE.values():
        text = (
            f"{divine.name}: {divine.single}"
            if not divine.pair
            else (f"{divine.name}. Alone: {divine.single} A matching pair: {divine.pair}")
        )
        found.setdefault(divine.key, ("divine", divine.name, text))
    for quest in data.QUESTS.values():
        under = " An Underworld Quest: turned up, it moves to an Underworld Site." if quest.underworld else ""
        text = f"{quest.name}, a Quest. Successes needed: {_numbers(quest)}.{under} {quest.legend}"
        found.setdefault(quest.key, ("quest", quest.name, text))
    for monster in data.SEA_MONSTERS.values():
        text = f"{monster.name}, a Sea Monster (immortal). Successes needed: {_numbers(monster)}. {monster.legend}"
        found.setdefault(monster.key, ("sea_monster", monster.name, text))
    for encounter in data.ENCOUNTERS.values():
        found.setdefault(encounter.key, ("encounter", encounter.name, encounter.text))
    return found


def kind_of(key: str) -> str:
    return _catalogue().get(key, ("", "", ""))[0]


def name_of(key: str | None) -> str:
    """'The Argo' for 'argo' (a key the data does not know is shown as it is, never raising)."""
    if not key:
        return ""
    entry = _catalogue().get(key)
    return entry[1] if entry else key.replace("_", " ").title()


def text_of(key: str | None) -> str:
    """The counter's full text: its numbers and what it does."""
    if not key:
        return ""
    entry = _catalogue().get(key)
    return entry[2] if entry else ""


def kind_words(key: str) -> str:
    return KIND_WORDS.get(kind_of(key), "Counter")


def chip(key: str, *, cls: str = "", selected: bool = False, label: str | None = None, face_down: bool = False) -> str:
    """A counter face up as a 44 px button: its name, its text on hover or focus, its panel on a tap."""
    name = label or name_of(key)
    text = text_of(key)
    words = f"{kind_words(key)}: {name_of(key)}" + (f". {text}" if text else "")
    classes = (
        f"bt-chip bt-k-{kind_of(key) or 'counter'}" + (f" {cls}" if cls else "") + (" is-selected" if selected else "")
    )
    if face_down:
        classes += " bt-seen"  # a face-down counter this seat has seen (a Prophecy look, its own hand)
    return (
        f"<button{attrs(type='button', class_=classes, data_select=f'counter:{key}', title=words, aria_label=words)}>"
        f"{esc(name)}</button>"
    )


def face_down(label: str, *, cls: str = "", title: str | None = None) -> str:
    """A face-down counter: nothing on it but its back."""
    words = title or label
    classes = f"bt-chip bt-back {cls}".strip()
    return f"<span{attrs(class_=classes, title=words, role='img', aria_label=words)}>{esc(label)}</span>"


def picked_counter(selected: str | None) -> str | None:
    """The counter whose text the player opened ('counter:argo' -> 'argo')."""
    if selected and selected.startswith("counter:"):
        return selected[len("counter:") :] or None
    return None


def counter_panel(key: str) -> str:
    """The panel a tap on a counter opens: its kind, its name and its full text; tapping it again closes it."""
    text = text_of(key) or "No text."
    close = attrs(type="button", class_="btn bt-close", data_select=f"counter:{key}", aria_label="Close the text")
    return (
        f"<section class='bt-detail' aria-live='polite'><h2>{esc(name_of(key))} <small>{esc(kind_words(key))}"
        f"</small></h2><p>{esc(text)}</p><button{close}>Close</button></section>"
    )


def player(view: dict[str, Any], seat: int | None) -> str:
    """The player's name (not escaped)."""
    heroes = view.get("heroes") or []
    if isinstance(seat, int) and 0 <= seat < len(heroes):
        return str(heroes[seat].get("name") or f"Player {seat + 1}")
    return "?"


def hero(view: dict[str, Any], seat: int | None) -> str:
    """The Hero's name, as the log names her ('Perseus'); her player's before she has chosen (not escaped)."""
    heroes = view.get("heroes") or []
    if isinstance(seat, int) and 0 <= seat < len(heroes) and heroes[seat].get("hero_name"):
        return str(heroes[seat]["hero_name"])
    return player(view, seat)


def hero_and_player(view: dict[str, Any], seat: int | None) -> str:
    """'Perseus (Ann)': the Hero with her player, where it matters who holds the device (not escaped)."""
    name, owner = hero(view, seat), player(view, seat)
    return name if name == owner else f"{name} ({owner})"


def playing_for_places(view: dict[str, Any]) -> bool:
    """Whether play goes on for places after the winner (option `play_for_places`). The view does not carry the
    options; it shows in the places: a Hero finished while the game goes on, or a second place at the end (without
    the option the first to finish ends the game, alone in the places)."""
    places = view.get("places") or []
    return len(places) > 1 or (bool(places) and view.get("phase") != "game_over")


def win_line(view: dict[str, Any]) -> str | None:
    """'Perseus (Ann) completes a third Quest and wins.', in the game's words; None before there is a winner."""
    winner = view.get("winner")
    heroes = view.get("heroes") or []
    if not isinstance(winner, int) or not 0 <= winner < len(heroes):
        return None
    who = hero_and_player(view, winner)
    if playing_for_places(view):
        return f"{who} was the first to complete three Quests and wins."
    return f"{who} completes a third Quest and wins."


def successes(count: int) -> str:
    return f"{count} Success" + ("" if count == 1 else "es")


def courses(count: int) -> str:
    return f"{count} Course" + ("" if count == 1 else "s")
