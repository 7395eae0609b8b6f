"""A scripted Born of Titans player of sound simple rules: the yardstick the computer Heroes are measured against
(`scripts/ai_strength.py --game born_of_titans --pairings 2-B`). Not offered in the app.

- Go for your Quest: every Move heads for the Site of her Quest by the fewest Courses, and she challenges it on
  arrival with her best attribute.
- Recruit when short of Crew: at 3 Crew or fewer she makes for the nearest City, deals with its Encounter and
  recruits up to six.
- Retreat before defeat: after a loss, when the next miss would leave her at 0 Crew, she retreats.
- Use Prophecy on Challenges: every point she holds is committed to the first roll.
- Divine counters: she passes at every moment to react, except that she plays Aphrodite's pair on her own Quest
  and Hera to shed Hubris; holding Hubris, she sacrifices at a City until she finds Hera. Allies are taken, the
  first Divine counter kept (Hera if offered).

It reads only its seat's view.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.born_of_titans import board
from engine.born_of_titans.ai_know import me_of

SHORT_CREW = 3


@lru_cache(maxsize=8192)
def _distance(a: str, b: str, crewless: bool) -> int | None:
    """The board's fewest Courses from a to b (the map never changes, so each is searched once)."""
    return board.distance(a, b, crewless)


def _by_kind(actions: list[Any]) -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = {}
    for action in actions:
        found.setdefault(action.kind, []).append(action)
    return found


def choose(view: dict[str, Any], seat: int, actions: list[Any]) -> Any:
    """The scripted decision of `seat` among the legal `actions`, from its view."""
    by = _by_kind(actions)
    me = me_of(view, seat)
    hero = me.hero
    for action in by.get("play_divine", []):
        own_quest = (view.get("challenge") or {}).get("seat") == seat and view["challenge"]["foe_kind"] == "quest"
        if action.counter == "aphrodite" and action.pair and action.target == seat and own_quest:
            return action
        if action.counter == "hera" and not action.pair and view.get("hubris") == seat:
            return action
    phase = view["phase"]
    if phase == "react":
        return by["pass_moment"][0]
    if phase == "sacrifice":
        return next((a for a in by["keep"] if a.divine == "hera"), actions[0])
    if phase in ("choose_hero", "choose_start", "place_quest", "underworld", "restock", "ally"):
        first = {"ally": "take_ally", "restock": "restock"}.get(phase)
        if first == "restock":
            return next((a for a in by["restock"] if a.place), actions[0])
        return by.get(first, actions)[0] if first else actions[0]
    node = hero.get("node")
    goal = me.quest_node
    if hero["crew"] <= SHORT_CREW or view.get("hubris") == seat:
        # A City whose gates she stands at with no Encounter left to open them is left out: she must come back.
        shut = node if not hero.get("in_city") and not (view["sites"].get(node) or {}).get("encounter") else None
        near = [(_distance(node, c, hero["crew"] <= 0), c) for c in board.CITIES if c != shut] if node else []
        near = [(far, c) for far, c in near if far is not None]
        if near:
            goal = min(near)[1]
    if phase == "move":
        reachable = (view.get("move") or {}).get("reachable") or {}
        if goal in reachable:
            return next(a for a in by["move_to"] if a.node == goal)
        best = None
        if goal is not None and node is not None:
            here = _distance(node, goal, hero["crew"] <= 0)
            here = 999 if here is None else here
            for action in by.get("move_to", []):
                left = _distance(action.node, goal, hero["crew"] <= 0)
                if left is not None and left < here and not board.is_site(action.node):
                    here, best = left, action
        return best or by.get("stop", actions)[0]
    if phase == "challenge":
        ch = view["challenge"]
        if "choose_attribute" in by:
            return max(
                by["choose_attribute"], key=lambda a: hero["attributes"][a.attribute] - ch["numbers"][a.attribute]
            )
        if "choose_match" in by:
            return by["choose_match"][0]
        blocked = ch["foe_kind"] == "quest" and view.get("hubris") == seat  # Hubris: the Quest cannot be completed
        if "retreat" in by and (blocked or hero["crew"] <= ch.get("kills", 1)):
            return by["retreat"][0]
        rolls = by.get("roll", [])
        return (min if blocked else max)(rolls, key=lambda a: a.commit) if rolls else actions[0]
    # Her turn.
    if "encounter" in by and (node in (me.quest_node, goal) or board.NODES[node].kind == "sea_monster"):
        return by["encounter"][0]
    if "recruit" in by and hero["crew"] < 6:
        return max(by["recruit"], key=lambda a: a.crew)
    if "sacrifice" in by and view.get("hubris") == seat:
        return by["sacrifice"][0]  # looking for Hera, to shed Hubris
    if "prophecy" in by and hero["prophecy"] <= 4:
        return by["prophecy"][0]
    if "move" in by and goal is not None and goal != node:
        return by["move"][0]
    # Nothing to do: end the turn (where ending is not offered, a Move is: it will stay where it is).
    return (by.get("end_turn") or by.get("move") or actions)[0]


__all__ = ["choose"]
