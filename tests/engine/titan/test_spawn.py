"""Battle Titan's spawn legion: the house rules' three examples, each fallback, each ruling, and random mixes."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.titan.battle_titan.spawn import (
    ANGEL_GONE,
    AS_IN_PLAY,
    AS_START,
    FALLBACK_1,
    FALLBACK_2,
    FALLBACK_3,
    FALLBACK_4,
    FALLBACK_5,
    LAST_RESORT,
    LOWER_TIER,
    SpawnError,
    answer,
    spawn_legion,
    spawn_offer,
)
from engine.titan.data import CREATURES, SPAWN_BASICS_GONE, SPAWN_PATHS, SPAWN_STRONG_GONE, TITAN

BOX = Counter({name: creature.count for name, creature in CREATURES.items() if name != TITAN})
# a board with the basics of every path alive, as in most games
BASICS_ALIVE = Counter(Centaur=2, Ogre=2, Gargoyle=2)


def stock_for(alive: Counter, **left: int) -> Counter:
    """The box less what is alive, with `left` counters of the named creatures instead."""
    stock = BOX - alive
    stock.update({name: count - stock[name] for name, count in left.items()})
    return +stock


def slot(offer, path, role):
    return [s for s in offer.slots if (s.path, s.role) == (path, role)]


def path_slots(offer, path):
    return [(s.role, s.creature, s.rule) for s in offer.slots if s.path == path]


def test_the_three_terrain_paths_and_their_tiers():
    table = {path.name: path.steps for path in SPAWN_PATHS}
    assert table == {
        "plains": ((1, "Centaur"), (2, "Lion"), (3, "Minotaur"), (4, "Dragon"), (5, "Colossus")),
        "marsh": ((1, "Ogre"), (2, "Troll"), (3, "Warbear"), (4, "Giant"), (5, "Colossus")),
        "jungle": ((1, "Gargoyle"), (2, "Cyclops"), (4, "Behemoth"), (5, "Serpent")),
    }
    named = {name for path in SPAWN_PATHS for _tier, name in path.steps} | set(SPAWN_BASICS_GONE)
    assert named | set(SPAWN_STRONG_GONE) <= set(CREATURES)
    assert SPAWN_BASICS_GONE[0] == "Lion" and SPAWN_BASICS_GONE[-1] == "Angel" and len(SPAWN_BASICS_GONE) == 11
    assert SPAWN_STRONG_GONE == ("Hydra", "Archangel", "Titan")


# -- the house rules' three examples, exactly as written ----------------------------------------------------------


def test_lions_warbears_and_behemoths_are_in_play_as_the_highest_of_their_respective_paths():
    """'lions, warbears and behemoths are in play as the highest of their respective paths; the player's new
    Titan legion will consist of Titan, Angel, behemoth, cyclops, warbear, troll, lion and centaur.'"""
    alive = BASICS_ALIVE + Counter(Lion=3, Troll=2, Warbear=1, Cyclops=2, Behemoth=1)
    offer = spawn_offer(alive, stock_for(alive))
    assert offer.done and offer.answers == ()
    seed = ["Titan", "Angel", "Behemoth", "Cyclops", "Warbear", "Troll", "Lion", "Centaur"]
    assert Counter(offer.legion) == Counter(seed) and len(offer.legion) == 8
    assert path_slots(offer, "jungle") == [("strong", "Behemoth", AS_IN_PLAY), ("weak", "Cyclops", AS_IN_PLAY)]
    assert offer.extra_titans == 0 and TITAN not in offer.taken


