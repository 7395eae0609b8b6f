"""Teleports and negotiation in play [8.1, 8.2, 9.3]: through the game's own legal actions, not the map
functions alone (those are tests/engine/titan/test_masterboard.py)."""

from __future__ import annotations

from engine.titan.actions import Accept, Concede, EndMoves, Engage, Fight, Move, Propose
from engine.titan.state import Phase, TitanState
from tests.engine.titan.helpers import GAME, act, clear_board, engaged, new, place


def moving(roll: int, score: int = 0) -> TitanState:
    """Bob (seat 1) is to move with `roll`: Bu01 (Angel and three) in his Tower 200, Bu02 (his Titan) in 10;
    Ann's Bk01 stands in 4 (Hills), her Bk02 (Titan) in her Tower 100."""
    state = new()
    clear_board(state)
    place(state, "Bu01", 1, 200, ["Angel", "Ogre", "Ogre", "Centaur"])
    place(state, "Bu02", 1, 10, ["Titan", "Gargoyle", "Gargoyle"])
    place(state, "Bk01", 0, 4, ["Lion", "Lion"])
    place(state, "Bk02", 0, 100, ["Titan", "Centaur"])
    state.players[1].score = score
    state.mover = state.decider = 1
    state.phase = Phase.MOVE
    state.roll = roll
    return state


def moves(state: TitanState, marker: str, how: str) -> list[Move]:
    return [a for a in GAME.legal_actions(state) if isinstance(a, Move) and a.marker == marker and a.teleport == how]


def test_a_tower_teleport_needs_a_six_and_shows_the_lord_to_everyone():
    assert moves(moving(5), "Bu01", "tower") == []
    state = moving(6)
    teleports = moves(state, "Bu01", "tower")
    assert teleports and all(move.land not in (4, 10, 100) for move in teleports)  # never onto a legion
    assert any(move.land == 300 for move in teleports)  # any empty tower
    state = act(state, teleports[0])
    assert state.legions["Bk01"].owner == 0 and state.legions["Bu01"].known[0] == ["Angel"]
    assert state.log[-1].endswith("by tower teleport, showing its Angel.")
    assert moves(state, "Bu02", "tower") == [] and moves(state, "Bu02", "titan") == []  # one teleport a turn


def test_a_titan_teleport_needs_400_points_and_attacks_from_the_chosen_wide_edge():
    assert moves(moving(6, score=399), "Bu02", "titan") == []
    state = moving(6, score=400)
    teleports = moves(state, "Bu02", "titan")
    assert {(m.land, m.edge) for m in teleports} == {(4, 1), (4, 3), (4, 5), (100, 3)}  # a Tower: edge 3 only
    assert moves(state, "Bu01", "titan") == []  # only the Titan's legion
    state = act(state, next(m for m in teleports if m.land == 4 and m.edge == 5))
    assert state.legions["Bu02"].known[0] == ["Titan"] and "Bu02 attacks in 4." in state.log
    state = act(state, EndMoves())
    state = act(state, Engage(land=4))
    state = act(state, Fight())
    assert state.battle is not None and state.battle.attacker_edge == 5


def test_terms_settle_when_the_other_player_accepts_them():
    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre", "Ogre"])
    state = act(state, Engage(land=6))
    state = act(state, Propose(eliminated="defender", losses=("Ogre",)))  # Ann, the defender, offers
    assert state.decider == 1 and Accept() in GAME.legal_actions(state)
    state = act(state, Accept())
    assert "Bk01" not in state.legions and sorted(state.legions["Bu01"].contents) == ["Lion", "Lion"]


def test_after_four_proposals_no_more_terms_are_offered():
    """This edition's ruling: four proposals, then the battle (or a concession, or accepting the last)."""
    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre", "Ogre"])
    state = act(state, Engage(land=6))
    for offer in ("attacker", "defender", "both", "attacker"):
        assert any(isinstance(a, Propose) for a in GAME.legal_actions(state))
        state = act(state, Propose(eliminated=offer))  # type: ignore[arg-type]
    legal = GAME.legal_actions(state)
    assert not any(isinstance(a, Propose) for a in legal)
    assert {type(a) for a in legal} == {Accept, Concede, Fight}
    state = act(state, Fight())
    assert state.battle is not None
