"""Titan's club player (engine/titan/ai/club.py): Standard's yardstick. Each rule of thumb on
a position of its own. That it decides only on what its seat may know: tests/engine/titan/test_ai_secrets.py."""

from __future__ import annotations

from engine.core.bots import make_bot
from engine.titan import battle as battles
from engine.titan.actions import Acquire, Carry, Engage, Fight, Flee, Move, Muster, Split, Strike
from engine.titan.ai import club, club_battle
from engine.titan.ai.club import ClubBot
from engine.titan.ai.levels import CLUB
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Engagement, Phase
from tests.engine.titan.helpers import (
    BIG,
    GAME,
    act,
    attack_position,
    engaged,
    fight,
    index_of,
    moving,
    new,
    place,
    set_battle,
    titan_in_danger,
)


def test_titan_offers_the_club_player_at_its_level():
    bot = make_bot(GAME, CLUB, 1)
    assert isinstance(bot, ClubBot)
    state = new(2)
    assert bot.choose(state, state.current_player) in GAME.legal_actions(state)


def test_the_first_split_is_the_one_whose_halves_muster_most_from_the_tower():
    chosen_splits = set()
    for seed in range(1, 7):
        state = new(2, seed=seed)
        seat = state.decider
        splits = [a for a in GAME.legal_actions(state) if isinstance(a, Split)]
        legion = state.legions[splits[0].marker]

        def worth(action, legion=legion, state=state, seat=seat):
            staying = list(legion.contents)
            for name in action.leaving:
                staying.remove(name)
            return club.split_worth(state, seat, legion, (tuple(sorted(staying)), tuple(sorted(action.leaving))))

        chosen = club.choose(state, seat, GAME.legal_actions(state))
        assert worth(chosen) == max(worth(a) for a in splits)
        assert max(worth(a) for a in splits) > min(worth(a) for a in splits)  # the choice means something
        chosen_splits.add(tuple(sorted(chosen.leaving)))
    assert len(chosen_splits) >= 2  # the Tower decides: not one split everywhere


def test_a_legion_of_seven_sends_away_its_weakest_pair_a_matching_pair_first():
    # Gargoyle, Centaur and Ogre are worth the same (12): the matching Ogres go, not the two weakest by name
    assert club.shed_pair(["Angel", "Centaur", "Gargoyle", "Ogre", "Ogre", "Troll", "Troll"]) == ("Ogre", "Ogre")
    assert club.shed_pair(["Titan", "Lion", "Troll", "Ranger", "Gargoyle", "Cyclops", "Warbear"]) == (
        "Gargoyle",
        "Lion",
    )
    state = moving(1)
    state.phase = Phase.SPLIT
    place(state, "Bk01", 0, 101, ["Angel", "Centaur", "Gargoyle", "Ogre", "Ogre", "Troll", "Troll"])
    place(state, "Bu01", 1, 500, ["Titan"])
    chosen = club.choose(state, 0, GAME.legal_actions(state))
    assert isinstance(chosen, Split) and sorted(chosen.leaving) == ["Ogre", "Ogre"]


def test_a_first_roll_worse_than_the_average_roll_is_rolled_again():
    state = new(2, seed=3)
    seat = state.decider
    while state.phase == Phase.SPLIT:
        state = act(state, club.choose(state, seat, GAME.legal_actions(state)))
    assert state.phase == Phase.MOVE and any(a.kind == "mulligan" for a in GAME.legal_actions(state))
    worths = [club.roll_worth(state, seat, roll) for roll in range(1, 7)]
    average = sum(worths) / 6
    taken = set()
    for roll in range(1, 7):
        state.roll = roll
        chosen = club.choose(state, seat, GAME.legal_actions(state))
        assert (chosen.kind == "mulligan") == (worths[roll - 1] < average), roll
        taken.add(chosen.kind == "mulligan")
    assert taken == {True, False}


def test_an_attack_only_at_seventy_percent_or_eighty_five_with_the_titan():
    assert club.attack_wanted(0.7, titan=False) and not club.attack_wanted(0.69, titan=False)
    assert club.attack_wanted(0.85, titan=True) and not club.attack_wanted(0.84, titan=True)
    strong = attack_position(["Troll", "Troll", "Lion", "Lion", "Ranger"], ["Ogre", "Centaur"])
    target = strong.legions["Bu01"].land
    chosen = club.choose(strong, 0, GAME.legal_actions(strong))
    assert isinstance(chosen, Move) and chosen.marker == "Bk01" and chosen.land == target
    weak = attack_position(["Ogre", "Centaur", "Centaur"], ["Ogre", "Centaur", "Gargoyle"])  # even: no attack
    target = weak.legions["Bu01"].land
    chosen = club.choose(weak, 0, GAME.legal_actions(weak))
    assert not (isinstance(chosen, Move) and chosen.land == target)


