"""How things happen on the circuit: steps, chain reactions, circuit effects, damage, traps, K.O., laps, drawing.

The pieces every effect is made of; `resolution.py` runs a whole effect (a die move, an Ability, a Bonus card,
a trap, a hit) through them and asks the questions it needs answered (`Effect.ask`).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.titan_race.board import STEP
from engine.titan_race.data import BACKWARD, BONUS_CARDS, CIRCUITS, DECK, FORWARD, HAND_LIMIT, LAPS_TO_WIN, TITANS
from engine.titan_race.state import TitanRaceState


class Features(NamedTuple):
    """A circuit's spaces by feature, as sets for quick look-ups."""

    lava: frozenset[str]
    pirates: frozenset[str]
    super_ramps: dict[str, str]
    multi_ramps: frozenset[str]
    statues: frozenset[str]
    pentacle: frozenset[str]
    ice: frozenset[str]
    bonus: frozenset[str]


FEATURES: dict[str, Features] = {
    key: Features(
        frozenset(spec.lava),
        frozenset(spec.pirates),
        dict(spec.super_ramps),
        frozenset(spec.multi_ramps),
        frozenset(spec.statues),
        frozenset(spec.pentacle),
        frozenset(spec.ice),
        frozenset(spec.bonus),
    )
    for key, spec in CIRCUITS.items()
}


class NeedAnswer(Exception):  # noqa: N818 - a control-flow signal, not an error
    """An effect needs a player's answer it does not have yet."""

    def __init__(self, titan: int, kind: str, options: list[str], prompt: str) -> None:
        super().__init__(prompt)
        self.titan, self.kind, self.options, self.prompt = titan, kind, options, prompt


class GameWon(Exception):  # noqa: N818 - a control-flow signal, not an error
    """A Titan completed its third lap: the game ends at once."""

    def __init__(self, titan: int) -> None:
        super().__init__(titan)
        self.titan = titan


class Effect:
    """One effect being resolved: the state it changes, the answers given, the Titans it pushed."""

    def __init__(self, state: TitanRaceState, answers: list[str], can_ask: bool) -> None:
        self.state = state
        self.answers = answers
        self.asked = 0
        self.can_ask = can_ask
        self.pushed: list[int] = []  # Titans pushed by this effect, in order: each loses 1 Life Point at its end
        self.unharmed: set[int] = set()  # Titans this effect moves that lose nothing for being pushed
        self.fresh: list[tuple[int, str]] = []  # cards drawn during this effect (not playable until it ends)
        self.path: dict[int, list[str]] = {}  # spaces each Titan entered, in order (for previews)

    def ask(self, titan: int, kind: str, options: list[str], prompt: str) -> str:
        """The next answer, or stop the effect to ask for it (an answer that does not fit is asked again)."""
        if self.asked < len(self.answers) and self.answers[self.asked] in options:
            answer = self.answers[self.asked]
            self.asked += 1
            return answer
        raise NeedAnswer(titan, kind, options, prompt)

    def name(self, titan: int) -> str:
        """A Titan's name for the log."""
        return TITANS[self.state.titans[titan].name].name

    def log(self, text: str) -> None:
        """Add a line to the game log."""
        self.state.log.append(text)


def features_of(state: TitanRaceState, board: int) -> Features:
    """The feature sets of a board's circuit."""
    return FEATURES[state.circuits[board]]


ZONES: dict[str, tuple[str, ...]] = {"before": FORWARD, "behind": BACKWARD, "adjacent": FORWARD + BACKWARD}


def cells(state: TitanRaceState, titan: int, zone: str) -> dict[str, int]:
    """The spaces of a zone around a Titan ("before", "behind", "adjacent"), each with its board.

    Across the finish line a neighbouring space lies on the board of the next (or previous) lap,
    which matters in the Grand Slam only.
    """
    subject = state.titans[titan]
    found: dict[str, int] = {}
    for direction in ZONES[zone]:
        space, laps = STEP[(str(subject.space), direction)]
        found[space] = state.board_for_lap(subject.lap + laps)
    return found


