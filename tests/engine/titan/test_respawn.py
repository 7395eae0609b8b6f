"""Battle Titan's respawn (the house rules' point 4): nobody is out; a wiped-out player spawns a new Titan legion in a
random Tower at the beginning of his next turn, and attacks with it if the Tower is occupied (4.A)."""

from __future__ import annotations

import random

from engine.core import Seat, save
from engine.titan.actions import Acquire, AcquireInstead, Concede, EndMusters, EndSplits, Engage, Fight, Spawn, Split
from engine.titan.battle_titan import respawn
from engine.titan.data import ANGEL, LANDS, TITAN, TOWERS, character_value
from engine.titan.invariants import violations
from engine.titan.state import Phase, TitanState
from tests.engine.titan.helpers import (
    GAME,
    NAMES,
    answer_the_spawn,
    place,
    second_round_muster,
    wipe_out,
    wiped_out_with_the_jungle_basics_gone,
)


def spawned_on_a_free_tower() -> tuple[TitanState, int]:
    """Bob wiped out in the second round, Ann's legions moved off the Towers, so the Tower drawn is free; the
    spawn answered: Bob's turn begins with his new legion of eight."""
    state = second_round_muster()
    bob = state.order[1]
    wipe_out(state, bob)
    for legion in state.legions.values():
        if legion.land in TOWERS:
            legion.land = next(land for land in sorted(LANDS) if land not in TOWERS and not state.legions_on(land))
    return answer_the_spawn(GAME.apply(state, EndMusters())), bob


def test_a_wiped_out_player_spawns_at_his_next_turn_on_a_free_tower_and_must_split_the_eight():
    state, bob = spawned_on_a_free_tower()
    assert state.mover == bob and state.phase == Phase.SPLIT
    assert any(line.endswith("(drawn at random).") and "is wiped out" in line for line in state.log)
    (legion,) = state.legions_of(bob)
    assert legion.land == state.war.spawn_tower and legion.height == 8 and TITAN in legion.contents
    assert legion.public() == legion.contents  # the spawn is public, as a starting legion is
    actions = GAME.legal_actions(state)
    assert EndSplits() not in actions  # eight may not stay together
    for level in (1, 2):  # Standard and Strong split it too
        assert isinstance(GAME.own_bot(level, 1).choose(state, bob), Split)
    assert isinstance(GAME.baseline_action(state, actions), Split)
    state = GAME.apply(state, next(a for a in actions if isinstance(a, Split)))
    assert EndSplits() in GAME.legal_actions(state) and violations(state) == []
    assert save.loads(save.dumps(state)) == state


def test_an_occupied_tower_is_attacked_as_the_turn_eight_strong_and_the_eighth_goes_back_after():
    state = second_round_muster()
    ann, bob = state.order
    wipe_out(state, bob)
    marker = 1
    for tower in TOWERS:  # Ann holds every Tower: whichever is drawn, Bob attacks her there
        if not state.legions_on(tower):
            free = state.players[ann].free_markers[0]
            place(state, free, ann, tower, ["Ogre", "Ogre"]).reveal(range(2))
            marker += 1
    state = answer_the_spawn(GAME.apply(state, EndMusters()))
    assert state.phase == Phase.ENGAGE and state.mover == bob and violations(state) == []
    (legion,) = state.legions_of(bob)
    tower = legion.land
    assert legion.height == 8 and GAME.legal_actions(state) == [Engage(land=tower)]
    assert save.loads(save.dumps(state)) == state  # a save across the respawn
    state = GAME.apply(state, Engage(land=tower))
    returned_before = sum(state.war.returned.values())
    state = GAME.apply(state, Concede())  # Ann concedes: Bob's eight stand
    while state.phase == Phase.AFTERMATH:
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    assert state.phase == Phase.MUSTER and violations(state) == []
    assert legion.marker in state.legions and state.legions[legion.marker].height == 7
    assert sum(state.war.returned.values()) == returned_before + 1
    assert any("eight strong after the spawn's attack" in line for line in state.log)