def test_a_legion_stays_out_of_reach_of_an_enemy_that_would_beat_it():
    start, roll, enemy, near, far = titan_in_danger()
    state = moving(roll)
    place(state, "Bk01", 0, start, ["Titan", "Centaur", "Centaur"])
    place(state, "Bu01", 1, enemy, BIG).reveal([0])
    place(state, "Bu02", 1, 100 if abs(start - 100) > 50 else 400, ["Titan"])
    chosen = club.choose(state, 0, GAME.legal_actions(state))
    assert isinstance(chosen, Move) and chosen.land != near
    board = club._ClubBoard(state, 0)
    legion = state.legions["Bk01"]
    assert board.place_worth(legion, near, moved=True) < board.place_worth(legion, far, moved=True) - 100


def test_a_lordless_defender_facing_twice_its_strength_flees_and_the_stronger_side_fights():
    assert club.flees(10.0, 20.0, has_lord=False) and not club.flees(10.0, 19.0, has_lord=False)
    assert not club.flees(10.0, 40.0, has_lord=True)
    state = act(engaged(["Troll", "Troll", "Troll"], ["Centaur", "Ogre"]), Engage(land=6))  # 48 against 24
    assert state.decider == 0 and club.choose(state, 0, GAME.legal_actions(state)) == Flee()
    state = act(engaged(["Troll", "Ogre"], ["Centaur", "Ogre"]), Engage(land=6))  # 36 against 24: fights
    assert club.choose(state, 0, GAME.legal_actions(state)) == Fight()
    # the stronger side fights (it proposes nothing), the weaker with its Titan fights too: never concedes
    state = act(engaged(["Ogre", "Centaur"], ["Titan", *BIG[:4]]), Engage(land=6))
    assert club.choose(state, 0, GAME.legal_actions(state)) == Fight()


def test_terms_that_cost_nothing_are_accepted():
    assert club.costs_nothing(
        Engagement(land=6, attacker="Bu01", defender="Bk01", proposals=1, proposer=0, eliminated="attacker", losses=[]),
        "defender",
    )
    assert not club.costs_nothing(
        Engagement(
            land=6, attacker="Bu01", defender="Bk01", proposals=1, proposer=0, eliminated="attacker", losses=["Ogre"]
        ),
        "defender",
    )
    assert not club.costs_nothing(
        Engagement(land=6, attacker="Bu01", defender="Bk01", proposals=1, proposer=0, eliminated="both", losses=[]),
        "defender",
    )
    assert not club.costs_nothing(
        Engagement(land=6, attacker="Bu01", defender="Bk01", proposals=1, proposer=0, eliminated="defender", losses=[]),
        "defender",
    )


def test_it_musters_the_most_valuable_creature_and_takes_every_angel():
    musters = [Muster(marker="Bk01", creature="Ogre"), Muster(marker="Bk02", creature="Troll")]
    assert club.best_muster(musters) == musters[1] and club.best_muster([]) is None
    assert club.best_angel([Acquire(angel=""), Acquire(angel="Angel")]) == Acquire(angel="Angel")
    assert club.best_angel([Acquire(angel="Angel"), Acquire(angel="Archangel")]) == Acquire(angel="Archangel")
    assert club.best_angel([Acquire(angel="")]) is None


def test_a_character_weighs_the_kills_it_helps_make_against_its_chance_to_die():
    state = fight(["Lion", "Troll"], ["Ogre", "Centaur"])
    ogre, centaur = index_of(state, "Ogre", DEFENDER), index_of(state, "Centaur", DEFENDER)
    lion, troll = index_of(state, "Lion", ATTACKER), index_of(state, "Troll", ATTACKER)
    set_battle(state, {ogre: "D3", centaur: "A1", lion: "E5", troll: "C3"}, active=ATTACKER)
    field = club_battle.Field(state, 1)
    # the Troll already strikes the Ogre: the Lion beside it adds to the kill
    before = club_battle.chance_to_die([field._terms(troll, "C3", ogre, "D3")], field.left(ogre))
    after = club_battle.chance_to_die(
        [field._terms(troll, "C3", ogre, "D3"), field._terms(lion, "D4", ogre, "D3")], field.left(ogre)
    )
    assert after > before
    # so the Lion goes beside the Ogre, though it may take the Ogre's blows there
    assert field.hex_worth(lion, "D4") > field.hex_worth(lion, "E5") + 3
    # with one hit left on the Lion the blows it may take there weigh more
    worth = field.hex_worth(lion, "D4")
    state.battle.units[lion].hits = 4
    assert field.hex_worth(lion, "D4") < worth - 5


def test_the_titan_keeps_out_of_blows_that_could_kill_him():
    state = fight(["Titan", "Troll", "Troll"], ["Ogre", "Ogre"])
    titan = index_of(state, "Titan", ATTACKER)
    ogres = [i for i, u in enumerate(state.battle.units) if u.side == DEFENDER]
    set_battle(state, {ogres[0]: "D3", ogres[1]: "C3", titan: "E3"}, active=ATTACKER, round_number=2)
    state.battle.units[titan].hits = 5  # one hit from death
    field = club_battle.Field(state, 1)
    assert field.hex_worth(titan, "D4") < field.hex_worth(titan, "E5")


