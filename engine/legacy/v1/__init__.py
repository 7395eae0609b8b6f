"""The games as they were under rules version 1 (releases 4 and 5), frozen when version 2 came.

Format-1 save strings hold the seed and every move, not the position: they are replayed with these
rules, and the position they reach opens with today's game (engine/core/save.py). Never edit them:
they are what those games were played under. Only the engine core they import may move under them,
and the save corpus (tests/saves/corpus/r4.json, r5.json) checks they still replay as they did.
"""