def may_ask(state: TitanRaceState) -> bool:
    """True if an effect might stop to ask something: a pirate circuit, or a Shield that may be in a hand."""
    if any(FEATURES[c].pirates for c in state.circuits):
        return True
    return not state.is_first_round and shields_unseen(state)


def shields_unseen(state: TitanRaceState) -> bool:
    """A Shield may be in somebody's hand as far as the others know: not every Shield is in the discard pile."""
    return state.discard.count("shield") < DECK.count("shield")


# -- the effects ------------------------------------------------------------------------------------------------
def settle_pushes(fx: Effect) -> None:
    """The end of a chain reaction: each Titan pushed loses its 1 Life Point, once, however far it went."""
    for titan in fx.pushed:
        if titan not in fx.unharmed:
            lose_life(fx, titan, "pushed")


def move(fx: Effect, titan: int, steps: tuple[str, ...]) -> None:
    """A Titan's own movement: step by step; a K.O. stops it where the last Life Point was lost."""
    subject = fx.state.titans[titan]
    for direction in steps:
        step(fx, titan, direction, own_power=True)
        if subject.is_ko:
            fx.log(f"{fx.name(titan)} is knocked out and stops on {subject.space}.")
            return


def enter_start(fx: Effect, titan: int, space: str) -> None:
    """The first turn: the Titan enters a start space from below (a Titan already there is pushed ahead)."""
    state = fx.state
    occupant = state.titan_at(0, space)
    if occupant is not None:
        push(fx, occupant, "N")
    state.titans[titan].space = space
    fx.path.setdefault(titan, []).append(space)
    fx.log(f"{fx.name(titan)} enters the race on {space}.")
    enter(fx, titan, space)


def ramp_jumps(features: Features, space: str, direction: str) -> int:
    """Spaces jumped for free by a step from a ramp: 2 from a super-ramp its way, 1 forward from a multi-ramp."""
    if features.super_ramps.get(space) == direction:
        return 2
    if space in features.multi_ramps and direction in FORWARD:
        return 1
    return 0


def step(fx: Effect, titan: int, direction: str, own_power: bool, slides: bool = True) -> None:
    """One step (with ramp jumps under the Titan's own power, pushes, the new space's effects and ice slides).

    `slides=False`: a Titan flying on Winged Boots lands on ice without sliding.
    """
    state = fx.state
    subject = state.titans[titan]
    was_ko = subject.is_ko
    space = subject.space
    if space is None:
        return
    jumps = ramp_jumps(features_of(state, state.board_of(subject)), space, direction) if own_power else 0
    if jumps:
        fx.log(f"{fx.name(titan)} takes the ramp on {space}.")
    for _ in range(jumps):  # jumped spaces are flown over: nothing there happens, nobody is pushed
        space, laps = STEP[(space, direction)]
        if laps:
            subject.space = space
            cross(fx, titan, laps)
    destination, laps = STEP[(space, direction)]
    subject.space = destination  # the space left behind is free for a chain reaction coming round
    if laps:
        cross(fx, titan, laps)  # the third lap completed ends the race here, before any push
    occupant = other_titan_at(state, titan, destination)
    if occupant is not None:
        push(fx, occupant, direction)
    fx.path.setdefault(titan, []).append(destination)
    enter(fx, titan, destination)
    if subject.is_ko and not was_ko:
        return
    if slides and destination in features_of(state, state.board_of(subject)).ice:
        fx.log(f"{fx.name(titan)} slides on the ice.")
        step(fx, titan, direction, own_power=False)


def other_titan_at(state: TitanRaceState, titan: int, space: str) -> int | None:
    """Another Titan on a space of this Titan's board, if any."""
    board = state.board_of(state.titans[titan])
    for index, other in enumerate(state.titans):
        if index != titan and other.space == space and state.board_of(other) == board:
            return index
    return None


def push(fx: Effect, titan: int, direction: str) -> None:
    """A chain reaction: the Titan is pushed one space on; it loses its Life Point when the push is over."""
    fx.log(f"{fx.name(titan)} is pushed from {fx.state.titans[titan].space}.")
    step(fx, titan, direction, own_power=False)
    if titan not in fx.pushed:
        fx.pushed.append(titan)


