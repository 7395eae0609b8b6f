"""Readable reasons for refusing an action (Game.why_illegal)."""

from __future__ import annotations

from engine.born_of_titans import board, cities, turns
from engine.born_of_titans.data import MAX_CREW, MAX_PROPHECY
from engine.born_of_titans.state import BornState, Phase
from engine.core import Action

# What each phase waits for, in the game's words.
WAITING = {
    Phase.CHOOSE_HERO: "a Hero to be selected",
    Phase.CHOOSE_START: "a starting Quest Site to be chosen",
    Phase.PLACE_QUEST: "a Quest to be placed",
    Phase.TURN: "the player's next action",
    Phase.MOVE: "the Move to be made with its Courses",
    Phase.UNDERWORLD: "the Underworld Site for the Quest",
    Phase.CHALLENGE: "the Challenge to go on",
    Phase.ALLY: "the Ally to be taken or refused",
    Phase.SACRIFICE: "a Divine counter to be kept",
    Phase.RESTOCK: "the Cities to be restocked",
    Phase.REACT: "the players to play a Divine counter or pass",
}
ACTIONS = ("move", "encounter", "recruit", "sacrifice", "prophecy")


def why_illegal(state: BornState, action: Action) -> str:
    """Why `action` cannot be played now."""
    if state.phase == Phase.GAME_OVER:
        return "The game is over."
    kind = getattr(action, "kind", "")
    if state.phase == Phase.TURN and kind in ACTIONS:
        seat = state.mover
        sheet = state.sheets[seat]
        if not turns.actions_left(state):
            return "No actions are left this turn."
        if kind == "encounter":
            if state.hubris == seat and sheet.quest is not None and sheet.quest["site"] == sheet.node:
                return "Hubris forbids her to engage her own Quest."
            if not cities.what_to_encounter(state, seat):
                return "There is nothing here for her to encounter."
        node_kind = board.NODES[str(sheet.node)].kind if sheet.node else ""
        if kind in ("recruit", "sacrifice") and not (sheet.in_city and node_kind == "city"):
            return "She must be inside a City (its Encounter dealt with) to recruit or sacrifice."
        if kind == "recruit" and sheet.crew >= MAX_CREW:
            return "She has six Crew already."
        if kind == "sacrifice" and not state.piles["divine"]:
            return "The Divine pile is empty."
        if kind == "prophecy" and node_kind != "oracle":
            return "Prophecy is taken at an Oracle."
        if kind == "prophecy" and sheet.prophecy >= MAX_PROPHECY:
            return "No mortal may hold more than six Prophecy."
    site = str(getattr(action, "site", ""))
    seen_all = kind == "look" and site in board.NODES and not cities.unseen_at(state, state.mover, site)
    if seen_all and state.phase == Phase.TURN and cities.hidden_at(state, site):
        return "She has already seen every counter at that Site: a look would show her nothing new."
    if kind == "retreat" and state.phase == Phase.CHALLENGE and not state.rolls:
        return "She may retreat only after a Crew loss."
    return f"\u201c{action.describe()}\u201d is not possible now: the game waits for {WAITING[state.phase]}."
