"""What happened since a seat last decided: a few lines above its choices at the start of its turn.

Built from the game's log only, which every seat sees (a face-down counter or a hidden legion's contents are never
written there), so the summary tells nothing the seat's own log does not. The table keeps, for every seat, where
the log stood when that seat last decided (`log_mark`); at the seat's next decision the lines written since are
grouped by the turns they fell in (`turns_since`), and the game's view module says in a few words what each turn
did (its optional `turn_summary(lines) -> list[str]`: the parts worth telling; without it, every line). Once the
seat acts its mark moves on and the summary goes. A friend's page reads the same from its seat's record (its log
and turns), keeping its own mark.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from app.markup import esc


class Logged(Protocol):
    """What a summary is read from: the log and where each turn's lines begin (a `GameState` at the host's table,
    a seat's record on a friend's page: app/remote/record.py)."""

    @property
    def log(self) -> list[str]: ...

    @property
    def turns(self) -> list[tuple[int, str]]: ...


# Where the log stood: (turns begun then, the heading of the last, lines written since it began). A long game's log
# loses its oldest turns (`Game.log_limit`), so a mark names its turn rather than a line's index.
Mark = tuple[int, str, int]

MOST_TURNS = 4  # a few lines: the newest turns; the rest are in the log
MOST_PARTS = 5  # the parts told of one turn; "…" for the rest


def log_mark(state: Logged) -> Mark:
    """Where the log stands now."""
    if not state.turns:
        return (0, "", len(state.log))
    start, heading = state.turns[-1]
    return (len(state.turns), heading, len(state.log) - start)


def _line_of(state: Logged, mark: Mark) -> int | None:
    """The log line `mark` points at in `state` (None: its turn has left the log)."""
    count, heading, offset = mark
    if count == 0:
        return offset if not state.turns or state.turns[0][0] >= offset else None
    # The log only loses turns at its start, so the turn is at its index or earlier: the last one so named.
    for index in range(min(count, len(state.turns)) - 1, -1, -1):
        start, named = state.turns[index]
        if named == heading:
            return start + offset
    return None


def turns_since(state: Logged, mark: Mark) -> list[tuple[str, list[str]]]:
    """The log's lines written since `mark`, grouped by turn: (the turn's heading, its lines), oldest first."""
    begin = _line_of(state, mark)
    if begin is None or begin >= len(state.log):
        return []
    bounds = [(start, heading) for start, heading in state.turns]
    groups: list[tuple[str, list[str]]] = []
    if not bounds or bounds[0][0] > begin:
        first = bounds[0][0] if bounds else len(state.log)
        groups.append(("", state.log[begin:first]))
    for index, (start, heading) in enumerate(bounds):
        end = bounds[index + 1][0] if index + 1 < len(bounds) else len(state.log)
        if end <= begin:
            continue
        groups.append((heading, state.log[max(start, begin) : end]))
    return [(heading, lines) for heading, lines in groups if lines]


def summary_lines(
    turns: Sequence[tuple[str, list[str]]], turn_summary: Callable[[list[str]], list[str]] | None = None
) -> list[str]:
    """One line per turn ('Round 3: Perseus (Computer 1): moves to Delphi; defeats the Hydra'), the newest
    `MOST_TURNS`; a turn with nothing worth telling is left out."""
    told: list[str] = []
    for heading, lines in turns:
        parts = [_without_actor(part, heading) for part in (turn_summary(lines) if turn_summary else lines) if part]
        if not parts:
            continue
        text = "; ".join(part.rstrip(".") for part in parts[:MOST_PARTS])
        # the rest left off: "…" ends the line, with no full stop after it ("….")
        text += "; \u2026" if len(parts) > MOST_PARTS else "."
        told.append(f"{heading}: {text}" if heading else text)
    if len(told) > MOST_TURNS:
        earlier = len(told) - MOST_TURNS + 1
        told = [f"{earlier} earlier turns: see the log.", *told[-(MOST_TURNS - 1) :]]
    return told


def _actor_names(heading: str) -> list[str]:
    """Who a turn's heading names ('Round 3: Perseus (Computer 1)': 'Perseus (Computer 1)', 'Perseus',
    'Computer 1'), longest first."""
    actor = heading.partition(": ")[2]
    names = [actor]
    if actor.endswith(")") and " (" in actor:
        hero, _, player = actor[:-1].partition(" (")
        names += [hero, player]
    return [name for name in names if name]


def _without_actor(part: str, heading: str) -> str:
    """A part without the name its turn's heading already gives ('Perseus moves to Delphi' under Perseus' turn:
    'moves to Delphi')."""
    for name in _actor_names(heading):
        for joint in (" ", ": "):
            if part.startswith(name + joint) and len(part) > len(name + joint):
                return part[len(name + joint) :]
    return part


def summary_html(lines: Sequence[str]) -> str:
    """The summary above the choices: a few lines, folded away with a tap (empty: nothing to tell)."""
    if not lines:
        return ""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (
        "<details class='since' open><summary class='since-title'>Since your last turn</summary>"
        f"<ul class='since-lines'>{items}</ul></details>"
    )
