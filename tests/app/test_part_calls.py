"""How often the app's parts reach each other through `App`, pinned: the calls of one part's methods made in another
part's module (`scripts/app_part_calls.py`, by AST), and the counter itself on a small sample."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "app_part_calls.py"

# The figures now (`.venv/bin/python scripts/app_part_calls.py --brief`): a change that adds a part-to-part call
# fails here, and one that removes calls writes the lower figures here with it.
# Before the parts talked through events (app/events.py): 135 calls over 56 edges, 18 of them the computer seats'
# `schedule` and `stop`.
FIGURES = {"calls": 107, "edges": 44, "computer_schedule_stop": 0, "announcements": 25, "subscriptions": 6}


def counter() -> ModuleType:
    """scripts/app_part_calls.py as a module."""
    spec = importlib.util.spec_from_file_location("app_part_calls", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["app_part_calls"] = module
    spec.loader.exec_module(module)
    return module


def test_the_counter_counts_calls_through_the_app_and_through_a_local_name() -> None:
    source = """
class Part:
    def act(self):
        self.app.table.render()
        app = self.app
        app.computer.schedule()
        table, stored = self.app.table, self.app.stored
        table.render(rolled=False)
        stored.autosave()
        table.state = None  # an attribute written: no call
        self.app.table.state.copy()  # a method of the state, not of a part
        self.render()  # its own method
"""
    counted = counter().calls_in(source, {"table", "computer", "stored"})
    assert dict(counted) == {("table", "render"): 2, ("computer", "schedule"): 1, ("stored", "autosave"): 1}


def test_the_parts_call_each_other_as_counted() -> None:
    figures = counter().totals()
    assert {key: figures[key] for key in FIGURES} == FIGURES
