"""Titan's Standard computer player: it plays whole games, beats random play, and knows only its seat's view."""

from __future__ import annotations

from engine.core import Seat
from engine.core.bots import bot_levels, make_bot
from engine.titan.ai.standard import TitanBot
from engine.titan.ai.strong import StrongBot
from engine.titan.state import unseen
from tests.engine.titan.helpers import GAME, new


def play(levels: list[int], seed: int, cap: int = 30_000):
    state = GAME.new_game(len(levels), None, seed, [Seat(name=f"P{i}", kind="ai", level=1) for i in range(len(levels))])
    bots = [make_bot(GAME, level, seed * 10 + i) for i, level in enumerate(levels)]
    while not state.is_over and state.moves < cap:
        seat = state.current_player
        state = GAME.apply(state, bots[seat].choose(state, seat))
    return state


def test_titan_offers_random_play_and_its_own_standard_and_strong_levels():
    assert bot_levels(GAME) == [(0, "Random"), (1, "Standard"), (2, "Strong")]
    assert isinstance(make_bot(GAME, 2, 3), StrongBot)
    assert isinstance(make_bot(GAME, 1, 3), TitanBot)
    assert make_bot(GAME, 0, 3).level == 0 and not isinstance(make_bot(GAME, 0, 3), TitanBot)


def test_the_standard_player_beats_random_play():
    wins = 0
    for game in range(8):
        hero = game % 2
        state = play([1, 0] if hero == 0 else [0, 1], seed=500 + game)
        assert state.is_over
        wins += hero in GAME.winners(state)
    assert wins >= 7  # the full measure (200 games) is scripts/ai_strength.py


def test_two_standard_players_finish_a_game():
    state = play([1, 1, 1], seed=77)
    assert state.is_over and len(GAME.winners(state)) <= 1


def test_the_unseen_pool_counts_what_the_seat_has_not_seen():
    state = new(2, 3)
    pool = unseen(state, 0)
    assert sum(pool.values()) == 0  # everyone knows the starting legions
    state = GAME.apply(state, GAME.legal_actions(state)[0])  # the mover splits: others forget
    assert sum(unseen(state, 1 - state.mover).values()) == 7  # all but the Titan, which is counted apart


def test_the_standard_player_brings_every_defender_on_even_where_room_is_short():
    """Found by the strength run: defending a Swamp with six, the bot filled the hexes near its edge and its
    Titan could not come on, and was lost. Each character now comes on where the others still fit."""
    from engine.titan.actions import Engage, Fight
    from engine.titan.state import Phase
    from tests.engine.titan.helpers import act, engaged

    for land, defenders in (
        (28, ["Centaur", "Cyclops", "Gargoyle", "Gargoyle", "Lion", "Titan"]),  # Swamp
        (22, ["Centaur", "Centaur", "Gargoyle", "Lion", "Lion", "Titan"]),  # Marsh
    ):
        state = engaged(["Ogre", "Titan"], defenders, land)
        state = act(act(state, Engage(land=land)), Fight())
        bot = make_bot(GAME, 1, 5)
        while state.phase == Phase.MANEUVER and state.battle.active == "defender":
            state = act(state, bot.choose(state, state.current_player))
        assert not [line for line in state.log if "never came on the battleland" in line], (land, state.log[-8:])
        assert all(unit.hex is not None for unit in state.battle.units if unit.side == "defender")


def test_where_not_all_can_come_on_the_standard_player_brings_on_as_many_as_fit():
    """In the Desert the Cyclopes (skill 2) reach only the three hexes of the edge: one of four cannot come on.
    The Angel and the Titan go deeper, so three Cyclopes come on (the fourth is lost, as it must be)."""
    from engine.titan.actions import Engage, Fight
    from engine.titan.state import Phase
    from tests.engine.titan.helpers import act, engaged

    state = engaged(["Ogre", "Titan"], ["Angel", "Cyclops", "Cyclops", "Cyclops", "Cyclops", "Titan"], 35)
    state = act(act(state, Engage(land=35)), Fight())
    bot = make_bot(GAME, 1, 5)
    while state.phase == Phase.MANEUVER and state.battle.active == "defender":
        state = act(state, bot.choose(state, state.current_player))
    assert [line for line in state.log if "never came on" in line] == [
        "Cyclops never came on the battleland and is eliminated."
    ]


