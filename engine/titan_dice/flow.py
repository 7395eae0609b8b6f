"""Turn and round flow of Titan Dice: rolling, wounds, Gaia's Blessing, going OUT, turns, rounds, game end."""

from __future__ import annotations

from typing import Any

from engine.core.records import of_kind
from engine.titan_dice.data import (
    BONUS_DIE,
    CREATURES,
    FACES,
    OPPOSITE_FACE,
    REGULAR_DICE,
    TRACK_MAX,
    WOUND,
    WOUNDS_TO_GO_OUT,
)
from engine.titan_dice.rules import board_score, exodus_lost, ranked_winner, triggers_end
from engine.titan_dice.state import FirstWounds, NoDecision, Phase, PlayerBoard, TitanDiceState


def face_list(faces: list[str]) -> str:
    """'Hydra, Kraken and Wound' for the log."""
    names = [face.title() for face in faces]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def plural(count: int, noun: str) -> str:
    """'1 wound', '2 wounds' (nouns here take a plain -s)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def roll_face(state: TitanDiceState) -> str:
    """One die roll, drawn from the state's RNG."""
    return FACES[state.rng.randrange(len(FACES))]


# -- creatures ---------------------------------------------------------------------------------
def collect(board: PlayerBoard, creature: str, count: int = 1) -> int:
    """Move a track right by up to `count` (it stops at the cage); returns how many were collected."""
    index = CREATURES.index(creature)
    gained = max(0, min(count, TRACK_MAX - board.track[index]))
    board.track[index] += gained
    return gained


def lose(board: PlayerBoard, creature: str, count: int = 1) -> int:
    """Move a track left by up to `count` (it stops at 0); returns how many were lost."""
    index = CREATURES.index(creature)
    lost = max(0, min(count, board.track[index]))
    board.track[index] -= lost
    return lost


# -- dice ------------------------------------------------------------------------------------------
def place_rolled(state: TitanDiceState, seat: int, die: int, face: str) -> None:
    """Put a rolled die where its result sends it: a wound to the wound track, else the active pool.

    The bonus die (Reinforce) never goes on the wound track: a wound on it moves it and one of
    your wound dice (if any) to your spent dice.
    """
    board = state.boards[seat]
    board.die_face[die] = face
    if face != WOUND:
        board.die_area[die] = "active"
    elif die != BONUS_DIE:
        board.die_area[die] = "wound"
    else:
        board.die_area[die] = "spent"
        healed = [i for i in range(REGULAR_DICE) if board.die_area[i] == "wound"]
        if healed:  # healed: turned over, it no longer shows a wound
            board.die_area[healed[0]] = "spent"
            board.die_face[healed[0]] = OPPOSITE_FACE[WOUND]
            state.log.append(f"{state.name(seat)}'s bonus die shows a wound: it and one wound die go to spent.")
        else:
            state.log.append(f"{state.name(seat)}'s bonus die shows a wound: it goes to spent.")


def roll_dice(state: TitanDiceState, seat: int, dice: list[int], what: str) -> list[str]:
    """Roll the given dice of a seat, log the results, and place them (regular dice before the bonus die)."""
    faces = [roll_face(state) for _ in dice]
    state.log.append(f"{state.name(seat)} {what}: {face_list(faces)}.")
    ordered = sorted(zip(dice, faces, strict=True), key=lambda pair: pair[0] == BONUS_DIE)
    for die, face in ordered:
        place_rolled(state, seat, die, face)
    return faces


def has_gaia(board: PlayerBoard) -> bool:
    """One of each creature type among the active dice."""
    shown = {board.die_face[i] for i in board.dice_in("active")}
    return all(creature in shown for creature in CREATURES)


def gaias_blessing(state: TitanDiceState, seat: int) -> None:
    """Collect one of each creature; all active dice go to spent."""
    board = state.boards[seat]
    for creature in CREATURES:
        collect(board, creature)
    for die in board.dice_in("active"):
        board.die_area[die] = "spent"
    state.log.append(f"Gaia's Blessing! {state.name(seat)} collects one of each creature; the turn ends.")


