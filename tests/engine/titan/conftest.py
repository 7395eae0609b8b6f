"""Fixtures for Titan tests: the count of the computer players' costly reckonings."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.engine.titan.helpers import COSTLY


@pytest.fixture
def work(monkeypatch) -> Counter:
    """Calls to the costly reckonings, counted as they are made."""
    made: Counter = Counter()

    def counted(name: str, fn: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            made[name] += 1
            return fn(*args, **kwargs)

        return call

    for owner, name in COSTLY:
        monkeypatch.setattr(owner, name, counted(name, getattr(owner, name)))
    return made
