"""How a battle ends [10.5, 14.2, 19.3-19.4]: the slain leave, a side wiped out, a Titan slain, time running
out or a concession; the points, and the result handed to the masterboard (`engagements.finish_engagement`).
"""

from __future__ import annotations

from engine.titan import engagements, flow
from engine.titan.battle_state import Battle, battle_of, legion_of, other_side, seat_of
from engine.titan.battle_titan.warmongering import Result, battle_titan, return_to_stock, settle, take_trophies, value
from engine.titan.data import TITAN, character_value
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import TitanState


def remove_slain(state: TitanState, battle: Battle) -> None:
    """The slain leave the battleland and their legion (their points are counted when the battle ends)."""
    kept = []
    for unit in battle.units:
        if unit.slain:
            legion = legion_of(state, battle, unit.side)
            legion.remove(unit.name)
            battle.gone[unit.side].append(unit.name)
        else:
            kept.append(unit)
    battle.units = kept


def _titan_slain(battle: Battle, side: str) -> bool:
    """A Titan of that side has been slain (under Battle Titan this ends nothing: `_titan_ends`)."""
    return TITAN in battle.gone[side]


def _titan_ends(state: TitanState, battle: Battle, side: str) -> bool:
    """That side's Titan is slain and that ends the battle and its player [19.3]; not under Battle Titan,
    where nobody is ever out (its point 4): the battle goes on."""
    return _titan_slain(battle, side) and not battle_titan(state)


def battle_over(state: TitanState, battle: Battle) -> bool:
    """At the end of a strike phase: one or both sides have nobody left, or a Titan has been slain [10.5, 19.3]."""
    attackers, defenders = battle.living(ATTACKER), battle.living(DEFENDER)
    titan_down = _titan_ends(state, battle, ATTACKER) or _titan_ends(state, battle, DEFENDER)
    if attackers and defenders and not titan_down:
        return False
    end_battle(state, battle)
    return True


def time_loss(state: TitanState, battle: Battle) -> None:
    """The defender's 8th maneuver phase would begin: every attacking character is eliminated, and the
    defender scores nothing for it [10.5]."""
    if battle_titan(state):
        state.log.append("Time runs out: the attacking legion loses.")
        _finish_war(state, battle, winner_side=DEFENDER, how="time loss")
        return
    state.log.append("Time runs out: the attacking legion is eliminated.")
    _finish(state, battle, winner_side=DEFENDER, points=0)


def concede(state: TitanState) -> None:
    """The decider concedes in battle: his remaining characters are eliminated and score for the other side
    as if slain [9.4]. If the attacker concedes before any of his characters came on, the defender may not
    muster a reinforcement [14.2]."""
    battle = battle_of(state)
    side = ATTACKER if state.decider == seat_of(state, battle, ATTACKER) else DEFENDER
    loser = legion_of(state, battle, side)
    state.log.append(f"{flow.name(state, loser.owner)} concedes the battle.")
    remove_slain(state, battle)
    battle.gone[side].extend(loser.contents)
    loser.contents = []
    battle.units = [unit for unit in battle.units if unit.side != side]
    if _titan_ends(state, battle, other_side(side)) or not battle.living(other_side(side)):
        # the other side's Titan, or its last character, fell this phase: the battle ends as it would [10.5, 19.3]
        end_battle(state, battle)
        return
    reinforcement = side == DEFENDER or battle.attacker_entered()
    if battle_titan(state):
        _finish_war(state, battle, winner_side=other_side(side), how="concession", reinforcement=reinforcement)
        return
    points = _points_for(state, battle, side)
    _finish(state, battle, winner_side=other_side(side), points=points, reinforcement=reinforcement)


def _points_for(state: TitanState, battle: Battle, losing_side: str) -> int:
    """The value of the losing side's characters lost so far (Titans at their player's power)."""
    seat = seat_of(state, battle, losing_side)
    return sum(character_value(name, state.players[seat].score) for name in battle.gone[losing_side])


def end_battle(state: TitanState, battle: Battle) -> None:
    """The battle is over (at the end of a strike phase): who won, the points, a Titan's death [10.5, 19.3].

    A side wiped out loses and the other scores its whole value; both wiped out, or both Titans slain,
    nobody scores. A Titan slain with his legion still standing: the slayer's side scores the Titan and the
    characters of his legion slain so far, if it still has characters on the battleland; the rest of the
    Titan's legion goes with the player, half its value to the player it was engaged with [19.4].
    """
    attackers, defenders = battle.living(ATTACKER), battle.living(DEFENDER)
    if battle_titan(state):  # a Titan slain ends nothing: a side wiped out loses [Battle Titan, 4]
        both_gone = not attackers and not defenders
        winner = "" if both_gone else ATTACKER if attackers else DEFENDER
        if both_gone:
            state.log.append("Both legions are destroyed.")
        _finish_war(state, battle, winner_side=winner, how="battle")
        return
    attacker_titan, defender_titan = _titan_slain(battle, ATTACKER), _titan_slain(battle, DEFENDER)
    if defender_titan and not attacker_titan and attackers:
        winner_side = ATTACKER
    elif attacker_titan and not defender_titan and defenders:
        winner_side = DEFENDER
    elif not attacker_titan and not defender_titan and bool(attackers) != bool(defenders):
        winner_side = ATTACKER if attackers else DEFENDER
    else:  # both Titans, or both legions (a slayer wiped out too scores nothing for his Titan) [19.3]
        if attacker_titan and defender_titan:
            state.log.append("Both Titans are slain: nobody scores.")
        elif attackers or defenders:
            state.log.append("A Titan is slain and his slayers are gone: nobody scores.")
        else:
            state.log.append("Both legions are destroyed: nobody scores.")
        _finish(state, battle, winner_side="", points=0)
        return
    _finish(state, battle, winner_side=winner_side, points=_points_for(state, battle, other_side(winner_side)))


