"""The attack phase of OUT players: roll, set aside, re-roll once, then every three of a kind attacks."""

from __future__ import annotations

from engine.core import Action
from engine.titan_dice.actions import AttackKeep, AttackReroll, FlipCard, LoseCreature, RemoveDie, SetAside, make
from engine.titan_dice.data import ATTACK_SET, BONUS_DIE, CREATURES, FACES, REGULAR_DICE, TRACK_MAX
from engine.titan_dice.flow import end_turn, face_list, gain_wound_marker, lose, roll_face
from engine.titan_dice.rules import players_in
from engine.titan_dice.state import Phase, TitanDiceState


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
    state.pending = {"aside": []}
    state.phase = Phase.ATTACK_KEEP


def keep_actions(state: TitanDiceState) -> list[Action]:
    """Set aside one more die (one per distinct face), re-roll the others once, or keep everything."""
    board = state.boards[state.decider]
    aside = state.pending["aside"]
    rest = [d for d in attack_dice(state, state.decider) if d not in aside]
    actions: list[Action] = []
    seen: set[str] = set()
    for die in rest:
        if board.die_face[die] not in seen:
            seen.add(board.die_face[die])
            actions.append(make(SetAside, die=die, face=board.die_face[die]))
    if rest:
        actions.append(make(AttackReroll, count=len(rest)))
    actions.append(make(AttackKeep))
    return actions


def play_keep(state: TitanDiceState, action: Action) -> None:
    """Carry out a set-aside, re-roll or keep decision."""
    seat = state.decider
    board = state.boards[seat]
    if isinstance(action, SetAside):
        state.pending["aside"].append(action.die)
        state.log.append(f"{state.name(seat)} sets aside a {action.face.title()}.")
        return
    if isinstance(action, AttackReroll):
        rest = [d for d in attack_dice(state, seat) if d not in state.pending["aside"]]
        for die in rest:
            board.die_face[die] = roll_face(state)
        count = f"{len(rest)} {'die' if len(rest) == 1 else 'dice'}"
        state.log.append(f"{state.name(seat)} re-rolls {count}: {face_list([board.die_face[d] for d in rest])}.")
    resolve_attack(state, seat)


def resolve_attack(state: TitanDiceState, seat: int) -> None:
    """Find every set of three of a kind and carry out the attacks in face order."""
    board = state.boards[seat]
    faces = [board.die_face[d] for d in attack_dice(state, seat)]
    triggered = [face for face in FACES for _ in range(faces.count(face) // ATTACK_SET)]
    state.log.append(
        f"{state.name(seat)}'s attack: {face_list(faces)}"
        + (f" \u2014 {face_list(triggered)} attack!" if triggered else " \u2014 no three of a kind.")
    )
    state.pending = {"attacker": seat, "faces": triggered, "face": "", "victims": []}
    continue_attack(state)


def continue_attack(state: TitanDiceState) -> None:
    """Carry out the attacks still queued, pausing when a hit player must choose."""
    pending = state.pending
    attacker = pending["attacker"]
    while True:
        while pending["victims"]:
            victim = pending["victims"][0]
            options = victim_actions(state, victim, pending["face"])
            if len(options) > 1:
                state.decider = victim
                state.phase = Phase.ATTACK_VICTIM
                return
            pending["victims"].pop(0)
            if options:
                apply_victim_choice(state, victim, options[0], automatic=True)
            else:
                state.log.append(f"{pending['face'].title()} attack: {state.name(victim)} has nothing to give up.")
        if not pending["faces"]:
            break
        face = pending["faces"].pop(0)
        pending["face"] = face
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
            pending["victims"] = targets
    state.decider = attacker
    state.pending = {}
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
    victim = state.pending["victims"].pop(0)
    apply_victim_choice(state, victim, action)
    continue_attack(state)
