"""The new-game form at work: drawn, redrawn as the game, player count or a seat's kind changes, and started."""

from __future__ import annotations

import secrets
import traceback
from typing import TYPE_CHECKING

from app import dom
from app.events import ScreenShown
from app.setup_form import checked_start, default_setup, friend_seats, read_form
from app.setup_screen import SetupData, setup_html
from engine.core.game import Game
from engine.registry import GAMES

if TYPE_CHECKING:
    from app.controller import App


class NewGame:
    """The form as last read (kept when the player leaves for the rules and comes back)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.setup: SetupData | None = None

    def show(self, game_id: str | None = None) -> None:
        """The new-game form (`game_id`: with that game chosen, from its card on the home screen)."""
        self.app.events.announce(ScreenShown("setup"))
        if self.setup is None or (game_id is not None and self.setup.game_id != game_id):
            self.setup = default_setup(GAMES, game_id)
        self.setup.error = ""
        self.app.router.screen = "setup"
        self.render()
        dom.scroll_top()
        self.app.router.remember("setup")
        dom.focus("#setup-game")

    def render(self) -> None:
        """Write the setup form."""
        assert self.setup is not None
        dom.set_html("screen", setup_html(self.setup))
        self.app.publish_loaded_games()

    def read(self) -> tuple[Game, dict[str, str]]:
        """Read the form into self.setup (seats grow or shrink with the player count)."""
        values = dom.form_values("setup-form")
        game, self.setup = read_form(GAMES, values, self.setup)
        return game, values

    def refresh(self, focus_id: str) -> None:
        """A change of game, player count or seat kind: the form drawn again, the keyboard where it was."""
        self.read()
        self.render()
        dom.focus(f"#{focus_id}")

    def start(self) -> None:
        """Check the form and start the game, or show what is wrong."""
        game, values = self.read()
        assert self.setup is not None
        try:
            seats, options, seed = checked_start(self.setup, values)
            state = game.new_game(len(seats), options, dom.random_seed() if seed is None else seed, seats)
        except Exception as error:  # ValueError: a readable reason; anything else: an engine bug, shown too
            if not isinstance(error, ValueError):
                traceback.print_exc()
            self.setup.error = str(error)
            self.render()
            dom.focus(".form-error")
            return
        friends = {seat: secrets.token_urlsafe(16) for seat in friend_seats(self.setup)}  # each seat's invite token
        self.app.table.begin(state, new_entry=True, friends=friends)
