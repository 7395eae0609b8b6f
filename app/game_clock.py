"""Battle Titan's clock in the page: the time a game is open and on screen, added to it in whole seconds.

A game whose end is a span of time (`Titan.add_time`, the "time" ending) counts only the time it is on
screen: the game screen shown in a visible page (the computer's thinking counts, a hidden tab, the home
screen, the replay and the rules do not). The page measures that time as it passes and puts it into the game
in whole seconds (the rest is carried) at each move, each undo, when the page is hidden or left, and every
`FLUSH_SECONDS` of play while a human thinks; a move's save carries it, and the other three save it alone
with a time-only save, which never writes over another tab's newer move (`saving.Saver`). The engine reads
the clock at the end of each round, so the time is in the game before the move that ends a round.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from app import dom
from app.events import DecisionAsked, GameClosed, PositionChanged
from engine.core.game import Game, GameState

if TYPE_CHECKING:
    from app.controller import App

# Time left uncounted in a game while a human thinks is put into it (and saved) at least this often, so that a
# page the browser closes without warning loses no more than this.
FLUSH_SECONDS = 30.0


def keeps_time(game: Game | None, state: GameState | None) -> bool:
    """True for a game whose clock counts toward its end (the game says: `Titan.keeps_time`, Battle Titan's
    "time" ending) and is not over."""
    if game is None or state is None or state.is_over:
        return False
    return bool(getattr(game, "keeps_time", lambda _state: False)(state))


class GameClock:
    """The time counted in the game on screen and not yet added to it (`pending_ms`), and whether it counts now."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.counting = False  # the game was on screen at the last look
        self.mark = 0.0  # when that look was (dom.perf_now, ms)
        self.pending_ms = 0.0  # counted, not yet in the game
        self.generation = 0  # a new one makes the running flush loop stale
        app.events.subscribe(GameClosed, lambda _event: self.reset())

    def on_screen(self) -> bool:
        """Does the time count now: a game keeping time, on the game screen, in a visible page?"""
        table = self.app.table
        return self.app.router.screen == "game" and not dom.is_hidden() and keeps_time(table.game, table.state)

    def look(self) -> None:
        """Count the time since the last look if the game was on screen then; note whether it is now. Called at
        every change that may start or stop the clock (the screen, the page's visibility, a move)."""
        now = dom.perf_now()
        if self.counting:
            self.pending_ms += max(0.0, now - self.mark)
        self.mark = now
        was, self.counting = self.counting, self.on_screen()
        if self.counting and not was:
            self.generation += 1
            self.app.spawn(self.flush_loop(self.generation))

    def reset(self) -> None:
        """Another game is shown: nothing counted is carried over to it."""
        self.counting, self.pending_ms = False, 0.0
        self.look()

    def take(self) -> int:
        """The whole seconds counted and not yet in the game (taken out; the fraction is carried)."""
        self.look()
        seconds = int(self.pending_ms // 1000)
        self.pending_ms -= seconds * 1000
        return seconds

    def fold(self, state: GameState) -> GameState:
        """`state` with the time counted so far added (the table's game; the same state when none is due)."""
        game = self.app.table.game
        if not keeps_time(game, state):
            self.look()
            return state
        seconds = self.take()
        return state if seconds <= 0 else game.add_time(state, seconds)  # type: ignore[union-attr]

    def flush(self) -> None:
        """Put the time counted into the game in play and save it alone (the page is hidden or left, or a human
        thinks long): the computer's thinking on the former position starts again on the new one."""
        table = self.app.table
        if table.state is None:
            self.look()
            return
        before = table.state
        table.state = self.fold(before)
        if table.state is before:
            return
        if table.confirming is not None and table.confirming[1] is before:
            table.confirming = (table.confirming[0], table.state)  # a dialog open on this position stays good
        self.app.events.announce(PositionChanged(table.state, time_only=True))  # saved
        if self.app.router.screen == "game":
            self.app.events.announce(DecisionAsked(table.state))

    def on_visibility(self, event: Any = None) -> None:
        """The page was hidden or shown again (`visibilitychange`, `pagehide`): hidden, the time so far is saved."""
        if dom.is_hidden() or getattr(event, "type", "") == "pagehide":
            self.flush()
        else:
            self.look()

    async def flush_loop(self, generation: int) -> None:
        """While the game is on screen, put the time in every `FLUSH_SECONDS` when a human is thinking (the
        computer's moves put it in themselves)."""
        while generation == self.generation:
            await asyncio.sleep(FLUSH_SECONDS)
            if generation != self.generation:
                return
            self.look()
            if not self.counting:
                return
            if self.app.table.decision().by_human:
                self.flush()
