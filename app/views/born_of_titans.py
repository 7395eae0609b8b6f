"""Born of Titans on the page: the Mediterranean drawn once (pinch-zoomed and panned), the changing layer over it,
every player's Crew Sheet under it and a panel beside it, from `game.view(state, seat)` (shape:
docs/born-of-titans.md, "The view").

Select, then target: a Site holding counters is picked on the map to see them (and look at them with Prophecy);
a Move's ends, the Quest Sites to start on or place a Quest on and the Underworld Sites light up as choices. The
panel holds what the decision is about (a counter's text opened by a tap, the Site picked, the moment to react,
the Challenge with its dice, the Move roll, an offer) and the piles.

This module holds the hooks the app calls (app/views/__init__.py) and the game's words for its choices; the map
layer is `born_of_titans_layer.py`, the Crew Sheets `born_of_titans_sheet.py`, the rolls and the moment
`born_of_titans_challenge.py`, the counters' names and texts `born_of_titans_words.py`.
"""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext
from app.views.born_of_titans_challenge import challenge_panel, ended_words, moment_panel, move_panel, roll_strip
from app.views.born_of_titans_layer import courses_between, map_layer, node_name, picked_site
from app.views.born_of_titans_map import map_svg
from app.views.born_of_titans_sheet import crew_sheets
from app.views.born_of_titans_site import offer_panel, site_panel
from app.views.born_of_titans_words import (
    counter_panel,
    courses,
    hero,
    hero_and_player,
    name_of,
    picked_counter,
    player,
    playing_for_places,
    text_of,
    win_line,
)
from app.views.turn_summaries import born_of_titans_turn
from engine.born_of_titans import board

turn_summary = born_of_titans_turn  # the hook of app/since.py: what a turn did, in a few words
SECRETS = True  # Divine counters on the Crew Sheets and what a Prophecy look saw are secret
SECRETS_SHOWN = "{name}'s Divine counters and what {name} has seen"
PASS_KINDS = frozenset({"pass_moment"})  # a moment's Pass: one tap on the pass-the-device screen, or played
# for the one human when it is her only choice (app/decision.py)
ENDS_TURN = frozenset({"end_turn"})
KEY = "born_of_titans"
# On touch a Move end's button in the list draws its way and pans the map to it on a first tap, plays on a second
# (app/table.py): on the Hero's zoomed map the place a name stands for may be off screen.
LIST_SHOWS_PLACE_FIRST = True
MAX_ZOOM = 14  # the map zooms further than Titan's (assets/panzoom.js): Points 19 units apart take a finger each

PHASE_HINTS = {
    "choose_hero": "choose your Hero",
    "choose_start": "choose the Quest Site to start on (lit on the map)",
    "place_quest": "place the Quest drawn unseen on a lit Quest Site",
    "move": "move: tap a lit place on the map (its cost in Courses), or stop",
    "underworld": "take the Underworld Quest to a lit Underworld Site",
    "ally": "take this Ally, or refuse",
    "sacrifice": "keep one of the two Divine counters",
    "restock": "choose which empty Cities get a new Encounter",
    "react": "a moment to react: play a Divine counter, or pass",
}
GROUP_TITLES = {"play_divine": "Divine counters", "look": "Look with Prophecy", "restock": "Encounters"}
END_GROUPS = {  # a Move's ends in the list, under these headings, in this order (the map's key's)
    "city": "Cities",
    "oracle": "Oracles",
    "underworld": "Gateways to the Underworld",
    "quest": "Quest Sites",
    "sea_monster": "Sea Monster Sites",
    "point": "Points, the cheapest first",
}


# -- the board ----------------------------------------------------------------------------------------------