def _finish(state: TitanState, battle: Battle, *, winner_side: str, points: int, reinforcement: bool = True) -> None:
    """The losing side's remaining characters are eliminated; every slain character leaves the board (angels
    and demi-lords back to the stock); the winner heals, scores and may still grow (`engagements.finish_engagement`).
    `winner_side` "" is a mutual destruction. The survivors of a legion whose Titan was slain stay in it for
    now: they go with their dead player, half their value to the player they were engaged with [19.4]."""
    attacker, defender = legion_of(state, battle, ATTACKER), legion_of(state, battle, DEFENDER)
    for side in (ATTACKER, DEFENDER):
        legion = legion_of(state, battle, side)
        if side != winner_side and not _titan_slain(battle, side):
            battle.gone[side].extend(legion.contents)
            legion.contents = []
        for name in battle.gone[side]:
            engagements.character_gone(state, name, slain=True)
    state.battle = None
    if not winner_side:
        for legion in (attacker, defender):
            if not legion.contents:  # a dead Titan's survivors leave with him, in `titans_lost`
                engagements.remove_legion(state, legion, slain=True)
        engagements.titans_lost(state, [(attacker.owner, defender.owner), (defender.owner, attacker.owner)])
        flow.after_engagements(state)
        return
    winner, loser = (attacker, defender) if winner_side == ATTACKER else (defender, attacker)
    engagements.finish_engagement(state, winner, loser, points=points, how="battle", reinforcement=reinforcement)


def _finish_war(state: TitanState, battle: Battle, *, winner_side: str, how: str, reinforcement: bool = True) -> None:
    """Battle Titan: the battle is over. The loser's characters are killed, those left on the battleland and
    those left off it alike ("concessions result in kills": a legion that loses has lost every character in
    it), or on a time loss go back to the stock [2.B.3]; the kills are the other side's trophies [2.B.4]; the
    characters the winner left off go back to the stock, as do both sides' when both legions are gone (they
    took no part). Each side scores by the house rules (`warmongering`): the attacker's participants are
    those that came on, the enemy legion is the whole defending legion ("all involved units"); the winner
    then as any winner (angels, summon, muster)."""
    attacker, defender = legion_of(state, battle, ATTACKER), legion_of(state, battle, DEFENDER)
    scores = {ATTACKER: state.players[attacker.owner].score, DEFENDER: state.players[defender.owner].score}
    # Those that never came on are held off (battle.end_maneuver): the rest took part.
    took_part = {side: battle.gone[side] + legion_of(state, battle, side).contents for side in (ATTACKER, DEFENDER)}
    whole_defence = took_part[DEFENDER] + battle.off[DEFENDER]
    if how == "time loss":
        return_to_stock(state, attacker.contents + battle.off[ATTACKER], "lost on time")
        attacker.contents = []
        battle.off[ATTACKER] = []
    elif winner_side:
        losing = other_side(winner_side)
        loser = legion_of(state, battle, losing)
        if battle.off[losing]:
            state.log.append(
                f"{', '.join(sorted(battle.off[losing]))}, left off the battleland, lose with {loser.marker}: "
                "killed (Battle Titan)."
            )
        battle.gone[losing].extend(loser.contents + battle.off[losing])
        loser.contents, battle.off[losing] = [], []
    for side in (ATTACKER, DEFENDER):
        return_to_stock(state, battle.off[side], "never came on the battleland")
        battle.off[side] = []
    take_trophies(state, defender.owner, battle.gone[ATTACKER])
    take_trophies(state, attacker.owner, battle.gone[DEFENDER])
    result = Result(
        attacker=attacker.owner,
        defender=defender.owner,
        winner=winner_side,
        how=how,
        attacking=value(took_part[ATTACKER], scores[ATTACKER]),
        enemy=value(whole_defence, scores[DEFENDER]),
        attackers_killed=value(battle.gone[ATTACKER], scores[ATTACKER]),
        defenders_killed=value(battle.gone[DEFENDER], scores[DEFENDER]),
    )
    for side in (ATTACKER, DEFENDER):
        for name in battle.gone[side]:
            engagements.character_gone(state, name, slain=True)
    state.battle = None
    points = settle(state, result)
    if not winner_side:
        for legion in (attacker, defender):
            engagements.remove_legion(state, legion, slain=True)
        flow.after_engagements(state)
        return
    winner, loser = (attacker, defender) if winner_side == ATTACKER else (defender, attacker)
    engagements.finish_engagement(state, winner, loser, points=points, how="battle", reinforcement=reinforcement)
