"""Titan's computer players, over only what their seat may know (docs/titan.md, "Computer players").

- Standard (level 1): `standard.py`, its battle play `standard_battle.py`, its play for Battle Titan's points
  `standard_war.py`, its reckoning made in slices for the page `slices.py`.
- Strong (level 2): `strong.py`, a decision as a generator `strong_decision.py`, the masterboard `strong_board.py`
  (valuing a position `strong_value.py`, planning moves `strong_moves.py`), the battle `strong_battle.py`, Battle
  Titan's points `strong_war.py`.
- The battle odds, a battle played out over its dice (`odds.py`); the reckoning the players share (`reckoning.py`).
- Yardsticks for trials, not offered in the app: the scripted baseline (`baseline.py`, level -1), the club player
  (`club.py`, `club_battle.py`, level `CLUB`) and Standard by the standard game's values (`STANDARD_VALUES`).

The package imports the rules of Titan (engine/titan) and nothing of it imports back, but `Titan.own_bot` and
`Titan.baseline_action` (engine/titan/game.py), which reach it when a computer player is first asked for
(tests/engine/test_architecture.py). The levels' numbers are in `levels.py`.
"""

from __future__ import annotations

from engine.core.bots import Bot
from engine.core.game import Game
from engine.titan.ai.levels import CLUB, STANDARD, STANDARD_VALUES, STRONG


def make_bot(game: Game, level: int, seed: int) -> Bot | None:
    """The game's own bot for `level` (1 Standard, 2 Strong, `CLUB` the club player, `STANDARD_VALUES`), or None
    for the generic ones (0: random, -1: the baseline). Each player's modules are imported when it is first made,
    so that the page loads only the players it uses."""
    if level == STRONG:
        from engine.titan.ai.strong import StrongBot

        return StrongBot(game, seed)
    if level == STANDARD_VALUES:
        from engine.titan.ai.standard import StandardValuesBot

        return StandardValuesBot(game, seed)
    if level == CLUB:
        from engine.titan.ai.club import ClubBot

        return ClubBot(game, seed)
    if level == STANDARD:
        from engine.titan.ai.standard import TitanBot

        return TitanBot(game, seed)
    return None
