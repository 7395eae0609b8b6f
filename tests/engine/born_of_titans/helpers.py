"""Helpers for Born of Titans tests: a game through its set-up, positions arranged by hand, scripted dice."""

from __future__ import annotations

from typing import Any, cast

import pytest

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import ChooseHero, ChooseStart, PlaceQuest
from engine.born_of_titans.board import NODES, QUEST_SITES
from engine.born_of_titans.state import IDS, BornState, Phase, Quest
from engine.core import Action, IllegalAction, ScriptedRng
from engine.core.bots import make_bot
from engine.core.rng import Rng
from tests.engine import helpers

NAMES = ["Ann", "Bob", "Cy", "Di"]


def new(players: int = 2, seed: int = 0, **options: Any) -> BornState:
    """A fresh game at the selection."""
    state = GAME.new_game(players, options, seed=seed, seats=[{"name": n} for n in NAMES[:players]])
    assert isinstance(state, BornState)
    return state


def started(
    heroes: dict[int, str] | None = None,
    starts: dict[int, str] | None = None,
    quests: dict[int, str] | None = None,
    players: int = 2,
    seed: int = 0,
    **options: Any,
) -> BornState:
    """A game played through its set-up: Heroes and start Sites by seat (defaults in seat order), each seat's
    first Quest on a Site (default: the first allowed), up to the first player's first decision."""
    state = new(players, seed, **options)
    heroes = heroes or {}
    default_heroes = ["atalanta", "cyrene", "jason", "odysseus"]
    while state.phase == Phase.CHOOSE_HERO:
        seat = state.current_player
        state = act(state, ChooseHero(hero=heroes.get(seat, default_heroes[seat])))
    starts = starts or {}
    while state.phase == Phase.CHOOSE_START:
        seat = state.current_player
        state = act(state, ChooseStart(site=starts.get(seat, "quest_1")))
    quests = quests or {}
    while state.phase == Phase.PLACE_QUEST:
        owner = state.placing[0]
        legal = [a.site for a in GAME.legal_actions(state)]
        site = quests.get(owner, legal[-1])
        state = act(state, PlaceQuest(site=site))
    return state


def act(state: BornState, action: Action | dict[str, Any]) -> BornState:
    """Apply a legal action (checked), checking the invariants, and return the new state."""
    return cast(BornState, helpers.act(GAME, state, action))


def refused(state: BornState, action: Action | dict[str, Any]) -> None:
    """The action is refused and the state is unchanged."""
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        GAME.apply(state, action)
    assert state.snapshot() == before


def dice(state: BornState, *values: int) -> None:
    """The next random draws: die results 1-6 (other draws may be scripted with `draws`)."""
    state.rng = ScriptedRng([value - 1 for value in values], seed=state.rng.state)


def draws(state: BornState, *values: int) -> None:
    """The next raw `randrange` results."""
    state.rng = ScriptedRng(list(values), seed=state.rng.state)


def take(state: BornState, kind: str, face: str) -> int:
    """A counter of `face` taken out of its pile (its id)."""
    for cid in state.piles[kind]:
        if state.faces[cid] == face:
            state.piles[kind].remove(cid)
            return cid
    # Elsewhere face down (on the map): it trades faces with a counter of the pile, which is then taken.
    elsewhere = next(c for c in IDS[kind] if state.faces[c] == face and c not in state.face_up)
    cid = state.piles[kind][0]
    state.faces[cid], state.faces[elsewhere] = state.faces[elsewhere], state.faces[cid]
    state.piles[kind].remove(cid)
    return cid


def give(state: BornState, seat: int, **parts: Any) -> None:
    """Arrange a seat's sheet: node, came_from, crew, prophecy, ally, gear, divine (faces), quests {shield: face}."""
    sheet = state.sheets[seat]
    for name in ("node", "came_from", "crew", "prophecy", "in_city", "passage", "lose_turn"):
        if name in parts:
            setattr(sheet, name, parts[name])
    if "ally" in parts:
        if sheet.ally is not None:
            state.piles["encounter"].append(sheet.ally)
            state.piles["encounter"].sort()
            state.face_up.discard(sheet.ally)
            sheet.ally = None
        if parts["ally"]:
            sheet.ally = take(state, "encounter", parts["ally"])
            state.face_up.add(sheet.ally)
    if "gear" in parts:
        if sheet.gear is not None:
            state.piles["gear"].append(sheet.gear)
            state.piles["gear"].sort()
            state.face_up.discard(sheet.gear)
            sheet.gear = None
        if parts["gear"]:
            sheet.gear = take(state, "gear", parts["gear"])
            state.face_up.add(sheet.gear)
    for face in parts.get("divine", ()):
        sheet.divine.append(take(state, "divine", face))
    for shield, face in parts.get("quests", {}).items():
        cid = take(state, "quest", face)
        sheet.quests[str(shield)] = cid
        state.face_up.add(cid)


def set_quest(state: BornState, seat: int, face: str, site: str, revealed: bool = False) -> int:
    """Give a seat's current Quest the face `face` on `site` (its old one back to the pile)."""
    sheet = state.sheets[seat]
    if sheet.quest is not None:
        state.piles["quest"].append(sheet.quest.id)
        state.piles["quest"].sort()
        state.face_up.discard(sheet.quest.id)
    cid = take(state, "quest", face)
    origin = next((n for n, s in QUEST_SITES.items() if s == site), 1)
    if NODES[site].kind != "quest" and sheet.quest is not None:
        origin = sheet.quest.origin
    sheet.quest = Quest(id=cid, site=site, origin=origin, revealed=revealed)
    if revealed:
        state.face_up.add(cid)
    return cid