def _frame(svg: str, sheets: str, panel: str) -> str:
    """The map with the Crew Sheets under it, in one column (on a desktop the decision's column beside it never
    pushes the sheets down: in rows shared with it a long list of choices left a gap under the map), and the panel."""
    return (
        f"<div class='tt bt tt-on-born' data-static='{KEY}'><div class='bt-map-and-sheets'><div class='pz-frame'>"
        f"<div class='pz-viewport' data-pz-max='{MAX_ZOOM}'><div class='pz-content'>{svg}</div></div>"
        "<div class='pz-controls'><button type='button' data-pz='in' aria-label='Zoom in'>+</button>"
        "<button type='button' data-pz='out' aria-label='Zoom out'>−</button>"
        "<button type='button' data-pz='reset' aria-label='Whole map'>⤢</button></div></div>"
        f"<div id='bt-sheets'>{sheets}</div></div>"
        f"<div id='bt-panel' class='tt-panel bt-panel'>{panel}</div></div>"
    )


def _piles(view: dict[str, Any]) -> str:
    piles = view.get("piles") or {}
    names = (("encounter", "Encounters"), ("divine", "Divine"), ("gear", "Gear"), ("quest", "Quests"))
    rows = "".join(f"<li>{label}: <b>{int(piles.get(key) or 0)}</b></li>" for key, label in names)
    hubris = view.get("hubris")
    holder = hero_and_player(view, hubris) if isinstance(hubris, int) else "nobody"
    return (
        f"<details class='bt-piles'><summary>Piles and Hubris</summary><ul>{rows}</ul>"
        f"<p>Hubris: {esc(holder)}</p></details>"
    )


def panel(ctx: BoardContext) -> str:
    """The panel: what the decision is about, then the piles (the Crew Sheets are under the map)."""
    view = ctx.view
    selected = ctx.selected
    parts = []
    counter = picked_counter(selected)
    if counter:
        parts.append(counter_panel(counter))
    site = picked_site(selected)
    if site:
        parts.append(site_panel(view, site, selected))
    parts += [moment_panel(view), offer_panel(view, selected), challenge_panel(view, selected, rolled=ctx.rolled)]
    parts.append(roll_strip(view, rolled=ctx.rolled))
    if not view.get("challenge"):
        parts.append(move_panel(view, rolled=ctx.rolled))
    parts.append(_piles(view))
    return "".join(part for part in parts if part)


def render_layers(ctx: BoardContext) -> tuple[str, str, dict[str, str]]:
    """The board: the map's key, the whole markup, and the parts rewritten while the map stays."""
    overlay = map_layer(ctx)
    sheets = crew_sheets(ctx.view, ctx.selected)
    side = panel(ctx)
    svg = map_svg(layer=f"<g id='bt-overlay'>{overlay}</g>")
    return KEY, _frame(svg, sheets, side), {"bt-overlay": overlay, "bt-sheets": sheets, "bt-panel": side}


def render_board(ctx: BoardContext) -> str:
    """The whole board markup (`render_layers` without its parts)."""
    return render_layers(ctx)[1]


# -- the choices ----------------------------------------------------------------------------------------------


def shown_actions(ctx: BoardContext) -> tuple[list[int], str]:
    """The choices that get a button: all but the looks at Sites other than the one picked (pick a Site on the map,
    then Look). A Move's ends are lit on the map and are buttons too (the whole sea is small on a phone), sorted:
    the Sites by kind and name, then the Points by cost (the engine's order stays as it is: saves replay by it)."""
    site = picked_site(ctx.selected)
    shown, notes = [], []
    for index, action in enumerate(ctx.actions):
        data = action.model_dump()
        if data.get("kind") == "look" and data.get("site") != site:
            notes.append("Pick a Site on the map to look at its counters with Prophecy.")
        else:
            shown.append(index)
    ends = [index for index in shown if ctx.actions[index].model_dump().get("kind") == "move_to"]
    if ends:
        reachable = (ctx.view.get("move") or {}).get("reachable") or {}
        ordered = sorted(ends, key=lambda index: _end_order(reachable, str(ctx.actions[index].model_dump()["node"])))
        first = shown.index(ends[0])
        rest = [index for index in shown if index not in ends]
        shown = rest[:first] + ordered + rest[first:]
    return shown, notes[0] if notes else ""


