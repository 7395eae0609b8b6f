"""Helpers for Titan tests: a fresh game, actions played through the contract, legions put on the board,
engagements and battles set up, positions for the computer players, and the count of their work."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from engine.core import Action, Rng, ScriptedRng, Seat
from engine.core.bots import make_bot
from engine.titan import battlemap, masterboard, recruiting, sight
from engine.titan.actions import Concede, EndManeuver, Engage, Fight, Maneuver, Reinforce, Spawn
from engine.titan.ai import strong_battle, strong_board, strong_value
from engine.titan.battle_titan.war_record import WarRecord
from engine.titan.data import LANDS, TITAN
from engine.titan.game import Titan, TitanOptions
from engine.titan.invariants import violations
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Legion, Phase, TitanState, starting_stock
from tests.engine import helpers

GAME = Titan()
NAMES = ("Ann", "Bob", "Cy")  # the seats of the games played at random
SEATS = [Seat(name=name) for name in NAMES]


def new(players: int = 2, seed: int = 1) -> TitanState:
    """A fresh game for Ann, Bob, Cy...: the towers drawn, the first split to make."""
    state = GAME.new_game(
        players, None, seed, [Seat(name=name) for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")[:players]]
    )
    assert isinstance(state, TitanState)
    return state


def act(state: TitanState, action: Action | dict[str, Any]) -> TitanState:
    """Apply one action through the full contract, checking the invariants."""
    return cast(TitanState, helpers.act(GAME, state, action))


def find(state: TitanState, kind: str, **fields: Any) -> Action:
    """The one legal action of this kind whose fields match (fails the test otherwise)."""
    return helpers.find(GAME, state, kind, **fields)


def do(state: TitanState, kind: str, **fields: Any) -> TitanState:
    """Apply the one legal action of this kind whose fields match."""
    return act(state, find(state, kind, **fields))


def place(state: TitanState, marker: str, owner: int, land: int, contents: list[str]) -> Legion:
    """Put a legion on the board (its characters taken from the stock)."""
    for name in contents:
        if name != "Titan":
            state.stock[name] -= 1
    if marker in state.players[owner].free_markers:
        state.players[owner].free_markers.remove(marker)
    legion = Legion.formed(marker, owner, land, contents, state.num_players)
    state.legions[marker] = legion
    return legion


def clear_board(state: TitanState) -> None:
    """No legion on the board, every counter back in the stock, markers free, past the first turns."""
    state.legions = {}
    state.stock = starting_stock(0)
    for seat, player in enumerate(state.players):
        player.free_markers = [
            f"{player.free_markers[0][:2] if player.free_markers else 'Bk'}{n:02d}" for n in range(1, 13)
        ]
        state.first_turns[seat] = False


def engaged(attacker: list[str], defender: list[str], land: int = 6, players: int = 2) -> TitanState:
    """Bob (seat 1) has moved his legion onto Ann's on `land`: the engagement waits (Cy and the others, if
    any, keep a Titan legion at home)."""
    state = new(players)
    clear_board(state)
    for seat in range(2, players):
        place(state, state.players[seat].free_markers[0], seat, 100 * (seat + 2), ["Titan", "Ogre"])
    place(state, "Bk01", 0, land, defender)
    home = 300 if land == 100 else 100
    place(state, "Bk02", 0, home, ["Centaur", "Ogre"] + (["Titan"] if "Titan" not in defender else []))
    mover = place(state, "Bu01", 1, land, attacker)
    mover.moved, mover.attack_edge = True, 3
    place(state, "Bu02", 1, 200, ["Angel"] + (["Titan"] if "Titan" not in attacker else []))
    state.mover = state.decider = 1
    state.phase = Phase.ENGAGE
    return state


WORTH_161 = ["Colossus", "Dragon", "Giant", "Hydra", "Serpent"]  # 40 + 27 + 28 + 30 + 36


def won_by_concession(score: int, winner: list[str], loser: list[str]) -> TitanState:
    """Bob, on `score`, attacks Ann's `loser` with `winner`; Ann concedes: Bob scores her legion's value."""
    state = engaged(winner, loser)
    state.players[1].score = score
    state = act(state, Engage(land=6))
    return act(state, Concede())


PLAINS = 1  # a Plains land: the battleland has no hazard at all


def fight(attacker: list[str], defender: list[str], land: int = PLAINS, players: int = 2) -> TitanState:
    """Bob's legion Bu01 attacks Ann's Bk01 on `land`, entering through side 0; the battle has begun."""
    state = engaged(attacker, defender, land, players)
    state = act(state, Engage(land=land))
    return act(state, Fight())


def set_battle(state: TitanState, positions: dict[int, str], *, active: str = DEFENDER, round_number: int = 2) -> None:
    """Put units on hexes (index -> hex), both sides past their entry; the active side's strike phase next."""
    battle = state.battle
    for index, label in positions.items():
        battle.units[index].hex = label
    battle.entered = {ATTACKER: True, DEFENDER: True}
    battle.active, battle.round = active, round_number


