"""A scripted Titan Dice player of sound simple rules: the yardstick the bots are measured against.

Roll phase: re-roll first-roll wounds; later, roll the spent dice and keep the active ones (the active
ones when nothing is spent). Action phase: capture a set of three or more (any set once two wounds
make the next roll risky), else use a card that collects creatures, else buy the card of the type the
active dice favour, paying with dice first; otherwise pass. Abilities: collect for the track nearest
its cage, lose from the track furthest from it. Attack: keep every set of three and the biggest pair,
re-roll the rest. Hit by an attack: give up what is worth least. It reads only what every player sees.
"""

from __future__ import annotations

from engine.core import Action
from engine.titan_dice.data import CREATURES, TRACK_MAX, WOUND
from engine.titan_dice.state import AbilityUnderWay, AttackKeeping, Phase, TitanDiceState

COLLECTING = ("Ensnare", "Trade", "Exchange", "Swap", "Catch", "Trap", "Rescue", "Redemption", "Piracy")


def choose(state: TitanDiceState, actions: list[Action]) -> Action:
    """The scripted decision among the legal `actions` of the player to move."""
    board = state.boards[state.decider]
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(str(getattr(action, "kind", "")), []).append(action)

    def room(creature: str) -> int:
        return TRACK_MAX - board.track[CREATURES.index(creature)]

    def best_capture() -> Action | None:
        captures = by_kind.get("capture", [])
        return max(captures, key=lambda a: min(a.count, room(a.creature)), default=None)  # type: ignore[attr-defined]

    phase = state.phase
    if phase == Phase.WOUND_REROLL:
        return by_kind["reroll_wounds"][0]
    if phase == Phase.ROLL:
        rolls = {a.which: a for a in by_kind["roll"]}  # type: ignore[attr-defined]
        return rolls.get("spent") or rolls.get("both") or rolls["active"]
    if phase in (Phase.ACTION, Phase.AFTER_ACTION):
        capture = best_capture()
        gain = min(capture.count, room(capture.creature)) if capture else 0  # type: ignore[attr-defined]
        if capture is not None and (gain >= 3 or (board.wounds() >= 2 and gain >= 1)):
            return capture
        if phase == Phase.ACTION:
            useful = [a for a in by_kind.get("activate", []) if a.ability in COLLECTING]  # type: ignore[attr-defined]
            if useful:
                return useful[0]
            counts = board.active_counts()
            purchases = sorted(
                by_kind.get("purchase", []),
                key=lambda a: (-counts.get(a.creature, 0), room(a.creature) == 0),  # type: ignore[attr-defined]
            )
            if purchases:
                return purchases[0]
            return by_kind["pass"][0]
        return by_kind["end_turn"][0]
    if phase == Phase.PAYMENT:
        return max(actions, key=lambda a: a.dice)  # type: ignore[attr-defined]
    if phase == Phase.CHOOSE_DICE:
        return _choose_die(state, by_kind, actions)
    if phase == Phase.CHOOSE_FACE:
        counts = board.active_counts()
        faces = [a for a in actions if a.face != WOUND]  # type: ignore[attr-defined]
        return max(faces, key=lambda a: (counts.get(a.face, 0), room(a.face) > 0))  # type: ignore[attr-defined]
    if phase == Phase.LOSE_CREATURE:
        return min(actions, key=lambda a: board.track[CREATURES.index(a.creature)])  # type: ignore[attr-defined]
    if phase == Phase.COLLECT:
        collects = by_kind.get("collect_creature", [])
        if collects:
            return min(collects, key=lambda a: room(a.creature))  # type: ignore[attr-defined]
        return by_kind["finish"][0]
    if phase == Phase.CHOOSE_TYPE:
        others = [b for i, b in enumerate(state.boards) if i != state.decider]

        def taken(creature: str) -> int:
            index = CREATURES.index(creature)
            return sum(b.track[index] for b in others if b.track[index] < TRACK_MAX)

        return max(actions, key=lambda a: taken(a.creature))  # type: ignore[attr-defined]
    if phase == Phase.ATTACK_KEEP:
        return _attack_keep(state, actions)
    if phase == Phase.ATTACK_VICTIM:
        return _give_up(state, actions)
    return actions[0]  # one choice: roll, the NPC's roll, an Exodus creature


def _choose_die(state: TitanDiceState, by_kind: dict[str, list[Action]], actions: list[Action]) -> Action:
    """Ability dice: Catch and Trap take the die nearest a cage; Alter and Convert and Transform change a die
    outside the biggest set; Redemption re-rolls every wound."""
    board = state.boards[state.decider]
    ability = state.pending.ability if isinstance(state.pending, AbilityUnderWay) else ""
    dice = by_kind.get("choose_die", [])
    if not dice:
        return by_kind["finish"][0]
    if ability in ("Catch", "Trap"):
        return min(dice, key=lambda a: TRACK_MAX - board.track[CREATURES.index(a.face)] or 9)  # type: ignore[attr-defined]
    if ability == "Redemption":
        return dice[0]
    counts = board.active_counts()
    best = max(counts, key=lambda face: counts[face], default="")
    outside = [a for a in dice if a.face != best]  # type: ignore[attr-defined]
    if ability == "Convert":
        outside = [a for a in outside if a.face != "chimera"]  # (its other side is the wound)  # type: ignore[attr-defined]
    if outside:
        return outside[0]
    return by_kind["finish"][0] if "finish" in by_kind else actions[0]


def _attack_keep(state: TitanDiceState, actions: list[Action]) -> Action:
    """Keep every set of three and the biggest pair, re-roll the rest; keep all if nothing is left to re-roll."""
    board = state.boards[state.decider]
    aside = state.pending.aside if isinstance(state.pending, AttackKeeping) else []
    rest = [board.die_face[d] for d in board.dice_in("attack") if d not in aside]
    counts = {face: rest.count(face) for face in set(rest)}
    keep: list[str] = []
    for face, count in counts.items():
        keep += [face] * (3 * (count // 3))
    pairs = sorted((face for face, count in counts.items() if count % 3 == 2), key=lambda f: (f == WOUND, f))
    if pairs:
        keep += [pairs[0]] * 2
    for action in actions:
        if getattr(action, "kind", "") == "attack_keep" and len(keep) == len(rest):
            return action
        if getattr(action, "kind", "") == "attack_reroll" and sorted(action.keep) == sorted(keep):  # type: ignore[attr-defined]
            return action
    return actions[0]


def _give_up(state: TitanDiceState, actions: list[Action]) -> Action:
    """Hit by an attack: the lowest card, the creature furthest from its cage, a spent die before an active one."""
    board = state.boards[state.decider]

    def cost(action: Action) -> tuple[int, int]:
        kind = getattr(action, "kind", "")
        if kind == "flip_card":
            return (0, action.level)  # type: ignore[attr-defined]
        if kind == "lose_creature":
            return (0, board.track[CREATURES.index(action.creature)])  # type: ignore[attr-defined]
        if kind == "remove_die":
            return (0 if board.die_area[action.die] == "spent" else 1, 0)  # type: ignore[attr-defined]
        return (9, 0)

    return min(actions, key=cost)
