"""A Titan turn on the masterboard: set-up, the first turn's split and mulligan, movement, engagements short
of battle (flee, concede, agreement), points and angels, mustering, a Titan's death and the end."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, Rng, ScriptedRng
from engine.titan import engagements
from engine.titan.actions import (
    Accept,
    Acquire,
    Concede,
    EndMoves,
    EndMusters,
    EndSplits,
    Engage,
    Flee,
    Move,
    Mulligan,
    Muster,
    Propose,
    Split,
    Summon,
)
from engine.titan.data import STARTING_LEGION
from engine.titan.invariants import violations
from engine.titan.state import Phase, TitanState
from tests.engine.titan.helpers import GAME, WORTH_161, act, clear_board, engaged, new, place, won_by_concession


def test_set_up_draws_towers_orders_by_the_highest_and_gives_each_player_eight():
    state = new(3, seed=5)
    towers = [player.tower for player in state.players]
    assert len(set(towers)) == 3 and set(towers) <= {100, 200, 300, 400, 500, 600}
    assert state.order == sorted(range(3), key=lambda seat: -towers[seat])
    assert state.mover == state.order[0] and state.phase == Phase.SPLIT
    for seat in range(3):
        (legion,) = state.legions_of(seat)
        assert legion.land == towers[seat] and sorted(legion.contents) == sorted(STARTING_LEGION)
    assert state.stock["Ogre"] == 25 - 3 * 2 and state.stock["Angel"] == 18 - 3
    assert [p.colour for p in state.players] == ["Black", "Blue", "Brown"]


def test_the_first_turn_must_split_four_and_four_and_only_once():
    state = new()
    actions = GAME.legal_actions(state)
    assert EndSplits() not in actions and len(actions) == 7  # the 8 must be split first
    state = act(state, actions[0])
    assert sorted(legion.height for legion in state.legions_of(state.mover)) == [4, 4]
    assert GAME.legal_actions(state) == [EndSplits()]  # no second split on the first turn
    with pytest.raises(IllegalAction):
        GAME.apply(state, Split(marker="Bu01", leaving=("Centaur", "Gargoyle")))


def test_a_split_is_secret_others_forget_what_they_knew():
    state = new()
    clear_board(state)
    legion = place(state, "Bu01", 1, 1, ["Ogre", "Ogre", "Troll", "Troll", "Lion"])
    legion.reveal([0])
    place(state, "Bu03", 1, 200, ["Titan"])
    place(state, "Bk01", 0, 100, ["Titan"])
    state.mover = state.decider = 1
    state = act(state, Split(marker="Bu01", leaving=("Troll", "Troll")))
    assert state.legions["Bu01"].known[0] == [] and state.legions["Bu02"].known[0] == []
    view = GAME.view(state, 0)
    seen = {lg["marker"]: lg for lg in view["legions"]}
    assert seen["Bu01"]["contents"] is None and seen["Bu01"]["height"] == 3 and seen["Bu01"]["known"] == []


def test_the_mulligan_is_once_in_the_first_turn_before_any_move():
    state = new()
    state = act(state, GAME.legal_actions(state)[0])
    state.rng = ScriptedRng([0, 4])  # rolls 1, then 5
    state = act(state, EndSplits())
    assert state.roll == 1 and Mulligan() in GAME.legal_actions(state)
    state = act(state, Mulligan())
    assert state.roll == 5 and Mulligan() not in GAME.legal_actions(state)
    assert "takes the mulligan and rolls a 5" in state.log[-1]


def test_split_legions_must_move_apart_and_at_least_one_legion_must_move():
    state = new()
    state = act(state, GAME.legal_actions(state)[0])
    state = act(state, EndSplits())
    assert EndMoves() not in GAME.legal_actions(state)
    assert "must move" in (GAME.why_illegal(state, EndMoves()) or "")
    first = next(a for a in GAME.legal_actions(state) if isinstance(a, Move))
    state = act(state, first)
    assert EndMoves() in GAME.legal_actions(state)  # the other may stay: they no longer share a land


def test_legions_that_cannot_part_join_again_at_the_end_of_the_movement_phase():
    state = new()
    clear_board(state)
    place(state, "Bu01", 1, 100, ["Titan", "Ogre"])
    place(state, "Bu02", 1, 100, ["Angel", "Ogre"])
    place(state, "Bk01", 0, 300, ["Titan"])
    state.mover = state.decider = 1
    state.phase = Phase.MOVE
    state.roll = 1
    assert EndMoves() not in GAME.legal_actions(state)  # they can part with a 1
    state.legions["Bu02"].moved = True  # say it tried and stayed: only Bu01 could still move
    state.legions["Bu01"].moved = True
    state = act(state, EndMoves())
    assert "Bu02" not in state.legions and state.legions["Bu01"].contents == ["Angel", "Ogre", "Ogre", "Titan"]
    assert "Bu02" in state.players[1].free_markers
    assert "join again" in " ".join(state.log[-3:])


def test_a_defender_without_a_lord_may_flee_and_the_attacker_scores_half():
    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre", "Ogre"])  # defender worth 12 + 12 + 12
    state = act(state, Engage(land=6))
    assert state.decider == 0 and Flee() in GAME.legal_actions(state)
    assert state.legions["Bk01"].known[1] == ["Centaur", "Ogre", "Ogre"]  # both see both [9.1]
    state = act(state, Flee())
    assert state.players[1].score == 36 // 2
    assert "Bk01" not in state.legions and state.slain == {"Centaur": 1, "Ogre": 2}
    assert state.phase == Phase.MUSTER  # no summon after a flight; nothing else to take


def test_a_defender_holding_a_lord_may_not_flee():
    state = act(engaged(["Lion", "Lion"], ["Angel", "Ogre"]), Engage(land=6))
    assert Flee() not in GAME.legal_actions(state)


def test_an_agreement_eliminates_a_legion_and_costs_the_winner_what_was_agreed():
    state = act(engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"]), Engage(land=6))
    state = act(state, Propose(eliminated="defender", losses=("Ogre",)))  # Ann: "you win, but lose your Ogre"
    assert state.decider == 1 and Accept() in GAME.legal_actions(state)
    state = act(state, Accept())
    assert "Bk01" not in state.legions and state.legions["Bu01"].contents == ["Lion", "Lion"]
    assert state.players[1].score == 24  # full value of the eliminated legion


def test_conceding_before_battle_gives_full_value():
    state = act(engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"]), Engage(land=6))
    state = act(state, Concede())
    assert state.players[1].score == 24 and "Bk01" not in state.legions


def test_points_passing_multiples_of_100_bring_angels_and_500_an_archangel():
    assert engagements.angels_earned(90, 110) == ["Angel"]
    assert engagements.angels_earned(480, 620) == ["Archangel", "Angel"]  # the rulebook's example
    assert engagements.angels_earned(100, 199) == []
    state = engaged(["Lion", "Lion", "Ogre"], ["Colossus", "Serpent", "Ogre"])  # 40 + 36 + 12 = 88
    state.players[1].score = 95
    state = act(state, Engage(land=6))
    state = act(state, Concede())
    assert state.players[1].score == 183 and state.phase == Phase.AFTERMATH
    assert Acquire(angel="Angel") in GAME.legal_actions(state)
    summon = [a for a in GAME.legal_actions(state) if isinstance(a, Summon)]
    assert Summon(donor="Bu02", angel="Angel") in summon  # after winning, the attacker may summon too
    state = act(state, Acquire(angel="Angel"))
    assert "Angel" in state.legions["Bu01"].contents
    state = act(state, Summon())
    assert state.phase == Phase.MUSTER


def _acquires(state: TitanState) -> list[Acquire]:
    return [action for action in GAME.legal_actions(state) if isinstance(action, Acquire)]


def test_passing_400_and_500_with_room_for_one_offers_the_archangel_or_the_angel_or_neither():
    """[17] One angel per multiple of 100 passed, an Archangel for the 500, each optional, in any combination
    the legion has room for. 350 + 161 = 511 passes 400 and 500; with room for one, Bob may take the
    Archangel (which the 500 brings), the Angel, or neither (before: only the 400's Angel was offered)."""
    state = won_by_concession(350, ["Lion", "Lion", "Ogre", "Ogre", "Troll", "Troll"], WORTH_161)
    assert state.players[1].score == 511 and state.aftermath_now().angels == ["Angel", "Archangel"]
    assert _acquires(state) == [Acquire(angel="Archangel"), Acquire(angel="Angel"), Acquire()]
    assert GAME.describe_action(state, Acquire()) == "Take no angel"
    archangel = act(state, Acquire(angel="Archangel"))
    assert "Archangel" in archangel.legions["Bu01"].contents and archangel.legions["Bu01"].height == 7
    assert archangel.phase == Phase.MUSTER and archangel.stock["Archangel"] == state.stock["Archangel"] - 1
    angel = act(state, Acquire(angel="Angel"))
    assert "Angel" in angel.legions["Bu01"].contents and angel.phase == Phase.MUSTER
    neither = act(state, Acquire())
    assert neither.legions["Bu01"].height == 6 and _acquires(neither) == []


def test_the_angels_owed_for_several_multiples_may_be_taken_in_any_order():
    state = won_by_concession(350, ["Lion", "Lion", "Ogre", "Ogre", "Troll"], WORTH_161)  # room for two
    assert GAME.describe_action(state, Acquire()) == "Take none of the 2 angels owed"
    angel_first = act(state, Acquire(angel="Angel"))  # the 400's Angel: the 500's Archangel is still owed
    assert _acquires(angel_first) == [Acquire(angel="Archangel"), Acquire(angel="Angel"), Acquire()]
    both = act(angel_first, Acquire(angel="Archangel"))
    assert both.legions["Bu01"].contents.count("Angel") == 1 and "Archangel" in both.legions["Bu01"].contents
    archangel_first = act(state, Acquire(angel="Archangel"))
    assert _acquires(archangel_first) == [Acquire(angel="Angel"), Acquire()]  # the 400's
    assert act(archangel_first, Acquire(angel="Angel")).legions["Bu01"].contents == both.legions["Bu01"].contents
    two_angels = act(angel_first, Acquire(angel="Angel"))  # an Angel may stand in for the Archangel
    assert two_angels.legions["Bu01"].contents.count("Angel") == 2 and _acquires(two_angels) == []


def test_several_hundreds_passed_at_once_bring_an_angel_each_as_room_allows():
    """150 + 161 = 311 passes 200 and 300: two Angels; with room for one, one Angel or none."""
    state = won_by_concession(150, ["Lion", "Lion", "Ogre", "Ogre", "Troll"], WORTH_161)
    assert state.aftermath_now().angels == ["Angel", "Angel"] and _acquires(state) == [
        Acquire(angel="Angel"),
        Acquire(),
    ]
    state = act(act(state, Acquire(angel="Angel")), Acquire(angel="Angel"))
    assert state.legions["Bu01"].contents.count("Angel") == 2 and state.legions["Bu01"].height == 7
    room_for_one = won_by_concession(150, ["Lion", "Lion", "Ogre", "Ogre", "Troll", "Troll"], WORTH_161)
    assert _acquires(room_for_one) == [Acquire(angel="Angel"), Acquire()]
    assert act(room_for_one, Acquire(angel="Angel")).phase == Phase.MUSTER


def test_with_no_archangel_left_an_angel_is_taken_for_the_500():
    state = engaged(["Lion", "Lion", "Ogre", "Ogre", "Troll"], WORTH_161)
    state.players[1].score = 350
    place(state, "Bk03", 0, 300, ["Archangel"] * state.stock["Archangel"])  # every Archangel out of the stock
    state = act(act(state, Engage(land=6)), Concede())
    assert _acquires(state) == [Acquire(angel="Angel"), Acquire()]
    state = act(act(state, Acquire(angel="Angel")), Acquire(angel="Angel"))
    assert state.legions["Bu01"].contents.count("Angel") == 2


def test_an_engagement_that_ends_the_movers_game_leaves_nothing_on_the_table():
    """Bob (the mover) concedes his Titan's legion to Ann's terms: he is out, his turn ends, and the next
    player's split phase shows no engagement (nor its terms to Ann) [19]."""
    state = act(engaged(["Titan", "Ogre"], ["Lion", "Lion"], players=3), Engage(land=6))
    state = act(state, Propose(eliminated="attacker", losses=()))
    state = act(state, Concede())
    assert not state.players[1].alive and state.players[0].score == 24 + 12 + 24 // 2
    assert state.phase == Phase.SPLIT and state.mover != 1 and state.players[state.mover].alive
    assert state.engagement.snapshot() == {} and state.aftermath.snapshot() == {} and state.battle is None
    assert all(GAME.view(state, seat)["engagement"] == {} for seat in (None, 0, 1, 2))


def test_an_engagement_left_on_the_table_outside_the_engagements_is_an_impossible_position():
    state = act(engaged(["Lion"], ["Ogre"]), Engage(land=6))
    stale = state.engagement.copy()
    state = act(act(state, Concede()), Summon())  # Ann concedes; Bob summons no angel: his muster phase
    assert state.phase == Phase.MUSTER and violations(state) == []
    state.engagement = stale
    assert "an engagement on the table in the muster phase" in violations(state)


def test_a_titans_death_puts_its_player_out_and_the_last_titan_wins():
    state = engaged(["Lion", "Lion", "Ogre"], ["Titan", "Ogre"])
    state.players[0].score = 120  # Titan power 7: value 28
    state = act(state, Engage(land=6))
    state = act(state, Concede())  # Ann concedes her Titan's legion
    assert not state.players[0].alive and state.is_over and GAME.winners(state) == [1]
    assert state.players[1].score == 28 + 12 + (12 + 12) // 2  # the Titan's legion in full, then Bk02 halved
    assert "Bk02" not in state.legions and state.players[0].free_markers == []  # Bob takes Ann's markers
    assert "Bk02" in state.players[1].free_markers


def test_musters_need_a_legion_that_moved_and_show_the_recruiters():
    state = new()
    clear_board(state)
    legion = place(state, "Bu01", 1, 5, ["Lion", "Lion", "Titan"])
    place(state, "Bk01", 0, 300, ["Titan"])
    legion.moved = True
    state.mover = state.decider = 1
    state.phase = Phase.MUSTER
    from engine.titan.data import LANDS

    terrain = LANDS[5].terrain
    actions = GAME.legal_actions(state)
    assert actions[-1] == EndMusters()
    if terrain in ("Desert", "Plains", "Mountains"):
        assert any(isinstance(a, Muster) for a in actions)
    for action in actions[:-1]:
        after = act(state, action)
        assert after.legions["Bu01"].mustered and after.legions["Bu01"].height == 4
        assert action.creature in after.legions["Bu01"].known[0]  # shown to everyone


def test_random_games_keep_every_invariant():
    for players in (2, 4):
        for seed in range(3):
            state = new(players, seed)
            rng = Rng(seed)
            while not state.is_over and state.moves < 4000:
                state = act(state, rng.choice(GAME.legal_actions(state)))
            assert state.is_over


# -- the option "balanced towers" -----------------------------------------------------------------------------------


def _towers(players: int, seed: int, **options) -> tuple[int, ...]:
    state = GAME.new_game(players, options or None, seed)
    return tuple(player.tower for player in state.players)


def test_the_towers_run_in_order_round_the_board():
    """`balanced_towers` spreads the Towers by their place in TOWERS: 100 to 600 must go round the board."""
    import math

    from engine.titan.data import LANDS, TOWERS

    centre_x = sum(LANDS[t].x for t in TOWERS) / len(TOWERS)
    centre_y = sum(LANDS[t].y for t in TOWERS) / len(TOWERS)
    angles = [math.atan2(LANDS[t].y - centre_y, LANDS[t].x - centre_x) for t in TOWERS]
    turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1], strict=True)]
    if turns[0] > math.pi:  # clockwise on the map, whose y grows downward
        turns = [2 * math.pi - turn for turn in turns]
    assert all(0.5 < turn < 1.6 for turn in turns) and math.isclose(sum(turns), 2 * math.pi)  # one way round


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_balanced_towers_spread_fewer_than_six_players_evenly_round_the_board(players):
    """With the option, the gaps between neighbouring players' Towers round the board differ by at most one
    Tower (2: opposite; 3: every other; 4: two facing pairs; 5: all but one); every such seating happens."""
    from engine.titan.data import TOWERS

    seatings = set()
    for seed in range(40):
        towers = _towers(players, seed, balanced_towers=True)
        assert len(set(towers)) == players
        places = sorted(TOWERS.index(tower) for tower in towers)
        gaps = [(b - a) % 6 for a, b in zip(places, places[1:] + places[:1], strict=True)]
        assert max(gaps) - min(gaps) <= (0 if 6 % players == 0 else 1), (seed, towers)
        seatings.add(tuple(sorted(towers)))
    assert len(seatings) == {2: 3, 3: 2, 4: 3, 5: 6}[players]  # each evenly spread set of Towers


def test_balanced_towers_with_six_players_take_every_tower_as_without():
    for seed in range(5):
        assert _towers(6, seed, balanced_towers=True) == _towers(6, seed)
        assert sorted(_towers(6, seed)) == [100, 200, 300, 400, 500, 600]


def test_without_the_option_the_towers_are_drawn_as_before():
    """The option is off by default, and a seed deals the Towers it dealt before the option existed: the
    saved games of release 6 began with the Towers today's set-up draws for their seeds."""
    import json
    from pathlib import Path

    assert GAME.Options().balanced_towers is False
    corpus = json.loads((Path(__file__).parents[2] / "saves" / "corpus" / "r6.json").read_text())
    games = [entry for entry in corpus["entries"] if entry["game"] == "titan"]
    assert games
    for entry in games:
        assert "balanced_towers" not in entry["options"]
        saved = tuple(player["tower"] for player in entry["own"]["players"])
        assert _towers(entry["players"], entry["seed"], **entry["options"]) == saved
    spread = {_towers(4, seed) for seed in range(40)}
    assert any(sorted(towers) == [100, 200, 300, 400] for towers in spread)  # unbalanced seatings still drawn
