"""The checks of a whole game of Battle Titan, made after every action by a watcher beside the game.

What the engine's invariants (engine/titan/invariants.py) cannot see from one position, the watcher sees
from the game's course, each counted here apart from the engine's running totals:
- scores: each player's battle points are the sum of the engagement results the log records ("Battle Titan
  (kind, how): X scores N, rule."), by kind too; at the end his score is that plus half the value of his
  living characters (counted here);
- counters: every counter leaving the board is a kill (a war trophy) or returned to the stock, never both
  (or a reinforcement that could not come on, unmustered as in the standard game);
  the slain (retired) are exactly the kills of creatures that do not go back to the stock, so with those on
  the board and the stock (returned ones in it) they make up the box (the engine checks that sum);
- respawn: a player seen wiped out spawns at the beginning of his next turn, and only he spawns;
- turns: at the end every player has had the same number of turns, the rounds played.
"""

from __future__ import annotations

import re
from collections import Counter

from engine.core import GameState
from engine.titan.battle_titan.war_record import KINDS
from engine.titan.data import CREATURES, TITAN, TOWERS, character_value
from engine.titan.invariants import on_board
from engine.titan.state import Phase, TitanState

SCORED = re.compile(r"^Battle Titan \((" + "|".join(KINDS) + r"), [a-z ]+\): (.+) scores (\d+), ")
UNMUSTERED = re.compile(r"^The (\w+) could not come on: it goes back to the stock\.$")
RETIRED = [name for name, creature in CREATURES.items() if name != TITAN and not creature.returns_to_stock]


def kills(state: TitanState) -> Counter[str]:
    """Every player's war trophies together."""
    total: Counter[str] = Counter()
    for trophies in state.war.trophies:  # type: ignore[union-attr]
        total.update(trophies)
    return total


def halves(state: TitanState) -> list[float]:
    """Half the value of each player's living characters (a Titan at his power)."""
    totals = [0.0] * state.num_players
    for legion in state.legions.values():
        score = state.players[legion.owner].score
        totals[legion.owner] += sum(character_value(name, score) for name in legion.contents) / 2
    return totals


class WarWatch:
    """Call `before(state)` before each action and `after(state)` after it (the same state played in place, or
    the new one), then `at_end(game, state)`. Counts `spawns`, the respawns seen."""

    def __init__(self, state: GameState) -> None:
        own = _titan(state)
        self.seats = {seat.name: index for index, seat in enumerate(own.seats)}
        assert len(self.seats) == own.num_players, "the watcher tells players apart by name"
        self.points: list[Counter[str]] = [Counter() for _ in range(own.num_players)]
        self.turns: Counter[int] = Counter({own.mover: 1})
        self.wiped: set[int] = set()  # players seen without a legion since their turn began
        self.spawns = 0
        self._look: tuple = ()

    def before(self, state: GameState) -> None:
        own = _titan(state)
        returned = Counter(own.war.returned)  # type: ignore[union-attr]
        self._look = (state, len(own.log), on_board(own), kills(own), returned, (own.turn_number, own.mover))

    def after(self, state: GameState) -> None:
        own = _titan(state)
        played, lines_before, board, killed, returned, turn = self._look
        lines = own.log[lines_before:] if state is played else own.log[len(own.log) - own.last_lines :]
        self._scores(own, lines)
        self._counters(own, lines, board, killed, returned)
        if (own.turn_number, own.mover) != turn and not own.is_over:
            self._turn_begins(own)
        spawning = own.mover if own.phase == Phase.SPAWN else -1  # (his legion stands once he has chosen)
        self.wiped |= {seat for seat in range(own.num_players) if not own.legions_of(seat) and seat != spawning}

    def _scores(self, own: TitanState, lines: list[str]) -> None:
        for line in lines:
            found = SCORED.match(line)
            if found:
                self.points[self.seats[found[2]]][found[1]] += int(found[3])
        record = own.war
        assert record is not None
        for seat, logged in enumerate(self.points):
            assert record.points[seat] == sum(logged.values()) == own.players[seat].score, (seat, logged)
            assert {kind: points for kind, points in record.kinds[seat].items() if points} == {
                kind: points for kind, points in logged.items() if points
            }, (seat, logged)

    def _counters(
        self, own: TitanState, lines: list[str], board: Counter[str], killed: Counter[str], returned: Counter[str]
    ) -> None:
        now, killed_now, returned_now = on_board(own), kills(own), Counter(own.war.returned)  # type: ignore[union-attr]
        # a reinforcement that could not come on goes back unmustered, as in the standard game: neither returned
        # instead of retired nor killed
        unmustered = Counter(found[1] for line in lines if (found := UNMUSTERED.match(line)))
        for name in CREATURES:
            if name == TITAN:
                continue
            left = board[name] - now[name]
            died, back = killed_now[name] - killed[name], returned_now[name] - returned[name]
            assert died >= 0 and back >= 0, f"{name}: kills or returned taken back"
            if left > 0:  # (an action that takes counters off the board puts none on)
                assert left == died + back + unmustered[name], f"{name}: {left} left, {died} killed, {back} returned"
            else:
                assert died == back == unmustered[name] == 0, f"{name}: killed or returned while none left the board"
        slain = {name: own.slain.get(name, 0) for name in RETIRED}
        assert slain == {name: killed_now[name] for name in RETIRED}, "the slain are not the kills"

    def _turn_begins(self, own: TitanState) -> None:
        seat, record = own.mover, own.war
        assert record is not None
        self.turns[seat] += 1
        mine = own.legions_of(seat)
        if record.spawn_tower:
            self.spawns += 1
            assert record.spawn_tower in TOWERS
            spawned = own.phase == Phase.SPAWN and not mine
            assert spawned or [legion.land for legion in mine] == [record.spawn_tower], f"seat {seat}: no spawn"
        else:
            assert mine, f"seat {seat} begins his turn wiped out without a spawn"
        if seat in self.wiped:  # (wiped out by the very action that began his turn, he is seen only here)
            assert record.spawn_tower, f"seat {seat}, wiped out, begins his turn without a spawn"
        self.wiped.discard(seat)

    def at_end(self, game: object, state: GameState) -> None:
        """The game is over: equal turns, and the totals are the logged battle points plus the half-values."""
        own = _titan(state)
        assert own.is_over
        assert dict(self.turns) == dict.fromkeys(range(own.num_players), own.turn_number), self.turns
        totals = [sum(points.values()) + half for points, half in zip(self.points, halves(own), strict=True)]
        assert game.scores(own) == totals  # type: ignore[attr-defined]
        assert game.winners(own) == [seat for seat, total in enumerate(totals) if total == max(totals)]  # type: ignore[attr-defined]


def _titan(state: GameState) -> TitanState:
    assert isinstance(state, TitanState) and state.war is not None
    return state