def _end_order(reachable: dict[str, Any], node: str) -> tuple[int, int, str]:
    """A Move's end in the list: the Sites first, by kind (as the map's key lists them) and name; then the Points,
    the cheapest first (then by name)."""
    entry = board.NODES.get(node)
    kind = entry.kind if entry is not None else "point"
    rank = list(END_GROUPS).index(kind) if kind in END_GROUPS else len(END_GROUPS) - 1
    cost = int(reachable.get(node) or 0) if kind == "point" else 0
    return rank, cost, node_name(node)


def status_hint(ctx: BoardContext) -> str | None:
    """Who must do what, in the game's words."""
    view = ctx.view
    if view.get("phase") == "game_over":
        return win_line(view)
    seat = view.get("current")
    if seat is None:
        return None
    return f"{hero_and_player(view, seat)}: {_phase_hint(view)}"


MOMENT_REASONS = {
    "move_roll": "after {whose} Move roll",
    "challenge_roll": "after {whose} Challenge roll",
    "challenge_start": "at the start of {whose} Challenge",
    "turn_end": "at the end of {whose} turn",
}


def nothing_secret(state: Any) -> bool:
    """The set-up (no turn yet): nobody holds a Divine counter or has seen a face-down counter, so the device goes
    from hand to hand without a pass-the-device screen (app/decision.py)."""
    return int(getattr(state, "mover", 0)) < 0 and not state.is_over


def handover_reason(view: dict[str, Any], seat: int, names: list[str]) -> str:
    """Why `seat` is asked, for the pass-the-device screen, from the public view (the same whatever she holds):
    "Ann may play a Divine counter after Bob's Move roll." (not escaped). A Challenge that has just ended is told
    first ("Atalanta completes Seize the Golden Fleece: 1 of 3 Quests."): its roll is not seen behind the screen,
    and the player who rolled it may otherwise never see what it came to."""
    ended = view.get("ended")
    news = ended_words(view, ended)[1] + " " if ended else ""
    return news + _why_asked(view, seat)


def _why_asked(view: dict[str, Any], seat: int) -> str:
    name = player(view, seat)
    moment = view.get("moment") or {}
    mover = view.get("mover")
    if moment:
        whose = moment.get("roll_owner")
        if moment.get("kind") == "challenge_start":
            whose = (view.get("challenge") or {}).get("seat")
        if whose is None:
            whose = mover
        when = MOMENT_REASONS.get(str(moment.get("kind")), "now").replace("{whose}", f"{player(view, whose)}'s")
        return f"{name} may play a Divine counter {when}."
    phase = str(view.get("phase"))
    if phase == "place_quest":
        return f"{name} places a new Quest, drawn unseen, for the player to {name}'s right."
    if seat != mover:
        return ""
    if phase == "move":
        return f"{name}'s Move goes on: the Courses are rolled."
    if phase == "challenge":
        return f"{name}'s Challenge goes on."
    used = int((view.get("actions") or {}).get("used") or 0)
    if phase == "turn" and not used:
        return f"{name}'s turn (round {int(view.get('round') or 1)})."
    return f"{name}'s turn goes on."


def _phase_hint(view: dict[str, Any]) -> str:
    phase = str(view.get("phase"))
    if phase == "challenge":
        challenge = view.get("challenge") or {}
        foe = challenge.get("foe_name") or name_of(challenge.get("foe"))
        if not challenge.get("attribute") and not challenge.get("rolls"):
            return f"choose the attribute to challenge {foe} with"
        if not challenge.get("rolls"):
            return f"roll against {foe} (commit Prophecy for more dice)"
        return f"roll again against {foe}, or retreat"
    if phase == "turn":
        return _turn_hint(view)
    if phase == "place_quest" and isinstance(view.get("placing"), int):
        owner = view["placing"]
        return f"place {hero(view, owner)}'s Quest ({player(view, owner)}), drawn unseen, on a lit Quest Site"
    if phase == "ally":
        ally = (view.get("offer") or {}).get("ally")
        return f"take {name_of(ally)} as your Ally, or refuse" if ally else PHASE_HINTS["ally"]
    return PHASE_HINTS.get(phase, "choose")


