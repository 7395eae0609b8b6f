"""Splitting legions [4.3, 6.1]: which parts a legion may be split into.

A split takes some characters of a legion into a new legion under a free marker: each part keeps at
least 2 characters, so only legions of 4 or more split. On a player's first turn his one legion of 8 must
be split into two legions of 4 with one lord in each (the Titan in one, the Angel in the other), as the
rulebook's set-up of two legions of four amounts to (rules-summary 2.3, section 17 row 6).

A split is named by the characters that leave, sorted: parts that differ only in which marker keeps which
half are the same split (the one leaving is listed), so a bot never weighs the same split twice.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from engine.titan.data import ANGEL, MIN_SPLIT, TITAN


def sub_multisets(contents: list[str] | tuple[str, ...], size: int) -> list[tuple[str, ...]]:
    """Every distinct choice of `size` characters out of `contents`, each sorted, in sorted order."""
    counts = sorted(Counter(contents).items())
    names = [name for name, _count in counts]
    results: list[tuple[str, ...]] = []
    for picks in product(*(range(count + 1) for _name, count in counts)):
        if sum(picks) == size:
            results.append(tuple(name for name, k in zip(names, picks, strict=True) for _ in range(k)))
    return sorted(results)


def remainder(contents: list[str] | tuple[str, ...], leaving: tuple[str, ...]) -> tuple[str, ...]:
    """What stays in a legion when `leaving` goes (ValueError if the legion does not hold them)."""
    left = Counter(contents)
    left.subtract(leaving)
    if any(count < 0 for count in left.values()):
        raise ValueError(f"the legion does not hold {', '.join(leaving)}")
    return tuple(sorted(left.elements()))


def split_options(contents: list[str] | tuple[str, ...], first_turn: bool = False) -> list[tuple[str, ...]]:
    """The characters that may leave to form a new legion, each choice once, in a stable order.

    First turn: four leave, the Angel among them and the Titan staying, so each legion has its lord.
    Otherwise any 2..n-2 of n characters; when both parts have the same size, a choice and its
    complement are one split (the one sorting first is the one listed as leaving).
    """
    size = len(contents)
    if first_turn:
        return (
            [part for part in sub_multisets(contents, size // 2) if ANGEL in part and TITAN not in part]
            if size == 2 * 4
            else []
        )
    options: list[tuple[str, ...]] = []
    for leaving_size in range(MIN_SPLIT, size - MIN_SPLIT + 1):
        for part in sub_multisets(contents, leaving_size):
            if 2 * leaving_size == size and part > remainder(contents, part):
                continue  # the same split as its complement leaving
            options.append(part)
    return options
