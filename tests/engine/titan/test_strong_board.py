"""Titan's Strong player on the masterboard (engine/titan/ai/strong_board.py): hand-built positions where the right
play is clear (and Standard, which the scaffolding played, gets it wrong), that it decides only on what its seat
may know, that its work is sliced and its answer legal."""

from __future__ import annotations

from engine.core import Rng
from engine.core.bots import make_bot
from engine.titan import masterboard
from engine.titan.actions import Engage, Flee, Move, Propose
from engine.titan.ai import strong_board, strong_value
from engine.titan.ai.strong_decision import BATTLE_PHASES
from engine.titan.data import LANDS
from engine.titan.state import Phase
from tests.engine.titan.helpers import (
    BIG,
    GAME,
    act,
    attack_position_and_target,
    engaged,
    moving,
    place,
    strong_board_decision,
)


def test_the_titans_legion_keeps_out_of_what_a_killing_stack_reaches_in_two_turns():
    """From land 1 with a 1, land 2 is eight steps from a monster stack on 34 (two rolls of 4 bring it there), land
    1000 is out of its reach: the Titan goes to 1000. (Standard, which looks one turn ahead, went to 2.)"""
    state = moving(1)
    place(state, "Bk01", 0, 1, ["Titan", "Centaur", "Ogre", "Ogre"])
    place(state, "Bu01", 1, 34, BIG).reveal([0])
    place(state, "Bu02", 1, 600, ["Titan"])
    assert masterboard.fewest_steps(34, {2}, limit=12)[2] == 8
    assert 1000 not in masterboard.fewest_steps(34, {1000}, limit=12)
    action, _units = strong_board_decision(state, 0)
    assert action == Move(marker="Bk01", land=1000, side=action.side)


def test_a_plan_moves_one_legion_off_a_land_so_that_another_can_escape_onto_it():
    """With a 3, the small legion on 21 can only go to 24, where the stack on 20 reaches it on five rolls in six; the
    big legion on 18 can go to 115, which leaves 18 free, out of that stack's reach. Planned together: the big
    legion moves first and the small one follows onto 18. (Standard, one legion at a time, left it on 24.)"""
    state = moving(3)
    place(state, "Bk01", 0, 18, ["Behemoth", "Behemoth", "Serpent", "Giant", "Giant", "Hydra"])
    place(state, "Bk02", 0, 21, ["Centaur", "Centaur", "Ogre"])
    place(state, "Bk03", 0, 100, ["Titan"])
    place(state, "Bu01", 1, 20, ["Troll", "Troll", "Troll", "Lion", "Lion", "Ranger"]).reveal([0])
    place(state, "Bu02", 1, 600, ["Titan"])
    assert [a.land for a in GAME.legal_actions(state) if isinstance(a, Move) and a.marker == "Bk02"] == [24]
    assert masterboard.fewest_steps(20, {18, 100, 24}, set())[24] <= 2  # on five rolls in six
    assert masterboard.fewest_steps(20, {115, 18, 100}, set()).get(18, 99) > 6
    board = strong_board._Board(state, 0, Rng(5))
    moves = [a for a in GAME.legal_actions(state) if isinstance(a, Move)]
    plan = strong_board._drain(board.plan(strong_board._steps(moves), False))[1]
    assert {(step.marker, step.land) for step in plan} >= {("Bk01", 115), ("Bk02", 18)}  # the plan sees it at once
    first, _units = strong_board_decision(state, 0)
    assert first == Move(marker="Bk01", land=115, side=first.side)
    while state.phase == Phase.MOVE:
        state = act(state, strong_board_decision(state, 0)[0])
    assert state.legions["Bk02"].land == 18 and state.legions["Bk01"].land == 115


def test_it_attacks_a_stack_it_is_a_third_stronger_than_but_not_with_its_titan():
    """At about four chances in five a legion attacks; the Titan's legion does not stake the game on it.
    (Standard attacked with both.)"""
    theirs = ["Troll", "Troll", "Ogre", "Gargoyle"]  # 56
    normal, target = attack_position_and_target(["Troll", "Troll", "Lion", "Lion", "Gargoyle"], theirs)  # 74
    titan, titan_target = attack_position_and_target(["Titan", "Troll", "Troll", "Ranger"], theirs)  # 72
    board = strong_board._Board(normal, 0, Rng(1))
    assert 0.78 < board.odds(normal.legions["Bk01"], normal.legions["Bu01"]).attacker_wins < 0.88
    board = strong_board._Board(titan, 0, Rng(1))
    assert 0.78 < board.odds(titan.legions["Bk01"], titan.legions["Bu01"]).attacker_wins < 0.88
    action, _units = strong_board_decision(normal, 0)
    assert isinstance(action, Move) and action.marker == "Bk01" and action.land == target
    action, _units = strong_board_decision(titan, 0)
    assert not (isinstance(action, Move) and action.land == titan_target)