def after_roll(state: TitanDiceState, seat: int, next_phase: Phase) -> None:
    """After a roll into the active pool: three wounds take you OUT, Gaia's Blessing ends the turn."""
    board = state.boards[seat]
    if board.wounds() >= WOUNDS_TO_GO_OUT:
        go_out(state, seat, f"{state.name(seat)} has {board.wounds()} wounds and is OUT.")
        end_turn(state)
    elif has_gaia(board):
        gaias_blessing(state, seat)
        end_turn(state)
    else:
        state.pending = NoDecision()
        state.phase = next_phase


def gain_wound_marker(state: TitanDiceState, seat: int) -> bool:
    """Give a seat a wound token; returns True if that takes them OUT."""
    board = state.boards[seat]
    board.wound_markers += 1
    if board.wounds() >= WOUNDS_TO_GO_OUT:
        go_out(state, seat, f"{state.name(seat)} has {board.wounds()} wounds and is OUT.")
        return True
    return False


# -- the roll phase -------------------------------------------------------------------------------------
def roll_five(state: TitanDiceState, seat: int) -> None:
    """The first roll of the round; wounds wait for the re-roll decision."""
    board = state.boards[seat]
    board.has_rolled = True
    dice = board.dice_in("hand")
    faces = [roll_face(state) for _ in dice]
    state.log.append(f"{state.name(seat)} rolls: {face_list(faces)}.")
    wound_dice = []
    for die, face in zip(dice, faces, strict=True):
        board.die_face[die] = face
        if face == WOUND:
            wound_dice.append(die)
        else:
            board.die_area[die] = "active"
    if wound_dice:
        state.pending = FirstWounds(wound_dice=wound_dice)
        state.phase = Phase.WOUND_REROLL
    else:
        after_roll(state, seat, Phase.ACTION)


def first_wounds(state: TitanDiceState, seat: int, reroll: bool) -> None:
    """Re-roll the first roll's wounds once (new wounds stay), or keep them on the wound track."""
    dice = list(of_kind(state.pending, FirstWounds).wound_dice)
    if reroll:
        roll_dice(state, seat, dice, "re-rolls the wounds")
    else:
        for die in dice:
            state.boards[seat].die_area[die] = "wound"
        state.log.append(f"{state.name(seat)} keeps {plural(len(dice), 'wound')}.")
    after_roll(state, seat, Phase.ACTION)


def roll_again(state: TitanDiceState, seat: int, which: str) -> None:
    """A later turn: roll the active dice, the spent dice or both ("active", "spent", "both")."""
    board = state.boards[seat]
    areas = ("active", "spent") if which == "both" else (which,)
    dice = sorted(d for area in areas for d in board.dice_in(area))
    what = "active and spent" if which == "both" else which
    roll_dice(state, seat, dice, f"rolls {what} dice")
    after_roll(state, seat, Phase.ACTION)


# -- OUT, turns, rounds ----------------------------------------------------------------------------------
def go_out(state: TitanDiceState, seat: int, message: str) -> None:
    """Out of the round: regular dice to the attack card, wound markers and bonus die returned.

    A die removed from play (Catch, a Minotaur attack), the bonus die too, stays out until the round ends.
    """
    board = state.boards[seat]
    board.is_out = True
    board.wound_markers = 0
    for die in range(REGULAR_DICE):
        if board.die_area[die] != "removed":
            board.die_area[die] = "attack"
    if board.die_area[BONUS_DIE] != "removed":
        board.die_area[BONUS_DIE] = "box"
    state.log.append(message)


