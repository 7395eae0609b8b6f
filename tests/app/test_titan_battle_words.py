"""Titan's battle on the page: the edges the sides enter by are drawn on the battleland; a strike at a
higher number than it needs says it is for a carry; the note above the choices says what is picked in the phase
(not '…then where it goes' during strikes)."""

from __future__ import annotations

import functools
import re

from app.gameview import render_regions
from engine.core import Seat
from engine.core.bots import make_bot
from engine.core.game import GameState
from engine.registry import GAMES
from engine.titan.data import EDGES

GAME = GAMES["titan"]


@functools.cache
def first_battle_states() -> dict[str, GameState]:
    """Ann's first decision in a battle's maneuver and strike phases, and one with a strike at a higher number."""
    found: dict[str, GameState] = {}
    for seed in range(1, 40):
        state = GAME.new_game(2, None, seed, [Seat(name="Ann"), Seat(name="Bob", kind="ai", level=1)])
        bots = [make_bot(GAME, 1, seat) for seat in range(2)]
        for _ in range(2500):
            if state.is_over or len(found) == 3:
                break
            seat = state.current_player
            legal = GAME.legal_actions(state)
            if seat == 0 and state.battle is not None:  # type: ignore[attr-defined]
                phase = state.phase.value  # type: ignore[attr-defined]
                if phase in ("maneuver", "strike"):
                    found.setdefault(phase, state)
                strikes = [(a.unit, a.target) for a in legal if a.kind == "strike"]  # type: ignore[attr-defined]
                if len(strikes) != len(set(strikes)):
                    found.setdefault("higher", state)
            state = GAME.apply(state, bots[seat].choose(state, seat))
        if len(found) == 3:
            return found
    raise AssertionError(sorted(found))


def test_the_attackers_and_defenders_edges_are_drawn_on_the_battleland_with_their_letters():
    state = first_battle_states()["maneuver"]
    board = render_regions(GAME, state, shown=0).board
    battle = GAME.view(state, 0)["battle"]
    attacker = re.search(r"<g class='tt-edge tt-edge-a'><title>([^<]*)</title><path d='([^']*)'/>", board)
    defender = re.search(r"<g class='tt-edge tt-edge-d'><title>([^<]*)</title><path d='([^']*)'/>", board)
    assert attacker and defender
    assert attacker.group(1) == f"{battle['attacker']} attacks from here" and "<text y='4'>A</text>" in board
    assert defender.group(1) == f"{battle['defender']} enters from here" and "<text y='4'>D</text>" in board
    # the border of the edge's hexes: one segment per outer side (two per end hex at most)
    segments = attacker.group(2).count("M")
    assert len(EDGES[battle["attacker_edge"]]) <= segments <= 2 * len(EDGES[battle["attacker_edge"]])
    assert f"attacks from the edge marked A (edge {battle['attacker_edge']})" in board


def test_a_strike_at_a_higher_number_than_it_needs_says_it_is_for_a_carry():
    state = first_battle_states()["higher"]
    regions = render_regions(GAME, state, shown=0)
    labels = re.findall(r"<span class='btn-label'><span>([^<]*)</span>", regions.actions)
    higher = [label for label in labels if "not" in label and "carry to another enemy" in label]
    # the picked character's strikes are listed once it is picked: pick the one with two numbers on one enemy
    if not higher:
        legal = GAME.legal_actions(state)
        pairs = [(a.unit, a.target) for a in legal if a.kind == "strike"]  # type: ignore[attr-defined]
        unit = next(u for u, t in pairs if pairs.count((u, t)) > 1)
        regions = render_regions(GAME, state, shown=0, selected=f"unit:{unit}")
        labels = re.findall(r"<span class='btn-label'><span>([^<]*)</span>", regions.actions)
        higher = [label for label in labels if "carry to another enemy" in label]
    assert higher, labels
    number, own = re.search(r"needs (\d) \u2014 rolling for (\d), not (\d)", higher[0]).group(1, 3)  # type: ignore[union-attr]
    assert int(number) > int(own)
    lower = [label for label in labels if label.endswith(f"needs {own}")]
    assert lower  # the strike at the number it needs says nothing more


def test_the_note_above_the_choices_says_what_is_picked_in_the_phase():
    states = first_battle_states()
    strike = render_regions(GAME, states["strike"], shown=0).actions
    assert "Pick on the map: a character, then the enemy it strikes." in strike
    assert "where it goes" not in strike
    maneuver = render_regions(GAME, states["maneuver"], shown=0).actions
    assert "Pick on the map: a character, then the hex it goes to." in maneuver
    seats = [Seat(name="Ann"), Seat(name="Bob", kind="ai", level=1)]
    first = next(s for s in (GAME.new_game(2, None, seed, seats) for seed in range(1, 20)) if s.current_player == 0)
    assert "Pick on the map: a legion to split." in render_regions(GAME, first).actions
