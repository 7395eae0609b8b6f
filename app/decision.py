"""Whose decision the game asks now and who answers it: the human at the device, one to pass it to, or the computer."""

from __future__ import annotations

from dataclasses import dataclass

from app.views import view_module
from engine.core.game import Action, Game, GameState
from engine.core.undo import undo_steps

# The engine says which seat must decide (`state.current_player`); that seat is not always the one whose turn it
# is: Titan Race asks a Titan's player about a Shield in the middle of another's move, Titan Dice asks the player
# hit by an attack what to give up, and Born of Titans will ask anyone at any moment. The page never looks at
# whose turn it is: every decision, a turn's or a question's, goes through `decision_now`, which says who answers
# it (the pass-the-device screen first, a computer seat, or the computer fighting a human's battle for him).
#
# Remote play (docs/remote-play.md): `remote` is the set of seats whose human plays on another device (a friend's
# seat; human to the engine). His decisions are answered on his device: the host's page waits for them, never
# passes the device to him, never plays a Pass for him, and counts only the humans at this device when it hides
# secrets between them. Every function takes it, defaulting to none (every seat's human at this device).

NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True)
class StandIn:
    """A human seat's battle handed to the computer ("Fight this battle for me"): a choice of the page, never
    saved. The computer plays `seat`'s decisions at `level` while `Game.battle_key` stays `battle`."""

    seat: int
    level: int
    level_name: str
    battle: str

    def plays(self, game: Game, state: GameState) -> bool:
        """True when the computer makes this decision for the seat: its own, inside the battle handed over."""
        return state.current_player == self.seat and game.battle_key(state) == self.battle


@dataclass(frozen=True)
class Decision:
    """The decision asked now: of which seat, and who answers it."""

    seat: int | None  # the seat asked (None: the game is over)
    level: int | None = None  # the computer answers, at this level: a computer seat, or standing in for a human
    standing_in: bool = False  # the computer answers for a human seat (his battle, handed over)
    pass_to: int | None = None  # a human asked who does not hold the device: pass it to him before drawing
    answer: Action | None = None  # the page answers for the human: a Pass, her only choice (see `automatic_pass`)
    remote: bool = False  # a friend answers on his own device: the page waits for his move

    @property
    def by_computer(self) -> bool:
        """The computer answers (a computer seat, for a human who handed it his battle, or a Pass the page plays
        for a human with nothing else to do)."""
        return self.level is not None or self.answer is not None

    @property
    def by_human(self) -> bool:
        """A human answers, with the page's choices (once he holds the device)."""
        return self.seat is not None and self.level is None and self.answer is None and not self.remote


def decision_now(
    game: Game,
    state: GameState,
    shown: int | None = None,
    stand_in: StandIn | None = None,
    remote: frozenset[int] = NOBODY,
) -> Decision:
    """Who answers the decision `state` asks (`shown`: the human holding the device in hot-seat play with secrets;
    `stand_in`: a battle the computer fights for a human; `remote`: the seats of friends on other devices)."""
    seat = state.current_player
    if seat is None or state.is_over:
        return Decision(None)
    if state.seats[seat].is_ai:
        return Decision(seat, level=state.seats[seat].level)
    if seat in remote:
        return Decision(seat, remote=True)
    if stand_in is not None and stand_in.plays(game, state):
        return Decision(seat, level=stand_in.level, standing_in=True)
    if guards_secrets(game, state, remote):
        return Decision(seat, pass_to=seat if seat != shown and not nothing_secret(game, state) else None)
    answer = automatic_pass(game, state, remote)
    return Decision(seat, answer=answer) if answer is not None else Decision(seat)


def pass_actions(game: Game, state: GameState, legal: list[Action] | None = None) -> list[int]:
    """The indices of the legal actions (`legal`, if already asked) that only pass: the view module's `PASS_KINDS`
    (Born of Titans' Pass at a moment to react), in the engine's order."""
    kinds = getattr(view_module(game.id), "PASS_KINDS", frozenset())
    if not kinds or state.current_player is None or state.is_over:
        return []
    legal = game.legal_actions(state) if legal is None else legal
    return [index for index, action in enumerate(legal) if action.kind in kinds]


def automatic_pass(game: Game, state: GameState, remote: frozenset[int] = NOBODY) -> Action | None:
    """The Pass the page plays for a human when it is her only choice (Born of Titans: a moment to react, and she
    holds no Divine counter she could play now). Only with one human in the game: among several, a question
    answered for some and asked of others would tell who holds what (the pass-the-device screen offers its Pass to
    all alike instead; a friend on another device, `remote`, is asked on his device, and the human here is asked
    too, as he would see her answer at once). The recorded action is the same Pass she would have chosen."""
    seat = state.current_player
    if not getattr(view_module(game.id), "PASS_KINDS", None) or seat is None or state.is_over:
        return None
    if state.seats[seat].is_ai or seat in remote or guards_secrets(game, state, remote):
        return None
    if any(index in remote and not each.is_ai for index, each in enumerate(state.seats)):
        return None
    legal = game.legal_actions(state)
    return legal[0] if len(legal) == 1 and pass_actions(game, state, legal) == [0] else None