def test_the_spawn_battle_may_be_fought_with_eight():
    state = second_round_muster(seed=12)
    ann, bob = state.order
    wipe_out(state, bob)
    for tower in TOWERS:
        if not state.legions_on(tower):
            place(state, state.players[ann].free_markers[0], ann, tower, ["Ogre", "Ogre"]).reveal(range(2))
    state = answer_the_spawn(GAME.apply(state, EndMusters()))
    tower = state.legions_of(bob)[0].land
    state = GAME.apply(GAME.apply(state, Engage(land=tower)), Fight())
    rng = random.Random(3)
    while state.battle is not None:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert violations(state) == []
    assert all(legion.height <= 7 for legion in state.legions.values())


def test_a_player_who_lost_only_his_titan_plays_on_without_one_and_without_titan_teleport():
    state = second_round_muster(seed=13)
    bob = state.order[1]
    titan_legion = next(legion for legion in state.legions_of(bob) if TITAN in legion.contents)
    if titan_legion.height == 1:
        titan_legion.add("Ogre")
        state.stock["Ogre"] -= 1
    titan_legion.remove(TITAN)
    state = GAME.apply(state, EndMusters())
    assert state.phase == Phase.SPLIT and state.mover == bob  # not wiped out: no spawn
    assert not any("is wiped out" in line for line in state.log)
    state.players[bob].score = state.war.points[bob] = 400  # enough for a Titan teleport, had he a Titan
    state.war.kinds[bob] = {"attack won": 400}
    state.phase, state.roll = Phase.MOVE, 6
    assert violations(state) == []
    from engine.titan import flow

    assert not any(how == "titan" for _m, _l, _s, how, _e in flow.move_choices(state))


def test_the_spawn_choices_are_the_players_decisions_and_a_save_keeps_the_answers():
    state = second_round_muster(seed=14)
    bob = state.order[1]
    wipe_out(state, bob)
    for name in ("Gargoyle", "Cyclops"):  # the jungle's weak creatures gone: another path's, his choice
        state.slain[name] = state.slain.get(name, 0) + state.stock[name]
        state.stock[name] = 0
    state = GAME.apply(state, EndMusters())
    assert state.phase == Phase.SPAWN and state.decider == bob and violations(state) == []
    first = GAME.legal_actions(state)
    assert len(first) >= 2 and set(respawn.choices(state)) == {a.creature for a in first}
    assert save.loads(save.dumps(state)) == state
    state = answer_the_spawn(state)
    assert state.legions_of(bob) and state.phase in (Phase.SPLIT, Phase.ENGAGE)


def test_a_computer_player_answers_the_spawn_with_the_most_valuable_creature():
    assert respawn.best_pick(("Ogre", "Centaur", "Behemoth")) == "Behemoth"


def test_standard_baseline_and_strong_answer_the_spawn():
    state, bob = wiped_out_with_the_jungle_basics_gone()
    state = GAME.apply(state, EndMusters())
    best = respawn.best_pick(respawn.choices(state))
    for level in (1, 2):
        assert GAME.own_bot(level, 1).choose(state, bob) == Spawn(creature=best)
    assert GAME.baseline_action(state, GAME.legal_actions(state)) == Spawn(creature=best)


def test_standard_players_play_battle_titan_to_its_end():
    bots = [GAME.own_bot(1, seat) for seat in range(3)]
    state = GAME.new_game(3, {"variant": "battle", "rounds": 4}, 21, [Seat(name=n) for n in NAMES])
    while not state.is_over:
        state = GAME.apply(state, bots[state.current_player].choose(state, state.current_player))
        assert violations(state) == []
    assert state.turn_number == 4 and GAME.winners(state)