def test_all_cyclops_and_all_gargoyles_have_been_taken_and_no_behemoths_are_in_play():
    """'All cyclops and all gargoyles have been taken, and no behemoths are in play; the new Titan legion will
    include, for its two "jungle creatures", a behemoth and the player's choice of an ogre or a centaur
    instead of a gargoyle.'"""
    alive = BASICS_ALIVE + Counter(Cyclops=4)
    offer = spawn_offer(alive, stock_for(alive, Cyclops=0, Gargoyle=0))
    assert path_slots(offer, "jungle") == [("strong", "Behemoth", FALLBACK_3)]
    assert offer.choice is not None
    assert (offer.choice.path, offer.choice.role, offer.choice.rule) == ("jungle", "weak", FALLBACK_1)
    assert offer.choice.options == ("Centaur", "Ogre")
    for pick in ("Ogre", "Centaur"):
        done = answer(offer, pick)
        assert done.done and done.answers == (pick,)
        assert path_slots(done, "jungle") == [("strong", "Behemoth", FALLBACK_3), ("weak", pick, FALLBACK_1)]
        assert slot(done, "jungle", "weak")[0].chosen
        assert len(done.legion) == 8


def test_all_jungle_creatures_have_been_recruited_all_serpents_are_dead_and_behemoths_are_currently_in_play():
    """'All jungle creatures have been recruited, all serpents are dead, and behemoths are currently in play;
    the player replaces his two Titan legion jungle-path creatures with his choice of a dragon or giant as
    the "strong" creature, and a lower-tiered recruiter of his choice as the "weak".'"""
    alive = BASICS_ALIVE + Counter(Cyclops=3, Behemoth=2)
    offer = spawn_offer(alive, stock_for(alive, Gargoyle=0, Cyclops=0, Behemoth=0, Serpent=0))
    strong = offer.choice
    assert (strong.path, strong.role, strong.rule, strong.options) == (
        "jungle",
        "strong",
        FALLBACK_4,
        ("Dragon", "Giant"),
    )
    offer = answer(offer, "Giant")
    weak = offer.choice
    assert (weak.path, weak.role, weak.rule, weak.options) == ("jungle", "weak", FALLBACK_1, ("Lion", "Troll"))
    offer = answer(offer, "Lion")
    assert offer.done and offer.answers == ("Giant", "Lion")
    assert path_slots(offer, "jungle") == [("strong", "Giant", FALLBACK_4), ("weak", "Lion", FALLBACK_1)]
    assert Counter(offer.legion) == Counter(["Titan", "Angel", "Centaur", "Centaur", "Ogre", "Ogre", "Giant", "Lion"])


# -- the house rules' rules and fallbacks ----------------------------------------------------------------------------


@pytest.mark.parametrize("alive", [Counter(), BASICS_ALIVE], ids=["nothing alive", "only basics alive"])
def test_nothing_above_the_basics_in_play_gives_the_standard_start(alive):
    offer = spawn_offer(alive, stock_for(alive))
    assert offer.done
    assert Counter(offer.legion) == Counter(["Titan", "Angel", "Centaur", "Centaur", "Ogre", "Ogre"] + ["Gargoyle"] * 2)
    assert [s.role for s in offer.slots] == ["lord"] + ["basic"] * 6
    assert offer.slots[0].rule == AS_START


def test_in_play_means_alive_the_dead_do_not_count():
    """The house rules' asterisk: warbears recruited but all dead are not in play; the marsh's highest is the troll."""
    alive = BASICS_ALIVE + Counter(Troll=2)
    offer = spawn_offer(alive, stock_for(alive, Warbear=5))  # 16 warbears out of the box, all of them slain
    assert path_slots(offer, "marsh") == [("strong", "Troll", AS_IN_PLAY), ("weak", "Ogre", AS_IN_PLAY)]


def test_fallback_1_a_weak_creature_gone_is_one_of_its_tier_from_another_path_of_the_players_choice():
    alive = BASICS_ALIVE + Counter(Lion=2)
    offer = spawn_offer(alive, stock_for(alive, Centaur=0))
    assert path_slots(offer, "plains") == [("strong", "Lion", AS_IN_PLAY)]
    assert (offer.choice.role, offer.choice.rule, offer.choice.options) == ("weak", FALLBACK_1, ("Ogre", "Gargoyle"))
    assert path_slots(answer(offer, "Gargoyle"), "plains") == [
        ("strong", "Lion", AS_IN_PLAY),
        ("weak", "Gargoyle", FALLBACK_1),
    ]


