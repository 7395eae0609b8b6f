"""Challenges (rulings 11-14, 23, 29-30): the attribute, committed Prophecy, rolls, attacks, retreat, defeat,
victory over a monster, a Sea Monster or a Quest, the Lion Skin, and a turn lost in the middle of one."""

from __future__ import annotations

from engine.born_of_titans import board, moments, quests
from engine.born_of_titans.data import ATTRIBUTES
from engine.born_of_titans.records import Attribute, Outcome
from engine.born_of_titans.state import BornState, Challenge, Ended, Moment, Phase
from engine.born_of_titans.table import (
    count_crew_roll,
    counter_name,
    discard,
    foe_numbers,
    hero_name,
    lose_crew,
    lose_gear_and_ally,
    roll,
    successes,
    totals,
)
from engine.core.records import NoDecision


def start(state: BornState, seat: int, cid: int, foe_kind: str) -> None:
    """The foe is face up; the Challenge opens with a moment to react (ruling 26 a), then the attribute."""
    state.challenge = Challenge(
        seat=seat,
        node=str(state.sheets[seat].node),
        foe=cid,
        foe_kind=foe_kind,
        attribute="",
        monster_attribute="",
        successes=0,
        committed=0,
        kills=1,
        athena_dice=0,
        any_attribute=False,
        lion_skin=False,
        less=0,
    )
    state.rolls = []
    state.log.append(f"{hero_name(state, seat)} challenges {counter_name(state, cid)}.")
    state.phase = Phase.CHALLENGE
    moments.begin(state, "challenge_start")


def usable(state: BornState) -> list[str]:
    """The foe's attributes it can be overcome by."""
    numbers = foe_numbers(state, state.challenge_now().foe)
    return [attribute for attribute in ATTRIBUTES if numbers[attribute] is not None]


def needed(state: BornState) -> int:
    """Successes needed: the foe's number in the attribute matched (Aphrodite alone: two fewer, at least one)."""
    challenge = state.challenge_now()
    attribute = challenge.monster_attribute
    if not attribute:
        return 0
    number = foe_numbers(state, challenge.foe)[attribute] or 0
    return max(1, number - challenge.less)


def dice_count(state: BornState) -> int:
    """Dice of a roll: her total in the attribute + committed Prophecy + Athena's dice."""
    challenge = state.challenge_now()
    attribute = challenge.attribute
    base = totals(state, challenge.seat)[attribute] if attribute else 0
    return base + challenge.committed + challenge.athena_dice


def choose(state: BornState, hero_attribute: Attribute, monster_attribute: Attribute) -> None:
    """The attribute for the whole Challenge (Athena's pair: any of hers against any of its numbers)."""
    challenge = state.challenge_now()
    challenge.attribute = hero_attribute
    challenge.monster_attribute = monster_attribute
    seat = challenge.seat
    if hero_attribute == monster_attribute:
        state.log.append(f"{hero_name(state, seat)} chooses {hero_attribute.capitalize()} ({needed(state)} needed).")
    else:
        state.log.append(
            f"{hero_name(state, seat)} rolls her {hero_attribute.capitalize()} against its "
            f"{monster_attribute.capitalize()} ({needed(state)} needed)."
        )


def make_roll(state: BornState, commit: int) -> None:
    """Commit `commit` more Prophecy (spent, ruling 14), roll, and open the moment after the roll."""
    challenge = state.challenge_now()
    seat = challenge.seat
    sheet = state.sheets[seat]
    commit = max(0, min(commit, sheet.prophecy))
    sheet.prophecy -= commit
    challenge.committed += commit
    if commit:
        state.log.append(
            f"{hero_name(state, seat)} commits {commit} Prophecy ({challenge.committed} committed in all)."
        )
    count = dice_count(state)
    dice = roll(state, count)
    state.rolls.append(dice)
    attribute = challenge.attribute.capitalize()
    hits = successes(dice)
    state.log.append(
        f"{hero_name(state, seat)} rolls {count} {attribute} dice: {hits} Success{'es' if hits != 1 else ''}."
    )
    if not moments.begin(state, "challenge_roll", roll_owner=seat):
        score(state)


def score(state: BornState) -> None:
    """The last roll counts: the foe is overcome, or it attacks (rulings 11, 23, 30)."""
    challenge = state.challenge
    if not isinstance(challenge, Challenge):
        return
    seat = challenge.seat
    challenge.successes += successes(state.rolls[-1])
    if challenge.successes >= needed(state):
        victory(state)
        return
    sheet = state.sheets[seat]
    state.log.append(f"{challenge.successes} of {needed(state)} Successes: the foe attacks.")
    if challenge.lion_skin:
        state.log.append("The Nemean Lion Skin turns the blow: no Crew is lost.")
        state.phase = Phase.CHALLENGE
        return
    if sheet.crew == 0:
        defeat(state)
        return
    kills = challenge.kills
    before = sheet.crew
    lose_crew(state, seat, kills)
    state.log.append(f"{hero_name(state, seat)} loses {before - sheet.crew} Crew ({sheet.crew} left).")
    if sheet.crew == 0:
        defeat(state)
        return
    state.phase = Phase.CHALLENGE