def dice(state: TitanState, *faces: int) -> None:
    """The next dice rolled show these faces."""
    state.rng = ScriptedRng([face - 1 for face in faces])


def index_of(state: TitanState, name: str, side: str) -> int:
    """The index in the battle of the first unit of this name on this side."""
    return next(i for i, unit in enumerate(state.battle.units) if unit.name == name and unit.side == side)


BIG = ["Behemoth", "Colossus", "Giant", "Giant", "Hydra", "Serpent", "Serpent"]


def moving(roll: int) -> TitanState:
    """Ann's movement phase with this roll, on an empty board (the legions are placed by the test)."""
    state = new(2)
    clear_board(state)
    state.mover = state.decider = 0
    state.phase = Phase.MOVE
    state.roll = roll
    return state


def destinations(start: int, roll: int, enemy: set[int] = frozenset()) -> list[int]:
    """The lands a legion on `start` may move to with `roll` (the enemy's lands stop it)."""
    return masterboard.destination_lands(start, roll, enemy=enemy)


def mustering_choice() -> tuple[int, int, set[int], set[int]]:
    """A land and roll from which a legion of six has destinations where it can muster and others where not."""
    contents = ["Centaur", "Centaur", "Gargoyle", "Gargoyle", "Ogre", "Ogre"]
    stock = new(2).stock
    for start in sorted(LANDS):
        if LANDS[start].is_tower:
            continue
        for roll in range(1, 7):
            lands = destinations(start, roll)
            can = {land for land in lands if recruiting.musters(LANDS[land].terrain, contents, stock)}
            if can and set(lands) - can and all(not LANDS[land].is_tower for land in lands):
                return start, roll, can, set(lands) - can
    raise AssertionError("no such land")


def titan_in_danger() -> tuple[int, int, int, int, int]:
    """(start, roll, enemy land, a destination the enemy reaches on most rolls, one it cannot reach)."""
    for start in sorted(LANDS):
        for roll in range(1, 7):
            lands = [land for land in destinations(start, roll) if not LANDS[land].is_tower]
            if len(lands) < 2:
                continue
            for enemy in sorted(LANDS):
                if enemy in lands or enemy == start or LANDS[enemy].is_tower:
                    continue
                stops = {start}
                steps = {land: masterboard.fewest_steps(enemy, stops | {land}, set()).get(land, 99) for land in lands}
                near = [land for land in lands if steps[land] <= 2]
                far = [land for land in lands if steps[land] == 99]
                if near and far and start not in masterboard.fewest_steps(enemy, stops, set()):
                    return start, roll, enemy, near[0], far[0]
    raise AssertionError("no such position")


