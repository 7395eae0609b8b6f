"""The JSON-ready picture of a Born of Titans game for one seat (docs/born-of-titans.md, "The view").

Shape: the spec's, every key always present, with these added: ``game`` ("born_of_titans"); ``actions``:
{"used": regular actions taken this turn, "extra": Fair Weather's actions left}; in ``challenge``:
``monster_attribute`` (the foe's number matched, differs from ``attribute`` under Athena's pair),
``last_successes`` (Successes of the last roll) and ``pending`` (the last roll waits in its moment, not yet
counted); in each hero, ``prophecy_committed`` (Prophecy committed in her Challenge under way: still on her
track, which shows ``prophecy`` + ``prophecy_committed``, until the Challenge ends); in ``moment``, ``dice``
(at a moment after Crew for Hire's or the Dragon's Teeth's die: that die; else empty). ``offer`` is
``{"divine": [keys]}`` for the sacrificing seat only (None to the others) or ``{"ally": key}`` for all.
``ended``: the Challenge just over, until the next decision (a completed Quest's until its Cities are
restocked): its foe, last roll, total, ``outcome`` ("won", "retreated", "defeated") and the Hero's
``quests`` completed. ``placing``: whose Quest is being placed (the seat), while one is.

Secrets: a face-down counter shows its face only to a seat that has seen it since it last moved (its own
Divine counters, a Prophecy look, a Sacrifice draw); other seats' Divine counters only as a count; the piles
only as counts; the set-aside Sea Monster never. Spectators (seat None) see only what is face up.
"""

from __future__ import annotations

from typing import Any

from engine.born_of_titans import challenges, moving
from engine.born_of_titans.data import HEROES
from engine.born_of_titans.state import BornState, Challenge, Moment, MoveRoll, Phase, Turn
from engine.born_of_titans.table import committed, counter_name, foe_numbers, successes, totals


def build_view(state: BornState, seat: int | None) -> dict[str, Any]:
    """The view of `state` for `seat` (the spec's shape; every key always present)."""
    over = state.phase == Phase.GAME_OVER
    turn = state.turn if isinstance(state.turn, Turn) else None
    return {
        "game": "born_of_titans",
        "phase": state.phase.value,
        "current": state.current_player,
        "mover": state.mover if state.mover >= 0 and not over else None,
        "round": state.round,
        "seat": seat,
        "order": {"selection": list(state.selection), "play": list(state.play)},
        "heroes": [_hero(state, other, seat) for other in range(state.num_players)],
        "sites": _sites(state, seat),
        "piles": {
            "encounter": len(state.piles["encounter"]),
            "divine": len(state.piles["divine"]),
            "gear": len(state.piles["gear"]),
            "quest": len(state.piles["quest"]),
            "lose_turn": state.lose_turn_pile(),
        },
        "hubris": state.hubris if state.hubris >= 0 else None,
        "move": _move(state),
        "challenge": _challenge(state),
        "ended": _ended(state),
        "moment": _moment(state),
        "offer": _offer(state, seat),
        "looks": [{"seat": looker, "site": site} for looker, site in state.looks],
        "placing": state.placing[0] if state.phase == Phase.PLACE_QUEST and state.placing else None,
        "actions": {"used": turn.regular, "extra": turn.extra} if turn else {"used": 0, "extra": 0},
        "winner": state.winner if state.winner >= 0 else None,
        "places": list(state.places),
    }


def _hero(state: BornState, other: int, seat: int | None) -> dict[str, Any]:
    sheet = state.sheets[other]
    hero = sheet.hero
    turn = state.turn if isinstance(state.turn, Turn) else None
    entry: dict[str, Any] = {
        "seat": other,
        "name": state.name(other),
        "hero": hero,
        "hero_name": HEROES[hero].name if hero else None,
        "crew_counter": sheet.crew_counter,
        "crew": sheet.crew,
        "prophecy": sheet.prophecy,
        "prophecy_committed": committed(state, other),
        "attributes": totals(state, other),
        "node": sheet.node,
        "came_from": sheet.came_from,
        "in_city": sheet.in_city,
        "passage": sheet.passage,
        "quests": {str(shield): state.faces[cid] for shield, cid in sorted(sheet.quests.items())},
        "gear": state.faces[sheet.gear] if sheet.gear is not None else None,
        "ally": state.faces[sheet.ally] if sheet.ally is not None else None,
        "divine_count": len(sheet.divine),
        "lose_turn": sheet.lose_turn,
        "hubris": state.hubris == other,
        "finished": sheet.finished,
        "argo_used": turn.argo if turn and other == state.mover else False,
    }
    if seat == other:
        entry["divine"] = sorted(state.faces[cid] for cid in sheet.divine)
    return entry


