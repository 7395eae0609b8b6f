"""Each game's few words for a turn, from its log lines: the `turn_summary(lines)` hook of app/since.py.

Only the log's own lines are read (every seat sees them): a summary can say no more than the log. Each game keeps
what changed the board or the score (a move's end, a capture, a Challenge won, a creature slain) and drops the
dice and steps on the way, so a turn fits on a line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# -- Titan ------------------------------------------------------------------------------------------------------

_TITAN_SPLIT = re.compile(r" splits \S+ on ")
_TITAN_MOVE = re.compile(r"^(.+?) moves (\S+) from (\S+) to (\S+?)( by .+)?\.$")
_TITAN_MUSTER = re.compile(r"^\S+ musters (?:an? )?(.+?) in \S+")
_TITAN_STRIKE = re.compile(r"^(.+?) \(\S+\) (strikes|rangestrikes) (.+?) \(\S+\): .*?(\d+) hits?\.$")
_TITAN_CARRY = re.compile(r"^(\d+) hits? carried to (.+?) \(\S+\)\.$")
_TITAN_DROP = re.compile(
    r"( rolls a \d+ for movement| takes the mulligan| maneuvers\.$| enters on | moves from |'s first turn: split )"
)


def _count(number: int, word: str) -> str:
    """'1 legion', '3 legions'."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def titan_turn(lines: list[str]) -> list[str]:
    """A Titan turn: splits and moves counted, musters named, every engagement's and battle's outcome in order, the
    hits the strikes made and carried over (on whom) and who was slain."""
    splits = sum(1 for line in lines if _TITAN_SPLIT.search(line))
    moved = {match.group(2) for line in lines if (match := _TITAN_MOVE.match(line))}
    musters = [match.group(1) for line in lines if (match := _TITAN_MUSTER.match(line))]
    hits: dict[str, int] = {}
    slain: list[str] = []
    board = [f"splits {_count(splits, 'legion')}"] if splits else []
    board += [f"moves {_count(len(moved), 'legion')}"] if moved else []
    board += ["musters " + ", ".join(musters)] if musters else []
    parts = [", ".join(board)] if board else []
    for line in lines:
        if _TITAN_SPLIT.search(line) or _TITAN_MOVE.match(line) or _TITAN_MUSTER.match(line):
            continue
        if _TITAN_DROP.search(line) or line.startswith("Battle in "):
            continue
        strike = _TITAN_STRIKE.match(line)
        if strike or " strikes " in line or " rangestrikes " in line:
            if strike and strike.group(4) != "0":
                hits[strike.group(3)] = hits.get(strike.group(3), 0) + int(strike.group(4))
            continue
        carry = _TITAN_CARRY.match(line)
        if carry:  # hits carried over count with the strike's, not as a part of their own each
            hits[carry.group(2)] = hits.get(carry.group(2), 0) + int(carry.group(1))
            continue
        if line.endswith(" is slain."):
            slain.append(line.removesuffix(" is slain."))
            continue
        parts.append(line.rstrip("."))
    fought = ["slain: " + ", ".join(slain)] if slain else []
    fought += ["hits on " + ", ".join(f"{target} {count}" for target, count in hits.items())] if hits else []
    return parts[:1] + fought + parts[1:] if board else fought + parts


# -- Titan Dice -------------------------------------------------------------------------------------------------

_DICE_DROP = re.compile(
    r"( rolls(:| to attack| active dice| a bonus die)| re-rolls | sets aside | keeps \d| flips a "
    r"|^Round \d+ (ends|begins)|^A die draws )"
)


def titan_dice_turn(lines: list[str]) -> list[str]:
    """A Titan Dice turn: what was captured, bought, lost or attacked, not the rolls on the way."""
    return [line.rstrip(".") for line in lines if not _DICE_DROP.search(line)]


# -- Titan Race -------------------------------------------------------------------------------------------------

_RACE_DROP = re.compile(
    r"( takes the \w+ die| rolls | re-rolls | ends the turn| uses the Ability|no Titan of that colour races)"
)
_RACE_MOVE = re.compile(r"^(.+?): (Move .+)$")


def titan_race_turn(lines: list[str]) -> list[str]:
    """A Titan Race turn: its moves (to where), Life Points, hits, Bonus cards and swaps, not the dice taken."""
    parts = []
    for line in lines:
        if _RACE_DROP.search(line):
            continue
        move = _RACE_MOVE.match(line)
        parts.append(f"{move.group(1)}: {move.group(2)[0].lower()}{move.group(2)[1:]}" if move else line)
    return [part.rstrip(".") for part in parts]


# -- Born of Titans ---------------------------------------------------------------------------------------------

_BORN_DROP = re.compile(
    r"( rolls \d+ \w+ dice| ends her turn| keeps one Divine| chooses \w+ \(| Successes: the foe attacks)"
)
_BORN_MOVE = re.compile(r"^(.+?) moves to (.+?)\.$")


def born_of_titans_turn(lines: list[str]) -> list[str]:
    """A Born of Titans turn: where each Hero's moves ended (one part for a run of moves), Challenges and their
    ends, Crew, Allies, Divine counters played; not the dice rolled on the way."""
    parts: list[str] = []
    last_move: tuple[str, int] | None = None  # (the Hero, her part) while her moves run on
    for line in lines:
        if _BORN_DROP.search(line):
            continue
        move = _BORN_MOVE.match(line)
        if move and last_move is not None and last_move[0] == move.group(1):
            parts[last_move[1]] = f"{move.group(1)} moves to {move.group(2)}"
            continue
        last_move = (move.group(1), len(parts)) if move else None
        parts.append(line.rstrip("."))
    return _merge_repeats(parts)


def _merge_repeats(parts: Iterable[str]) -> list[str]:
    """The same part twice in a row once, with '(twice)'/'(3 times)'."""
    merged: list[tuple[str, int]] = []
    for part in parts:
        if merged and merged[-1][0] == part:
            merged[-1] = (part, merged[-1][1] + 1)
        else:
            merged.append((part, 1))
    return [part if times == 1 else f"{part} ({'twice' if times == 2 else f'{times} times'})" for part, times in merged]
