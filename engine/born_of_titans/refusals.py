"""Readable reasons for refusing an action (Game.why_illegal): an action its phase does not take is refused with
the words of the phase's row (choices.STEPS); an action it takes but not now, with the rule that forbids it."""

from __future__ import annotations

from engine.born_of_titans import board, cities, turns
from engine.born_of_titans.choices import refusal, waiting
from engine.born_of_titans.data import MAX_CREW, MAX_PROPHECY
from engine.born_of_titans.state import BornState
from engine.core import Action

ACTIONS = ("move", "encounter", "recruit", "sacrifice", "prophecy")  # the turn's regular actions (the TURN row's)


def why_illegal(state: BornState, action: Action) -> str:
    """Why `action` cannot be played now."""
    reason = refusal(state, action)
    if reason is not None:
        return reason
    kind = getattr(action, "kind", "")
    if kind in ACTIONS:
        seat = state.mover
        sheet = state.sheets[seat]
        if not turns.actions_left(state):
            return "No actions are left this turn."
        if kind == "encounter":
            if state.hubris == seat and sheet.quest is not None and sheet.quest.site == sheet.node:
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
    if seen_all and cities.hidden_at(state, site):
        return "She has already seen every counter at that Site: a look would show her nothing new."
    if kind == "retreat" and not state.rolls:
        return "She may retreat only after a Crew loss."
    return waiting(state, action)