def _face(state: BornState, cid: int, seat: int | None) -> str:
    """A counter's key, or "hidden" to a seat that does not know it."""
    return state.faces[cid] if state.visible(seat, cid) else "hidden"


def _sites(state: BornState, seat: int | None) -> dict[str, Any]:
    sites: dict[str, dict[str, Any]] = {}

    def site(node: str) -> dict[str, Any]:
        return sites.setdefault(node, {"encounter": None, "encounter_id": None, "sea_monster": None, "quests": []})

    for city, cid in sorted(state.encounters.items()):
        entry = site(city)
        entry["encounter"] = _face(state, cid, seat)
        entry["encounter_id"] = state.placed.get(city)
    for node, cid in sorted(state.sea_monsters.items()):
        site(node)["sea_monster"] = _face(state, cid, seat)
    for owner, sheet in enumerate(state.sheets):
        quest = sheet.quest
        if quest is not None:
            site(quest.site)["quests"].append(
                {
                    "owner": owner,
                    "quest": _face(state, quest.id, seat),
                    "origin": quest.origin,
                    "revealed": quest.revealed,
                }
            )
    return sites


def _move(state: BornState) -> dict[str, Any] | None:
    move = state.move
    if not isinstance(move, MoveRoll) or state.mover < 0:
        return None
    budget = moving.courses(state)
    return {
        "dice": list(move.dice),
        "courses": budget,
        "reachable": moving.reachable(state, state.mover, budget),  # also while the roll's moment is open
    }


def _challenge(state: BornState) -> dict[str, Any] | None:
    challenge = state.challenge
    if not isinstance(challenge, Challenge):
        return None
    cid = challenge.foe
    return {
        "seat": challenge.seat,
        "node": challenge.node,
        "foe": state.faces[cid],
        "foe_kind": challenge.foe_kind,
        "foe_name": counter_name(state, cid),
        "numbers": foe_numbers(state, cid),
        "attribute": challenge.attribute or None,
        "monster_attribute": challenge.monster_attribute or None,
        "needed": challenges.needed(state) if challenge.monster_attribute else None,
        "successes": challenge.successes,
        "rolls": [list(roll) for roll in state.rolls],
        "last_roll": list(state.rolls[-1]) if state.rolls else [],
        "last_successes": successes(state.rolls[-1]) if state.rolls else 0,
        "pending": state.phase == Phase.REACT and state.moment_now().kind == "challenge_roll",
        "committed": challenge.committed,
        "kills": challenge.kills,
        "athena_dice": challenge.athena_dice,
        "any_attribute": challenge.any_attribute,
        "lion_skin": challenge.lion_skin,
    }


def _ended(state: BornState) -> dict[str, Any] | None:
    """The Challenge just over, until the next decision (its foe was face up to all while it lasted)."""
    ended = state.ended
    if ended is None:
        return None
    seat = ended.seat
    return {
        "seat": seat,
        "foe": ended.foe,
        "foe_kind": ended.foe_kind,
        "foe_name": ended.foe_name,
        "attribute": ended.attribute or None,
        "successes": ended.successes,
        "needed": ended.needed,
        "last_roll": list(ended.last_roll),
        "rolls": ended.rolls,
        "outcome": ended.outcome,
        "quests": len(state.sheets[seat].quests),
    }


def _moment(state: BornState) -> dict[str, Any] | None:
    moment = state.moment
    if state.phase != Phase.REACT or not isinstance(moment, Moment):
        return None
    owner = moment.roll_owner
    return {
        "kind": moment.kind,
        "asked": moment.asked,
        "roll_owner": owner if owner >= 0 else None,
        "dice": list(moment.dice or []),  # Crew for Hire's or the Dragon's Teeth's die, rolled openly
    }


def _offer(state: BornState, seat: int | None) -> dict[str, Any] | None:
    if state.phase == Phase.SACRIFICE and seat == state.mover:
        return {"divine": [state.faces[cid] for cid in state.offer]}
    if state.phase == Phase.ALLY and state.offer:
        return {"ally": state.faces[state.offer[0]]}
    return None
