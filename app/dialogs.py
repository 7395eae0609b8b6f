"""The dialogs beside the game (share, import a save string) and the rules screen, each opened by its button."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app import dom
from app.events import ScreenShown
from app.markdown import to_html
from app.markup import esc
from app.screens import import_dialog_html, rules_html, share_dialog_html
from engine.core.errors import InvalidSave
from engine.core.save import dumps, loads
from engine.registry import GAMES

if TYPE_CHECKING:
    from app.controller import App


class Dialogs:
    """The game whose rules the home screen asked for, and the rulebooks fetched so far."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rules_game: str | None = None  # the game whose rules the home screen asked for
        self.rules_cache: dict[str, str] = {}

    def close(self) -> None:
        """Close the dialog, if one is open."""
        dom.close_dialog("dialog")

    # -- share and import -----------------------------------------------------------------------------------
    def show_share(self) -> None:
        """The save/share dialog."""
        state = self.app.table.state
        if state is None:
            return
        text = dumps(state)
        remote = self.app.table.remote
        seats = (
            []
            if state.is_over
            else [(seat, who.name) for seat, who in enumerate(state.seats) if not who.is_ai and seat not in remote]
        )
        dom.set_html("dialog", share_dialog_html(text, f"{dom.page_url()}#save={text}", seats=seats))
        self.app.notices.clear()  # an old notice never sits behind a dialog
        dom.show_dialog("dialog")
        dom.focus("[data-cmd='copy-save']")

    async def copy(self, what: str) -> None:
        """Copy the save string or the link; when the browser refuses, select it for a manual copy."""
        element_id = "share-save" if what == "save" else "share-link"
        ok = await dom.copy_text(dom.value_of(element_id))
        label = "save string" if what == "save" else "link"
        message = (
            f"Copied the {label}."
            if ok
            else f"Your browser did not allow copying: the {label} is selected, press Ctrl+C."
        )
        if not ok:
            dom.select_text(element_id)
        msg = dom.query(dom.element("dialog"), ".dialog-msg")
        if msg is not None:
            msg.textContent = message

    def show_import(self) -> None:
        """The dialog to paste a save string."""
        dom.set_html("dialog", import_dialog_html())
        self.app.notices.clear()  # an old notice never sits behind a dialog
        dom.show_dialog("dialog")
        dom.focus("#import-text")

    def import_from_dialog(self) -> None:
        """Open a pasted save string; a bad one shows its reason and changes nothing."""
        text = dom.value_of("import-text")
        try:
            state = loads(text)
        except InvalidSave as error:
            dom.set_html("dialog", import_dialog_html(text, str(error)))
            dom.focus("#import-text")
            return
        dom.close_dialog("dialog")
        known = self.app.stored.saver.open_shared(state)
        self.app.table.begin(state, new_entry=not known)
        self.app.notices.notify(
            "info", "Opened the game from the save string" + (" (saved here already)." if known else ".")
        )

    # -- rules ----------------------------------------------------------------------------------------------
    def open_rules(self, game_id: str | None = None) -> None:
        """Open the rules screen (the rulebook is fetched once; `game_id`: a game's card on the home screen)."""
        router = self.app.router
        if game_id is not None:
            self.rules_game = game_id
        if router.screen != "rules":
            router.back_to = router.screen
        router.remember("rules")
        self.app.spawn(self.show_rules())

    async def show_rules(self) -> None:
        """The rules of the game in play (or the one chosen in setup)."""
        app, router = self.app, self.app.router
        app.events.announce(ScreenShown("rules"))
        game = app.table.game if router.back_to == "game" and app.table.game else None
        if game is None and self.rules_game in GAMES and router.back_to in ("home", "join"):
            game = GAMES[self.rules_game]  # a game's card on the home screen, a friend's game
        setup = app.new_game.setup
        if game is None and setup is not None:
            game = GAMES.get(setup.game_id)
        if game is None:
            game = next(iter(GAMES.values()))
        if router.screen == "setup":
            app.new_game.read()
        router.screen = "rules"
        back = "Back to the game" if router.back_to in ("game", "join") else "Back"
        dom.set_html("screen", "<p class='loading-rules'>Loading the rules…</p>")
        if game.id not in self.rules_cache:
            try:
                text = await dom.fetch_text(f"assets/rules/{game.id.replace('_', '-')}.md")
                self.rules_cache[game.id] = to_html(text, heading_offset=1)
            except OSError as error:
                self.rules_cache[game.id] = (
                    f"<p class='form-error'>The rulebook could not be loaded ({esc(str(error))}).</p>"
                )
        rulings = ""
        extra = getattr(game, "rules_markdown", None)  # this edition's designed values and rulings, if any
        if callable(extra):
            try:
                rulings = to_html(str(extra()), heading_offset=1)
            except Exception as error:  # the rulebook still shows
                rulings = f"<p class='form-error'>The rulings could not be shown ({esc(str(error))}).</p>"
        if router.screen != "rules":
            return
        dom.set_html("screen", rules_html(game.title, self.rules_cache[game.id], rulings, back_label=back))
        dom.scroll_top()
        dom.focus(".rules-bar .btn")