def test_the_in_app_rules_have_battle_titans_page_once_the_variant_is_offered():
    from engine.titan.rulings import rules_markdown

    assert "## Battle Titan (house rules)" in GAME.rules_markdown()
    text = rules_markdown(battle_titan=True)
    assert "## Battle Titan (house rules)" in text and "## Battle Titan" not in rules_markdown(battle_titan=False)
    for words in ("draws a Tower with the game's dice", "least valuable character back", "Halves are kept"):
        assert words in text


def test_battle_titans_rules_page_has_the_tiers_table_every_ruling_and_renders_in_the_app():
    """What changes from the standard game, the paths and tiers as a table, what each side scores, the spawn's
    fallbacks and the rulings where the house rules are silent; converted by the app's rules screen into tables."""
    from app.markdown import to_html
    from engine.titan.battle_titan.rulings import BATTLE_TITAN, BATTLE_TITAN_RULINGS

    text = GAME.rules_markdown()
    assert "| 3 | Minotaur | Warbear | - |" in text and "| 5 | Colossus | Colossus | Serpent |" in text
    for title, words in (*BATTLE_TITAN, *BATTLE_TITAN_RULINGS):
        assert f"- **{title}.** {words}" in text
    for words in (
        "What changes",
        "Returned, not retired",
        "An occupied Tower",
        "half the value of the attackers killed",
        "Hydra, Archangel, Titan",
        "counts as alive until its legion loses it",
        "Extra Titans",
        "A spawn is no first turn",
        "no Titan teleport",
        "open on screen",
    ):
        assert words in text
    html = to_html(text, heading_offset=1)
    assert html.count("<div class='table-wrap'><table>") == 3
    assert "<th>tier</th><th>plains</th><th>marsh</th><th>jungle</th>" in html
    assert "<tr><td>2</td><td>Lion</td><td>Troll</td><td>Cyclops</td></tr>" in html
    assert '<h3 id="battle-titan-house-rules">' in html and '<h4 id="rulings-where-the-house-rules-are-silent">' in html


def test_a_player_wiped_out_before_his_first_turn_spawns_and_splits_his_eight_freely():
    state = GAME.new_game(2, {"variant": "battle"}, 15, [Seat(name=n) for n in NAMES[:2]])
    second = state.order[1]
    wipe_out(state, second)
    state = GAME.apply(state, next(a for a in GAME.legal_actions(state) if isinstance(a, Split)))
    state = GAME.apply(state, EndSplits())
    rng = random.Random(1)
    while state.mover != second:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    state = answer_the_spawn(state)
    assert not state.first_turns[second] and violations(state) == []
    assert state.phase == Phase.SPLIT  # (this seed draws a free Tower)
    splits = [a for a in GAME.legal_actions(state) if isinstance(a, Split)]
    assert any(len(a.leaving) != 4 for a in splits)  # not the first turn's four and four


def test_standard_splits_a_spawned_eight_even_where_a_half_would_be_cornered(monkeypatch):
    from engine.titan.ai import standard

    state, bob = spawned_on_a_free_tower()
    monkeypatch.setattr(standard, "_cornered", lambda *_: True)  # every split would risk a half: the eight still part
    action = GAME.own_bot(1, 1).choose(state, bob)
    assert isinstance(action, Split) and action in GAME.legal_actions(state)


def _spawn_attack_won_past_a_hundred() -> tuple[TitanState, int]:
    """Bob, wiped out at 90 points, spawns eight strong on a Tower Ann holds; she concedes her two Ogres (24):
    his eight win past 100, an angel owed."""
    state = second_round_muster()
    ann, bob = state.order
    wipe_out(state, bob)
    state.players[bob].score = state.war.points[bob] = 90
    state.war.kinds[bob] = {"attack won": 90}
    state.players[ann].score = state.war.points[ann] = 0
    state.war.kinds[ann] = {}
    for tower in TOWERS:
        if not state.legions_on(tower):
            place(state, state.players[ann].free_markers[0], ann, tower, ["Ogre", "Ogre"]).reveal(range(2))
    state = answer_the_spawn(GAME.apply(state, EndMusters()))
    (legion,) = state.legions_of(bob)
    state = GAME.apply(state, Engage(land=legion.land))
    if state.decider != ann:
        state = GAME.apply(state, Fight())
    return GAME.apply(state, Concede()), bob


