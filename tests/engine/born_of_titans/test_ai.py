"""The computer Heroes of Born of Titans: legal, repeatable, blind to what their seat has not seen, reacting in
the others' turns, and knowing what Hubris means."""

from __future__ import annotations

import copy

import pytest

import engine.born_of_titans  # noqa: F401  (registers the game)
from engine.born_of_titans import ai_hero, ai_routes, board
from engine.born_of_titans.ai import HeroLevel1, HeroLevel2
from engine.born_of_titans.ai_hero import LEVEL1, LEVEL2, Hero, decide
from engine.born_of_titans.ai_know import hubris_step, may_shed, would_take_hubris
from engine.born_of_titans.data import ENCOUNTERS
from engine.core.bots import BaselineBot, RandomBot, bot_levels, make_bot
from engine.core.rng import Rng
from engine.registry import get_game
from scripts.born_balance import play_one
from tests.engine.born_of_titans.helpers import on_quest_view

GAME = get_game("born_of_titans")


def play(levels: list[int], seed: int, limit: int = 4000, watch=None) -> tuple[object, list[object]]:
    """Play a seeded game between bots of `levels`; every decision is checked legal. Returns the end and actions."""
    bots = [make_bot(GAME, level, seed * 7 + seat) for seat, level in enumerate(levels)]
    state = GAME.new_game(len(levels), GAME.Options(), seed=seed)
    actions = []
    while state.current_player is not None and len(actions) < limit:
        seat = state.current_player
        action = bots[seat].choose(state, seat)
        assert GAME.is_legal(state, action), (seat, action)
        if watch is not None:
            watch(state, seat, action)
        actions.append(action)
        state = GAME.apply(state, action)
    return state, actions


def test_the_levels_are_the_games_own() -> None:
    assert [level for level, _ in bot_levels(GAME)] == [0, 1, 2]
    assert isinstance(make_bot(GAME, 1), HeroLevel1)
    assert isinstance(make_bot(GAME, 2), HeroLevel2)
    assert isinstance(make_bot(GAME, 0), RandomBot)
    assert isinstance(make_bot(GAME, -1), BaselineBot)
    assert set(GAME.bot_level_notes()) == {0, 1, 2}


@pytest.mark.parametrize("levels", [[2, 1], [1, 2, -1], [2, -1, 1, 2]])
def test_bots_play_legal_games_to_the_end_and_repeat_them(levels: list[int]) -> None:
    state, actions = play(levels, seed=11)
    assert state.current_player is None and GAME.winners(state)
    _, again = play(levels, seed=11)
    assert again == actions


def test_bots_never_read_counters_their_seat_has_not_seen() -> None:
    """Deal every counter a seat has not seen anew (Game.determinize): its view and its bot's decision stay."""
    checked = 0
    rng = Rng(5)
    for seed in (3,):
        bots = {level: make_bot(GAME, level, seed) for level in (-1, 1, 2)}

        def watch(state, seat, action, bots=bots) -> None:
            nonlocal checked
            other = GAME.determinize(state, seat, rng)
            if GAME.legal_actions(other) != GAME.legal_actions(state):
                return  # pragma: no cover - the legal choices never depend on an unseen face
            assert GAME.view(other, seat) == GAME.view(state, seat)
            for bot in bots.values():
                assert bot.choose(other, seat) == bot.choose(state, seat)
            checked += 1

        play([2, 1, -1], seed, watch=watch)
    assert checked > 150


def test_a_bot_plays_a_divine_counter_in_another_players_turn() -> None:
    found = []

    def watch(state, seat, action) -> None:
        if action.kind == "play_divine" and seat != state.mover:
            found.append(action)

    for seed in range(20):
        play([2, 2], seed, watch=watch)
        if found:
            break
    assert found, "no bot reacted in another's turn in 20 games"


def test_level2_waits_for_hera_before_a_second_quest_that_would_bring_hubris() -> None:
    view, seat, legal = on_quest_view()
    other = 1 - seat
    view = copy.deepcopy(view)
    view["hubris"] = other
    view["heroes"][seat]["quests"] = {"6": "ceryneian_hind"}
    view["heroes"][other]["quests"] = {"5": "slay_the_nemean_lion"}
    view["heroes"][seat]["divine"] = []
    view["heroes"][seat]["crew"] = 6
    view["heroes"][seat]["prophecy"] = 6
    assert would_take_hubris(view, seat) and hubris_step(view) == 1
    assert decide(view, seat, legal, LEVEL2).kind != "encounter"
    # With Hera in hand she goes ahead: she will shed Hubris once she has it.
    view["heroes"][seat]["divine"] = ["hera"]
    assert decide(view, seat, legal, LEVEL2).kind == "encounter"
    # Once another Hero has completed her second Quest, Hubris no longer moves by completions.
    view["heroes"][seat]["divine"] = []
    view["heroes"][other]["quests"] = {"5": "slay_the_nemean_lion", "4": "cretan_bull"}
    assert not would_take_hubris(view, seat)
    assert decide(view, seat, legal, LEVEL2).kind == "encounter"


