"""The game in play at the table: its legal choices, a pick on the board, a move, a question confirmed, an undo, the
seat holding the device."""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any

from app import dom
from app.decision import Decision, can_undo, decision_now, device_holder, guards_secrets, undo_for, undo_seat
from app.events import DecisionAsked, GameClosed, GameOpened, PositionChanged, PositionDrawn, PositionReplaced
from app.gameview import armed_status, render_regions
from app.paint import SCREEN
from app.screens import confirm_dialog_html, game_layout_html
from app.since import Mark, log_mark
from app.views import view_module
from engine.core.errors import IllegalAction
from engine.core.game import Action, Game, GameState
from engine.core.undo import undo, undo_steps
from engine.registry import GAMES

if TYPE_CHECKING:
    from app.controller import App


class Table:
    """The game and its state, what the board shows of it, and the page's own choices about it (never saved)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.game: Game | None = None
        self.state: GameState | None = None
        self.legal: list[Action] = []  # the choices drawn (data-action indexes into it)
        self.touch = False  # the last press was a finger: a move with a preview waits for a second tap
        self.armed: str | None = None  # the choice a first tap previewed
        self.selected: str | None = None  # what the player picked on the board (data-select), until a move
        self.shown_seat: int | None = None  # hot-seat with secrets: the human holding the device (the last who
        # decided or was passed to; one who passed without looking holds it then)
        self.last_view: dict[str, Any] | None = None  # the board's view drawn last (boards animate from it)
        self.log_notes: list[tuple[int, str]] = []  # the page's own log lines: (log length then, text)
        self.confirming: tuple[str, GameState | None] | None = None  # a choice asked about in a dialog, and where
        self.marks: dict[int, Mark] = {}  # each seat: where the log stood when it last decided (app/since.py)

    @property
    def remote(self) -> frozenset[int]:
        """The seats played by friends on other devices now (a friend's seat handed to the computer is not)."""
        state = self.state
        if state is None:
            return frozenset()
        friends = self.app.stored.saver.friends
        return frozenset(seat for seat in friends if seat < state.num_players and not state.seats[seat].is_ai)

    def decision(self, state: GameState | None = None) -> Decision:
        """Who answers the decision asked now (or in `state`): every part of the page asks here."""
        state = self.state if state is None else state
        if self.game is None or state is None:
            return Decision(None)
        return decision_now(self.game, state, self.shown_seat, self.app.computer.stand_in_now(), self.remote)

    # -- showing the game -----------------------------------------------------------------------------
    def begin(self, state: GameState, *, new_entry: bool, friends: dict[int, str] | None = None) -> None:
        """Show a game (new, opened or imported) and save it (`friends`: a new game's seats played on other
        devices, with their invite tokens; an opened game's come with its stored entry)."""
        app = self.app
        app.events.announce(GameClosed())  # the clock's count and the computer's thinking on the last game end
        self.game = GAMES[state.game_id]
        app.publish_loaded_games()
        self.state = state
        self.log_notes = []
        self.shown_seat = None
        self.marks = {seat: log_mark(state) for seat in range(state.num_players)}  # told from here on
        if new_entry or app.stored.saver.entry_id is None:
            app.stored.saver.track_new()
        if friends is not None:
            app.stored.saver.friends = dict(friends)
        app.events.announce(GameOpened(state))  # friends' seats: the host's session (app/friends.py); another's ends
        self.show()
        app.events.announce(PositionChanged(state))  # saved
        self.focus_first_choice()
        app.events.announce(DecisionAsked(state))

    def show(self) -> None:
        """Write the game screen's frame, then its regions."""
        assert self.game is not None and self.state is not None
        router = self.app.router
        router.screen = "game"
        router.remember("game")
        router.mark_open(self.app.stored.saver.entry_id or "")
        dom.set_html("screen", game_layout_html(self.game.title, friends=self.app.friends.session is not None))
        SCREEN.reset()
        self.app.friends.drawn = {}  # the Friends panel is new: written whole
        dom.scroll_top()
        self.last_view = None
        self.render(rolled=False)

    def resume(self) -> None:
        """The game screen shown again as the game stands (Back to it, the replay left): its decision asked."""
        self.show()
        assert self.state is not None
        self.app.events.announce(DecisionAsked(self.state))

    def render(self, *, rolled: bool | None = None, keep_selection: bool = False) -> None:
        """Rewrite every region of the game screen from the state: one innerHTML write each (a map drawn once
        keeps its map: only its changing parts are rewritten)."""
        assert self.game is not None and self.state is not None
        state = self.state
        if rolled is None:
            rolled = state.last_chance
        if not keep_selection:
            self.selected = None
        remote = self.remote
        self.shown_seat = device_holder(self.game, state, self.shown_seat, self.app.computer.stand_in_now(), remote)
        previous = self.last_view if not keep_selection else None
        regions = render_regions(
            self.game,
            state,
            rolled=rolled,
            shown=self.shown_seat,
            previous=previous,
            selected=self.selected,
            stand_in=self.app.computer.stand_in_now(),
            notes=self.log_notes,
            since=self.marks.get(state.current_player) if state.current_player is not None else None,
            remote=remote,
        )
        self.last_view = regions.view
        self.legal = regions.legal
        self.armed = None
        SCREEN.html("gamebar", regions.gamebar)  # (only the regions whose markup changed are written: app/paint.py)
        SCREEN.html("status", regions.status)
        kept = dom.query(dom.element("board"), "[data-static]") if regions.board_key else None
        SCREEN.board(
            regions.board,
            regions.board_key,
            regions.board_parts,
            kept is not None and dom.attribute(kept, "data-static") == regions.board_key,
        )
        SCREEN.html("actions", regions.actions)
        SCREEN.log(regions.log, regions.log_items)
        self.app.events.announce(PositionDrawn(state))  # the friends' pages get it (if it changed)

    def focus_first_choice(self) -> None:
        """Keep keyboard play flowing: focus the first choice (or the "I am X" button) after a redraw."""
        if dom.query(dom.element("actions"), ".btn-action:not(.ends-turn), [data-cmd='reveal']") is not None:
            dom.focus("#actions .btn-action:not(.ends-turn), #actions [data-cmd='reveal']", scroll=False)
        else:
            dom.focus("#actions .btn-action", scroll=False)

    def note(self, text: str) -> None:
        """A line of the page's own in the log, where the game stands now (not saved: the choice is the page's)."""
        if self.state is not None:
            self.log_notes = [n for n in self.log_notes if n[0] <= len(self.state.log)]  # moves taken back
            self.log_notes.append((len(self.state.log), text))

    # -- the player's hand on the board -------------------------------------------------------------------
    def select(self, key: str) -> None:
        """Pick something on the board (a legion, a character): the board shows what it can do (again:
        dropped)."""
        if self.app.router.screen != "game" or self.state is None:
            return
        self.selected = None if key == self.selected else key
        self.render(rolled=False, keep_selection=True)
        dom.focus(f"[data-select='{self.selected}']" if self.selected else "#board", scroll=False)

    def on_pointerdown(self, event: Any) -> None:
        """Remember whether a finger or a mouse is pressing (a tap shows a move before it is played)."""
        self.touch = str(getattr(event, "pointerType", "")) == "touch"

    def confirmed(self, value: str, node: Any = None) -> bool:
        """On touch, some choices on the board are played by a second tap: a move with a drawn preview (the first
        tap shows its path, brought clear of the choices sheet, so "left" and "right" can be compared), and a card
        or space whose choice has a text to read (the first tap shows it, as a hover would). A button in the list
        plays at once (its words say what it does), except where the view shows a place first
        (`LIST_SHOWS_PLACE_FIRST`: a Move's end far off the zoomed map). False while waiting for the second tap."""
        board = dom.element("board")
        if board is None or self.question_for(value) is not None:
            return True  # (a choice with a question to confirm asks it at once, in a dialog)
        previewed = dom.query(board, f"[data-preview-of='{value}']") is not None
        in_list = node is None or not bool(board.contains(node))
        if in_list and not (previewed and self._list_shows_place_first()):
            return True  # a button in the list says what it does: one tap plays it (but a place is shown first)
        detail = "" if previewed else self.choice_detail(value)
        if not previewed and not detail:
            return True  # nothing to show first: played at once
        if self.armed == value:
            return True
        self.armed = value
        show_armed(value, previewed, detail)
        return False

    def _list_shows_place_first(self) -> bool:
        """The view's `LIST_SHOWS_PLACE_FIRST`: a list button naming a place whose way the map draws (Born of
        Titans' Move ends) shows it, panned into view, on a first tap; a second plays it."""
        return self.game is not None and bool(getattr(view_module(self.game.id), "LIST_SHOWS_PLACE_FIRST", False))

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

    def toggle_choices(self, button: Any) -> None:
        """Phone: fold the choices panel away to see the whole board, and back (the board keeps its choices)."""
        root = dom.window().document.documentElement
        hidden = (dom.attribute(root, "data-choices") or "") != "hidden"
        root.setAttribute("data-choices", "hidden" if hidden else "shown")
        button.setAttribute("aria-expanded", "false" if hidden else "true")
        button.textContent = "Show" if hidden else "Hide"

    # -- a choice asked about first ----------------------------------------------------------------------
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
        self.app.notices.clear(keep_lasting=True)
        dom.show_dialog("dialog")
        dom.focus("#dialog [data-cmd='close-dialog']")

    def confirm_choice(self, value: str) -> None:
        """The dialog's confirming button: play the choice, if the game is still where it was asked."""
        asked = self.confirming
        self.confirming = None
        dom.close_dialog("dialog")
        if asked is not None and asked[0] == value and asked[1] is self.state:
            self.play_index(value, confirmed=True)

    # -- a move, an undo, the device passed ---------------------------------------------------------------
    def play_index(self, value: str, *, confirmed: bool = False) -> None:
        """A click on a legal choice: apply it, redraw, save, and let the computer seats play (a choice with a
        question asks it first, unless `confirmed`)."""
        app = self.app
        if app.router.screen != "game" or self.game is None or self.state is None:
            return
        decision = self.decision()
        if not decision.by_human:
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
            self.state = self.game.apply(app.clock.fold(self.state), action)
        except IllegalAction as error:
            app.notices.notify("error", str(error))
            return
        except Exception as error:  # an engine bug: say so, keep the game as it was (apply never changes it)
            traceback.print_exc()
            app.notices.notify("error", f"Something went wrong ({error}); the game is unchanged.")
            return
        if decision.seat is not None:
            self.marks[decision.seat] = log_mark(self.state)  # what happens from here on is told at its next turn
        if guards_secrets(self.game, self.state, self.remote):
            # The device is in the hands of the seat that decided: after "Pass without looking" that is the one
            # named on the button, not the one it was passed from, so the next human asked gets a pass screen.
            self.shown_seat = decision.seat
        if app.notices.shown:
            app.notices.clear(keep_lasting=True)  # the next move takes the notices away
        self.render()
        dom.publish("titanLastInputMs", dom.perf_now() - started)
        app.events.announce(PositionChanged(self.state))  # saved
        self.focus_first_choice()
        app.events.announce(DecisionAsked(self.state))

    def reveal(self) -> None:
        """The pass-the-device screen's "I am X": draw the game for the seat that must decide."""
        if self.app.router.screen != "game" or self.game is None or self.state is None:
            return
        seat = decision_now(self.game, self.state, remote=self.remote).seat
        if seat is None:
            return
        self.shown_seat = seat
        self.last_view = None
        self.render(rolled=False)
        self.focus_first_choice()

    def undo(self) -> None:
        """Take back the last human decision (and the computer moves after it), never past a roll."""
        app = self.app
        game, state, shown, remote = self.game, self.state, self.shown_seat, self.remote
        if game is None or state is None or not can_undo(game, state, shown, remote):
            return  # the seat at the device has nothing to take back: never another human's decision
        seat = undo_seat(game, state, shown, remote)
        assert seat is not None
        whose = undo_for(game, state, shown, remote)
        handed_back = app.computer.stop_stand_in(say=False)
        app.events.announce(PositionReplaced())
        self.state = undo(app.clock.fold(state), seat)
        while self.decision().answer is not None and undo_steps(self.state, seat) > 0:
            self.state = undo(self.state, seat)  # a Pass the page played for her: back to her own decision before it
        app.computer.say_handed_back(handed_back, "Undo")  # in the log where the game now stands
        self.last_view = None
        self.render(rolled=False)
        app.events.announce(PositionChanged(self.state))  # saved
        app.notices.notify("info", f"Took back {whose}'s last decision." if whose else "Took back your last decision.")
        app.events.announce(DecisionAsked(self.state))

    def take(self, state: GameState) -> None:
        """A change made elsewhere, as the table takes a local move: a friend's move or Undo from his device
        (already checked and applied by the host's session), or a seat handed to the computer and back."""
        app = self.app
        if self.game is None or self.state is None or state is self.state:
            return
        before = self.state
        if state.moves < before.moves:
            app.events.announce(PositionReplaced())  # an Undo: the thinking on the position taken back stops
        seat = before.current_player
        self.state = state
        if state.moves > before.moves and seat is not None:
            self.marks[seat] = log_mark(state)  # what happens from here on is told at its next turn
        if app.router.screen == "game":
            self.render()
            self.focus_first_choice()
        else:
            app.events.announce(PositionDrawn(state))  # not drawn here, but the friends' pages get it
        app.events.announce(PositionChanged(state))  # saved
        app.events.announce(DecisionAsked(state))


def show_armed(value: str, previewed: bool, detail: str) -> None:
    """A first tap on choice `value` (the table's and a friend's page alike): marked, and the status line says what
    it would do (its way drawn on the board, or its text) and that a second tap plays it."""
    SCREEN.forget()  # (the page is changed here: the next draw writes it whole)
    for other in dom.query_all(dom.element("screen"), "[data-action]"):
        if dom.attribute(other, "data-action") == value:
            other.classList.add("is-armed")
        else:
            other.classList.remove("is-armed")
    if previewed:
        dom.set_text("status", "Its path is drawn on the board: tap it again to play it, or tap another choice.")
        dom.keep_clear_of_sheet(f"#board [data-preview-of='{value}']")
    else:
        dom.set_text("status", armed_status(detail))