def test_it_does_not_attack_a_stronger_stack():
    state, target = attack_position_and_target(["Ogre", "Centaur"], ["Troll", "Troll", "Lion", "Lion", "Ranger"])
    action, _units = strong_board_decision(state, 0)
    assert not (isinstance(action, Move) and action.land == target)


def test_it_does_not_attack_natives_in_their_brambles_that_it_would_beat_in_the_open(monkeypatch):
    """Trolls, Lions and a Gargoyle (74 points) against two Cyclopes and two Gargoyles (60), natives of the
    Brambles: on Plains the calibrated odds give the attacker seven chances in eight and it attacks; in Brush the
    defenders strike from their Brambles (and may muster a Gorgon) and it is nearer one in three, so it does not.
    The strength ratio (the odds before, a^6 / (a^6 + b^6) = 0.78) attacked in both."""
    mine, theirs = ["Troll", "Troll", "Lion", "Lion", "Gargoyle"], ["Cyclops", "Cyclops", "Gargoyle", "Gargoyle"]
    brush, brush_target = attack_position_and_target(mine, theirs, "Brush")
    plains, plains_target = attack_position_and_target(mine, theirs, "Plains")
    board = strong_board._Board(brush, 0, Rng(1))
    assert board.odds(brush.legions["Bk01"], brush.legions["Bu01"], brush_target).attacker_wins < 0.5
    board = strong_board._Board(plains, 0, Rng(1))
    assert board.odds(plains.legions["Bk01"], plains.legions["Bu01"], plains_target).attacker_wins > 0.8
    action, _units = strong_board_decision(brush, 0)
    assert not (isinstance(action, Move) and action.land == brush_target)
    action, _units = strong_board_decision(plains, 0)
    assert isinstance(action, Move) and action.marker == "Bk01" and action.land == plains_target
    monkeypatch.setattr(strong_value, "CALIBRATED", False)
    action, _units = strong_board_decision(brush, 0)
    assert isinstance(action, Move) and action.land == brush_target


def test_the_odds_of_a_battle_with_unseen_characters_do_not_read_them():
    """Bob's legion of five, of which Ann has seen two: its odds on its land are the same whatever the other three
    are (the same bot dice), and they count the three as characters Ann has not seen."""
    state, target = attack_position_and_target(
        ["Troll", "Troll", "Lion", "Lion", "Gargoyle"], ["Ogre", "Ogre"], "Plains"
    )
    bob = state.legions["Bu01"]
    two = strong_board._odds(state, state.legions["Bk01"], bob, 0, Rng(3), target)
    answers = set()
    for name in ("Centaur", "Centaur", "Gargoyle", "Hydra", "Colossus", "Serpent"):
        state.stock[name] -= 1  # out of the stock, unseen by Ann: in Bob's legions, as far as she knows
    for hidden in (["Centaur", "Centaur", "Gargoyle"], ["Hydra", "Colossus", "Serpent"]):
        bob.contents = sorted(["Ogre", "Ogre", *hidden])
        answers.add(strong_board._odds(state, state.legions["Bk01"], bob, 0, Rng(3), target))
    assert len(answers) == 1
    assert answers.pop().attacker_left < two.attacker_left  # three more defenders, whoever they are, cost more


def test_a_hopeless_defender_without_a_lord_flees():
    state = act(engaged(BIG[:5], ["Centaur", "Ogre"]), Engage(land=6))
    assert state.decider == 0
    assert strong_board_decision(state, 0)[0] == Flee()


def test_a_defender_sure_to_win_proposes_the_attackers_elimination():
    """Terms cost nothing to offer; a side all but sure to win offers the other's elimination. (Standard fought.)"""
    state = act(engaged(["Ogre", "Centaur"], ["Titan", *BIG[:4]]), Engage(land=6))
    assert strong_board_decision(state, 0)[0] == Propose(eliminated="attacker")


def _board_decisions(seed: int, limit: int):
    """The masterboard decisions of a Strong player in a game against Standard: (state, seat, legal) each."""
    state = GAME.new_game(2, seed=seed)
    bots = [make_bot(GAME, 2, seed), make_bot(GAME, 1, seed + 1)]
    if seed % 2:
        bots.reverse()
    strong_seat = 0 if seed % 2 == 0 else 1
    moves = 0
    found = 0
    while not state.is_over and found < limit and moves < 3000:
        seat = state.current_player
        legal = GAME.legal_actions(state)
        if seat == strong_seat and state.phase not in BATTLE_PHASES and len(legal) > 1:
            found += 1
            yield state, seat, legal
        state = GAME.apply(state, bots[seat].choose(state, seat))
        moves += 1