def test_hera_is_kept_while_shedding_hubris_would_bring_it_straight_back() -> None:
    view, seat, _legal = on_quest_view()
    view = copy.deepcopy(view)
    view["hubris"] = seat
    view["heroes"][seat]["quests"] = {"6": "ceryneian_hind"}
    view["heroes"][1 - seat]["quests"] = {}
    view["heroes"][seat]["divine"] = ["hera"]
    view["round"] = 5
    assert not may_shed(view, seat)
    view["heroes"][seat]["divine"] = ["hera", "hera"]
    assert may_shed(view, seat)
    view["heroes"][seat]["divine"] = ["hera"]
    view["heroes"][1 - seat]["quests"] = {"1": "cretan_bull", "2": "slay_the_hydra"}
    assert may_shed(view, seat)


# -- never stalling: a Hero too weak for what lies ahead goes to get stronger --------------------------------------
def _weakened(view: dict, seat: int, crew: int, prophecy: int) -> dict:
    view = copy.deepcopy(view)
    hero = view["heroes"][seat]
    hero.update(crew=crew, prophecy=prophecy, gear=None, ally=None, divine=[])
    return view


@pytest.mark.parametrize("style", [LEVEL1, LEVEL2], ids=["hero", "demigod"])
def test_a_hero_too_weak_for_her_quest_goes_to_get_stronger_and_does_not_come_straight_back(style) -> None:
    """Found by the balance run (3 players, seed 95): at 0 Crew on her Quest she neither challenged it nor left,
    and the game stalled; one Point away, she headed back to it."""
    view, seat, legal = on_quest_view()
    view = _weakened(view, seat, crew=0, prophecy=0)
    hero = Hero(view, seat, legal, style)
    quest = hero.me.quest_node
    goal = hero.goal()
    assert goal != quest and board.NODES[goal].kind in ("city", "oracle")
    assert hero.decide().kind != "encounter"
    # One step on her way, she keeps going (the Quest is as far out of reach from there).
    step = ai_routes.route(quest, goal, True)[1]
    view["heroes"][seat]["node"] = step
    assert Hero(view, seat, legal, style).goal() != quest


def test_with_nothing_left_to_gain_she_challenges_her_quest_at_any_chance(monkeypatch) -> None:
    view, seat, legal = on_quest_view()
    monkeypatch.setattr(ai_hero, "quest_chance", lambda *args, **kwargs: 0.05)
    full = _weakened(view, seat, crew=6, prophecy=6)
    assert Hero(full, seat, legal, LEVEL2)._dare_quest()
    assert decide(full, seat, legal, LEVEL2).kind == "encounter"
    short = _weakened(view, seat, crew=5, prophecy=6)
    assert not Hero(short, seat, legal, LEVEL2)._dare_quest()


def test_a_city_behind_a_monster_she_will_not_fight_is_not_where_she_goes() -> None:
    view, seat, legal = on_quest_view()
    monsters = [key for key, encounter in ENCOUNTERS.items() if encounter.kind == "monster"]
    strong = max(monsters, key=lambda key: ENCOUNTERS[key].monster.battle or 0)
    weak = _weakened(view, seat, crew=1, prophecy=0)
    weak["heroes"][seat]["ally"] = "bellerophon"  # something to lose
    node = weak["heroes"][seat]["node"]
    nearest = Hero(weak, seat, legal, LEVEL2)._cities(node, 5, False)[0][1]
    weak["sites"].setdefault(nearest, {})["encounter"] = strong
    hero = Hero(weak, seat, legal, LEVEL2)
    assert hero._barred(nearest)
    assert nearest not in [city for _, city in hero._cities(node, 5, False)]
    # With no Crew, Gear or Ally she has nothing to lose by trying it.
    bare = _weakened(weak, seat, crew=0, prophecy=0)
    assert not Hero(bare, seat, legal, LEVEL2)._barred(nearest)


def test_the_three_player_game_that_stalled_now_ends() -> None:
    """The balance run's seed 95 with 3 players (level 2) stalled past 300 rounds; it now ends."""
    result = play_one((3, 95, 2))  # the balance run's own game: its Heroes, bots and seeds
    assert not result["stalled"] and result["winner"] is not None


@pytest.mark.parametrize("style", [LEVEL1, LEVEL2], ids=["hero", "demigod"])
def test_at_0_crew_at_the_gates_of_a_city_she_deals_with_its_encounter_and_recruits_there(style) -> None:
    """Found by a Demigod match (seed 5289): two Heroes at 0 Crew each stood at a City's gates, set off for the next
    City, turned back to the nearer one at the first Point, and so on past 300 rounds."""
    view, seat, legal = on_quest_view()
    view = _weakened(view, seat, crew=0, prophecy=0)
    city = "syracuse"
    view["heroes"][seat].update(node=city, in_city=False, came_from="p_malta")
    view["sites"].setdefault(city, {"encounter": None, "sea_monster": None, "quests": []})["encounter"] = "hidden"
    hero = Hero(view, seat, legal, style)
    assert hero.goal() == city
    assert hero.decide().kind == "encounter"