def begin_turn(state: TitanDiceState, seat: int) -> None:
    """Start a seat's turn in the right phase."""
    state.turn = seat
    state.decider = seat
    state.pending = NoDecision()
    board = state.boards[seat]
    if board.is_out:
        if not board.dice_in("attack"):
            state.log.append(f"{state.name(seat)} has no attack dice; the turn passes.")
            end_turn(state)
            return
        state.phase = Phase.ATTACK_ROLL
    elif not board.has_rolled:
        state.phase = Phase.FIRST_ROLL
    elif not board.dice_in("active") and not board.dice_in("spent"):
        go_out(state, seat, f"{state.name(seat)} has no dice left to roll and is OUT.")
        end_turn(state)
    else:
        state.phase = Phase.ROLL


def finish_turn(state: TitanDiceState, words: str) -> None:
    """The player to move passes, or ends the turn after the action (`words` says which, in the log)."""
    state.log.append(f"{state.name(state.decider)} {words}.")
    end_turn(state)


def end_turn(state: TitanDiceState) -> None:
    """Pass play clockwise, or end the round once every player is OUT."""
    if all(board.is_out for board in state.boards):
        end_round(state)
        return
    begin_turn(state, (state.turn + 1) % state.num_players)


def check_end(state: TitanDiceState) -> None:
    """Note the end trigger (three caged types) and, in solo, a win or a loss."""
    if state.phase == Phase.GAME_OVER:
        return
    if state.is_solo:
        if all(value >= TRACK_MAX for value in state.boards[0].track):
            finish_game(state, "won")
        elif len(exodus_lost(state)) == len(CREATURES):
            finish_game(state, "lost")
        return
    if not state.end_triggered:
        for seat, board in enumerate(state.boards):
            if triggers_end(board):
                state.end_triggered = True
                state.log.append(f"{state.name(seat)} has caged three creature types: this is the last round.")
                break


def end_round(state: TitanDiceState) -> None:
    """All players are OUT: end the game if triggered, else pass the first player token and start anew."""
    check_end(state)
    if state.phase == Phase.GAME_OVER:
        return
    state.log.append(f"Round {state.round_number} ends.")
    if state.end_triggered:
        finish_game(state, "")
        return
    if not state.is_solo:
        state.first_player = (state.first_player + 1) % state.num_players
    state.round_number += 1
    start_round(state)


def first_player(state: TitanDiceState, options: Any) -> int:
    """The seat of round 1's first player: the option's seat, or drawn at random (solo: seat 1)."""
    choice = getattr(options, "first_player", "1")
    if state.is_solo:
        return 0
    if choice == "random":
        seat = state.rng.randrange(state.num_players)
        state.log.append(f"A die draws the first player: {state.name(seat)}.")
        return seat
    return int(choice) - 1


def start_round(state: TitanDiceState) -> None:
    """Clear wounds, flip cards face up, return dice; the first player (solo: the NPC) begins."""
    for board in state.boards:
        board.die_area = ["hand"] * REGULAR_DICE + ["box"]
        board.wound_markers = 0
        board.face_down = []
        board.is_out = False
        board.has_rolled = False
        board.gryphon_attack = False
    if state.is_solo:
        state.log.append(f"Round {state.round_number} begins; Exodus rolls first.")
    else:
        state.log.append(f"Round {state.round_number} begins; {state.name(state.first_player)} is first player.")
    if state.is_solo:
        state.turn = state.decider = 0
        state.pending = NoDecision()
        state.phase = Phase.NPC_ROLL
    else:
        begin_turn(state, state.first_player)


def finish_game(state: TitanDiceState, solo_result: str) -> None:
    """The game is over: log the result."""
    state.phase = Phase.GAME_OVER
    state.pending = NoDecision()
    state.solo_result = solo_result
    if state.is_solo:
        won = solo_result == "won"
        state.log.append("All five creature types are caged: you win!" if won else "All of Exodus is lost: you lose.")
        return
    scores = [board_score(board) for board in state.boards]
    state.log.append("Game over. Scores: " + ", ".join(f"{state.name(s)} {p}" for s, p in enumerate(scores)) + ".")
    state.log.append(f"{state.name(ranked_winner(state))} wins!")