def test_its_board_decisions_do_not_change_when_what_it_has_not_seen_is_dealt_again():
    """Over a few hundred decisions of real games: the same decision (same bot seed) on a copy where every
    character its seat has not seen is dealt again; and each decision is legal and sliced into work units."""
    decisions = differing = 0
    for seed in (21, 22, 23, 24):
        for state, seat, legal in _board_decisions(seed, 110):
            action, units = strong_board_decision(state, seat, legal, seed=seed)
            assert action in legal
            assert units >= 1
            copy = GAME.determinize(state, seat, Rng(seed * 1000 + decisions))
            differing += any(copy.legions[m].contents != state.legions[m].contents for m in state.legions)
            assert strong_board_decision(copy, seat, GAME.legal_actions(copy), seed=seed)[0] == action, (
                seed,
                decisions,
            )
            decisions += 1
    assert decisions >= 300 and differing >= 50


def test_strong_plays_a_whole_game_against_standard():
    state = GAME.new_game(2, seed=31)
    bots = [make_bot(GAME, 2, 31), make_bot(GAME, 1, 32)]
    moves = 0
    while not state.is_over and moves < 20_000:
        seat = state.current_player
        state = GAME.apply(state, bots[seat].choose(state, seat))
        moves += 1
    assert state.is_over


def _risk(mine: list[str], theirs: list[str], land: int, monkeypatch, titan: bool, every: bool) -> float:
    """What Ann's legion of `mine` risks on `land` from Bob's stack of `theirs` (seen), one step away, the danger
    to her Titan's legion (`titan`) and to every legion (`every`) asked of the battle played out or not."""
    monkeypatch.setattr(strong_value, "TITAN_RISK_ODDS", titan)
    monkeypatch.setattr(strong_value, "RISK_ODDS_ALL", every)
    state = moving(1)
    place(state, "Bk01", 0, land, mine)
    if "Titan" not in mine:
        place(state, "Bk02", 0, 100, ["Titan"])
    enemy = place(state, "Bu01", 1, 600, theirs)
    enemy.reveal([0])
    place(state, "Bu02", 1, 500, ["Titan"])
    board = strong_board._Board(state, 0, Rng(1))
    return board.risk(state.legions["Bk01"], land, [[(enemy, {land: 1}, 1.0)]])


RANGERS = ["Lion", "Lion", "Ranger", "Ranger", "Ranger"]


def test_the_danger_to_its_titans_legion_is_the_battle_played_out(monkeypatch):
    """An enemy that picks its attacks by the battle's odds (Standard) attacks a Titan's legion that the
    strength ratio calls the stronger: Lions and Rangers against a Titan (power 6), two Lions, a Troll and an Ogre
    win about 4 in 5 played out, 0.43 by the ratio, under the even odds from which Strong counted an enemy as
    attacking (a reported game, seed 1002: Strong's Titan slain so on land 138)."""
    mine, plains = ["Lion", "Lion", "Ogre", "Titan", "Troll"], 1
    assert _risk(mine, RANGERS, plains, monkeypatch, titan=False, every=False) == 0.0
    # the whole of the Titan's legion and the game, at a 1 or more: nearly all of it
    assert _risk(mine, RANGERS, plains, monkeypatch, titan=True, every=False) > 0.5 * (86 * 1.3 + 600)


def test_the_danger_to_any_legion_is_the_battle_played_out_on_its_land(monkeypatch):
    """Played out, the same Rangers beat two Lions, two Trolls and an Ogre about 7 in 8 in the Woods and 2 in 3 on
    the Plains; the strength ratio sees one chance, 0.58, on any land."""
    mine, woods, plains = ["Lion", "Lion", "Ogre", "Troll", "Troll"], 2, 1
    assert LANDS[woods].terrain == "Woods" and LANDS[plains].terrain == "Plains"
    ratio_woods = _risk(mine, RANGERS, woods, monkeypatch, titan=True, every=False)
    assert ratio_woods == _risk(mine, RANGERS, plains, monkeypatch, titan=True, every=False)
    woods_risk = _risk(mine, RANGERS, woods, monkeypatch, titan=True, every=True)
    plains_risk = _risk(mine, RANGERS, plains, monkeypatch, titan=True, every=True)
    assert woods_risk > 1.5 * plains_risk and woods_risk > 2 * ratio_woods
