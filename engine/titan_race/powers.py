"""The six Abilities and the Bonus cards: which uses are possible now, and what each does."""

from __future__ import annotations

from collections.abc import Callable

from engine.titan_race.actions import PlayCard, UseAbility
from engine.titan_race.board import STEP, direction_between
from engine.titan_race.data import BONUS_CARDS, DIRECTIONS, FACE_EXTRA, FORWARD, TRAP_TOKENS
from engine.titan_race.effects import (
    Effect,
    cells,
    damage_space,
    gain_life,
    lose_life,
    place_trap,
    push,
    step,
    swap,
)
from engine.titan_race.records import AbilityEffect, CardEffect
from engine.titan_race.state import TitanRaceState


# -- targets --------------------------------------------------------------------------------------------------
def trap_targets(state: TitanRaceState, titan: int, zone: str) -> list[str]:
    """Spaces of a zone where a trap may go: none there already, and a token left in the supply."""
    if len(state.traps) >= TRAP_TOKENS:
        return []
    return [s for s, board in cells(state, titan, zone).items() if not state.has_trap(board, s)]


def damage_targets(state: TitanRaceState, titan: int, zone: str) -> list[str]:
    """Spaces of a zone holding something damage affects: a standing Titan or a trap."""
    found = []
    for space, board in cells(state, titan, zone).items():
        occupant = state.titan_at(board, space)
        if (occupant is not None and not state.titans[occupant].is_ko) or state.has_trap(board, space):
            found.append(space)
    return found


def titans_on(state: TitanRaceState, titan: int, zone: str) -> list[tuple[str, int]]:
    """(space, Titan) for each space of a zone holding another Titan."""
    found = []
    for space, board in cells(state, titan, zone).items():
        occupant = state.titan_at(board, space)
        if occupant is not None and occupant != titan:
            found.append((space, occupant))
    return found


def swap_targets(state: TitanRaceState, titan: int, zone: str, across: bool = False) -> list[str]:
    """Spaces of a zone whose Titan can be swapped with.

    In the Grand Slam a swap across the finish line reaches the neighbouring board only with `across`
    (Craken), and only a Titan really on the next (or previous) lap there: the first board also holds
    Titans pushed back below the start, which are not beside a Titan on its bottom rows.
    """
    subject = state.titans[titan]
    space = str(subject.space)
    found = []
    for target, other in titans_on(state, titan, zone):
        direction = direction_between(space, target)
        laps = STEP[(space, direction)][1] if direction is not None else 0
        if len(state.circuits) > 1 and laps:
            beside = state.titans[other].lap == subject.lap + laps
            if not (across and beside and state.board_for_lap(subject.lap + laps) != state.board_of(subject)):
                continue
        found.append(target)
    return found


def titan_on(state: TitanRaceState, titan: int, space: str) -> int | None:
    """The Titan on an adjacent space, if any."""
    board = cells(state, titan, "adjacent").get(space)
    return None if board is None else state.titan_at(board, space)


# -- Abilities ---------------------------------------------------------------------------------------------------
def ability_options(state: TitanRaceState, titan: int) -> list[UseAbility]:
    """Every use of the Titan's Ability possible now (empty if none)."""
    subject = state.titans[titan]
    name, space = subject.name, str(subject.space)
    if name == "grinder":
        return [UseAbility(titan=name, target=s) for s in trap_targets(state, titan, "adjacent")]
    if name == "rassik":
        if not titans_on(state, titan, "behind"):
            return []
        return [UseAbility(titan=name, target=STEP[(space, d)][0], direction=d) for d in FORWARD]  # type: ignore[arg-type]
    if name == "craken":
        return [UseAbility(titan=name, target=s) for s in swap_targets(state, titan, "adjacent", across=True)]
    if name == "ragnarok":
        return [
            UseAbility(titan=name, target=s, direction=d)  # type: ignore[arg-type]
            for s, _ in titans_on(state, titan, "adjacent")
            for d in DIRECTIONS
        ]
    if name == "slaugg":
        return [UseAbility(titan=name)] if damage_targets(state, titan, "before") else []
    if name == "chtooloo":
        if subject.life >= subject.max_life:
            return []
        return [
            UseAbility(titan=name, target=s)
            for s, other in titans_on(state, titan, "adjacent")
            if not state.titans[other].is_ko and state.titans[other].life > 0 and not state.titans[other].shielded
        ]
    return []


def run_ability(fx: Effect, titan: int, effect: AbilityEffect) -> None:
    """Carry out an Ability (the effect holds the action's target and direction)."""
    state = fx.state
    subject = state.titans[titan]
    name, target, direction = subject.name, effect.target, effect.direction
    other = titan_on(state, titan, target) if target else None
    if name == "grinder":
        place_trap(fx, titan, target)
    elif name == "rassik":
        fx.log(f"Rassik kicks off a Titan behind him, {direction}.")
        step(fx, titan, direction, own_power=True)
    elif name == "craken" and other is not None:
        swap(fx, titan, other)
    elif name == "ragnarok" and other is not None:
        fx.log(f"Ragnarok moves {fx.name(other)} from {target}.")
        fx.unharmed.add(other)  # moved by the Ability, not pushed: it loses nothing itself
        step(fx, other, direction, own_power=False)
    elif name == "slaugg":
        fx.log("Slaugg strikes the three spaces before him.")
        for space, board in cells(state, titan, "before").items():
            damage_space(fx, board, space, "Slaugg's Ability")
    elif name == "chtooloo" and other is not None and lose_life(fx, other, "Chtooloo's Ability"):
        gain_life(state, titan, 1, "Chtooloo's Ability")


