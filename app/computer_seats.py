"""The computer at the table: its seats' loop with its pauses, the hint, a battle fought for a player, cancelling."""

from __future__ import annotations

import asyncio
import traceback
from typing import TYPE_CHECKING

from app import ai, dom
from app.computer_help import battle_offer, battle_over_words, hint_of
from app.decision import StandIn, decision_now
from app.events import DecisionAsked, GameClosed, PositionChanged, PositionReplaced, ScreenShown
from app.paint import SCREEN
from engine.core.game import Game, GameState

if TYPE_CHECKING:
    from app.controller import App

# The visible pause before a computer decision scales with what there is to see (?ai-pause=MS sets the base one
# and scales the others with it, for tests): a decision with a choice, a forced one (a single legal action: it
# shows nothing new), and one after dice were rolled (the dice tumble about half a second).
AI_PAUSE_SECONDS = 0.4
AI_PAUSE_FORCED = 0.3  # times the base pause
AI_PAUSE_AFTER_ROLL = 1.6  # times the base pause
HIDDEN_POLL_SECONDS = 0.5  # a computer seat in a background tab waits, checking this often


class ComputerSeats:
    """The computer's loop (a new `generation` makes the running one stale), its pause, and a battle it fights
    for a human seat (`stand_in`)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.generation = 0
        self.decisions = 0  # computer decisions played in this page (for the pacing benchmark)
        self.stand_in: StandIn | None = None  # a battle the computer fights for a human seat (never saved)
        self.pause = AI_PAUSE_SECONDS
        pause = dom.query_param("ai-pause")
        if pause is not None and pause.isdigit():
            self.pause = min(5000, int(pause)) / 1000
        # The computer stops thinking when the game is put away, when its position is replaced, and when another
        # screen is shown; it starts when the decision asked is a computer seat's.
        for stopping in (GameClosed, PositionReplaced, ScreenShown):
            app.events.subscribe(stopping, lambda _event: self.stop())
        app.events.subscribe(DecisionAsked, lambda _event: self.schedule())

    # -- the loop ------------------------------------------------------------------------------------------
    def stop(self) -> None:
        """Cancel any computer thinking in progress (a battle the computer fights for a player ends too: a new
        game, a save opened, another screen, another tab's move)."""
        self.generation += 1
        self.stop_stand_in()

    def schedule(self) -> None:
        """If the computer must decide, start it (the previous loop, if any, stops)."""
        state = self.app.table.state
        if state is None or state.is_over or not self.app.table.decision(state).by_computer:
            return
        self.generation += 1
        self.app.spawn(self.run_ai(self.generation))

    async def run_ai(self, generation: int) -> None:
        """Play the computer's decisions one at a time, with a short pause each, until a human must act."""
        app, table = self.app, self.app.table

        def cancelled() -> bool:
            """True once this loop is stale (undo, another game, another screen)."""
            return generation != self.generation or app.router.screen != "game"

        while not cancelled():
            state, game = table.state, table.game
            if state is None or game is None or state.is_over:
                return
            decision = table.decision(state)
            if not decision.by_computer:
                table.focus_first_choice()  # the human's turn again: the keyboard is on her first choice
                return
            seat, level = decision.seat, decision.level
            assert seat is not None
            # The board is shown for the pause while the bot thinks: a slow decision needs no extra wait.
            pause = self.pause_before(game, state)
            while dom.is_hidden() and not cancelled():  # a background tab waits: the visible one plays
                await asyncio.sleep(HIDDEN_POLL_SECONDS)
            await asyncio.sleep(0)  # the last move's drawing and saving end their task before the thinking starts
            if cancelled():
                return
            started = dom.perf_now()
            try:
                if decision.answer is not None:  # a human's only choice, a Pass (decision.automatic_pass)
                    action = decision.answer
                else:
                    assert level is not None
                    action = await ai.think(game, state, seat, level, is_cancelled=cancelled)
            except Exception as error:  # a bot failure must not freeze the game: fall back to a legal action
                app.notices.notify("warn", f"The computer player hit a problem ({error}); it plays a simple move.")
                action = game.legal_actions(state)[0]
            thought = (started, dom.perf_now())  # for ai.LOG
            if action is None or cancelled() or table.state is not state:
                return
            await asyncio.sleep(max(0.0, pause - (dom.perf_now() - started) / 1000))
            while dom.is_hidden() and not cancelled():
                await asyncio.sleep(HIDDEN_POLL_SECONDS)
            if cancelled() or table.state is not state:
                return
            try:
                table.state = game.apply(app.clock.fold(state), action)
            except Exception as error:  # an engine bug: stop the computer seats, keep the game as it was
                traceback.print_exc()
                app.notices.notify("error", f"The computer player could not move ({error}); the game is unchanged.")
                return
            started = dom.perf_now()
            table.render()
            app.events.announce(PositionChanged(table.state))  # saved
            dom.publish("titanLastAiApplyMs", dom.perf_now() - started)
            if decision.answer is not None:
                continue  # a Pass played for a human: no computer decision to count
            self.decisions += 1
            dom.publish("titanAiDecisions", self.decisions)
            dom.publish("titanAiMaxSliceMs", ai.STATS["max_slice_ms"])
            ai.log_decision(game, state, seat, thought, (started, dom.perf_now()))  # kept only under ?bench
        if app.router.screen == "game":
            table.focus_first_choice()

    def pause_before(self, game: Game, state: GameState) -> float:
        """How long to show the board before a computer decision: longer after a roll, short if forced."""
        if state.last_chance:
            return self.pause * AI_PAUSE_AFTER_ROLL
        if len(game.legal_actions(state)) == 1:
            return self.pause * AI_PAUSE_FORCED
        return self.pause

    # -- the hint ----------------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """What the strongest computer level would play now, for a human seat with hints: marked, not played."""
        table = self.app.table
        state, game = table.state, table.game
        if state is None or game is None:
            return
        decision = table.decision()  # (not while the computer fights this battle for him)
        if not decision.by_human or decision.seat is None or not state.seats[decision.seat].hints:
            return
        self.app.spawn(self.run_hint(game, state, decision.seat))

    async def run_hint(self, game: Game, state: GameState, seat: int) -> None:
        """Think as the strongest level over what this seat may know (it samples the rest), then mark its choice."""
        table = self.app.table
        dom.set_text("hint-text", "Thinking…")
        level, level_name = ai.hint_level(game)

        def stale() -> bool:
            return table.state is not state or self.app.router.screen != "game"

        try:
            action = await ai.think(game, state, seat, level, is_cancelled=stale)
        except Exception as error:  # a hint is a help: its failure changes nothing
            dom.set_text("hint-text", f"No hint this time ({error}).")
            return
        if action is None or stale() or action not in table.legal:
            return
        hint = hint_of(game, state, table.last_view or {}, table.legal, action, level_name)
        if hint.selected:  # drawn where it is made (a split's halves, a legion's lands), then marked there
            table.selected = hint.selected
            table.render(rolled=False, keep_selection=True)
        board = dom.element("board")
        SCREEN.forget()  # (choices marked in the page: the next draw writes them whole)
        for node in dom.query_all(dom.element("screen"), "[data-action]"):
            value = dom.attribute(node, "data-action")
            if value == str(hint.index) or (value in {str(i) for i in hint.on_map} and board.contains(node)):
                node.classList.add("is-hinted")
        dom.set_text("hint-text", hint.words)

    # -- a battle fought by the computer for a player ("Fight this battle for me") -----------------------------
    def start_stand_in(self) -> None:
        """The player to move hands his battle to the computer, at the level chosen beside the button (only the
        seat at the device, for itself: in hot-seat play the one the board is drawn for)."""
        app, table = self.app, self.app.table
        game, state = table.game, table.state
        if app.router.screen != "game" or game is None or state is None or self.stand_in is not None:
            return
        decision = table.decision()
        seat = decision.seat
        if seat is None or not decision.by_human or decision.pass_to is not None:
            return
        levels = battle_offer(game, state)
        battle = game.battle_key(state)
        if not levels or battle is None:
            return
        chosen = dom.value_of("stand-in-level")
        level = next((level for level, _name in levels if str(level) == chosen), max(levels)[0])
        name = dict(levels)[level]
        self.stand_in = StandIn(seat=seat, level=level, level_name=name, battle=battle)
        table.note(f"{state.seats[seat].name} hands this battle to the computer ({name}).")
        app.notices.clear(keep_lasting=True)
        table.render(rolled=False)
        dom.focus("[data-cmd='stop-stand-in']", scroll=False)
        self.schedule()

    def stop_pressed(self) -> None:
        """Stop: the player takes his battle back at once (the thinking for him is cancelled); a computer seat
        deciding on the other side plays on, and the loop stops at the player's next decision."""
        table = self.app.table
        state, game = table.state, table.game
        if self.stand_in is None or state is None or game is None:
            return
        decision = decision_now(game, state, stand_in=self.stand_in, remote=table.remote)
        if decision.by_human and decision.seat != self.stand_in.seat:
            return  # another human decides now (hot-seat): Stop is the player's own, while the computer plays
        self.stop_stand_in("Stop")
        if self.app.router.screen == "game" and table.state is not None:
            table.render(rolled=False)
            table.focus_first_choice()

    def stop_stand_in(self, why: str = "", *, say: bool = True) -> StandIn | None:
        """Hand a battle the computer fights for a player back to him (`why`: said in the log; `say=False`: the
        caller says it later); the battle handed back, if any."""
        table = self.app.table
        stand_in, state, game = self.stand_in, table.state, table.game
        if stand_in is None:
            return None
        self.stand_in = None
        if say:
            self.say_handed_back(stand_in, why)
        if state is not None and game is not None and stand_in.plays(game, state):
            self.stop()  # its thinking for him stops at once
        return stand_in

    def say_handed_back(self, stand_in: StandIn | None, why: str = "") -> None:
        """The log line: the player takes his battle back."""
        state = self.app.table.state
        if stand_in is not None and state is not None:
            name = state.seats[stand_in.seat].name
            self.app.table.note(f"{name} takes the battle back from the computer" + (f" ({why})." if why else "."))

    def stand_in_now(self) -> StandIn | None:
        """The battle the computer fights for a player, ended (and said so) once that battle is over."""
        table = self.app.table
        stand_in, state, game = self.stand_in, table.state, table.game
        if stand_in is None or state is None or game is None or game.battle_key(state) == stand_in.battle:
            return stand_in
        self.stand_in = None
        text = battle_over_words(state, state.seats[stand_in.seat].name)
        table.note(text)
        self.app.notices.notify("info", text)
        return None