def local_humans(state: GameState, remote: frozenset[int] = NOBODY) -> list[int]:
    """The human seats played at this device (not a computer's, not a friend's on another device)."""
    return [index for index, seat in enumerate(state.seats) if not seat.is_ai and index not in remote]


def guards_secrets(game: Game, state: GameState, remote: frozenset[int] = NOBODY) -> bool:
    """True when the device passes between humans who must not see each other's secrets (the humans at this
    device only: a friend on another device sees only his own screen)."""
    humans = len(local_humans(state, remote))
    return humans > 1 and bool(getattr(view_module(game.id), "SECRETS", False))


def nothing_secret(game: Game, state: GameState) -> bool:
    """True where no seat knows anything the others do not (the view module's optional `nothing_secret(state)`:
    Born of Titans' set-up): the device goes from hand to hand without a pass-the-device screen, which exists to
    hide secrets. It must depend on public things only, never on what a seat holds."""
    hook = getattr(view_module(game.id), "nothing_secret", None)
    return bool(hook(state)) if hook is not None else False


def device_holder(
    game: Game, state: GameState, shown: int | None, stand_in: StandIn | None = None, remote: frozenset[int] = NOBODY
) -> int | None:
    """The human holding the device (hot-seat with secrets): the last human who decided or was passed to
    (`shown`), or the human asked now where nothing is secret (no pass-the-device screen: it goes to her)."""
    if not guards_secrets(game, state, remote):
        return shown
    decision = decision_now(game, state, shown, stand_in, remote)
    if decision.by_human and decision.pass_to is None:
        return decision.seat
    return shown


def handover_seat(
    game: Game, state: GameState, shown: int | None, stand_in: StandIn | None = None, remote: frozenset[int] = NOBODY
) -> int | None:
    """The human seat the device must be passed to before drawing (None: draw as usual; also while the computer
    fights a battle for that seat)."""
    return decision_now(game, state, shown, stand_in, remote).pass_to


def perspective(state: GameState, remote: frozenset[int] = NOBODY) -> int | None:
    """The seat whose view is drawn: the human to move, else the last human to have moved, else None (a friend's
    seat on another device never: the host's page draws its own human's view, or nobody's)."""
    current = state.current_player
    if current is not None and not state.seats[current].is_ai and current not in remote:
        return current
    if state.last_human >= 0 and state.last_human not in remote:
        return state.last_human
    humans = local_humans(state, remote)
    return humans[0] if humans else None


def undo_seat(game: Game, state: GameState, shown: int | None = None, remote: frozenset[int] = NOBODY) -> int | None:
    """The human seat an Undo acts for (None: nobody's, e.g. while the device is being passed).

    The human to move: in a hot-seat game the one at the device, so an Undo at the start of Ann's turn
    acts for Ann and never takes back Bob's end of turn (an undo never crosses another human's decision).
    While a computer seat is to move, the human holding the device (`shown`, hot-seat with secrets), else
    the human who decided last (whose decision the computer is answering). Never a friend's seat on another
    device (`remote`): while a friend decides, the Undo here is the last human's here, if he decided last (his
    Undo, like the friend's own from his device, never crosses another human's decision: `undo_steps`).
    """
    if state.is_over:
        return None
    current = state.current_player
    human_to_move = current is not None and not state.seats[current].is_ai and current not in remote
    if guards_secrets(game, state, remote) and (human_to_move or shown is not None):
        if shown is None or (human_to_move and current != shown):
            return None  # the pass-the-device screen: nobody holds the device yet
        return shown
    if human_to_move:
        return current
    return state.last_human if state.last_human >= 0 and state.last_human not in remote else None


def can_undo(game: Game, state: GameState, shown: int | None = None, remote: frozenset[int] = NOBODY) -> bool:
    """True when an Undo by `undo_seat` would take something back."""
    seat = undo_seat(game, state, shown, remote)
    return seat is not None and undo_steps(state, seat) > 0


def undo_for(game: Game, state: GameState, shown: int | None = None, remote: frozenset[int] = NOBODY) -> str | None:
    """The name of the seat an Undo acts for when several humans share the device (None with one human)."""
    seat = undo_seat(game, state, shown, remote)
    humans = len(local_humans(state, remote))
    return state.seats[seat].name if seat is not None and humans > 1 else None
