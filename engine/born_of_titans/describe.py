"""Born of Titans' choices in the words of the table (`Game.describe_action`): what the actions' own `describe()`
cannot say without the position. A Hero is named by her Hero's name with her player's in brackets where it tells
who is meant ("Play Athena on Odysseus (Bob)"); a die by what it shows, never by its place in the roll."""

from __future__ import annotations

from engine.born_of_titans import board
from engine.born_of_titans.actions import PlaceQuest, PlayDivine
from engine.born_of_titans.data import DIVINE
from engine.born_of_titans.divine import roll_in_play
from engine.born_of_titans.state import BornState
from engine.born_of_titans.table import hero_name
from engine.core import Action


def hero_and_player(state: BornState, seat: int) -> str:
    """'Odysseus (Bob)'; the player's name alone before she has chosen her Hero."""
    hero = hero_name(state, seat)
    player = state.name(seat)
    return hero if hero == player else f"{hero} ({player})"


def describe(state: BornState, action: Action) -> str:
    """The button's words for `action` in `state`."""
    if isinstance(action, PlayDivine):
        return _divine(state, action)
    if isinstance(action, PlaceQuest) and state.placing:
        owner = state.placing[0]
        hero, player = hero_name(state, owner), state.name(owner)
        whose = f"{hero}'s Quest" + (f" ({player})" if hero != player else "")
        return f"Place {whose} at {board.NODES[action.site].name}"
    return action.describe()


def _dice_words(values: list[int]) -> str:
    """'a 2', 'a 2 and a 3', 'a 1, a 2 and a 3'."""
    words = [f"a {value}" for value in values]  # a die shows 1-6: never 'an'
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _divine(state: BornState, action: PlayDivine) -> str:
    """'Play Muses on Heracles (Bob): turn a 4 into a 5', 'Play Fates on Heracles (Bob): roll a 1 and a 2 again'."""
    divine = DIVINE.get(action.counter)
    name = divine.name if divine else action.counter
    what = f"two {name}" if action.pair else name
    text = f"Play {what} on {hero_and_player(state, action.target)}"
    found = roll_in_play(state)
    dice = found[0] if found is not None else []
    detail = action.detail
    if action.counter == "muses" and isinstance(detail, int) and 0 <= detail < len(dice):
        return f"{text}: turn a {dice[detail]} into a {min(6, dice[detail] + 1)}"
    if action.counter == "fates" and isinstance(detail, tuple) and all(0 <= i < len(dice) for i in detail):
        return f"{text}: roll {_dice_words(sorted(dice[i] for i in detail))} again"
    if action.counter == "poseidon" and not action.pair and isinstance(detail, int):
        return f"{text}: {detail:+d} Courses"
    if action.counter == "hera" and action.pair and isinstance(detail, int):
        return f"{text}: the Hubris counter to {hero_and_player(state, detail)}"
    return text