def test_fallback_1_a_choice_of_one_is_not_asked():
    alive = BASICS_ALIVE + Counter(Lion=2)
    offer = spawn_offer(alive, stock_for(alive, Centaur=0, Ogre=0))
    assert offer.done
    assert path_slots(offer, "plains") == [("strong", "Lion", AS_IN_PLAY), ("weak", "Gargoyle", FALLBACK_1)]
    assert not slot(offer, "plains", "weak")[0].chosen
    # the marsh's two basics find no Ogre, and only Gargoyles elsewhere
    assert path_slots(offer, "marsh") == [("basic", "Gargoyle", FALLBACK_1)] * 2


def test_fallback_2_every_basic_gone_takes_the_seeds_list_in_that_order():
    stock = Counter(Angel=5, Lion=1, Troll=1, Cyclops=1, Minotaur=1, Warbear=1, Ranger=9, Unicorn=9)
    offer = spawn_offer(Counter(), stock)
    assert offer.done
    assert [s.creature for s in offer.slots[1:]] == ["Lion", "Troll", "Cyclops", "Minotaur", "Warbear", "Ranger"]
    assert {s.rule for s in offer.slots[1:]} == {FALLBACK_2}


def test_fallback_2_is_a_priority_not_a_choice():
    stock = Counter(Angel=1, Gorgon=9, Warlock=9, Guardian=9, Unicorn=9)
    offer = spawn_offer(Counter(), stock)
    assert offer.done and offer.answers == ()
    assert [s.creature for s in offer.slots[1:]] == ["Gorgon"] * 6


def test_fallback_3_a_strong_creature_gone_with_the_next_tier_not_in_play_is_one_of_the_next_tier():
    alive = BASICS_ALIVE + Counter(Warbear=3, Dragon=1)
    offer = spawn_offer(alive, stock_for(alive, Warbear=0, Dragon=0))
    # the weak stays the gone strong's precursor
    assert path_slots(offer, "marsh") == [("strong", "Giant", FALLBACK_3), ("weak", "Troll", AS_IN_PLAY)]
    assert path_slots(offer, "plains")[0] == ("strong", "Colossus", FALLBACK_3)
    assert path_slots(offer, "plains")[1] == ("weak", "Minotaur", AS_IN_PLAY)


def test_fallback_4_a_strong_creature_gone_with_the_next_tier_gone_too_is_its_tier_from_another_path():
    alive = BASICS_ALIVE + Counter(Minotaur=2)
    offer = spawn_offer(alive, stock_for(alive, Minotaur=0, Dragon=0))
    # the only other third tier is the Warbear: a choice of one, not asked
    assert offer.done
    assert path_slots(offer, "plains") == [("strong", "Warbear", FALLBACK_4), ("weak", "Lion", AS_IN_PLAY)]


def test_fallback_4_the_top_of_a_path_gone_and_colossus_on_two_paths():
    """The Colossus tops two paths; the stock's last one goes to the plains (path order), and the marsh's
    strong, with no tier above, is a fifth tier from another path that is not the Colossus: the Serpent."""
    alive = BASICS_ALIVE + Counter(Colossus=2)
    offer = spawn_offer(alive, stock_for(alive, Colossus=1))
    assert path_slots(offer, "plains") == [("strong", "Colossus", AS_IN_PLAY), ("weak", "Dragon", AS_IN_PLAY)]
    assert path_slots(offer, "marsh") == [("strong", "Serpent", FALLBACK_4), ("weak", "Giant", AS_IN_PLAY)]