def remember(state: BornState, outcome: Outcome) -> None:
    """Keep what the Challenge came to (its last roll, the total, won, retreated or defeated) for the page to show
    until the next decision: the Challenge itself is cleared as it ends."""
    challenge = state.challenge_now()
    state.ended = Ended(
        seat=challenge.seat,
        foe=state.faces[challenge.foe],  # by face: the counter may go back face down to its pile
        foe_name=counter_name(state, challenge.foe),
        foe_kind=challenge.foe_kind,
        attribute=challenge.attribute,
        successes=challenge.successes,
        needed=needed(state),
        last_roll=list(state.rolls[-1]) if state.rolls else [],
        rolls=len(state.rolls),
        outcome=outcome,
    )


def victory(state: BornState) -> None:
    """The foe is Defeated: a monster leaves its City for the pile, a Sea Monster lets her pass, a Quest is done."""
    remember(state, "won")
    challenge = state.challenge_now()
    seat, cid, kind = challenge.seat, challenge.foe, challenge.foe_kind
    sheet = state.sheets[seat]
    if kind != "quest":
        state.log.append(f"{hero_name(state, seat)} defeats {counter_name(state, cid)}.")
    state.challenge = NoDecision()
    state.rolls = []
    state.phase = Phase.TURN
    if kind == "encounter":
        state.clear_encounter(challenge.node)
        discard(state, cid)
        sheet.in_city = True
        state.log.append(f"{hero_name(state, seat)} enters {board.NODES[challenge.node].name}.")
    elif kind == "sea_monster":
        sheet.passage = True
    elif state.hubris == seat:
        # Ruling 20: the holder of Hubris is forbidden from completing her Quest; the Challenge is won, the Quest
        # stays face up where it is, and she stays on its Site.
        state.log.append(
            f"{hero_name(state, seat)} overcomes {counter_name(state, cid)}, but she holds the Hubris counter: "
            "she may not complete her Quest, which stays where it is."
        )
    else:
        quests.complete(state, seat)


def retreat(state: BornState, outcome: Outcome = "retreated") -> None:
    """Ruling 12: back to the Point she left to reach the Site; she stays if she did not come by a Move."""
    remember(state, outcome)
    seat = state.challenge_now().seat
    sheet = state.sheets[seat]
    state.challenge = NoDecision()
    state.rolls = []
    state.phase = Phase.TURN
    if sheet.came_from is not None:
        sheet.node = sheet.came_from
        sheet.came_from = None
        sheet.in_city = False
        sheet.passage = False
        state.log.append(f"{hero_name(state, seat)} retreats to {board.NODES[sheet.node].name}.")
    else:
        state.log.append(f"{hero_name(state, seat)} retreats, staying at {board.NODES[str(sheet.node)].name}.")


def defeat(state: BornState) -> None:
    """Ruling 11: out of Crew, she is Defeated: she loses Gear and Ally, and retreats."""
    seat = state.challenge_now().seat
    state.log.append(f"{hero_name(state, seat)} is Defeated.")
    lose_gear_and_ally(state, seat, "in her defeat")
    retreat(state, "defeated")


def wear_lion_skin(state: BornState) -> None:
    """Ruling 23: discard the Lion Skin; no attack kills any more Crew in this Challenge."""
    challenge = state.challenge_now()
    seat = challenge.seat
    sheet = state.sheets[seat]
    if sheet.gear is not None:
        discard(state, sheet.gear)
        sheet.gear = None
    challenge.lion_skin = True
    state.log.append(f"{hero_name(state, seat)} wears the Nemean Lion Skin: she is Invincible in this Challenge.")


def interrupt(state: BornState) -> None:
    """Whatever the mover was doing stops (her turn is lost, ruling 24): a moment ends, a Challenge ends as a
    retreat, a Move ends where she stands."""
    if isinstance(state.moment, Moment) and state.moment.kind != "turn_end":
        count_crew_roll(state)  # a Crew roll already made still counts
        moments.close(state)
    if isinstance(state.challenge, Challenge):
        retreat(state)
    state.move = NoDecision()
    if state.phase in (Phase.MOVE, Phase.CHALLENGE):
        state.phase = Phase.TURN


def lose_a_turn(state: BornState, seat: int) -> None:
    """A Lose Turn counter on her Hero (never two; none if the supply is out); in her own turn it ends at once."""
    sheet = state.sheets[seat]
    if sheet.lose_turn or state.lose_turn_pile() <= 0:
        state.log.append(f"{hero_name(state, seat)} already has a Lose Turn counter: no second one.")
        return
    sheet.lose_turn = True
    state.log.append(f"{hero_name(state, seat)} loses a turn.")
    if seat == state.mover and not (isinstance(state.moment, Moment) and state.moment.kind == "turn_end"):
        interrupt(state)
        state.turn_now().over = True