def test_the_attacker_closes_in_harder_each_round():
    assert club_battle.closing(1) < club_battle.closing(3) < club_battle.closing(6)
    state = fight(["Troll", "Troll"], ["Ogre"])
    ogre = index_of(state, "Ogre", DEFENDER)
    troll = index_of(state, "Troll", ATTACKER)
    gaps = []
    for round_number in (1, 5):
        set_battle(state, {ogre: "A1", troll: "F4"}, active=ATTACKER, round_number=round_number)
        field = club_battle.Field(state, 1)
        gaps.append(field.hex_worth(troll, "C3") - field.hex_worth(troll, "F4"))
    assert 0 < gaps[0] < gaps[1]


def test_a_clearly_weaker_side_keeps_out_of_contact():
    state = fight(["Troll", "Troll", "Lion"], ["Ogre", "Gargoyle"])
    ogre = index_of(state, "Ogre", DEFENDER)
    trolls = [i for i, u in enumerate(state.battle.units) if u.name == "Troll"]
    set_battle(state, {trolls[0]: "D3", trolls[1]: "F4", ogre: "A1"}, active=DEFENDER)
    field = club_battle.Field(state, 0)
    assert club_battle.clearly_weaker(field.side_strength(field.mine), field.side_strength(field.theirs))
    assert field.hex_worth(ogre, "D4") < field.hex_worth(ogre, "A1") - 50
    assert not club_battle.clearly_weaker(10.0, 15.0) and club_battle.clearly_weaker(5.0, 15.0)


def test_it_strikes_the_target_most_likely_to_die_this_phase():
    state = fight(["Lion", "Troll"], ["Ogre", "Centaur"])
    ogre, centaur = index_of(state, "Ogre", DEFENDER), index_of(state, "Centaur", DEFENDER)
    lion, troll = index_of(state, "Lion", ATTACKER), index_of(state, "Troll", ATTACKER)
    set_battle(state, {ogre: "D3", centaur: "A1", lion: "D4", troll: "C3"})
    state.battle.units[lion].hits = 4  # one hit left
    battles.begin_strike(state)
    assert state.decider == 0
    assert club.choose(state, 0, GAME.legal_actions(state)) == Strike(unit=ogre, target=lion, number=5)
    state.battle.units[lion].hits = 0
    state.battle.units[troll].hits = 7  # now the Troll has one hit left
    assert club.choose(state, 0, GAME.legal_actions(state)) == Strike(unit=ogre, target=troll, number=4)


def test_carried_hits_go_to_the_kill():
    state = fight(["Lion", "Troll"], ["Ogre", "Centaur"])
    lion, troll = index_of(state, "Lion", ATTACKER), index_of(state, "Troll", ATTACKER)
    set_battle(state, {lion: "D4", troll: "C3"})
    state.battle.units[lion].hits = 4  # one hit left (the Lion is worth 15)
    state.battle.units[troll].hits = 6  # two hits left (the Troll is worth 16)
    field = club_battle.Field(state, 0)
    targets = [Carry(target=lion), Carry(target=troll)]
    assert club_battle.carry_target(field, targets, 1) == Carry(target=lion)  # the kill, though the Lion is worth less
    assert club_battle.carry_target(field, targets, 2) == Carry(target=troll)  # either killed: the more valuable


def test_an_angel_is_summoned_after_the_first_kill_unless_the_battle_is_won():
    assert club_battle.summon_wanted(20.0, 10.0)
    assert not club_battle.summon_wanted(31.0, 10.0)


def test_the_chance_of_an_attack_is_estimated_from_the_battle_played_out():
    from engine.core import Rng

    strong = attack_position(["Troll", "Troll", "Lion", "Lion", "Ranger"], ["Ogre", "Centaur"])
    mine, theirs = strong.legions["Bk01"], strong.legions["Bu01"]
    assert club.attack_chance(strong, 0, mine, theirs, theirs.land, Rng(1)) > 0.95
    even = attack_position(["Ogre", "Centaur", "Centaur"], ["Ogre", "Centaur", "Gargoyle"])
    mine, theirs = even.legions["Bk01"], even.legions["Bu01"]
    assert 0.2 < club.attack_chance(even, 0, mine, theirs, theirs.land, Rng(1)) < club.ATTACK_AT


def test_it_rangestrikes_whenever_it_can():
    state = fight(["Ranger", "Troll"], ["Ogre"])
    ranger, ogre = index_of(state, "Ranger", ATTACKER), index_of(state, "Ogre", DEFENDER)
    set_battle(state, {ogre: "D3", ranger: "D6", index_of(state, "Troll", ATTACKER): "A1"}, active=ATTACKER)
    battles.begin_strike(state)
    legal = GAME.legal_actions(state)
    assert {a.kind for a in legal} >= {"rangestrike", "end_strikes"}
    assert club.choose(state, state.decider, legal).kind == "rangestrike"