def test_fallback_4_the_jungle_top_gone_is_a_colossus_without_asking():
    """The Colossus is the fifth tier of both other paths: one creature, so a choice of one."""
    alive = BASICS_ALIVE + Counter(Serpent=1)
    offer = spawn_offer(alive, stock_for(alive, Serpent=0))
    assert offer.done
    assert path_slots(offer, "jungle") == [("strong", "Colossus", FALLBACK_4), ("weak", "Behemoth", AS_IN_PLAY)]


@pytest.mark.parametrize(
    ("left", "expected"),
    [({}, "Hydra"), ({"Hydra": 0}, "Archangel"), ({"Hydra": 0, "Archangel": 0, "Titan": 1}, "Titan")],
)
def test_fallback_5_no_strong_of_the_tier_left_takes_hydra_archangel_titan_in_that_order(left, expected):
    alive = BASICS_ALIVE + Counter(Serpent=1)
    offer = spawn_offer(alive, stock_for(alive, Serpent=0, Colossus=0, **left))
    assert offer.done
    assert path_slots(offer, "jungle") == [("strong", expected, FALLBACK_5), ("weak", "Behemoth", AS_IN_PLAY)]
    assert offer.extra_titans == (1 if expected == TITAN else 0)
    assert offer.legion.count(TITAN) == 1 + offer.extra_titans
    assert offer.taken[TITAN] == offer.extra_titans


# -- this edition's rulings -------------------------------------------------------------------------------------


def test_ruling_the_players_own_titan_is_never_taken_from_the_stock():
    offer = spawn_offer(Counter(), BOX)
    assert offer.legion[0] == TITAN and offer.taken[TITAN] == 0 and offer.extra_titans == 0


def test_ruling_a_weak_tier_gone_on_every_path_drops_to_the_tier_below_own_path_first():
    alive = BASICS_ALIVE + Counter(Minotaur=2, Serpent=1)
    stock = stock_for(alive, Lion=0, Troll=0, Cyclops=0, Behemoth=0, Dragon=0, Giant=0)
    offer = spawn_offer(alive, stock)
    assert path_slots(offer, "plains") == [("strong", "Minotaur", AS_IN_PLAY), ("weak", "Centaur", LOWER_TIER)]
    # the jungle has no third tier: the other paths' third tiers, the player's choice
    assert (offer.choice.path, offer.choice.role, offer.choice.rule) == ("jungle", "weak", LOWER_TIER)
    assert offer.choice.options == ("Minotaur", "Warbear")


def test_ruling_the_angel_gone_is_an_archangel_then_the_last_resort():
    offer = spawn_offer(Counter(), stock_for(Counter(), Angel=0))
    assert (offer.slots[0].creature, offer.slots[0].rule) == ("Archangel", ANGEL_GONE)
    offer = spawn_offer(Counter(), Counter(Centaur=2, Ogre=2, Gargoyle=2, Griffon=1, Wyvern=1))
    assert (offer.choice.role, offer.choice.rule) == ("lord", LAST_RESORT)
    assert offer.choice.options == ("Centaur", "Gargoyle", "Griffon", "Ogre", "Wyvern")
    assert answer(offer, "Wyvern").legion == (
        "Titan",
        "Wyvern",
        "Centaur",
        "Centaur",
        "Ogre",
        "Ogre",
        "Gargoyle",
        "Gargoyle",
    )


def test_ruling_the_angel_is_taken_before_the_seeds_list_reaches_it():
    offer = spawn_offer(Counter(), Counter(Angel=2))
    assert [(s.creature, s.rule) for s in offer.slots] == [("Angel", AS_START), ("Angel", FALLBACK_2)]
    assert len(offer.legion) == 3  # the stock allows no more: the legion is short


def test_ruling_the_last_resort_is_any_character_left_the_players_choice():
    alive = BASICS_ALIVE + Counter(Serpent=1)
    stock = Counter(Angel=1, Gargoyle=1, Centaur=2, Ogre=2, Griffon=3, Behemoth=1)
    offer = spawn_offer(alive, stock)
    assert (offer.choice.path, offer.choice.role, offer.choice.rule) == ("jungle", "strong", LAST_RESORT)
    assert offer.choice.options == ("Behemoth", "Gargoyle", "Griffon")
    offer = answer(offer, "Behemoth")  # then the weak's own Behemoth is gone and its ladder runs down
    assert offer.done and path_slots(offer, "jungle") == [
        ("strong", "Behemoth", LAST_RESORT),
        ("weak", "Gargoyle", LOWER_TIER),
    ]


