"""The levels of Titan's computer players, by number (`engine.core.bots.make_bot`; the app offers 0, 1 and 2).

0 is the generic random player and -1 the scripted baseline (baseline.py, through `Titan.baseline_action`);
the others are this package's own players, made by `engine.titan.ai.make_bot`.
"""

from __future__ import annotations

STANDARD = 1  # the Standard player of standard.py
STRONG = 2  # the Strong player of strong.py
STANDARD_VALUES = 11  # a level for trials, not offered: Standard playing Battle Titan by the standard game's values
CLUB = 12  # a level for trials, not offered: the club player of `club.py`, Standard's yardstick