def _turn_hint(view: dict[str, Any]) -> str:
    """'take an action (1 of 2 taken), or end the turn': two a turn, one with no Crew, Fair Weather's on top."""
    heroes = view.get("heroes") or []
    mover = view.get("mover")
    crew = heroes[mover].get("crew") if isinstance(mover, int) and 0 <= mover < len(heroes) else 1
    actions = view.get("actions") or {}
    used, extra = int(actions.get("used") or 0), int(actions.get("extra") or 0)
    allowed = 2 if crew else 1
    taken = (
        f"{used} of {allowed} taken"
        + ("" if crew else ", no Crew")
        + (f", {extra} more from Fair Weather" if extra else "")
    )
    return f"take an action ({taken}), or end the turn"


def action_group(kind: str) -> str:
    """The action bar's heading for a kind of choice (Divine counters together, the looks together)."""
    return GROUP_TITLES.get(kind, "")


def action_group_of(view: dict[str, Any], data: dict[str, Any]) -> str:
    """The heading of a choice: a Move's end under its kind of Site ('Cities') or 'Points, cheapest first'; any
    other by its kind (`action_group`)."""
    kind = str(data.get("kind", ""))
    if kind != "move_to":
        return action_group(kind)
    entry = board.NODES.get(str(data.get("node")))
    return END_GROUPS.get(entry.kind if entry is not None else "point", END_GROUPS["point"])


def _divine_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    from engine.born_of_titans.data import DIVINE

    divine = DIVINE.get(str(data.get("counter")))
    if divine is None:
        return ""
    words = divine.pair if data.get("pair") and divine.pair else divine.single
    return f"{divine.name}{' (a pair)' if data.get('pair') else ''}: {words}"


def _roll_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    challenge = view.get("challenge") or {}
    seat = challenge.get("seat")
    heroes = view.get("heroes") or []
    attribute = challenge.get("attribute")
    if not isinstance(seat, int) or not 0 <= seat < len(heroes) or not attribute:
        return ""
    total = int((heroes[seat].get("attributes") or {}).get(attribute) or 0)
    committed = int(challenge.get("committed") or 0) + int(data.get("commit") or 0)
    athena = int(challenge.get("athena_dice") or 0)
    dice = total + committed + athena
    extra = (f" + {committed} Prophecy" if committed else "") + (f" + {athena} from Athena" if athena else "")
    return f"{dice} dice ({str(attribute).title()} {total}{extra}); 4-6 succeed."


def _totals_of(view: dict[str, Any], seat: Any) -> dict[str, Any]:
    heroes = view.get("heroes") or []
    return dict(heroes[seat].get("attributes") or {}) if isinstance(seat, int) and 0 <= seat < len(heroes) else {}


def _match_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    """'Your Wits: 5 dice a roll, against 7 Successes needed', the dice a roll will really use: with Athena's two and
    Prophecy already committed ('Your Navigation: 8 dice a roll (6 + 2 from Athena), ...'); Athena's pair: any of
    hers against any of its numbers."""
    challenge = view.get("challenge") or {}
    mine = str(data.get("attribute") or data.get("hero_attribute") or "")
    theirs = str(data.get("attribute") or data.get("monster_attribute") or "")
    total = int(_totals_of(view, challenge.get("seat")).get(mine) or 0)
    needed = (challenge.get("numbers") or {}).get(theirs)
    if not needed:
        return ""
    committed, athena = int(challenge.get("committed") or 0), int(challenge.get("athena_dice") or 0)
    extra = (f" + {committed} Prophecy" if committed else "") + (f" + {athena} from Athena" if athena else "")
    dice = total + committed + athena
    how = f" ({total}{extra})" if extra else ""
    return f"Your {mine.title()}: {dice} dice a roll{how}, against {needed} Successes needed."