def test_battle_titan_spawned_eight_take_their_angel_in_place_of_a_character_given_back():
    state, bob = _spawn_attack_won_past_a_hundred()
    (legion,) = state.legions_of(bob)
    assert legion.height == 8 and state.players[bob].score == 114
    assert state.phase == Phase.AFTERMATH and state.decider == bob
    actions = GAME.legal_actions(state)
    offered = {(a.angel, a.instead_of) for a in actions if isinstance(a, AcquireInstead)}
    assert offered == {("Angel", name) for name in legion.contents if name not in (TITAN, ANGEL)}
    assert Acquire() in actions
    assert not any(isinstance(a, Acquire) and a.angel for a in actions)  # no room of its own
    weakest = min((n for n in legion.contents if n != TITAN), key=lambda n: (character_value(n), n))
    strongest_other = max((n for n in legion.contents if n not in (TITAN, ANGEL)), key=character_value)
    returned = sum(state.war.returned.values())
    angels = state.stock[ANGEL]
    state = GAME.apply(state, AcquireInstead(angel=ANGEL, instead_of=strongest_other))  # the player's choice
    assert violations(state) == [] and state.phase == Phase.MUSTER
    kept = state.legions[legion.marker]
    assert kept.height == 7 and kept.contents.count(ANGEL) == legion.contents.count(ANGEL) + 1
    assert strongest_other not in kept.contents or legion.contents.count(strongest_other) > 1
    assert state.stock[ANGEL] == angels - 1 and sum(state.war.returned.values()) == returned + 2
    assert f"{strongest_other} leaves {legion.marker} for the Angel: back to the stock (Battle Titan)." in state.log
    assert any(f"{weakest} leaves {legion.marker}, eight strong" in line for line in state.log)


def test_battle_titan_spawned_eight_may_decline_the_angel_and_computer_players_take_it_for_the_weakest():
    state, bob = _spawn_attack_won_past_a_hundred()
    declined = GAME.apply(state, Acquire())
    legion = state.legions_of(bob)[0]
    kept = declined.legions_of(bob)[0]
    assert kept.height == 7 and kept.contents.count(ANGEL) == legion.contents.count(ANGEL)
    weakest = min((n for n in legion.contents if n != TITAN), key=lambda n: (character_value(n), n))
    for level in (-1, 1, 2):
        action = (
            GAME.own_bot(level, 1).choose(state, bob)
            if level > 0
            else GAME.baseline_action(state, GAME.legal_actions(state))
        )
        assert action == AcquireInstead(angel=ANGEL, instead_of=weakest), level


def test_battle_titan_computer_players_decline_an_angel_worth_less_than_what_it_would_cost():
    state, bob = _spawn_attack_won_past_a_hundred()
    legion = state.legions_of(bob)[0]
    legion.contents = ["Angel", "Dragon", "Dragon", "Giant", "Giant", "Serpent", "Serpent", "Titan"]  # all above 24
    legal = GAME.legal_actions(state)
    assert respawn.angel_in_place(state, legal) is None
    legion.contents = ["Angel", "Centaur", "Dragon", "Giant", "Giant", "Serpent", "Serpent", "Titan"]
    assert respawn.angel_in_place(state, GAME.legal_actions(state)) is None  # it would cost the Dragon (27)
    legion.contents = ["Angel", "Centaur", "Centaur", "Giant", "Giant", "Serpent", "Serpent", "Titan"]
    assert respawn.angel_in_place(state, GAME.legal_actions(state)) == AcquireInstead(angel=ANGEL, instead_of="Centaur")
