"""The app's behaviour in the browser: screens, clicks, the game loop, AI turns, saving and sharing.

Rendering is done by the pure modules (screens, gameview, views); this module
decides what to show and writes it through `app.dom` in a few calls. One
click, one keydown and one change listener on #app serve every screen (event
delegation): elements carry `data-action="<index>"` (a legal action) or
`data-cmd="<name>"` (everything else).
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Coroutine
from typing import Any

from app import ai, dom
from app.gameview import (
    StandIn,
    armed_status,
    battle_offer,
    can_undo,
    guards_secrets,
    hint_of,
    render_regions,
    replay_regions,
    replay_viewer,
    undo_for,
    undo_seat,
)
from app.markdown import to_html
from app.markup import esc
from app.saving import Saved, Saver, finish_now, upgrade_across_tabs
from app.screens import (
    HomeData,
    SetupData,
    confirm_dialog_html,
    game_layout_html,
    home_html,
    import_dialog_html,
    notice_html,
    rules_html,
    setup_html,
    share_dialog_html,
    shell_html,
)
from app.setup_form import catalog, checked_start, default_setup, read_form
from app.storage import INDEX_KEY, SAVE_PREFIX, MemoryBackend, SaveStore, StorageError
from app.views import view_module
from engine.core.errors import IllegalAction, InvalidSave
from engine.core.game import Action, Game, GameState
from engine.core.replay import ReplayError, replay_states
from engine.core.save import dumps, loads
from engine.core.undo import undo
from engine.registry import GAMES

# The visible pause before a computer decision scales with what there is to see (?ai-pause=MS sets the base one
# and scales the others with it, for tests): a decision with a choice, a forced one (a single legal action: it
# shows nothing new), and one after dice were rolled (the dice tumble about half a second).
AI_PAUSE_SECONDS = 0.4
AI_PAUSE_FORCED = 0.3  # times the base pause
AI_PAUSE_AFTER_ROLL = 1.6  # times the base pause
NOTICE_SECONDS = {"info": 5.0, "warn": 10.0, "error": 14.0}  # how long a notice stays (the next move ends it sooner)
HIDDEN_POLL_SECONDS = 0.5  # a computer seat in a background tab waits, checking this often
SESSION_KEY = "titan-table:open"  # the game open in this tab, so a reload goes straight back to it


class App:
    """The one app object: holds the screen, the game in play and the saved-game store."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, str]] = []
        self.lasting_notice: tuple[str, str] | None = None  # a notice kept while its cause lasts
        try:
            self.store = SaveStore(dom.LocalStorageBackend())
            self.storage_ok = True
        except StorageError as error:
            self.store = SaveStore(MemoryBackend())
            self.storage_ok = False
            self.notices.append(("warn", str(error)))
        self.screen = "home"
        self.back_to = "home"
        self.rules_game: str | None = None  # the game whose rules the home screen asked for
        self.touch = False  # the last press was a finger: a move with a preview waits for a second tap
        self.armed: str | None = None  # the choice a first tap previewed
        self.selected: str | None = None  # what the player picked on the board (data-select), until a move
        self.replay: list[GameState] = []  # the replay's states, from the start (empty: no replay open)
        self.replay_index = 0
        self.replay_seat: int | None = None
        self.game: Game | None = None
        self.state: GameState | None = None
        self.saver = Saver(self.store, dom.now_ms, dom.random_id)  # the stored copy of the game in play
        self.unopenable: dict[str, str] = {}  # saved games this version cannot open, and why
        self.legal: list[Action] = []
        self.shown_seat: int | None = None  # hot-seat with secrets: the human holding the device
        self.last_view: dict[str, Any] | None = None  # the board's view drawn last (boards animate from it)
        self.ai_generation = 0
        self.stand_in: StandIn | None = None  # a battle the computer fights for a human seat (never saved)
        self.log_notes: list[tuple[int, str]] = []  # the page's own log lines: (log length then, text)
        self.ai_decisions = 0  # computer decisions played in this page (for the pacing benchmark)
        self.following_history = False  # showing a screen for the browser's Back or Forward: no new entry
        self.history_index = 0  # how many of this app's history entries lie before the one shown
        self.pending_delete: str | None = None
        self.confirming: tuple[str, GameState | None] | None = None  # a choice asked about in a dialog, and where
        self.confirm_clear = False
        self.setup: SetupData | None = None
        self.rules_cache: dict[str, str] = {}
        self.timezone = dom.timezone_offset()
        self.ai_pause = AI_PAUSE_SECONDS
        pause = dom.query_param("ai-pause")
        if pause is not None and pause.isdigit():
            self.ai_pause = min(5000, int(pause)) / 1000
        self.tasks: set[asyncio.Future[Any]] = set()  # running tasks, kept referenced until they finish

    # -- start-up ---------------------------------------------------------------------------
    def start(self) -> None:
        """Draw the frame, wire the listeners, open a shared link or the home screen."""
        root = dom.app_root()
        root.innerHTML = shell_html()
        dom.listen(root, "pointerdown", self.on_pointerdown)
        dom.listen(root, "click", self.on_click)
        dom.listen(root, "keydown", self.on_keydown)
        dom.listen(root, "change", self.on_change)
        dom.listen(dom.window(), "hashchange", lambda _event: self.open_from_hash())
        dom.listen(dom.window(), "storage", self.on_storage)
        dom.listen(dom.window(), "popstate", self.on_popstate)
        if not GAMES:
            raise RuntimeError("No game is installed (the engine registry is empty).")
        if not self.open_from_hash():
            reopened = False
            open_id = dom.session_get(SESSION_KEY)
            if open_id:
                reopened = self.open_saved(open_id, quiet=True)
            if not reopened:
                self.show_home()
        dom.publish("titanApp", True)
        self.publish_loaded_games()
        dom.titan_ready()
        self.tasks.add(asyncio.ensure_future(self.upgrade_saves()))

    def open_from_hash(self) -> bool:
        """Open the game of a `#save=...` link; a bad string leaves everything as it was."""
        fragment = dom.location_hash()
        if not fragment.startswith("#save="):
            return False
        dom.clear_hash()
        try:
            state = loads(fragment[1:])
        except InvalidSave as error:
            self.notify("error", f"The shared link could not be opened: {error}")
            if self.screen == "home" and self.state is None:
                self.show_home()
            return self.state is not None
        if self.saver.open_shared(state):
            self.begin_game(state, new_entry=False)
            self.notify("info", "Opened the shared game, which was saved here already.")
        else:
            self.begin_game(state, new_entry=True)
            self.notify("info", "Opened the shared game. It is now saved in this browser too.")
        return True

    # -- notices ------------------------------------------------------------------------------
    def notify(self, kind: str, text: str, *, lasting: bool = False) -> None:
        """Show a notice above the screen (kind: info, warn, error); it goes after a few seconds (NOTICE_SECONDS)
        or at the player's next move, whichever comes first. A `lasting` one (saving fails) stays until its
        cause is gone or the player dismisses it."""
        self.notices = [*[n for n in self.notices if n[1] != text][-2:], (kind, text)]
        dom.set_html("notice", notice_html(self.notices))
        if lasting:
            self.lasting_notice = (kind, text)
        else:
            self.tasks.add(asyncio.ensure_future(self.expire_notice((kind, text), NOTICE_SECONDS.get(kind, 8.0))))

    async def expire_notice(self, notice: tuple[str, str], seconds: float) -> None:
        """Take a notice away once its time is up (if it is still shown)."""
        await asyncio.sleep(seconds)
        if notice in self.notices:
            self.notices = [n for n in self.notices if n != notice]
            dom.set_html("notice", notice_html(self.notices))

    def clear_notices(self, *, keep_lasting: bool = False) -> None:
        """Remove every notice (`keep_lasting`: but one whose cause lasts)."""
        kept = [n for n in self.notices if keep_lasting and n == self.lasting_notice]
        if not kept:
            self.lasting_notice = None
        self.notices = kept
        dom.set_html("notice", notice_html(kept) if kept else "")

    # -- events --------------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        """The one click handler: dispatch on data-action / data-cmd."""
        if self.screen == "game":
            rolling = dom.query(dom.element("board"), ".rolling")
            if rolling is not None:  # a click anywhere skips the dice animation
                rolling.classList.remove("rolling")
        found = dom.closest_command(event)
        if found is None:
            return
        kind, value, node = found
        if kind == "action":
            event.preventDefault()
            if self.touch and not self.confirmed(value, node):
                return
            self.play_index(value)
            return
        if kind == "select":
            event.preventDefault()
            self.select(value)
            return
        self.command(value, node, event)

    def select(self, key: str) -> None:
        """Pick something on the board (a legion, a character): the board shows what it can do (again:
        dropped)."""
        if self.screen != "game" or self.state is None:
            return
        self.selected = None if key == self.selected else key
        self.render_game(rolled=False, keep_selection=True)
        dom.focus(f"[data-select='{self.selected}']" if self.selected else "#board", scroll=False)

    # -- hints ----------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """What the strongest computer level would play now, for a human seat with hints: marked, not played."""
        state, game = self.state, self.game
        if state is None or game is None or state.is_over:
            return
        seat = state.current_player
        if seat is None or state.seats[seat].is_ai or not state.seats[seat].hints:
            return
        if self.computer_level(state) is not None:  # the computer is fighting this battle for him
            return
        self.tasks.add(asyncio.ensure_future(self.run_hint(game, state, seat)))

    async def run_hint(self, game: Game, state: GameState, seat: int) -> None:
        """Think as the strongest level over what this seat may know (it samples the rest), then mark its choice."""
        dom.set_text("hint-text", "Thinking…")
        level, level_name = ai.hint_level(game)

        def stale() -> bool:
            return self.state is not state or self.screen != "game"

        try:
            action = await ai.think(game, state, seat, level, is_cancelled=stale)
        except Exception as error:  # a hint is a help: its failure changes nothing
            dom.set_text("hint-text", f"No hint this time ({error}).")
            return
        if action is None or stale() or action not in self.legal:
            return
        hint = hint_of(game, state, self.last_view or {}, self.legal, action, level_name)
        if hint.selected:  # drawn where it is made (a split's halves, a legion's lands), then marked there
            self.selected = hint.selected
            self.render_game(rolled=False, keep_selection=True)
        board = dom.element("board")
        for node in dom.query_all(dom.element("screen"), "[data-action]"):
            value = dom.attribute(node, "data-action")
            if value == str(hint.index) or (value in {str(i) for i in hint.on_map} and board.contains(node)):
                node.classList.add("is-hinted")
        dom.set_text("hint-text", hint.words)

    # -- replay -------------------------------------------------------------------------------------
    def show_replay(self, index: int = 0) -> None:
        """Step through the game in play from its start (rebuilt from its moves, checked to reach its position)."""
        if self.game is None or self.state is None:
            return
        if not (self.replay and self.replay[-1].position() == self.state.position()):
            started = dom.perf_now()
            try:
                self.replay = replay_states(self.game, self.state)
            except ReplayError as error:
                self.notify("warn", str(error))
                return
            dom.publish("titanReplayBuildMs", dom.perf_now() - started)
            self.replay_seat = replay_viewer(self.game, self.state)
        self.stop_ai()
        self.clear_notices(keep_lasting=True)
        self.screen = "replay"
        self.remember("replay")
        dom.set_html("screen", game_layout_html(f"{self.game.title}: replay", panel="Replay"))
        dom.scroll_top()
        self.replay_to(index)
        dom.focus("[data-cmd='replay-forward']")

    def replay_to(self, index: int) -> None:
        """Show move `index` of the replay (clamped to the start and the last move)."""
        if self.game is None or not self.replay or self.screen != "replay":
            return
        self.replay_index = max(0, min(len(self.replay) - 1, index))
        regions = replay_regions(self.game, self.replay, self.replay_index, self.replay_seat)
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

    def leave_replay(self) -> None:
        """Back to the game, as it stands."""
        if self.history_index > 0 and (dom.history_state() or {}).get("screen") == "replay":
            dom.history_back()
            return
        self.show_game()
        self.schedule_ai()

    def toggle_choices(self, button: Any) -> None:
        """Phone: fold the choices panel away to see the whole board, and back (the board keeps its choices)."""
        root = dom.window().document.documentElement
        hidden = (dom.attribute(root, "data-choices") or "") != "hidden"
        root.setAttribute("data-choices", "hidden" if hidden else "shown")
        button.setAttribute("aria-expanded", "false" if hidden else "true")
        button.textContent = "Show" if hidden else "Hide"

    def on_pointerdown(self, event: Any) -> None:
        """Remember whether a finger or a mouse is pressing (a tap shows a move before it is played)."""
        self.touch = str(getattr(event, "pointerType", "")) == "touch"

    def confirmed(self, value: str, node: Any = None) -> bool:
        """On touch, some choices are played by a second tap: a move with a drawn preview (the first tap shows
        its path, so "left" and "right" can be compared), and a card or space on the board whose choice has a
        text to read (the first tap shows it, as a hover would). False while waiting for the second tap."""
        board = dom.element("board")
        if board is None or self.question_for(value) is not None:
            return True  # (a choice with a question to confirm asks it at once, in a dialog)
        previewed = dom.query(board, f"[data-preview-of='{value}']") is not None
        detail = ""
        on_board = node is not None and bool(board.contains(node))
        if not previewed and on_board:
            detail = self.choice_detail(value)
        if not previewed and not detail:
            return True  # nothing to show first: played at once
        if self.armed == value:
            return True
        self.armed = value
        for other in dom.query_all(dom.element("screen"), "[data-action]"):
            if dom.attribute(other, "data-action") == value:
                other.classList.add("is-armed")
            else:
                other.classList.remove("is-armed")
        if previewed:
            dom.set_text("status", "Its path is drawn on the board: tap it again to play it, or tap another choice.")
        else:
            dom.set_text("status", armed_status(detail))
        return False

    def choice_detail(self, value: str) -> str:
        """'Buy Gryphon 1 (cost 2): Rescue: ...', what a choice does in words ('' when there is nothing to add)."""
        if self.game is None or self.state is None or self.last_view is None:
            return ""
        module = view_module(self.game.id)
        try:
            action = self.legal[int(value)]
        except (ValueError, IndexError):
            return ""
        text = module.action_detail(self.last_view, action.model_dump()) if hasattr(module, "action_detail") else ""
        warning = module.action_warning(self.state, action) if hasattr(module, "action_warning") else ""
        if warning:  # what the choice would cost comes first
            text = f"{warning[0].upper()}{warning[1:]}." + (f" {text}" if text else "")
        return f"{self.game.describe_action(self.state, action)}: {text}" if text else ""

    def on_keydown(self, event: Any) -> None:
        """Enter or Space on a focusable non-button element (SVG choices) acts like a click; in a replay, the
        arrow keys step back and forward (Home and End jump)."""
        key = str(event.key)
        target = dom.event_target(event)
        tag = str(target.tagName).upper() if target is not None else ""
        steps = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -(10**9), "End": 10**9}
        if self.screen == "replay" and key in steps and tag not in ("INPUT", "SELECT", "TEXTAREA"):
            event.preventDefault()
            self.replay_to(self.replay_index + steps[key])
            return
        if key not in ("Enter", " "):
            return
        if tag in ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "A"):
            return
        found = dom.closest_command(event)
        if found is None:
            return
        event.preventDefault()
        kind, value, node = found
        if kind == "action":
            self.play_index(value)
        elif kind == "select":
            self.select(value)
        else:
            self.command(value, node, event)

    def on_change(self, event: Any) -> None:
        """Setup form: a change of game, player count or seat kind redraws the form; the replay's slider moves."""
        target = dom.event_target(event)
        if self.screen == "replay" and target is not None and str(target.id) == "replay-slider":
            self.replay_to(int(float(str(target.value))))
            dom.focus("#replay-slider")
            return
        if self.screen == "setup" and target is not None and target.hasAttribute("data-refresh"):
            focus_id = str(target.id)
            self.read_setup_form()
            self.render_setup()
            dom.focus(f"#{focus_id}")

    def command(self, name: str, node: Any, event: Any) -> None:
        """Carry out a data-cmd."""
        item_id = dom.attribute(node, "data-id")
        handlers = {
            "home": self.show_home,
            "new": self.show_setup,
            "start": self.start_from_setup,
            "rules": self.show_rules_sync,
            "back": self.go_back,
            "share": self.show_share,
            "undo": self.undo,
            "reveal": self.reveal,
            "import": self.show_import,
            "import-submit": self.import_from_dialog,
            "close-dialog": lambda: dom.close_dialog("dialog"),
            "confirm-choice": lambda: self.confirm_choice(item_id or ""),
            "dismiss": self.clear_notices,
            "toggle-choices": lambda: self.toggle_choices(node),
            "replay": self.show_replay,
            "hint": self.ask_hint,
            "fight-for-me": self.start_stand_in,
            "stop-stand-in": self.stop_pressed,
            "replay-exit": self.leave_replay,
            "replay-start": lambda: self.replay_to(0),
            "replay-back": lambda: self.replay_to(self.replay_index - 1),
            "replay-forward": lambda: self.replay_to(self.replay_index + 1),
            "replay-end": lambda: self.replay_to(len(self.replay) - 1),
            "copy-save": lambda: self.tasks.add(asyncio.ensure_future(self.copy("save"))),
            "copy-link": lambda: self.tasks.add(asyncio.ensure_future(self.copy("link"))),
        }
        if name == "home":
            event.preventDefault()
        chosen_game = dom.attribute(node, "data-game")
        if name == "new" and chosen_game in GAMES:  # a game's card on the home screen
            self.show_setup(chosen_game)
        elif name == "rules" and chosen_game in GAMES:
            self.rules_game = chosen_game
            self.show_rules_sync()
        elif name in handlers:
            handlers[name]()
        elif name == "open" and item_id:
            self.open_saved(item_id)
        elif name == "delete" and item_id:
            self.pending_delete = item_id
            self.show_home(focus=f"[data-cmd='cancel-delete'][data-id='{item_id}']")
        elif name == "cancel-delete":
            self.pending_delete = None
            self.show_home()
        elif name == "confirm-delete" and item_id:
            self.delete_saved(item_id)
        elif name in ("clear-finished", "cancel-clear"):
            self.confirm_clear = name == "clear-finished"
            self.show_home(focus="[data-cmd='cancel-clear']" if self.confirm_clear else "[data-cmd='new']")
        elif name == "confirm-clear":
            self.clear_finished()

    # -- home -----------------------------------------------------------------------------------
    def show_home(self, focus: str | None = None, refresh: bool = False) -> None:
        """The home screen with the saved games (`refresh`: redrawn in place, as another tab changed them)."""
        self.stop_ai()
        self.screen = "home"
        dom.session_set(SESSION_KEY, None)
        listing = self.store.listing()
        for notice in listing.notices:
            if ("warn", notice) not in self.notices:
                self.notices.append(("warn", notice))
        last = next((g for g in listing.games if g.id == listing.last_id), None)
        if last is None and listing.games:
            last = next((g for g in listing.games if not g.finished), None)
        data = HomeData(
            games=listing.games,
            last=last,
            damaged=listing.damaged,
            storage_ok=self.storage_ok,
            pending_delete=self.pending_delete,
            timezone_offset=self.timezone,
            unopenable=self.unopenable,
            confirm_clear=self.confirm_clear,
            catalog=[(g.id, g.title, g.min_players, g.max_players, getattr(g, "line", "")) for g in catalog(GAMES)],
        )
        dom.set_html("topbar-extra", "")
        dom.set_html("notice", notice_html(self.notices))
        dom.set_html("screen", home_html(data))
        if not refresh:
            dom.scroll_top()
            self.remember("home")
        if focus:
            dom.focus(focus)

    def open_saved(self, entry_id: str, quiet: bool = False) -> bool:
        """Open a saved game; one that cannot be opened gives a notice, stays stored, and nothing changes."""
        try:
            entry = self.store.get(entry_id)
            state = loads(entry.save)
        except KeyError:
            if not quiet:
                self.notify("error", "That saved game is no longer stored (it was deleted in another tab?).")
            return False
        except (ValueError, StorageError) as error:
            if not quiet:
                self.notify("error", f"That saved game cannot be opened: {error} It is kept in your saved games.")
            return False
        self.saver.track(entry)
        self.begin_game(state, new_entry=False)
        return True

    def clear_finished(self) -> None:
        """Delete every finished saved game (after the confirm step)."""
        self.confirm_clear = False
        try:
            for entry in self.store.listing().games:
                if entry.finished:
                    self.store.delete(entry.id)
                    if self.saver.entry_id == entry.id:
                        self.saver.forget()
                        self.state = None
        except StorageError as error:
            self.notify("error", str(error))
        self.show_home(focus="[data-cmd='new']")

    def delete_saved(self, entry_id: str) -> None:
        """Delete a saved game (after the confirm step)."""
        self.pending_delete = None
        try:
            self.store.delete(entry_id)
        except StorageError as error:
            self.notify("error", str(error))
        if self.saver.entry_id == entry_id:
            self.saver.forget()
            self.state = None
        self.show_home(focus="[data-cmd='new']")

    # -- setup ------------------------------------------------------------------------------------
    def show_setup(self, game_id: str | None = None) -> None:
        """The new-game form (`game_id`: with that game chosen, from its card on the home screen)."""
        self.stop_ai()
        if self.setup is None or (game_id is not None and self.setup.game_id != game_id):
            self.setup = default_setup(GAMES, game_id)
        self.setup.error = ""
        self.screen = "setup"
        self.render_setup()
        dom.scroll_top()
        self.remember("setup")
        dom.focus("#setup-game")

    def render_setup(self) -> None:
        """Write the setup form."""
        assert self.setup is not None
        dom.set_html("screen", setup_html(self.setup))
        self.publish_loaded_games()

    def read_setup_form(self) -> tuple[Game, dict[str, str]]:
        """Read the form into self.setup (seats grow or shrink with the player count)."""
        values = dom.form_values("setup-form")
        game, self.setup = read_form(GAMES, values, self.setup)
        return game, values

    def start_from_setup(self) -> None:
        """Check the form and start the game, or show what is wrong."""
        game, values = self.read_setup_form()
        assert self.setup is not None
        try:
            seats, options, seed = checked_start(self.setup, values)
            state = game.new_game(len(seats), options, dom.random_seed() if seed is None else seed, seats)
        except Exception as error:  # ValueError: a readable reason; anything else: an engine bug, shown too
            if not isinstance(error, ValueError):
                traceback.print_exc()
            self.setup.error = str(error)
            self.render_setup()
            dom.focus(".form-error")
            return
        self.begin_game(state, new_entry=True)

    # -- the game -----------------------------------------------------------------------------------
    def begin_game(self, state: GameState, *, new_entry: bool) -> None:
        """Show a game (new, opened or imported) and save it."""
        self.stop_ai()
        self.game = GAMES[state.game_id]
        self.publish_loaded_games()
        self.state = state
        self.log_notes = []
        self.shown_seat = None
        if new_entry or self.saver.entry_id is None:
            self.saver.track_new()
        self.show_game()
        self.autosave()
        self.focus_first_choice()
        self.schedule_ai()

    def publish_loaded_games(self) -> None:
        """Tell tests which game packages are imported (each only once a game of it is chosen or opened)."""
        dom.publish("titanGamesLoaded", [game_id for game_id in GAMES if GAMES.is_loaded(game_id)])

    def show_game(self) -> None:
        """Write the game screen's frame, then its regions."""
        assert self.game is not None and self.state is not None
        self.screen = "game"
        self.remember("game")
        dom.session_set(SESSION_KEY, self.saver.entry_id or "")
        dom.set_html("screen", game_layout_html(self.game.title))
        dom.scroll_top()
        self.last_view = None
        self.render_game(rolled=False)

    def render_game(self, *, rolled: bool | None = None, keep_selection: bool = False) -> None:
        """Rewrite every region of the game screen from the state: one innerHTML write each (a map drawn once
        keeps its map: only its changing parts are rewritten)."""
        assert self.game is not None and self.state is not None
        state = self.state
        if rolled is None:
            rolled = state.last_chance
        if not keep_selection:
            self.selected = None
        previous = self.last_view if not keep_selection else None
        regions = render_regions(
            self.game,
            state,
            rolled=rolled,
            shown=self.shown_seat,
            previous=previous,
            selected=self.selected,
            stand_in=self.stand_in_now(),
            notes=self.log_notes,
        )
        self.last_view = regions.view
        self.legal = regions.legal
        self.armed = None
        dom.set_html("gamebar", regions.gamebar)
        dom.set_html("status", regions.status)
        board = dom.element("board")
        kept = dom.query(board, "[data-static]")
        if regions.board_key and kept is not None and dom.attribute(kept, "data-static") == regions.board_key:
            for element_id, markup in (regions.board_parts or {}).items():
                dom.set_html(element_id, markup)
        else:
            dom.set_html("board", regions.board)
        dom.set_html("actions", regions.actions)
        dom.set_html("log", regions.log)

    def question_for(self, value: str) -> tuple[str, str, str] | None:
        """The question a choice asks before it is played ((heading, text, the confirming button's words), from
        the view's optional `confirm_action(state, action)`), or None."""
        if self.game is None or self.state is None:
            return None
        module = view_module(self.game.id)
        if not hasattr(module, "confirm_action"):
            return None
        try:
            action = self.legal[int(value)]
        except (ValueError, IndexError):
            return None
        question = module.confirm_action(self.state, action)
        return None if question is None else (str(question[0]), str(question[1]), str(question[2]))

    def ask_to_confirm(self, value: str, question: tuple[str, str, str]) -> None:
        """A dialog: what the choice costs, with the choice and "Go back" (the default, also Escape)."""
        self.confirming = (value, self.state)
        dom.set_html("dialog", confirm_dialog_html(*question, value=value))
        self.clear_notices(keep_lasting=True)
        dom.show_dialog("dialog")
        dom.focus("#dialog [data-cmd='close-dialog']")

    def confirm_choice(self, value: str) -> None:
        """The dialog's confirming button: play the choice, if the game is still where it was asked."""
        asked = self.confirming
        self.confirming = None
        dom.close_dialog("dialog")
        if asked is not None and asked[0] == value and asked[1] is self.state:
            self.play_index(value, confirmed=True)

    def play_index(self, value: str, *, confirmed: bool = False) -> None:
        """A click on a legal choice: apply it, redraw, save, and let the computer seats play (a choice with a
        question asks it first, unless `confirmed`)."""
        if self.screen != "game" or self.game is None or self.state is None:
            return
        seat = self.state.current_player
        if seat is None or self.computer_level(self.state) is not None:
            return  # a computer seat's decision, or one the computer makes for a player in his battle
        started = dom.perf_now()
        try:
            index = int(value)
            action = self.legal[index]
        except (ValueError, IndexError):
            return
        question = None if confirmed else self.question_for(value)
        if question is not None:
            self.ask_to_confirm(value, question)
            return
        try:
            self.state = self.game.apply(self.state, action)
        except IllegalAction as error:
            self.notify("error", str(error))
            return
        except Exception as error:  # an engine bug: say so, keep the game as it was (apply never changes it)
            traceback.print_exc()
            self.notify("error", f"Something went wrong ({error}); the game is unchanged.")
            return
        if self.notices:
            self.clear_notices(keep_lasting=True)  # the next move takes the notices away
        self.render_game()
        dom.publish("titanLastInputMs", dom.perf_now() - started)
        self.autosave()
        self.focus_first_choice()
        self.schedule_ai()

    def focus_first_choice(self) -> None:
        """Keep keyboard play flowing: focus the first choice (or the "I am X" button) after a redraw."""
        if dom.query(dom.element("actions"), ".btn-action:not(.ends-turn), [data-cmd='reveal']") is not None:
            dom.focus("#actions .btn-action:not(.ends-turn), #actions [data-cmd='reveal']", scroll=False)
        else:
            dom.focus("#actions .btn-action", scroll=False)

    def reveal(self) -> None:
        """The pass-the-device screen's "I am X": draw the game for the seat that must decide."""
        if self.screen != "game" or self.state is None or self.state.current_player is None:
            return
        self.shown_seat = self.state.current_player
        self.last_view = None
        self.render_game(rolled=False)
        self.focus_first_choice()

    def autosave(self) -> None:
        """Save the game in play (checked against what other tabs saved, in one step with the write: an IndexedDB
        transaction the page waits on, so the save runs as a task after the move is painted)."""
        if self.game is None or self.state is None:
            return
        work = self.saver.write_latest(self.current_game)  # counted as under way from now on
        if not self.store.across_tabs:  # a store that answers at once (no browser storage): written now
            finish_now(self.write_save(work))
            return
        task = asyncio.ensure_future(self.write_save(work))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        dom.publish("titanSaving", self.saver.writing)

    def current_game(self) -> tuple[Game, GameState] | None:
        """The game in play, for a save that runs once this tab's earlier saves are done."""
        return None if self.game is None or self.state is None else (self.game, self.state)

    async def write_save(self, work: Coroutine[Any, Any, Saved]) -> None:
        """One autosave (`Saver.write_latest`): a failure or a conflict gives a notice."""
        before = self.saver.entry_id
        started = dom.perf_now()
        try:
            done = await work
        finally:
            dom.publish("titanSaving", self.saver.writing)
        dom.publish("titanLastSaveMs", dom.perf_now() - started)
        if self.saver.entry_id != before and self.screen == "game":
            dom.session_set(SESSION_KEY, self.saver.entry_id or "")
        if done.notice is not None:
            if not self.saver.failing and self.lasting_notice is not None:  # saving works again
                self.notices = [n for n in self.notices if n != self.lasting_notice]
                self.lasting_notice = None
            self.notify(*done.notice, lasting=self.saver.failing)
        if done.follow and self.screen == "game" and not self.saver.writing:
            self.follow_other_tab()

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved games: follow the game in play there, and keep the list fresh."""
        key, value = dom.storage_change(event)
        if self.screen == "game" and self.saver.writing and self.saver.newer_elsewhere(key, value):
            return  # this tab's save under way meets that write and keeps both (or follows it when done)
        if self.screen == "game" and self.saver.newer_elsewhere(key, value):
            self.follow_other_tab()
        elif self.screen == "game" and self.saver.overwritten_elsewhere(key, value) and self.game and self.state:
            self.tasks.add(asyncio.ensure_future(self.keep_apart(self.game, self.state)))
        elif self.screen == "game" and self.saver.deleted_elsewhere(key, value):
            self.notify("warn", "This game was deleted in another tab. It is saved again here if you play on.")
        elif (
            self.screen == "home" and self.pending_delete is None and (key.startswith(SAVE_PREFIX) or key == INDEX_KEY)
        ):
            self.show_home(refresh=True)

    async def keep_apart(self, game: Game, state: GameState) -> None:
        """This tab's last save was written over at its own revision (by a tab of an older release): keep this
        tab's game as a separate saved game."""
        async with self.saver.turn:
            done = await self.saver.save_apart(game, state)
        if self.screen == "game":
            dom.session_set(SESSION_KEY, self.saver.entry_id or "")
        if done.notice is not None:
            self.notify(*done.notice)

    def follow_other_tab(self) -> None:
        """The game in play moved on in another tab: show it as it is there (its moves are never overwritten)."""
        if self.saver.entry_id is None or self.state is None:
            return
        stored = self.saver.stored_state(self.saver.entry_id)
        if stored is None:
            return
        entry, state = stored
        self.saver.track(entry)
        if state.snapshot() == self.state.snapshot():
            return  # the same position (a computer move made in both tabs)
        self.stop_ai()
        self.state = state
        self.last_view = None
        self.render_game(rolled=False)
        self.notify("info", "This game was played on in another tab: here it is as it stands now.")
        self.schedule_ai()

    async def upgrade_saves(self) -> None:
        """In the background after start-up: saves of format 1 rewritten in today's format, one a tick."""
        try:
            games = self.store.listing().games
        except StorageError:
            return
        for listed in games:
            await asyncio.sleep(0)
            if listed.id == self.saver.entry_id:
                continue  # the game in play: its autosave writes it in today's format
            try:
                entry = self.store.get(listed.id)
            except (KeyError, ValueError, StorageError):
                continue
            problem = await upgrade_across_tabs(self.store, entry)
            if problem is not None:
                self.unopenable[entry.id] = problem
        if self.unopenable and self.screen == "home" and self.pending_delete is None:
            self.show_home(refresh=True)

    # -- browser history --------------------------------------------------------------------------------
    def remember(self, screen: str) -> None:
        """A browser history entry for the screen now shown, so Back and Forward (Android's back gesture too)
        move between the app's screens; none while following them."""
        if self.following_history:
            return
        entry = {"app": 1, "screen": screen, "game": self.saver.entry_id if screen == "game" else None}
        current = dom.history_state()
        if current is not None and all(current.get(key) == value for key, value in entry.items()):
            return
        first = current is None or current.get("app") != 1
        self.history_index = 0 if first else int(current.get("n", 0)) + 1  # type: ignore[union-attr]
        dom.history_push({**entry, "n": self.history_index}, replace=first)

    def on_popstate(self, event: Any) -> None:
        """Back or Forward: show the screen of that history entry."""
        state = dom.event_state(event)
        if state is None or state.get("app") != 1:
            return
        self.history_index = int(state.get("n", 0))
        self.following_history = True
        try:
            self.dismiss_dialog()
            screen = state.get("screen")
            if screen == "game":
                entry_id = state.get("game")
                if entry_id and entry_id != self.saver.entry_id:
                    if not self.open_saved(str(entry_id)):
                        self.show_home()
                elif self.state is not None:
                    self.show_game()
                    self.schedule_ai()
                else:
                    self.show_home()
            elif screen == "setup":
                self.show_setup()
            elif screen == "rules":
                self.show_rules_sync()
            elif screen == "replay" and self.state is not None:
                self.show_replay(self.replay_index)
            else:
                self.show_home()
        finally:
            self.following_history = False

    def dismiss_dialog(self) -> None:
        """Close the dialog, if one is open."""
        dom.close_dialog("dialog")

    # -- computer seats ---------------------------------------------------------------------------------
    def stop_ai(self) -> None:
        """Cancel any computer thinking in progress (a battle the computer fights for a player ends too: a new
        game, a save opened, another screen, another tab's move)."""
        self.ai_generation += 1
        self.stop_stand_in()

    def schedule_ai(self) -> None:
        """If a computer seat must decide, start it (the previous loop, if any, stops)."""
        state = self.state
        if state is None or state.is_over or self.computer_level(state) is None:
            return
        self.ai_generation += 1
        self.tasks.add(asyncio.ensure_future(self.run_ai(self.ai_generation)))

    async def run_ai(self, generation: int) -> None:
        """Play computer seats one decision at a time, with a short pause each, until a human must act."""

        def cancelled() -> bool:
            """True once this loop is stale (undo, another game, another screen)."""
            return generation != self.ai_generation or self.screen != "game"

        while not cancelled():
            state, game = self.state, self.game
            if state is None or game is None or state.is_over:
                return
            seat = state.current_player
            assert seat is not None
            level = self.computer_level(state)
            if level is None:
                self.focus_first_choice()  # the human's turn again: the keyboard is on her first choice
                return
            # The board is shown for the pause while the bot thinks: a slow decision needs no extra wait.
            pause = self.ai_pause_before(game, state)
            while dom.is_hidden() and not cancelled():  # a background tab waits: the visible one plays
                await asyncio.sleep(HIDDEN_POLL_SECONDS)
            await asyncio.sleep(0)  # the last move's drawing and saving end their task before the thinking starts
            if cancelled():
                return
            started = dom.perf_now()
            try:
                action = await ai.think(game, state, seat, level, is_cancelled=cancelled)
            except Exception as error:  # a bot failure must not freeze the game: fall back to a legal action
                self.notify("warn", f"The computer player hit a problem ({error}); it plays a simple move.")
                action = game.legal_actions(state)[0]
            thought = (started, dom.perf_now())  # for ai.LOG
            if action is None or cancelled() or self.state is not state:
                return
            await asyncio.sleep(max(0.0, pause - (dom.perf_now() - started) / 1000))
            while dom.is_hidden() and not cancelled():
                await asyncio.sleep(HIDDEN_POLL_SECONDS)
            if cancelled() or self.state is not state:
                return
            try:
                self.state = game.apply(state, action)
            except Exception as error:  # an engine bug: stop the computer seats, keep the game as it was
                traceback.print_exc()
                self.notify("error", f"The computer player could not move ({error}); the game is unchanged.")
                return
            started = dom.perf_now()
            self.render_game()
            self.autosave()
            dom.publish("titanLastAiApplyMs", dom.perf_now() - started)
            self.ai_decisions += 1
            dom.publish("titanAiDecisions", self.ai_decisions)
            dom.publish("titanAiMaxSliceMs", ai.STATS["max_slice_ms"])
            ai.log_decision(game, state, seat, thought, (started, dom.perf_now()))  # kept only under ?bench
        if self.screen == "game":
            self.focus_first_choice()

    # -- a battle fought by the computer for a player ("Fight this battle for me") -----------------------------
    def computer_level(self, state: GameState) -> int | None:
        """The level the computer decides at now: a computer seat's, or the one a player handed his battle to;
        None when the player to move decides himself."""
        seat = state.current_player
        if seat is None or state.is_over or self.game is None:
            return None
        if state.seats[seat].is_ai:
            return state.seats[seat].level
        stand_in = self.stand_in_now()
        return stand_in.level if stand_in is not None and stand_in.plays(self.game, state) else None

    def start_stand_in(self) -> None:
        """The player to move hands his battle to the computer, at the level chosen beside the button (only the
        seat at the device, for itself: in hot-seat play the one the board is drawn for)."""
        game, state = self.game, self.state
        if self.screen != "game" or game is None or state is None or self.stand_in is not None:
            return
        seat = state.current_player
        if seat is None or state.seats[seat].is_ai or (guards_secrets(game, state) and self.shown_seat != seat):
            return
        levels = battle_offer(game, state)
        battle = game.battle_key(state)
        if not levels or battle is None:
            return
        chosen = dom.value_of("stand-in-level")
        level = next((level for level, _name in levels if str(level) == chosen), max(levels)[0])
        name = dict(levels)[level]
        self.stand_in = StandIn(seat=seat, level=level, level_name=name, battle=battle)
        self.note(f"{state.seats[seat].name} hands this battle to the computer ({name}).")
        self.clear_notices(keep_lasting=True)
        self.render_game(rolled=False)
        dom.focus("[data-cmd='stop-stand-in']", scroll=False)
        self.schedule_ai()

    def stop_pressed(self) -> None:
        """Stop: the player takes his battle back at once (the thinking for him is cancelled); a computer seat
        deciding on the other side plays on, and the loop stops at the player's next decision."""
        state = self.state
        if self.stand_in is None or state is None:
            return
        seat = state.current_player
        if seat is not None and seat != self.stand_in.seat and not state.seats[seat].is_ai:
            return  # another human decides now (hot-seat): Stop is the player's own, while the computer plays
        self.stop_stand_in("Stop")
        if self.screen == "game" and self.state is not None:
            self.render_game(rolled=False)
            self.focus_first_choice()

    def stop_stand_in(self, why: str = "", *, say: bool = True) -> StandIn | None:
        """Hand a battle the computer fights for a player back to him (`why`: said in the log; `say=False`: the
        caller says it later); the battle handed back, if any."""
        stand_in, state, game = self.stand_in, self.state, self.game
        if stand_in is None:
            return None
        self.stand_in = None
        if say:
            self.say_handed_back(stand_in, why)
        if state is not None and game is not None and stand_in.plays(game, state):
            self.stop_ai()  # its thinking for him stops at once
        return stand_in

    def say_handed_back(self, stand_in: StandIn | None, why: str = "") -> None:
        """The log line: the player takes his battle back."""
        if stand_in is not None and self.state is not None:
            name = self.state.seats[stand_in.seat].name
            self.note(f"{name} takes the battle back from the computer" + (f" ({why})." if why else "."))

    def stand_in_now(self) -> StandIn | None:
        """The battle the computer fights for a player, ended (and said so) once that battle is over."""
        stand_in, state, game = self.stand_in, self.state, self.game
        if stand_in is None or state is None or game is None or game.battle_key(state) == stand_in.battle:
            return stand_in
        self.stand_in = None
        text = f"The battle is over: {state.seats[stand_in.seat].name} decides again."
        self.note(text)
        self.notify("info", text)
        return None

    def note(self, text: str) -> None:
        """A line of the page's own in the log, where the game stands now (not saved: the choice is the page's)."""
        if self.state is not None:
            self.log_notes = [n for n in self.log_notes if n[0] <= len(self.state.log)]  # moves taken back
            self.log_notes.append((len(self.state.log), text))

    def ai_pause_before(self, game: Game, state: GameState) -> float:
        """How long to show the board before a computer decision: longer after a roll, short if forced."""
        if state.last_chance:
            return self.ai_pause * AI_PAUSE_AFTER_ROLL
        if len(game.legal_actions(state)) == 1:
            return self.ai_pause * AI_PAUSE_FORCED
        return self.ai_pause

    # -- menu ---------------------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last human decision (and the computer moves after it), never past a roll."""
        game, state, shown = self.game, self.state, self.shown_seat
        if game is None or state is None or not can_undo(game, state, shown):
            return  # the seat at the device has nothing to take back: never another human's decision
        seat = undo_seat(game, state, shown)
        assert seat is not None
        whose = undo_for(game, state, shown)
        handed_back = self.stop_stand_in(say=False)
        self.stop_ai()
        self.state = undo(state, seat)
        self.say_handed_back(handed_back, "Undo")  # in the log where the game now stands
        self.last_view = None
        self.render_game(rolled=False)
        self.autosave()
        self.notify("info", f"Took back {whose}'s last decision." if whose else "Took back your last decision.")
        self.schedule_ai()

    def show_share(self) -> None:
        """The save/share dialog."""
        if self.state is None:
            return
        text = dumps(self.state)
        dom.set_html("dialog", share_dialog_html(text, f"{dom.page_url()}#save={text}"))
        self.clear_notices()  # an old notice never sits behind a dialog
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
        self.clear_notices()  # an old notice never sits behind a dialog
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
        known = self.saver.open_shared(state)
        self.begin_game(state, new_entry=not known)
        self.notify("info", "Opened the game from the save string" + (" (saved here already)." if known else "."))

    # -- rules ----------------------------------------------------------------------------------------------
    def show_rules_sync(self) -> None:
        """Open the rules screen (the rulebook is fetched once)."""
        if self.screen != "rules":
            self.back_to = self.screen
        self.remember("rules")
        self.tasks.add(asyncio.ensure_future(self.show_rules()))

    async def show_rules(self) -> None:
        """The rules of the game in play (or the one chosen in setup)."""
        self.stop_ai()
        game = self.game if self.back_to == "game" and self.game else None
        if game is None and self.rules_game in GAMES and self.back_to == "home":
            game = GAMES[self.rules_game]  # a game's card on the home screen
        if game is None and self.setup is not None:
            game = GAMES.get(self.setup.game_id)
        if game is None:
            game = next(iter(GAMES.values()))
        if self.screen == "setup":
            self.read_setup_form()
        self.screen = "rules"
        back = "Back to the game" if self.back_to == "game" else "Back"
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
        extra = getattr(
            game, "rules_markdown", None
        )  # this edition's designed values and rulings, if the game has them
        if callable(extra):
            try:
                rulings = to_html(str(extra()), heading_offset=1)
            except Exception as error:  # the rulebook still shows
                rulings = f"<p class='form-error'>The rulings could not be shown ({esc(str(error))}).</p>"
        if self.screen != "rules":
            return
        dom.set_html("screen", rules_html(game.title, self.rules_cache[game.id], rulings, back_label=back))
        dom.scroll_top()
        dom.focus(".rules-bar .btn")

    def go_back(self) -> None:
        """Leave the rules (or setup) screen for where the player came from: the browser's Back, if it stays here."""
        if self.history_index > 0:
            dom.history_back()
        elif self.back_to == "game" and self.state is not None:
            self.show_game()
            self.schedule_ai()
        elif self.back_to == "setup":
            self.show_setup()
        else:
            self.show_home()