def set_encounter(state: BornState, city: str, face: str | None) -> int | None:
    """The City's Encounter counter becomes one of `face` (None: the City is empty)."""
    old = state.encounters.pop(city, None)  # (as arranged: whoever stands there keeps her place at the gates)
    state.placed.pop(city, None)
    if old is not None:
        state.piles["encounter"].append(old)
        state.piles["encounter"].sort()
        state.face_up.discard(old)
    if face is None:
        return None
    cid = take(state, "encounter", face)
    state.place_encounter(city, cid)
    return cid


def set_sea_monster(state: BornState, site: str, face: str) -> int:
    """The Sea Monster at `site` has the face `face` (faces swapped with the counter that had it)."""
    cid = state.sea_monsters[site]
    other = next(c for c in IDS["sea_monster"] if state.faces[c] == face)
    state.faces[cid], state.faces[other] = state.faces[other], state.faces[cid]
    return cid


def clear_divine(state: BornState) -> None:
    """Every Divine counter back to the pile (no moments unless a test gives some)."""
    for sheet in state.sheets:
        state.piles["divine"] += sheet.divine
        sheet.divine = []
    state.piles["divine"].sort()


def kinds(state: BornState) -> list[str]:
    """The kinds of the legal actions now."""
    return [a.kind for a in GAME.legal_actions(state)]


def legal(state: BornState, kind: str) -> list[Action]:
    """The legal actions of one kind."""
    return [a for a in GAME.legal_actions(state) if a.kind == kind]


def fresh_rng(state: BornState, seed: int = 1) -> None:
    """Random draws from a seeded RNG again."""
    state.rng = Rng(seed)


def my_turn(
    players: int = 2, seed: int = 3, options: dict[str, Any] | None = None, **parts: Any
) -> tuple[BornState, int]:
    """A game at the first player's first decision, nobody holding Divine counters, her sheet arranged."""
    heroes = {0: "atalanta", 1: "cyrene", 2: "jason", 3: "odysseus"}
    chosen = {k: v for k, v in heroes.items() if k < players}
    state = started(heroes=chosen, players=players, seed=seed, **(options or {})).clone()
    if state.phase != Phase.TURN:  # her Quest turned up at the start as an Underworld Quest: begin again
        return my_turn(players, seed + 100, options, **parts)
    clear_divine(state)
    seat = state.mover
    give(state, seat, **parts)
    return state, seat


def successes_roll(state: BornState, count: int, hits: int) -> None:
    """Script the next roll of `count` dice to show `hits` Successes (5s) and failures (2s)."""
    dice(state, *([5] * hits + [2] * max(0, count - hits)))


def win_challenge(state: BornState, seat: int) -> BornState:
    """Choose the first usable attribute and roll exactly the Successes needed (then the Gear draw's index 0)."""
    from engine.born_of_titans.table import foe_numbers, totals

    if state.phase == Phase.TURN:
        state = act(state, {"kind": "encounter"})
    state = pass_all(state)
    choice = next(a for a in GAME.legal_actions(state) if a.kind in ("choose_attribute", "choose_match"))
    state = act(state, choice)
    attribute = state.challenge.attribute
    needed = foe_numbers(state, state.challenge.foe)[attribute] or 0
    count = totals(state, seat)[attribute]
    state.rng = ScriptedRng([4] * needed + [0] * max(0, count - needed) + [0], seed=7)
    if count < needed:
        state.challenge.athena_dice = needed - count
        state.rng = ScriptedRng([4] * needed + [0], seed=7)
    return pass_all(act(state, {"kind": "roll", "commit": 0}))


def pass_all(state: BornState) -> BornState:
    """Everyone passes until the moment to react is over."""
    while state.phase == Phase.REACT:
        state = act(state, {"kind": "pass_moment"})
    return state


def at_quest(state: BornState, seat: int, face: str, number: int, **parts: Any) -> BornState:
    """Her current Quest `face` face up on Quest Site `number`, and she on it."""
    set_quest(state, seat, face, QUEST_SITES[number], revealed=True)
    give(state, seat, node=QUEST_SITES[number], came_from=None, **parts)
    return state


def hand(state: BornState, seat: int, *faces: str) -> None:
    """Give a seat these Divine counters (from the pile)."""
    for face in faces:
        state.sheets[seat].divine.append(take(state, "divine", face))


def first_view(found: Any, level: int, seed: int) -> dict[str, Any]:
    """The first view (of the seat to move) of a seeded 2-player game between bots of `level` for which
    `found(view, seat)` holds (a copy)."""
    import copy

    from engine.core.bots import make_bot

    bots = [make_bot(GAME, level, seat) for seat in range(2)]
    state = GAME.new_game(2, GAME.Options(), seed=seed)
    while state.current_player is not None:
        seat = state.current_player
        view = GAME.view(state, seat)
        if found(view, seat):
            return copy.deepcopy(view)
        state = GAME.apply(state, bots[seat].choose(state, seat))
    raise AssertionError("no such position")


def on_quest_view(seed: int = 1) -> tuple[dict, int, list]:
    """A real view of a level 2 seat standing on its face-up Quest in its turn, able to challenge it."""
    bots = [make_bot(GAME, 2, seat) for seat in range(2)]
    state = GAME.new_game(2, GAME.Options(), seed=seed)
    while state.current_player is not None:
        seat = state.current_player
        view = GAME.view(state, seat)
        legal = GAME.sensible_actions(state, GAME.legal_actions(state))
        hero = view["heroes"][seat]
        on_quest = any(
            q["owner"] == seat and q["revealed"] for q in (view["sites"].get(hero["node"]) or {}).get("quests", [])
        )
        if view["phase"] == "turn" and on_quest and any(a.kind == "encounter" for a in legal):
            return view, seat, legal
        state = GAME.apply(state, bots[seat].choose(state, seat))
    raise AssertionError("no position found")
