"""The JSON-ready picture of a Titan Dice game that the app draws (everything but the RNG is public)."""

from __future__ import annotations

from typing import Any

from engine.core.records import of_kind
from engine.titan_dice.data import BONUS_DIE, CREATURES, EXODUS_START, FACES, REGULAR_DICE, TRACK_MAX
from engine.titan_dice.rules import ability_of, board_score, card_cost, exodus_lost, npc_dice, ranked_winner
from engine.titan_dice.state import AbilityUnderWay, AttackUnderWay, Deal, Phase, PlayerBoard, TitanDiceState


def build_view(state: TitanDiceState, seat: int | None, scores: list[float], winners: list[int]) -> dict[str, Any]:
    """The view of `state` for `seat` (all of Titan Dice is public; the RNG is never included).

    Shape (every key always present; creature lists follow `creatures` order):

    - ``game``: "titan_dice"; ``title``; ``solo``: bool; ``seat``: the viewer (int or None)
    - ``creatures``: ["chimera", "gryphon", "hydra", "kraken", "minotaur"]; ``faces``: those + "wound"
    - ``round``: int (from 1); ``first_player``: seat; ``turn``: seat whose turn it is;
      ``current_player``: seat that must decide now (a player hit by an attack decides during the
      attacker's turn), None when over; ``phase``: a `Phase` value (see state.py); ``status``: a
      sentence saying who must do what; ``end_triggered``: bool
    - ``players``: per seat, a dict:
        ``seat``, ``name``, ``is_ai``, ``is_out``, ``is_turn``, ``is_deciding``, ``is_first_player``,
        ``track``: {creature: 0..4}, ``caged``: {creature: bool},
        ``dice``: six dicts ``{"die": 0..5, "bonus": bool, "face": face, "area": area}`` where die 5 is
        the bonus die and area is one of hand (not rolled yet), active, spent, wound (on the wound
        track), removed (out of play this round), attack (on the attack card), box (bonus die unused);
        ``active``/``spent``/``removed``/``attack_dice``/``hand``: lists of faces in that area (index order),
        ``wounds``: {"dice": n, "markers": n, "total": n},
        ``cards``: [{"creature", "level", "face_up", "ability", "text", "cost"}] in creature order,
        ``bonus_die``: {"area": area, "face": face or None when in the box},
        ``attack_side``: bool (the player aid shows its Attack Phase side: the player is OUT),
        ``attack``: {"gryphon_bonus": bool, "dice": number of dice this player's attack rolls use},
        ``score``: the rulebook count so far
    - ``stacks``: {creature: [{"level", "cost", "ability", "text"}] top first}
    - ``exodus``: None, or (solo) {"track": {creature: 0..4}, "lost": [creatures], "npc_dice": dice the
      NPC rolls this round, "cage": 4}
    - ``pending``: the decision under way as saved (`state.pending.snapshot()`, empty when none): e.g. ``ability``,
      ``ability_text``, ``creature``, ``level``, ``chosen`` (dice chosen so far), ``die`` (the die whose
      face is being chosen), ``lost``, ``picks`` (creatures collected so far), ``max_picks``, ``rolled``,
      ``deal``/``from_seat`` (payment), ``aside`` (attack dice set aside), ``attacker``/``face``/``faces``/
      ``victims`` (an attack being resolved), ``wound_dice``, ``wounds``, ``npc_roll``
    - ``game_over``: bool; ``scores``: list per seat; ``winners``: list of seats; ``solo_result``: "",
      "won" or "lost"

    Mapping legal actions to board elements: every action has a ``kind``; the fields name the element:
    ``die`` (0..5, an index into the deciding player's ``dice``) with its ``face``; ``creature`` (a track,
    a stack or a card type); ``level`` (a card level); ``from_seat`` (exchange: -1 the stack, else the
    seat whose card you take); ``which`` (roll: active, spent or both).
    """
    players = [_player_view(state, s, board) for s, board in enumerate(state.boards)]
    pending = state.pending.snapshot()
    if isinstance(state.pending, AbilityUnderWay):
        pending["ability_text"] = ability_of(state.pending.creature, state.pending.level, state.is_solo)[1]
    return {
        "game": "titan_dice",
        "title": "Titan Dice",
        "solo": state.is_solo,
        "seat": seat,
        "creatures": list(CREATURES),
        "faces": list(FACES),
        "round": state.round_number,
        "first_player": state.first_player,
        "turn": state.turn,
        "current_player": state.current_player,
        "phase": state.phase.value,
        "status": status_sentence(state),
        "end_triggered": state.end_triggered,
        "players": players,
        "stacks": {
            creature: [
                {
                    "level": level,
                    "cost": card_cost(level),
                    "ability": ability_of(creature, level, state.is_solo)[0],
                    "text": ability_of(creature, level, state.is_solo)[1],
                }
                for level in state.stacks[creature]
            ]
            for creature in CREATURES
        },
        "exodus": _exodus_view(state) if state.is_solo else None,
        "pending": pending,
        "game_over": state.phase == Phase.GAME_OVER,
        "scores": list(scores),
        "winners": list(winners),
        "solo_result": state.solo_result,
    }


