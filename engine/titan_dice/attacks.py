"""The attack phase of OUT players: roll, set aside, re-roll once, then every three of a kind attacks."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import factorial

from engine.core import Action
from engine.core.records import of_kind
from engine.titan_dice.actions import AttackKeep, AttackReroll, FlipCard, LoseCreature, RemoveDie, make
from engine.titan_dice.data import ATTACK_SET, BONUS_DIE, CREATURES, FACES, REGULAR_DICE, TRACK_MAX
from engine.titan_dice.flow import end_turn, face_list, gain_wound_marker, lose, roll_face
from engine.titan_dice.rules import players_in
from engine.titan_dice.state import AttackKeeping, AttackUnderWay, NoDecision, Phase, TitanDiceState


def attack_dice(state: TitanDiceState, seat: int) -> list[int]:
    """The dice a seat attacks with: regular dice on the attack card, plus the bonus die after a Gryphon attack."""
    return state.boards[seat].dice_in("attack")


def roll_attack(state: TitanDiceState, seat: int) -> None:
    """Roll every attack die; then set aside and re-roll."""
    board = state.boards[seat]
    dice = attack_dice(state, seat)
    for die in dice:
        board.die_face[die] = roll_face(state)
    state.log.append(f"{state.name(seat)} rolls to attack: {face_list([board.die_face[d] for d in dice])}.")
    state.pending = AttackKeeping(aside=[])
    state.phase = Phase.ATTACK_KEEP


def set_aside(state: TitanDiceState) -> list[int]:
    """The attack dice set aside so far (none outside an attack roll)."""
    pending = state.pending
    return pending.aside if isinstance(pending, AttackKeeping) else []


def keep_actions(state: TitanDiceState) -> list[Action]:
    """Keep everything, or set aside any dice (chosen together, by face) and re-roll the others once.

    Keeping more comes first: "Keep these dice", then the most dice kept (the biggest set of one face
    first), down to re-rolling them all.
    """
    board = state.boards[state.decider]
    aside = set_aside(state)
    rest = [board.die_face[d] for d in attack_dice(state, state.decider) if d not in aside]
    counts = [(face, rest.count(face)) for face in FACES if face in rest]
    keeps: list[tuple[str, ...]] = [()]
    for face, count in counts:
        keeps = [kept + (face,) * n for kept in keeps for n in range(count + 1)]
    keeps = [kept for kept in keeps if len(kept) < len(rest)]  # keeping all of them is "Keep these dice"
    keeps.sort(
        key=lambda kept: (-len(kept), -max((kept.count(f) for f in kept), default=0), [FACES.index(f) for f in kept])
    )
    actions: list[Action] = [make(AttackKeep)]
    actions += [make(AttackReroll, keep=kept, count=len(rest) - len(kept)) for kept in keeps]
    return actions


def sensible_keeps(state: TitanDiceState, actions: list[Action]) -> list[Action]:
    """The keep decisions that set aside every complete set of three (twice for six) and, unless every die
    belongs to one, re-roll the rest: the others are strictly worse (an attack only ever hurts the others)."""
    board = state.boards[state.decider]
    aside = set_aside(state)
    rest = [board.die_face[d] for d in attack_dice(state, state.decider) if d not in aside]
    in_sets = {face: ATTACK_SET * (rest.count(face) // ATTACK_SET) for face in set(rest)}
    complete = sum(in_sets.values()) == len(rest)
    sensible: list[Action] = []
    for action in actions:
        if isinstance(action, AttackKeep):
            if complete:
                sensible.append(action)
        elif isinstance(action, AttackReroll) and all(action.keep.count(f) >= n for f, n in in_sets.items()):
            sensible.append(action)
    return sensible


@lru_cache(maxsize=512)
def attack_chances(kept: tuple[str, ...], rolled: int) -> tuple[tuple[float, tuple[str, ...]], ...]:
    """Every way the attacks can turn out when the dice `kept` stay and `rolled` dice are re-rolled: each
    (probability, the faces that attack, one per set of three), exactly (every face equally likely)."""
    outcomes: dict[tuple[str, ...], float] = {}
    sides = len(FACES)

    def spread(index: int, left: int, counts: list[int]) -> None:
        if index == sides - 1:
            counts = [*counts, left]
            ways = factorial(rolled)
            for count in counts:
                ways //= factorial(count)
            faces = [face for face, count in zip(FACES, counts, strict=True) for _ in range(count)]
            every = list(kept) + faces
            triggered = tuple(face for face in FACES for _ in range(every.count(face) // ATTACK_SET))
            outcomes[triggered] = outcomes.get(triggered, 0.0) + ways / sides**rolled
            return
        for count in range(left + 1):
            spread(index + 1, left - count, [*counts, count])

    spread(0, rolled, [])
    return tuple((chance, faces) for faces, chance in outcomes.items())


def keep_worth(state: TitanDiceState, action: Action, worth: Callable[[str], float]) -> float:
    """What a keep decision is worth on average: the attacks it may bring, each valued by `worth`."""
    seat = state.decider
    board = state.boards[seat]
    dice = attack_dice(state, seat)
    aside = set_aside(state)
    faces = [board.die_face[d] for d in dice if d in aside]
    rest = [board.die_face[d] for d in dice if d not in aside]
    if isinstance(action, AttackReroll):
        kept, rolled = tuple(sorted(faces + list(action.keep))), len(rest) - len(action.keep)
    else:
        kept, rolled = tuple(sorted(faces + rest)), 0
    return sum(chance * sum(worth(face) for face in triggered) for chance, triggered in attack_chances(kept, rolled))


def set_aside_and_reroll(state: TitanDiceState, action: AttackReroll) -> None:
    """Set aside the dice showing the chosen faces and re-roll the others, once; then the attacks."""
    seat = state.decider
    board = state.boards[seat]
    aside = list(set_aside(state))
    rest = [d for d in attack_dice(state, seat) if d not in aside]
    for face in action.keep:
        die = next(d for d in rest if board.die_face[d] == face and d not in aside)
        aside.append(die)
    of_kind(state.pending, AttackKeeping).aside = aside
    rolled = [d for d in rest if d not in aside]
    for die in rolled:
        board.die_face[die] = roll_face(state)
    kept = f"sets aside {face_list(list(action.keep))} and " if action.keep else ""
    count = f"{len(rolled)} {'die' if len(rolled) == 1 else 'dice'}"
    state.log.append(f"{state.name(seat)} {kept}re-rolls {count}: {face_list([board.die_face[d] for d in rolled])}.")
    resolve_attack(state, seat)


def keep_as_rolled(state: TitanDiceState, _action: AttackKeep) -> None:
    """Keep the attack dice as rolled, without the re-roll; then the attacks."""
    resolve_attack(state, state.decider)


def resolve_attack(state: TitanDiceState, seat: int) -> None:
    """Find every set of three of a kind and carry out the attacks in face order."""
    board = state.boards[seat]
    faces = [board.die_face[d] for d in attack_dice(state, seat)]
    triggered = [face for face in FACES for _ in range(faces.count(face) // ATTACK_SET)]
    state.log.append(
        f"{state.name(seat)}'s attack: {face_list(faces)}"
        + (f" \u2014 {face_list(triggered)} attack!" if triggered else " \u2014 no three of a kind.")
    )
    state.pending = AttackUnderWay(attacker=seat, faces=triggered, face="", victims=[])
    continue_attack(state)


def continue_attack(state: TitanDiceState) -> None:
    """Carry out the attacks still queued, pausing when a hit player must choose."""
    pending = of_kind(state.pending, AttackUnderWay)
    attacker = pending.attacker
    while True:
        while pending.victims:
            victim = pending.victims[0]
            options = victim_actions(state, victim, pending.face)
            if len(options) > 1:
                state.decider = victim
                state.phase = Phase.ATTACK_VICTIM
                return
            pending.victims.pop(0)
            if options:
                apply_victim_choice(state, victim, options[0], automatic=True)
            else:
                state.log.append(f"{pending.face.title()} attack: {state.name(victim)} has nothing to give up.")
        if not pending.faces:
            break
        face = pending.faces.pop(0)
        pending.face = face
        targets = [s for s in players_in(state) if s != attacker]
        if face == "chimera":
            for victim in targets:
                moved = state.boards[victim].dice_in("active")
                for die in moved:
                    state.boards[victim].die_area[die] = "spent"
                state.log.append(f"Chimera attack: {state.name(victim)}'s {len(moved)} active dice go to spent.")
        elif face == "gryphon":
            board = state.boards[attacker]
            if board.gryphon_attack:
                state.log.append(f"Gryphon attack: {state.name(attacker)} already attacks with the bonus die.")
            elif board.die_area[BONUS_DIE] == "removed":
                state.log.append(f"Gryphon attack: {state.name(attacker)}'s bonus die was caught: out this round.")
            else:
                board.gryphon_attack = True
                board.die_area[BONUS_DIE] = "attack"
                state.log.append(f"Gryphon attack: {state.name(attacker)} adds the bonus die to attack rolls.")
        elif face == "wound":
            for victim in targets:
                state.log.append(f"Wound attack: {state.name(victim)} gains a wound token.")
                gain_wound_marker(state, victim)
        else:
            pending.victims = targets
    state.decider = attacker
    state.pending = NoDecision()
    end_turn(state)


def victim_actions(state: TitanDiceState, victim: int, face: str) -> list[Action]:
    """What a player hit by a Hydra, Kraken or Minotaur attack may give up (empty: nothing to give)."""
    board = state.boards[victim]
    if face == "hydra":
        return [make(FlipCard, creature=c, level=board.cards[c]) for c in CREATURES if board.has_usable_card(c)]
    if face == "kraken":
        return [
            make(LoseCreature, creature=c)
            for c, value in zip(CREATURES, board.track, strict=True)
            if 0 < value < TRACK_MAX  # caged creatures are not affected
        ]
    if face == "minotaur":
        actions: list[Action] = []
        for area in ("active", "spent"):
            seen: set[str] = set()
            for die in range(REGULAR_DICE):
                face_shown = board.die_face[die]
                if board.die_area[die] == area and face_shown not in seen:
                    seen.add(face_shown)
                    actions.append(make(RemoveDie, die=die, face=face_shown, area=area))
        return actions
    return []


def apply_victim_choice(state: TitanDiceState, victim: int, action: Action, automatic: bool = False) -> None:
    """Give up what the hit player chose (or the one thing they could)."""
    board = state.boards[victim]
    name = state.name(victim)
    note = " (the only choice)" if automatic else ""
    if isinstance(action, FlipCard):
        board.face_down.append(action.creature)
        state.log.append(f"Hydra attack: {name} flips {action.creature.title()} {action.level} face down{note}.")
    elif isinstance(action, LoseCreature):
        lose(board, action.creature)
        state.log.append(f"Kraken attack: {name} loses a {action.creature.title()}{note}.")
    elif isinstance(action, RemoveDie):
        board.die_area[action.die] = "removed"
        state.log.append(f"Minotaur attack: {name} removes a {action.area} {action.face.title()} die{note}.")


def play_victim(state: TitanDiceState, action: Action) -> None:
    """A hit player's decision; then the attack goes on."""
    victim = of_kind(state.pending, AttackUnderWay).victims.pop(0)
    apply_victim_choice(state, victim, action)
    continue_attack(state)
