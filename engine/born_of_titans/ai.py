"""The computer Heroes of Born of Titans: level 1 (rules of thumb) and level 2 (planning on the exact odds).

Both decide from their seat's view only (`game.view(state, seat)`): what the seat has not seen it takes as
any of the counters not yet accounted for (ai_know.py). A decision is a few table look-ups and small dynamic
programmes, well under a millisecond or two, so a bot answers every moment to react at once. The random
player (level 0) and the scripted baseline (level -1, baseline.py) are the generic ones of engine.core.bots.
"""

from __future__ import annotations

from typing import Any

from engine.born_of_titans.ai_hero import LEVEL1, LEVEL2, Style, decide
from engine.core.bots import Bot, Thinking
from engine.core.game import Action, Game, GameState
from engine.core.rng import Rng

LEVELS: list[tuple[int, str]] = [(0, "Random"), (1, "Hero"), (2, "Demigod")]
NOTES: dict[int, str] = {
    0: "Plays any legal move at random: to learn the rules against.",
    1: "Plays by rules of thumb: straight for its Quest, recruits when its Crew runs short, challenges on fair "
    "odds, plays the obvious Divine counters.",
    2: "Plans on the exact dice odds: the quickest Quest it can win, Prophecy where it counts, Hubris shed in "
    "time, Divine counters against the leader.",
}


class HeroBot(Bot):
    """A computer Hero of one `style`, deciding from its seat's view."""

    style: Style = LEVEL1

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        view = self.game.view(state, seat)
        return Thinking(decide(view, seat, legal, self.style))


class HeroLevel1(HeroBot):
    """Level 1: rules of thumb."""

    level = 1
    style = LEVEL1


class HeroLevel2(HeroBot):
    """Level 2: planning on the exact odds."""

    level = 2
    style = LEVEL2


class BotLevels:
    """The computer levels of Born of Titans on its Game (mixed into `BornOfTitans`): Random, Hero, Demigod, and
    the scripted baseline (baseline.py) as the yardstick."""

    def bot_levels(self) -> list[tuple[int, str]]:
        """Random (to learn against), the Hero of rules of thumb, the Demigod of exact odds."""
        return list(LEVELS)

    def bot_level_notes(self) -> dict[int, str]:
        """How each level plays, in a line each for the set-up."""
        return dict(NOTES)

    def own_bot(self, level: int, seed: int) -> Any:
        """Levels 1 and 2 are this game's own; 0 and -1 the generic random player and baseline."""
        return make_bot(self, level, seed)  # type: ignore[arg-type]

    def baseline_action(self, state: GameState, actions: list[Action]) -> Action:
        """The scripted player of sound simple rules (baseline.py), from the mover's view."""
        from engine.born_of_titans.baseline import choose

        seat = state.current_player
        if seat is None:
            return actions[0]
        return choose(self.view(state, seat), seat, actions)  # type: ignore[attr-defined]


def make_bot(game: Game, level: int, seed: int) -> Any:
    """The game's own bot for `level` (1 or 2); None for the generic ones (0 random, -1 the baseline)."""
    if level == 1:
        return HeroLevel1(game, seed)
    if level == 2:
        return HeroLevel2(game, seed)
    return None