# -- Bonus cards ---------------------------------------------------------------------------------------------------
def card_options(state: TitanRaceState, titan: int) -> list[PlayCard]:
    """Every way to play each card of the hand on your own turn (Shield is a reaction: only discarded)."""
    subject = state.titans[titan]
    space = str(subject.space)
    options: list[PlayCard] = []
    for card in sorted(set(state.hand_of(titan))):
        if card_refusal(state, titan, card):
            continue
        if card == "tribal_trap":
            options += [PlayCard(card=card, target=s) for s in trap_targets(state, titan, "adjacent")]
        elif card == "elixir" and subject.life < subject.max_life:
            options.append(PlayCard(card=card))
        elif card == "winged_boots":
            options.append(PlayCard(card=card, target=STEP[(space, "N")][0], direction="N"))
        elif card == "sidestep":
            options += [PlayCard(card=card, target=STEP[(space, d)][0], direction=d) for d in ("NW", "NE")]
        elif card == "grappling_hook":
            options += [
                PlayCard(card=card, target=s)
                for s in swap_targets(state, titan, "before")
                if direction_between(space, s) in ("NW", "NE")  # diagonally before you, not straight ahead
            ]
        elif card == "thunderbolt" and damage_targets(state, titan, "adjacent"):
            options.append(PlayCard(card=card))
        elif card == "voodoo_doll":
            options += [
                PlayCard(card=card, target=other.name)
                for index, other in enumerate(state.titans)
                if index != titan and other.space is not None and not other.is_ko
            ]
        elif card == "gust_of_wind":
            options += [
                PlayCard(card=card, target=s, direction=direction_between(space, s) or "N")  # type: ignore[arg-type]
                for s, _ in titans_on(state, titan, "adjacent")
            ]
        elif (card == "hourglass" and subject.ability_used) or (card == "lucky_charm" and can_reroll_die(state)):
            options.append(PlayCard(card=card))
    return options


def is_trailing(state: TitanRaceState, titan: int) -> bool:
    """Another Titan is ahead (more laps, or the same lap and a higher row)."""
    rows = state.titans[titan].rows_raced
    return any(other.rows_raced > rows for other in state.titans)


def is_last(state: TitanRaceState, titan: int) -> bool:
    """No other Titan is behind (fewer laps, or the same lap and a lower row); ties count as last."""
    rows = state.titans[titan].rows_raced
    return not any(other.rows_raced < rows for other in state.titans)


# Cards playable only in some race positions: the condition and the refusal when it does not hold.
CARD_CONDITIONS: dict[str, tuple[Callable[[TitanRaceState, int], bool], str]] = {
    "winged_boots": (is_last, "Winged Boots can be played only while you are last in the race (no Titan behind you)."),
    "sidestep": (is_trailing, "Sidestep can be played only while another Titan is ahead of you in the race."),
}


def card_refusal(state: TitanRaceState, titan: int, card: str) -> str | None:
    """Why `card` cannot be played now in this race position (None if its condition holds or it has none)."""
    condition = CARD_CONDITIONS.get(card)
    return None if condition is None or condition[0](state, titan) else condition[1]


def can_reroll_die(state: TitanRaceState) -> bool:
    """Lucky Charm: nothing of the die's action is done yet (no move, no trap or hit, no purple cost paid)."""
    turn = state.turn_now()
    return not turn.moved and not (turn.face in FACE_EXTRA and turn.extra_done) and not turn.paid


def run_card(fx: Effect, titan: int, effect: CardEffect) -> None:
    """Carry out a Bonus card (already taken from the hand and discarded)."""
    state = fx.state
    subject = state.titans[titan]
    card, target, direction = effect.card, effect.target, effect.direction
    fx.log(f"{fx.name(titan)} plays {BONUS_CARDS[card].name}.")
    if card == "tribal_trap":
        place_trap(fx, titan, target)
    elif card == "elixir":
        gain_life(state, titan, 2, "Elixir")
    elif card in ("winged_boots", "sidestep"):
        step(fx, titan, direction, own_power=True, slides=card != "winged_boots")  # Boots fly: no slide on ice
    elif card == "grappling_hook":
        other = titan_on(state, titan, target)
        if other is not None:
            swap(fx, titan, other)
    elif card == "thunderbolt":
        for space, board in cells(state, titan, "adjacent").items():
            damage_space(fx, board, space, "Thunderbolt")
    elif card == "voodoo_doll":
        victim = next(i for i, t in enumerate(state.titans) if t.name == target)
        lose_life(fx, victim, "Voodoo Doll")
    elif card == "gust_of_wind":
        other = titan_on(state, titan, target)
        if other is not None:
            push(fx, other, direction)
            push(fx, other, direction)  # two spaces, one Life Point (once per effect)
    elif card == "hourglass":
        subject.ability_used = False
        fx.log(f"{fx.name(titan)}'s Ability card is face up again.")
        gain_life(state, titan, 1, "Hourglass")
