"""The replay of the game in play: rebuilt from its moves, stepped with buttons, arrow keys or the slider."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app import dom
from app.events import ScreenShown
from app.gameview import replay_regions, replay_viewer
from app.screens import game_layout_html
from engine.core.game import GameState
from engine.core.replay import ReplayError, replay_states

if TYPE_CHECKING:
    from app.controller import App

STEPS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -(10**9), "End": 10**9}  # the keys that step, and how far


class Replay:
    """The replay's states from the start (empty: none built yet), the move shown, and whose view is drawn."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.states: list[GameState] = []
        self.index = 0
        self.seat: int | None = None

    def show(self, index: int = 0) -> None:
        """Step through the game in play from its start (rebuilt from its moves, checked to reach its position)."""
        app = self.app
        game, state = app.table.game, app.table.state
        if game is None or state is None:
            return
        if not (self.states and self.states[-1].position() == state.position()):
            started = dom.perf_now()
            try:
                self.states = replay_states(game, state)
            except ReplayError as error:
                app.notices.notify("warn", str(error))
                return
            dom.publish("titanReplayBuildMs", dom.perf_now() - started)
            self.seat = replay_viewer(game, state)
        app.events.announce(ScreenShown("replay"))
        app.notices.clear(keep_lasting=True)
        app.router.screen = "replay"
        app.router.remember("replay")
        dom.set_html("screen", game_layout_html(f"{game.title}: replay", panel="Replay"))
        dom.scroll_top()
        self.to(index)
        dom.focus("[data-cmd='replay-forward']")

    def to(self, index: int) -> None:
        """Show move `index` of the replay (clamped to the start and the last move)."""
        game = self.app.table.game
        if game is None or not self.states or self.app.router.screen != "replay":
            return
        self.index = max(0, min(len(self.states) - 1, index))
        regions = replay_regions(game, self.states, self.index, self.seat)
        focused = dom.focused_selector()
        dom.set_html("gamebar", regions.gamebar)
        dom.set_html("status", regions.status)
        dom.set_html("board", regions.board)
        dom.set_html("actions", regions.actions)
        dom.set_html("log", regions.log)
        # Keep the keyboard where it was (a button now disabled at either end hands it to the slider).
        dom.focus(f"{focused}:not([disabled])" if focused else "#replay-slider", scroll=False)
        if dom.focused_selector() is None:
            dom.focus("#replay-slider", scroll=False)

    def step(self, by: int) -> None:
        """Forward (or back) `by` moves."""
        self.to(self.index + by)

    def slide(self, value: str) -> None:
        """The slider moved."""
        self.to(int(float(value)))
        dom.focus("#replay-slider")

    def leave(self) -> None:
        """Back to the game, as it stands."""
        app = self.app
        if app.router.history_index > 0 and (dom.history_state() or {}).get("screen") == "replay":
            dom.history_back()
            return
        app.table.resume()