def enter(fx: Effect, titan: int, space: str) -> None:
    """What a space does to a Titan entering it: trap, lava, pirates, fire statue, Bonus space."""
    state = fx.state
    board = state.board_of(state.titans[titan])
    features = features_of(state, board)
    key = f"{board}:{space}"
    if key in state.traps:
        state.traps.remove(key)
        fx.log(f"{fx.name(titan)} springs the trap on {space}.")
        lose_life(fx, titan, "a trap")
    if space in features.lava:
        lose_life(fx, titan, "lava")
    if space in features.pirates:
        pirates(fx, titan, space)
    if space in features.statues:
        fx.log(f"The fire statue on {space} blasts the six spaces around it.")
        for target, target_board in cells(state, titan, "adjacent").items():
            damage_space(fx, target_board, target, "the fireblast")
    if space in features.bonus:
        draw(fx, titan)


def cross(fx: Effect, titan: int, laps: int) -> None:
    """Over the top (+1 lap) or back over the bottom (-1 lap); the third lap completed wins at once."""
    subject = fx.state.titans[titan]
    subject.lap += laps
    fx.state.lap_events[titan][0 if laps > 0 else 1] += 1
    if laps > 0:
        if subject.lap > LAPS_TO_WIN:
            fx.log(f"{fx.name(titan)} crosses the finish line onto {subject.space}: the third lap is complete.")
            raise GameWon(titan)
        fx.log(f"{fx.name(titan)} crosses the finish line: lap {subject.lap} of {LAPS_TO_WIN} begins.")
    else:
        fx.log(f"{fx.name(titan)} is pushed back over the finish line: back to lap {subject.lap} of {LAPS_TO_WIN}.")


# -- life, damage, traps, cards ----------------------------------------------------------------------------------
def usable_shields(fx: Effect, titan: int) -> int:
    """Shields a Titan may play now (not on the first turn, not one drawn during this effect)."""
    if not fx.can_ask or fx.state.is_first_round:
        return 0
    state = fx.state
    holder = state.hand_holder(titan)
    held = state.hand_of(titan).count("shield")
    drawn = sum(1 for t, card in fx.fresh if state.hand_holder(t) == holder and card == "shield")
    return max(0, held - drawn)  # a fresh Shield may already be gone again (given up to pirates)


def lose_life(fx: Effect, titan: int, why: str, shieldable: bool = True) -> bool:
    """A Titan loses 1 Life Point (a K.O. Titan is immune); a Shield may cancel damage. True if it was lost."""
    subject = fx.state.titans[titan]
    if subject.is_ko:
        fx.log(f"{fx.name(titan)} is K.O. and immune ({why}).")
        return False
    if shieldable and subject.shielded:
        fx.log(f"{fx.name(titan)}'s Shield holds ({why}).")
        return False
    if shieldable and fx.can_ask and not fx.state.is_first_round and shields_unseen(fx.state):
        # Every player whose Titan is hit is asked while a Shield may be in a hand, holding one or not: a
        # question only for Shield holders would tell everyone who holds one.
        options = ["shield", "no"] if usable_shields(fx, titan) else ["no"]
        prompt = f"{fx.name(titan)} would lose a Life Point ({why}). A Shield would cancel it."
        if fx.ask(titan, "shield", options, prompt) == "shield":
            fx.state.hand_of(titan).remove("shield")
            fx.state.discard.append("shield")
            subject.shielded = True
            fx.log(f"{fx.name(titan)} plays a Shield and loses nothing ({why}).")
            return False
    subject.life -= 1
    fx.log(f"{fx.name(titan)} loses a Life Point ({why}): {subject.life} left.")
    if subject.life <= 0:
        subject.life = 0
        subject.ko = "ko"
        fx.log(f"{fx.name(titan)} is K.O.!")
    return True


def gain_life(state: TitanRaceState, titan: int, amount: int, why: str) -> None:
    """A Titan gains Life Points, never above its gauge."""
    subject = state.titans[titan]
    gained = max(0, min(amount, subject.max_life - subject.life))
    subject.life += gained
    if gained:
        state.log.append(f"{TITANS[subject.name].name} gains {gained} Life Point{'s' if gained != 1 else ''} ({why}).")
    else:
        state.log.append(f"{TITANS[subject.name].name} is already at full life ({why}).")


