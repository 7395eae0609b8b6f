"""Two humans at one device playing Born of Titans through the app (tests/app/fake_page.py), tap by tap: who holds
the device, what each screen shows, and how many taps a stretch of the game costs.

The players: on a pass-the-device screen the player it names takes the device and taps "Pass without looking"
when the screen offers it (she lets every moment pass), else "I am X"; on the game screen the player asked
decides: in set-up the first choice, in her turn two Moves (each stopped where she stands) then End turn, at a
moment Pass. Every tap is counted, and after each one the screen is checked: the game screen of a seat other than
the one holding the device is drawn only while that seat knows nothing the others do not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.born_of_titans import GAME
from engine.core import Seat
from engine.core.game import GameState
from tests.app.fake_page import FakePage, controller_with

NAMES = ("Ann", "Bob")
PASS_WITHOUT_LOOKING = re.compile(r"data-action='(\d+)'>Pass without looking")
HANDOVER = re.compile(r"<h2>Pass the device to ([^<]+)</h2>")


@dataclass
class Table:
    """The app with a hot-seat game, and the players' hands on it."""

    app: Any
    page: FakePage
    holder: int | None  # who physically holds the device (None: nobody has taken it up yet)
    taps: int = 0
    handovers: list[str] = field(default_factory=list)  # the reason line of each pass-the-device screen met
    moves: dict[int, int] = field(default_factory=dict)  # Moves made in the turn under way, by seat
    strict: bool = True  # check every screen (False: only count, as the app did before release 11)

    @property
    def state(self) -> GameState:
        return self.app.table.state

    def handover_name(self) -> str | None:
        found = HANDOVER.search(self.page.html["board"])
        return found.group(1) if found else None

    def tap(self) -> None:
        """The player at the device taps once."""
        name = self.handover_name()
        if name is not None:
            self.holder = NAMES.index(name)  # the device goes to the seat named
            self.handovers.append(self.page.html["board"])
            passing = PASS_WITHOUT_LOOKING.search(self.page.html["actions"])
            if passing:
                self.app.table.play_index(passing.group(1))
            else:
                self.app.table.reveal()
        else:
            seat = self.state.current_player
            assert seat is not None
            self.check_screen(seat)
            self.holder = seat
            self.app.table.play_index(str(self.choice(seat)))
        self.taps += 1

    def check_screen(self, seat: int) -> None:
        """The game screen drawn for `seat`: fine in the hands of `seat`, or while `seat` has no secret."""
        if seat != self.holder and self.strict:  # (nobody yet, or another: she sees the screen first)
            holder = "nobody" if self.holder is None else NAMES[self.holder]
            assert not knows_more(self.state, seat), f"{holder} holds the device and sees {NAMES[seat]}'s secrets"

    def choice(self, seat: int) -> int:
        legal = self.app.table.legal
        kinds = [action.kind for action in legal]
        phase = str(self.state.phase)
        if phase == "react":
            return kinds.index("pass_moment")
        if phase == "move":
            return kinds.index("stop")
        if phase == "turn":
            if self.moves.get(seat, 0) < 2 and "move" in kinds:
                self.moves[seat] = self.moves.get(seat, 0) + 1
                return kinds.index("move")
            self.moves[seat] = 0
            return kinds.index("end_turn")
        return 0  # set-up: the first choice


def knows_more(state: GameState, seat: int) -> bool:
    """Whether `seat`'s view holds anything a spectator's does not (its own empty list of Divine counters aside)."""
    view = GAME.view(state, seat) | {"seat": None}
    for hero in view["heroes"]:
        if hero.get("divine") == []:
            del hero["divine"]
    return view != GAME.view(state, None)


def seats() -> list[Seat]:
    return [Seat(name=name) for name in NAMES]


def sit_down(monkeypatch: Any, state: GameState, holder: int | None) -> Table:
    """The game shown on the page, the device in `holder`'s hands."""
    page = FakePage()
    app = controller_with(page, monkeypatch).App()
    app.table.begin(state, new_entry=True)
    app.table.shown_seat = holder
    app.table.render(rolled=False)
    return Table(app=app, page=page, holder=holder)


def both_holding(only_the_second: bool = False) -> GameState:
    """A two-player game at the start of its first turn, moved on to round 2, each Hero holding a Divine counter
    (Hera's; only the second player's if `only_the_second`) and her turn plain (no Quest turned up, no Underworld
    Quest to carry)."""
    for seed in range(1, 50):
        state = GAME.new_game(2, GAME.Options(), seed, seats())
        while state.mover < 0:
            state = GAME.apply(state, GAME.legal_actions(state)[0])
        if str(state.phase) != "turn" or not state.sheets[state.mover].crew:
            continue
        own = state.clone()
        for seat in range(2):
            if only_the_second and seat == state.mover:
                continue
            cid = next(c for c in own.piles["divine"] if own.faces[c] == "hera")
            own.piles["divine"].remove(cid)
            own.sheets[seat].divine.append(cid)
        own.round = 2
        return own
    raise AssertionError("no plain first turn found")


def tap_round(table: Table, limit: int = 200) -> int:
    """Taps until the round after this one begins with its first player's own game screen."""
    start = table.state.round
    first = table.state.mover
    taps = table.taps
    while table.taps - taps < limit:
        state = table.state
        begun = state.round > start and state.current_player == first and str(state.phase) == "turn"
        if begun and table.handover_name() is None and table.holder == first:
            return table.taps - taps
        table.tap()
    raise AssertionError("the round did not end")


def tap_set_up(table: Table, limit: int = 60) -> int:
    """Taps from a new game until its first player's own game screen of the first turn."""
    taps = table.taps
    while table.taps - taps < limit:
        state = table.state
        if state.mover >= 0 and table.handover_name() is None and table.holder == state.current_player:
            return table.taps - taps
        table.tap()
    raise AssertionError("the set-up did not end")