def test_ruling_the_stock_is_taken_slot_by_slot_so_a_last_counter_is_offered_once():
    """The plains' two basics with no Centaur: the first chooses between the last Ogre and the last Gargoyle,
    the second gets what is left without being asked; the marsh then finds every basic gone."""
    offer = spawn_offer(Counter(), Counter(Angel=1, Ogre=1, Gargoyle=1, Lion=9))
    assert (offer.choice.path, offer.choice.options) == ("plains", ("Ogre", "Gargoyle"))
    offer = answer(offer, "Ogre")
    assert offer.done
    assert path_slots(offer, "plains") == [("basic", "Ogre", FALLBACK_1), ("basic", "Gargoyle", FALLBACK_1)]
    assert path_slots(offer, "marsh") == [("basic", "Lion", FALLBACK_2)] * 2


# -- answers checked ----------------------------------------------------------------------------------------------


def test_answers_are_checked_and_an_offer_rebuilds_from_its_answers():
    alive = BASICS_ALIVE + Counter(Cyclops=3, Behemoth=2)
    stock = stock_for(alive, Gargoyle=0, Cyclops=0, Behemoth=0, Serpent=0)
    offer = spawn_offer(alive, stock)
    with pytest.raises(SpawnError):
        answer(offer, "Lion")  # a weak's tier, offered for the strong slot
    with pytest.raises(SpawnError):
        spawn_offer(alive, stock, ["Serpent"])
    with pytest.raises(SpawnError):
        spawn_legion(alive, stock, ["Dragon"])  # the weak is still to choose
    with pytest.raises(SpawnError):
        spawn_offer(alive, stock, ["Dragon", "Troll", "Lion"])  # one answer too many
    done = spawn_legion(alive, stock, ["Dragon", "Troll"])
    assert done == answer(answer(offer, "Dragon"), "Troll")
    assert spawn_offer(alive, stock, done.answers[:1]) == answer(offer, "Dragon")
    with pytest.raises(SpawnError):
        answer(done, "Troll")


def test_random_mixes_the_offer_always_fits_the_stock_and_fills_eight_places_while_it_can():
    rng = random.Random(15)
    rules_seen: set[str] = set()
    for _trial in range(2500):
        scarce = rng.random()  # from a full box to one nearly empty, so that every fallback comes up
        alive, stock = Counter(), Counter()
        for name, count in BOX.items():
            alive[name] = rng.randint(1, count) if rng.random() < 0.4 else 0
            stock[name] = 0 if rng.random() < scarce else rng.randint(0, count - alive[name])
        stock[TITAN] = rng.choice((0, 0, 1, 3))  # spare Titan counters, when the game allows them
        offer = spawn_offer(alive, stock)
        while not offer.done:
            assert len(offer.choice.options) >= 2
            assert all(stock[name] - offer.taken[name] > 0 for name in offer.choice.options)
            offer = answer(offer, rng.choice(offer.choice.options))
        taken = offer.taken
        assert all(taken[name] <= stock[name] for name in taken)
        assert len(offer.legion) == 1 + min(7, sum(stock.values()))
        assert Counter(offer.legion) == taken + Counter({TITAN: 1})
        assert spawn_legion(alive, stock, offer.answers) == offer
        rules_seen |= {s.rule for s in offer.slots}
    expected = {AS_START, AS_IN_PLAY, FALLBACK_1, FALLBACK_2, FALLBACK_3, FALLBACK_4, FALLBACK_5, LOWER_TIER}
    assert rules_seen >= expected | {ANGEL_GONE, LAST_RESORT}