def _place_detail(view: dict[str, Any], site: str) -> str:
    """How far the Quest would be from its Hero: 'Atalanta (Bob) is at Troy, 9 Courses away.'"""
    owner = view.get("placing")
    heroes = view.get("heroes") or []
    where = heroes[owner].get("node") if isinstance(owner, int) and 0 <= owner < len(heroes) else None
    if not where or where not in board.NODES or site not in board.NODES:
        return ""
    far = courses_between(str(where), site)
    away = "here" if far == 0 else ("out of reach" if far is None else f"{courses(far)} away")
    return f"{hero_and_player(view, owner)} is at {node_name(str(where))}: {away}."


def _move_detail(view: dict[str, Any]) -> str:
    dice = int(_totals_of(view, view.get("mover")).get("navigation") or 0)
    return f"Roll {dice} dice (your Navigation): each Success is a Course."


def action_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    """What a choice does, under its label: a counter's full text before one chooses it."""
    kind = data.get("kind")
    if kind == "play_divine":
        return _divine_detail(view, data)
    if kind in ("keep", "choose_hero"):
        return text_of(str(data.get("divine") or data.get("hero") or ""))
    if kind in ("take_ally", "refuse_ally"):
        return text_of(str((view.get("offer") or {}).get("ally") or ""))
    if kind == "roll":
        return _roll_detail(view, data)
    if kind in ("choose_attribute", "choose_match"):
        return _match_detail(view, data)
    if kind == "move":
        return _move_detail(view)
    if kind in ("argo", "dragons_teeth", "lion_skin"):
        return text_of(str(kind))
    if kind == "retreat":
        return "Back to the Point you came from; the monster heals."
    if kind == "look":
        return "1 Prophecy: see every face-down counter at this Site (only you)."
    if kind == "move_to":
        cost = ((view.get("move") or {}).get("reachable") or {}).get(data.get("node"))
        left = int((view.get("move") or {}).get("courses") or 0)
        return f"Costs {courses(int(cost))} of your {left}." if cost else ""
    if kind == "place_quest":
        return _place_detail(view, str(data.get("site") or ""))
    if kind == "sacrifice":
        return "Draw two Divine counters, keep one."
    if kind == "prophecy":
        return "Prophecy +2 (at most 6)."
    return ""


def turn_label(view: dict[str, Any]) -> str:
    """'Round 3 (Ann)', for the saved-game list."""
    mover = view.get("mover")
    whose = f" ({player(view, mover)})" if isinstance(mover, int) else ""
    return f"Round {int(view.get('round') or 1)}{whose}"


def players_label(view: dict[str, Any]) -> list[str]:
    """Each player with her Hero ('Ann (Cyrene)'), for the saved-game list."""
    return [
        f"{row.get('name')}" + (f" ({row['hero_name']})" if row.get("hero_name") else "")
        for row in view.get("heroes") or []
    ]


def result_lines(view: dict[str, Any]) -> list[str]:
    """Every player's Quests completed, with her place when play went on for places (else the winner's word)."""
    places = {seat: number for number, seat in enumerate(view.get("places") or [], 1)}
    ranked = playing_for_places(view)
    lines = []
    for row in view.get("heroes") or []:
        count = len(row.get("quests") or {})
        seat = row.get("seat")
        place = ""
        if seat in places:
            place = f"place {places[seat]}, " if ranked else ("winner, " if seat == view.get("winner") else "")
        lines.append(f"{hero_and_player(view, seat)}: {place}{count} Quest{'s' if count != 1 else ''}")
    return lines


def final_lines(view: dict[str, Any]) -> list[str]:
    """The result once the game is over: who won in the game's words (the Hero, her player, how), then every
    player's Quests (the app's own head line would name only the seat: 'Computer 1 wins!')."""
    head = win_line(view) if view.get("phase") == "game_over" else None
    return [head, *result_lines(view)] if head else []