def test_owed_an_angel_and_an_archangel_with_room_for_one_the_standard_player_takes_the_archangel():
    """[17] 350 + 161 = 511 passes 400 and 500: with room for one the bot takes the Archangel (the
    stronger), not the 400's Angel it was once limited to; with room for both it takes both."""
    from engine.titan.state import Phase
    from tests.engine.titan.helpers import WORTH_161, act, won_by_concession

    bot = make_bot(GAME, 1, 5)
    state = won_by_concession(350, ["Lion", "Lion", "Ogre", "Ogre", "Troll", "Troll"], WORTH_161)
    state = act(state, bot.choose(state, state.current_player))
    assert "Archangel" in state.legions["Bu01"].contents and state.phase == Phase.MUSTER
    state = won_by_concession(350, ["Lion", "Lion", "Ogre", "Ogre", "Troll"], WORTH_161)
    while state.phase == Phase.AFTERMATH:
        state = act(state, bot.choose(state, state.current_player))
    assert {"Angel", "Archangel"} <= set(state.legions["Bu01"].contents)


def test_a_legion_of_six_moves_where_it_can_muster():
    """Reported: Standard stopped recruiting at six (a legion of six stood beside a land where it could muster)."""
    from engine.titan.actions import Move
    from engine.titan.ai import standard
    from tests.engine.titan.helpers import moving, mustering_choice, place

    start, roll, can, _cannot = mustering_choice()
    state = moving(roll)
    place(state, "Bk01", 0, start, ["Centaur", "Centaur", "Gargoyle", "Gargoyle", "Ogre", "Ogre"])
    place(state, "Bu01", 1, 600 if start // 100 != 6 else 100, ["Titan", "Ogre"])
    place(state, "Bk02", 0, 300 if start // 100 != 3 else 500, ["Titan"]).moved = True  # it may stop moving
    action = standard.choose(state, 0, GAME.legal_actions(state), None)
    assert isinstance(action, Move) and action.land in can


def _signs_not_distance() -> tuple[int, int, int, int, int]:
    """(start, roll, enemy land, a destination next to the enemy it cannot reach, one further off that it reaches
    on four rolls or more): plain distance has the two the wrong way round."""
    from engine.titan import masterboard
    from engine.titan.data import LANDS

    for start in sorted(LANDS):
        for roll in range(1, 7):
            lands = [land for land in masterboard.destination_lands(start, roll) if not LANDS[land].is_tower]
            if len(lands) < 2:
                continue
            for enemy in sorted(LANDS):
                if enemy in lands or enemy == start or LANDS[enemy].is_tower:
                    continue
                distance = masterboard.lands_within(enemy, 6)
                if masterboard.fewest_steps(enemy, {start}, set()).get(start, 99) <= 6:
                    continue
                steps = {land: masterboard.fewest_steps(enemy, {start, land}, set()).get(land, 99) for land in lands}
                safe = [land for land in lands if steps[land] == 99 and distance.get(land, 99) <= 1]
                exposed = [land for land in lands if steps[land] <= 3 and distance.get(land, 99) >= 3]
                if safe and exposed:
                    return start, roll, enemy, safe[0], exposed[0]
    raise AssertionError("no such position")


def test_the_titans_legion_keeps_out_of_reach_of_a_stronger_stack_over_the_rolls_and_the_signs():
    """Reported: Standard measured danger by plain distance; a stack reaches a land on the rolls its signs allow."""
    from engine.titan.actions import Move
    from engine.titan.ai import standard
    from tests.engine.titan.helpers import BIG, moving, place, titan_in_danger

    signs = _signs_not_distance()
    for start, roll, enemy, near in (titan_in_danger()[:4], (*signs[:3], signs[4])):
        state = moving(roll)
        place(state, "Bk01", 0, start, ["Titan", "Angel"])
        place(state, "Bu01", 1, enemy, BIG).reveal([0])
        place(state, "Bu02", 1, 100 if abs(start - 100) > 50 else 400, ["Titan"])
        actions = GAME.legal_actions(state)
        assert any(isinstance(a, Move) and a.land == near for a in actions)
        chosen = standard.choose(state, 0, actions, None)
        assert isinstance(chosen, Move) and chosen.land != near, (start, roll, enemy, near)


def _cornered() -> tuple[int, int, int]:
    """(start, roll, enemy land): from `start`, with an enemy on that land, this roll leads nowhere else."""
    from engine.titan import masterboard
    from engine.titan.data import LANDS

    for start in sorted(LANDS):
        if LANDS[start].is_tower:
            continue
        for enemy in sorted(LANDS):
            if enemy == start or LANDS[enemy].is_tower:
                continue
            for roll in range(1, 7):
                if masterboard.destination_lands(start, roll, friendly={start}, enemy={enemy}) == [enemy]:
                    return start, roll, enemy
    raise AssertionError("no such position")


def test_it_does_not_split_where_a_roll_would_force_a_half_into_a_hopeless_attack():
    """Reported: Standard's split halves were forced to part into a stronger stack."""
    from engine.titan.actions import EndSplits, Split
    from engine.titan.ai import standard
    from tests.engine.titan.helpers import BIG, clear_board, new, place

    start, _roll, enemy = _cornered()
    for threatened in (True, False):
        state = new(2)
        clear_board(state)
        state.mover = state.decider = 0
        place(state, "Bk01", 0, start, ["Centaur", "Lion", "Lion", "Ogre", "Ogre", "Troll", "Troll"])
        place(state, "Bk02", 0, 100 if start // 100 != 1 else 300, ["Titan"])
        place(state, "Bu01", 1, enemy if threatened else 600, BIG if threatened else ["Ogre"]).reveal([0])
        place(state, "Bu02", 1, 500 if start // 100 != 5 else 200, ["Titan"])
        chosen = standard.choose(state, 0, GAME.legal_actions(state), None)
        assert isinstance(chosen, EndSplits if threatened else Split)


def _next_turn_choice() -> tuple[int, int, int, int]:
    """(start, roll, a land, another): a legion of two Ogres and a Troll musters nothing on either, but from the
    first it reaches a land where it musters on more rolls next turn than from the second."""
    from engine.titan import masterboard, recruiting
    from engine.titan.data import LANDS

    contents = ["Ogre", "Ogre", "Troll"]
    stock = new(2).stock

    def musters(land: int) -> bool:
        return bool(recruiting.musters(LANDS[land].terrain, contents, stock))

    def rolls_mustering(land: int) -> int:
        return sum(
            any(musters(to) for to in masterboard.destination_lands(land, roll, friendly={land}))
            for roll in range(1, 7)
        )

    for start in sorted(LANDS):
        if LANDS[start].is_tower:
            continue
        for roll in range(1, 7):
            lands = [land for land in masterboard.destination_lands(start, roll) if not LANDS[land].is_tower]
            if len(lands) != 2 or any(musters(land) for land in lands):
                continue
            good, bad = sorted(lands, key=rolls_mustering, reverse=True)
            if rolls_mustering(good) >= rolls_mustering(bad) + 3:
                return start, roll, good, bad
    raise AssertionError("no such position")


def test_it_moves_where_it_can_muster_next_turn():
    """A move is worth what the legion could muster next turn from there, over the six rolls (as SimpleAI)."""
    from engine.titan.actions import Move
    from engine.titan.ai import standard
    from tests.engine.titan.helpers import moving, place

    start, roll, good, _bad = _next_turn_choice()
    state = moving(roll)
    place(state, "Bk01", 0, start, ["Ogre", "Ogre", "Troll"])
    place(state, "Bk02", 0, 300 if start // 100 != 3 else 500, ["Titan"]).moved = True
    place(state, "Bu01", 1, 600 if start // 100 != 6 else 100, ["Titan"])
    chosen = standard.choose(state, 0, GAME.legal_actions(state), None)
    assert isinstance(chosen, Move) and chosen.land == good


def test_an_angel_is_summoned_only_while_the_battle_is_in_doubt_and_from_a_donor_that_can_spare_it():
    """Reported: Standard summoned while already winning 4:1, and from a donor then left exposed."""
    from engine.titan.actions import Summon
    from engine.titan.ai import standard
    from engine.titan.sides import ATTACKER
    from tests.engine.titan.helpers import fight, place, set_battle

    for attackers, expected in ((["Troll", "Troll", "Troll", "Troll"], Summon()), (["Ogre", "Ogre"], "Bu03")):
        state = fight(attackers, ["Gargoyle", "Ogre"])
        place(state, "Bu03", 1, 300, ["Angel", "Ogre", "Ogre"])
        units = dict(enumerate(["C4", "F1", "C3", "A1", "B1", "E1"][: len(state.battle.units)]))
        set_battle(state, units, active=ATTACKER)
        state.battle.summon, state.decider = "offer", 1
        actions = GAME.legal_actions(state)
        assert Summon(donor="Bu02", angel="Angel") in actions and Summon(donor="Bu03", angel="Angel") in actions
        chosen = standard.choose(state, 1, actions, None)
        assert chosen == expected if isinstance(expected, Summon) else chosen.donor == expected


def test_an_attacker_closes_in_on_a_wounded_enemy_it_would_likely_kill():
    """Reported (Brush, round 4): fresh Cyclops two hexes from an Angel with one hit left ended their maneuver."""
    from engine.titan.actions import EndManeuver, Maneuver
    from engine.titan.ai import standard
    from engine.titan.sides import ATTACKER, DEFENDER
    from tests.engine.titan.helpers import fight, index_of, set_battle

    state = fight(["Cyclops", "Cyclops"], ["Angel", "Ogre"])
    angel, ogre = index_of(state, "Angel", DEFENDER), index_of(state, "Ogre", DEFENDER)
    first, second = [i for i, u in enumerate(state.battle.units) if u.side == ATTACKER]
    set_battle(state, {angel: "D3", ogre: "A1", first: "D5", second: "E5"}, active=ATTACKER, round_number=4)
    state.battle.units[angel].hits = 5  # one hit left
    state.decider = 1
    actions = GAME.legal_actions(state)
    assert EndManeuver() in actions
    chosen = standard.choose(state, 1, actions, None)
    assert isinstance(chosen, Maneuver)
    from engine.titan import battlemap

    assert battlemap.in_contact(state.battle.map, chosen.hex, "D3")


def test_it_takes_the_mulligan_on_a_first_roll_that_musters_less_than_a_roll_does_on_average():
    """Reported: Standard never took the mulligan."""
    from engine.titan import masterboard, recruiting
    from engine.titan.actions import EndSplits, Mulligan
    from engine.titan.ai import standard
    from engine.titan.data import CREATURES, LANDS
    from tests.engine.titan.helpers import act

    state = new(2)
    seat = state.current_player
    state = act(state, standard.choose(state, seat, GAME.legal_actions(state), None))  # the first split
    state = act(state, EndSplits())
    assert state.phase == "move" and Mulligan() in GAME.legal_actions(state)

    def best_recruit(contents: list[str], land: int) -> int:
        options = recruiting.musters(LANDS[land].terrain, contents, state.stock)
        return max((CREATURES[m.recruit].value for m in options), default=0)

    def worth(roll: int) -> int:
        legions = state.legions_of(seat)  # both on the Tower: each may pass the other's land, not end there
        return sum(
            max((best_recruit(lg.contents, land) for land in masterboard.destination_lands(lg.land, roll)), default=0)
            for lg in legions
        )

    average = sum(worth(roll) for roll in range(1, 7)) / 6
    assert {worth(roll) < average for roll in range(1, 7)} == {True, False}
    for roll in range(1, 7):
        state.roll = roll
        chosen = standard.choose(state, seat, GAME.legal_actions(state), None)
        assert (chosen == Mulligan()) == (worth(roll) < average), roll


def test_it_attacks_a_stack_it_is_a_third_stronger_than():
    """Standard attacks at a strength ratio of 1.25 or more (it waited for 1.4, leaving the baseline its kills)."""
    from engine.titan.actions import Move
    from engine.titan.ai import standard
    from tests.engine.titan.helpers import attack_position

    state = attack_position(["Ogre", "Troll", "Troll"], ["Troll", "Troll"])  # 44 against 32: 1.375
    target = state.legions["Bu01"].land
    chosen = standard.choose(state, 0, GAME.legal_actions(state), None)
    assert isinstance(chosen, Move) and chosen.land == target
    weaker = attack_position(["Ogre", "Troll", "Troll"], ["Troll", "Troll", "Gargoyle"])  # 44 against 44
    chosen = standard.choose(weaker, 0, GAME.legal_actions(weaker), None)
    assert not (isinstance(chosen, Move) and chosen.land == weaker.legions["Bu01"].land)
