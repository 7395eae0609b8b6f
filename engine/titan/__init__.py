"""Titan (standard rules, Avalon Hill 1982; Battle Titan house rules to follow): work in progress.

Not registered in `engine.registry` until it can be played: so far the components (`data`) and the
geometry of the masterboard and the battlelands.
"""
