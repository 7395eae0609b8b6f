"""The solo variant's NPC: its roll at the start of each round moves Exodus creatures toward being lost."""

from __future__ import annotations

from engine.core.records import of_kind
from engine.titan_dice import flow
from engine.titan_dice.data import CREATURES, WOUND
from engine.titan_dice.rules import exodus_lost, npc_dice
from engine.titan_dice.state import ExodusWounds, Phase, TitanDiceState


def roll_exodus(state: TitanDiceState) -> None:
    """Roll the NPC's dice: creature results move left first, then each wound is the player's choice."""
    count = npc_dice(state.round_number)
    faces = [flow.roll_face(state) for _ in range(count)]
    state.log.append(f"Exodus rolls {count} {'die' if count == 1 else 'dice'}: {flow.face_list(faces)}.")
    wounds = 0
    for face in faces:
        if face == WOUND:
            wounds += 1
        else:
            exodus_step(state, face)
    if wounds and len(exodus_lost(state)) < len(CREATURES):
        state.pending = ExodusWounds(wounds=wounds, npc_roll=faces)
        state.phase = Phase.NPC_WOUND
    else:
        flow.begin_turn(state, 0)


def exodus_step(state: TitanDiceState, creature: str) -> None:
    """Move an Exodus creature one space left (a result naming a lost one is ignored)."""
    index = CREATURES.index(creature)
    if state.exodus[index] <= 0:
        state.log.append(f"The Exodus {creature.title()} is already lost; the result is ignored.")
        return
    state.exodus[index] -= 1
    if state.exodus[index] == 0:
        state.log.append(f"The Exodus {creature.title()} is lost!")
    else:
        state.log.append(f"The Exodus {creature.title()} moves left to {state.exodus[index]}.")


def move_exodus(state: TitanDiceState, creature: str) -> None:
    """A wound result: the player moves a not-yet-lost Exodus creature of their choice."""
    exodus_step(state, creature)
    pending = of_kind(state.pending, ExodusWounds)
    pending.wounds -= 1
    if len(exodus_lost(state)) == len(CREATURES):
        return  # check_end ends the game
    if pending.wounds <= 0:
        flow.begin_turn(state, 0)