def _player_view(state: TitanDiceState, seat: int, board: PlayerBoard) -> dict[str, Any]:
    """One player's board."""
    dice = [
        {"die": i, "bonus": i == BONUS_DIE, "face": board.die_face[i], "area": board.die_area[i]}
        for i in range(REGULAR_DICE + 1)
    ]
    attack_dice = sum(1 for i in range(REGULAR_DICE) if board.die_area[i] in ("attack", "hand", "active", "spent"))
    bonus_area = board.die_area[BONUS_DIE]
    return {
        "seat": seat,
        "name": state.name(seat),
        "is_ai": state.seats[seat].is_ai,
        "is_out": board.is_out,
        "is_turn": state.turn == seat and state.phase != Phase.GAME_OVER,
        "is_deciding": state.current_player == seat,
        "is_first_player": state.first_player == seat,
        "track": dict(zip(CREATURES, board.track, strict=True)),
        "caged": {c: v >= TRACK_MAX for c, v in zip(CREATURES, board.track, strict=True)},
        "dice": dice,
        "hand": [board.die_face[i] for i in board.dice_in("hand")],
        "active": [board.die_face[i] for i in board.dice_in("active")],
        "spent": [board.die_face[i] for i in board.dice_in("spent")],
        "removed": [board.die_face[i] for i in board.dice_in("removed")],
        "attack_dice": [board.die_face[i] for i in board.dice_in("attack")],
        "wounds": {"dice": board.wound_dice(), "markers": board.wound_markers, "total": board.wounds()},
        "cards": [
            {
                "creature": creature,
                "level": board.cards[creature],
                "face_up": creature not in board.face_down,
                "ability": ability_of(creature, board.cards[creature], state.is_solo)[0],
                "text": ability_of(creature, board.cards[creature], state.is_solo)[1],
                "cost": card_cost(board.cards[creature]),
            }
            for creature in CREATURES
            if creature in board.cards
        ],
        "bonus_die": {"area": bonus_area, "face": None if bonus_area == "box" else board.die_face[BONUS_DIE]},
        "attack_side": board.is_out,
        "attack": {"gryphon_bonus": board.gryphon_attack, "dice": attack_dice + (1 if board.gryphon_attack else 0)},
        "score": board_score(board),
    }


def _exodus_view(state: TitanDiceState) -> dict[str, Any]:
    """The solo NPC's Exodus board."""
    return {
        "track": dict(zip(CREATURES, state.exodus, strict=True)),
        "lost": exodus_lost(state),
        "npc_dice": npc_dice(state.round_number),
        "cage": EXODUS_START,
    }


_STATUS = {
    Phase.NPC_ROLL: "{name}: roll {npc} for the Exodus board",
    Phase.NPC_WOUND: "{name}: the Exodus roll shows a wound; choose an Exodus creature to move left",
    Phase.FIRST_ROLL: "{name}: roll your five dice",
    Phase.WOUND_REROLL: "{name}: re-roll your wounds once, or keep them",
    Phase.ROLL: "{name}: roll your active dice, your spent dice, or both",
    Phase.ACTION: "{name}: purchase, exchange, activate a card, capture creatures, or pass",
    Phase.PAYMENT: "{name}: choose how to pay for {what}",
    Phase.CHOOSE_DICE: "{name}: {ability} \u2014 choose dice, or finish",
    Phase.CHOOSE_FACE: "{name}: {ability} \u2014 choose the new side of the die",
    Phase.LOSE_CREATURE: "{name}: {ability} \u2014 choose a creature to lose",
    Phase.COLLECT: "{name}: {ability} \u2014 choose a creature to collect",
    Phase.CHOOSE_TYPE: "{name}: {ability} \u2014 the bonus die shows a wound; choose a creature type",
    Phase.AFTER_ACTION: "{name}: capture creatures, or end your turn",
    Phase.ATTACK_ROLL: "{name}: you are OUT; roll your attack dice",
    Phase.ATTACK_KEEP: "{name}: set aside attack dice, then re-roll the rest once (or keep them all)",
    Phase.ATTACK_VICTIM: "{name}: {attacker}'s {face} attack hits you; {what}",
}

_VICTIM_CHOICE = {
    "hydra": "choose a card to flip face down",
    "kraken": "choose a creature to lose",
    "minotaur": "choose a die to remove",
}


def status_sentence(state: TitanDiceState) -> str:
    """Who must do what now, or how the game ended."""
    if state.phase == Phase.GAME_OVER:
        if state.is_solo:
            return "You caged every creature: you win!" if state.solo_result == "won" else "Exodus is lost: you lose."
        winner = ranked_winner(state)
        return f"Game over: {state.name(winner)} wins with {board_score(state.boards[winner])} points."
    pending = state.pending
    name = state.name(state.decider)
    npc = npc_dice(state.round_number)
    what = ""
    attack = pending if isinstance(pending, AttackUnderWay) else None
    if state.phase == Phase.PAYMENT:
        deal = of_kind(pending, Deal)
        what = f"{deal.creature.title()} {deal.level}"
    elif state.phase == Phase.ATTACK_VICTIM:
        what = _VICTIM_CHOICE.get(attack.face if attack else "", "")
    return _STATUS[state.phase].format(
        name=name,
        npc=f"{npc} {'die' if npc == 1 else 'dice'}",
        what=what,
        ability=pending.ability if isinstance(pending, AbilityUnderWay) else "",
        attacker=state.name(attack.attacker) if attack else "",
        face=attack.face.title() if attack else "",
    )
