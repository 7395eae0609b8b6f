"""A small seeded PRNG in pure Python, so one seed gives one game on CPython and in Pyodide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64: its whole state is one 64-bit integer and a draw counter."""

    __slots__ = ("draws", "state")

    def __init__(self, seed: int = 0, draws: int = 0) -> None:
        self.state = seed & MASK64
        self.draws = draws

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Return an integer in 0..n-1, uniformly (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError(f"randrange needs a positive bound, got {n}")
        limit = ((1 << 64) // n) * n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def choice(self, items: Sequence[T]) -> T:
        """Return one item of a non-empty sequence."""
        return items[self.randrange(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def copy(self) -> Rng:
        """Return an independent copy with the same future."""
        return Rng(self.state, self.draws)

    def snapshot(self) -> list[int]:
        """Return the state as a JSON-ready list."""
        return [self.state, self.draws]

    @classmethod
    def restore(cls, data: Sequence[int]) -> Rng:
        """Rebuild an Rng from `snapshot()`."""
        return cls(int(data[0]), int(data[1]))


class ScriptedRng(Rng):
    """An Rng for tests: `randrange` returns scripted values first, then falls back to the seed."""

    __slots__ = ("script",)

    def __init__(self, script: Sequence[int] = (), seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(script)

    def randrange(self, n: int) -> int:
        """Return the next scripted value (checked against the bound), else a seeded draw."""
        if self.script:
            value = self.script.pop(0)
            if not 0 <= value < n:
                raise ValueError(f"scripted value {value} is outside 0..{n - 1}")
            self.draws += 1
            return value
        return super().randrange(n)

    def copy(self) -> ScriptedRng:
        """Return an independent copy with the same script and seed state."""
        other = ScriptedRng(self.script)
        other.state, other.draws = self.state, self.draws
        return other