def attack_position(mine: list[str], theirs: list[str]) -> TitanState:
    """Ann's legion one roll away from Bob's, with another land to go to; Bob's legion known to Ann."""
    for start in sorted(LANDS):
        if LANDS[start].is_tower:
            continue
        for target in sorted(LANDS):
            if target == start or LANDS[target].is_tower:
                continue
            for roll in range(1, 7):
                lands = destinations(start, roll, {target})
                if target in lands and len(lands) >= 2:
                    state = moving(roll)
                    place(state, "Bk01", 0, start, mine)
                    place(state, "Bk02", 0, 100 if start // 100 != 1 else 300, ["Titan"])
                    enemy = place(state, "Bu01", 1, target, theirs)
                    enemy.reveal([0])
                    place(state, "Bu02", 1, 500 if target // 100 != 5 else 200, ["Titan"])
                    return state
    raise AssertionError("no such position")


def clocked_game(players: int, seed: int, options: dict, tick: int, stop_at: int = 20_000) -> TitanState:
    """Random decisions through `Game.apply`, `tick` seconds of the clock after every third one (and once more
    after the last, if the game goes on), the invariants checked after each."""
    rng = random.Random(seed)
    state = GAME.new_game(players, {"variant": "battle", **options}, seed, SEATS[:players])
    while not state.is_over and state.moves < stop_at:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if state.moves % 3 == 0:
            state = GAME.add_time(state, tick)
        assert violations(state) == []
    return GAME.add_time(state, tick)


def attacker_to_enter(attacker: list[str], land: int = 1) -> TitanState:
    """Bob attacks Ann's Ogre on `land`; Ann brings it on and ends; Bob's first maneuver phase begins."""
    state = fight(attacker, ["Ogre"], land)
    ogre = index_of(state, "Ogre", DEFENDER)
    state = act(state, next(a for a in GAME.legal_actions(state) if isinstance(a, Maneuver) and a.unit == ogre))
    if EndManeuver() in GAME.legal_actions(state):
        state = act(state, EndManeuver())
    assert state.phase == Phase.MANEUVER and state.battle.active == ATTACKER
    return state


def gargoyles(state: TitanState) -> list[int]:
    """The indexes of the Gargoyles in the battle."""
    return [i for i, unit in enumerate(state.battle.units) if unit.name == "Gargoyle"]


def three_gargoyles_on() -> TitanState:
    """Bob's Titan and four Gargoyles enter on Plains through edge 3 (A1 B1 C1 D1): three stand on A1 B1 C1."""
    state = attacker_to_enter(["Titan", "Gargoyle", "Gargoyle", "Gargoyle", "Gargoyle"])
    for unit, label in zip(gargoyles(state)[:3], ("A1", "B1", "C1"), strict=True):
        state = act(state, Maneuver(unit=unit, hex=label))
    return state


def reinforced() -> TitanState:
    """Three players; Bob's Ogre attacks Ann's two Lions on Plains, and in round 4 a Lion musters a Lion."""
    state = fight(["Ogre"], ["Lion", "Lion"], players=3)
    a = index_of(state, "Ogre", "attacker")
    l1, l2 = [i for i, u in enumerate(state.battle.units) if u.side == "defender"]
    set_battle(state, {a: "A1", l1: "F1", l2: "F2"}, active="defender", round_number=4)
    from engine.titan import battle as battles

    battles.begin_maneuver(state)
    return act(state, Reinforce(creature="Lion"))


def played(players: int, seed: int, *, bots: bool, open_legions: bool = False, cap: int = 700):
    """(state before, action, state after) along a game of random or Standard computer players."""
    options = {"open_legions": True} if open_legions else None
    state = GAME.new_game(players, options, seed, [Seat(name=f"P{i}") for i in range(players)])
    rng = Rng(seed)
    deciders = [make_bot(GAME, 1, seed * 10 + seat) for seat in range(players)] if bots else []
    while not state.is_over and state.moves < cap:
        seat = state.current_player
        action = deciders[seat].choose(state, seat) if bots else rng.choice(GAME.legal_actions(state))
        after = GAME.apply(state, action)
        yield state, action, after
        state = after


def second_round_muster(seed: int = 11) -> TitanState:
    """A 2-player Battle Titan game played at random to the first player's muster phase of round 2."""
    rng = random.Random(seed)
    state = GAME.new_game(2, {"variant": "battle"}, seed, [Seat(name=n) for n in NAMES[:2]])
    while not (state.turn_number == 2 and state.mover == state.order[0] and state.phase == Phase.MUSTER):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def wipe_out(state: TitanState, seat: int) -> None:
    """Every legion of `seat` leaves the board (its characters back in the stock, its Titan gone)."""
    for legion in state.legions_of(seat):
        for name in legion.contents:
            if name != TITAN:
                state.stock[name] += 1
        del state.legions[legion.marker]
        state.players[seat].free_marker(legion.marker)


def answer_the_spawn(state: TitanState) -> TitanState:
    """Take the first spawn offered until the spawn phase is over, checking the invariants."""
    while state.phase == Phase.SPAWN:
        actions = GAME.legal_actions(state)
        assert actions and all(isinstance(a, Spawn) for a in actions)
        state = GAME.apply(state, actions[0])
        assert violations(state) == []
    return state


def wiped_out_with_the_jungle_basics_gone() -> tuple[TitanState, int]:
    """Bob wiped out in the second round (seed 14), every Gargoyle and Cyclops taken (counted slain): his spawn
    must choose another path's basic for the jungle."""
    state = second_round_muster(seed=14)
    bob = state.order[1]
    wipe_out(state, bob)
    for name in ("Gargoyle", "Cyclops"):
        state.slain[name] = state.slain.get(name, 0) + state.stock[name]
        state.stock[name] = 0
    return state, bob


MAX_WORK = 200  # reckonings a step may make (one piece of Standard's makes up to ~1,700, Strong's whole up to ~2,800)


COSTLY = [
    (masterboard, "destination_lands"),
    (masterboard, "fewest_steps"),
    (battlemap, "reachable"),
    (battlemap, "strike_terms"),
    (recruiting, "musters"),
    (strong_value, "contest"),
    (sight, "sight_paths"),
    (strong_battle.Evaluation, "__call__"),
]


def steps_work(bot: Any, state: Any, seat: int, work: Counter, max_work: int = 1) -> tuple[Any, list[int]]:
    """The action `bot` decides stepped `max_work` units at a time, and the work of each step (begin() first)."""
    work.clear()
    thinking = bot.begin(state, seat)
    done = [work.total()]
    while not thinking.is_done:
        work.clear()
        thinking.step(max_work)
        done.append(work.total())
    return thinking.result, done


def strong_board_decision(
    state: TitanState, seat: int, legal: list[Action] | None = None, seed: int = 5
) -> tuple[Action, int]:
    """Strong's board decision, stepped to the end: (the action, how many times it yielded)."""
    legal = GAME.legal_actions(state) if legal is None else legal
    decision = strong_board.decide(state, seat, legal, Rng(seed))
    units = 0
    while True:
        try:
            next(decision)
        except StopIteration as stop:
            return stop.value, units
        units += 1


def attack_position_and_target(mine: list[str], theirs: list[str], terrain: str = "") -> tuple[TitanState, int]:
    """Ann's legion one roll from Bob's (known to her) with another land to go to; her Titan elsewhere if not in it;
    Bob's legion on a land of `terrain` if given."""
    for start in sorted(LANDS):
        if LANDS[start].is_tower:
            continue
        for target in sorted(LANDS):
            if target == start or LANDS[target].is_tower or (terrain and LANDS[target].terrain != terrain):
                continue
            for roll in range(1, 7):
                lands = masterboard.destination_lands(start, roll, enemy={target})
                if target in lands and len(lands) >= 2:
                    state = moving(roll)
                    place(state, "Bk01", 0, start, mine)
                    if "Titan" not in mine:
                        place(state, "Bk02", 0, 100 if start // 100 != 1 else 300, ["Titan"])
                    place(state, "Bu01", 1, target, theirs).reveal([0])
                    place(state, "Bu02", 1, 500 if target // 100 != 5 else 200, ["Titan"])
                    return state, target
    raise AssertionError("no such position")


def battle_titan(state: TitanState) -> TitanState:
    """The same position under Battle Titan's house rules, nothing scored yet."""
    state.options = TitanOptions(variant="battle")
    state.war = WarRecord.begun(state.num_players)
    return state


def engaged_in_battle_titan(attacker: list[str], defender: list[str], land: int = 6) -> TitanState:
    """Bob's Bu01 (seat 1) has moved onto Ann's Bk01 (seat 0) under Battle Titan; the engagement waits."""
    return battle_titan(engaged(attacker, defender, land))


def fight_in_battle_titan(attacker: list[str], defender: list[str]) -> TitanState:
    """Bob's Bu01 has attacked Ann's Bk01 on a Plains land under Battle Titan, and the battle has begun."""
    return act(act(engaged_in_battle_titan(attacker, defender, PLAINS), Engage(land=PLAINS)), Fight())