def damage_space(fx: Effect, board: int, space: str, why: str, titans_only: bool = False) -> None:
    """1 damage on a space: a Titan there loses 1 Life Point; otherwise a trap there explodes."""
    state = fx.state
    occupant = state.titan_at(board, space)
    if occupant is not None:
        lose_life(fx, occupant, why)
    elif not titans_only and f"{board}:{space}" in state.traps:
        state.traps.remove(f"{board}:{space}")
        fx.log(f"The trap on {space} explodes ({why}).")


def place_trap(fx: Effect, titan: int, space: str) -> None:
    """A trap from the supply on an adjacent space: on a Titan it triggers; on lava it burns; otherwise it lies."""
    state = fx.state
    board = cells(state, titan, "adjacent")[space]
    occupant = state.titan_at(board, space)
    if occupant is not None:
        fx.log(f"{fx.name(titan)} springs a trap on {fx.name(occupant)} on {space}.")
        lose_life(fx, occupant, "a trap")
    elif space in features_of(state, board).lava:
        fx.log(f"{fx.name(titan)}'s trap falls into the lava on {space} and burns.")
    else:
        state.traps.append(f"{board}:{space}")
        state.traps.sort()
        fx.log(f"{fx.name(titan)} places a trap on {space}.")


def pirates(fx: Effect, titan: int, space: str) -> None:
    """Pirates attack: discard a Bonus card or lose 1 Life Point (a K.O. Titan is immune)."""
    subject = fx.state.titans[titan]
    if subject.is_ko:
        fx.log(f"The pirates on {space} ignore the K.O. {fx.name(titan)}.")
        return
    choice = "life"
    hand = fx.state.hand_of(titan)
    if hand:
        options = ["life", *sorted(set(hand))]
        choice = fx.ask(titan, "pirates", options, f"Pirates attack {fx.name(titan)} on {space}!")
    if choice in hand:
        hand.remove(choice)
        fx.state.discard.append(choice)
        fx.log(f"Pirates on {space}: {fx.name(titan)} gives up {BONUS_CARDS[choice].name}.")
    else:
        lose_life(fx, titan, f"pirates on {space}", shieldable=False)


def draw(fx: Effect, titan: int) -> None:
    """Traversing a Bonus space: draw a card unless the hand is full; an empty deck is the shuffled discards."""
    state = fx.state
    hand = state.hand_of(titan)
    if len(hand) >= HAND_LIMIT:
        fx.log(f"{fx.name(titan)} crosses a Bonus space with a full hand.")
        return
    if not state.deck and state.discard:  # it ran out while the discard pile was empty
        reshuffle(fx)
    if not state.deck:
        fx.log(f"{fx.name(titan)} crosses a Bonus space, but every card is in a hand.")
        return
    card = state.deck.pop(0)
    hand.append(card)
    fx.fresh.append((titan, card))
    fx.log(f"{fx.name(titan)} draws a Bonus card.")
    if not state.deck and state.discard:  # the deck ran out: the discards become the new deck at once
        reshuffle(fx)


def reshuffle(fx: Effect) -> None:
    """The discard pile, shuffled, is the new deck."""
    state = fx.state
    state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)
    fx.log("The discarded Bonus cards are shuffled into a new deck.")


def swap(fx: Effect, first: int, second: int) -> None:
    """Two adjacent Titans swap places, then each enters its new space (no slide: a swap has no direction).

    A swap across the finish line counts as crossing it: the Titan that ends ahead gains the lap,
    the other loses it.
    """
    state = fx.state
    a, b = state.titans[first], state.titans[second]
    origin, target = str(a.space), str(b.space)
    laps = 0
    for direction in ("N", "NW", "NE", "S", "SW", "SE"):
        if STEP[(origin, direction)][0] == target:
            laps = STEP[(origin, direction)][1]
            break
    a.space, b.space = target, origin
    fx.log(f"{fx.name(first)} and {fx.name(second)} swap places.")
    if laps:
        cross(fx, first, laps)
        cross(fx, second, -laps)
    for titan in (first, second):
        fx.path.setdefault(titan, []).append(str(state.titans[titan].space))
        enter(fx, titan, str(state.titans[titan].space))
