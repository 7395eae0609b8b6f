"""The game object of Titan: options, set-up, the legal decisions, playing one, scores and winners."""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Action, Game, GameState, Rng, Seat
from engine.titan import battle, flow
from engine.titan.actions import (
    ACTION_TYPES,
    Accept,
    Acquire,
    Carry,
    Concede,
    EndMoves,
    EndMusters,
    EndSplits,
    Engage,
    Fight,
    Flee,
    Maneuver,
    Move,
    Mulligan,
    Muster,
    Propose,
    Rangestrike,
    Reinforce,
    Split,
    Strike,
    Summon,
)
from engine.titan.data import LANDS, STARTING_LEGION, TITAN, TOWERS
from engine.titan.state import (
    COLOURS,
    Legion,
    Phase,
    Player,
    TitanState,
    restore_fields,
    starting_stock,
    unseen,
)


class TitanOptions(BaseModel):
    """Titan's set-up options (the standard game by default)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    open_legions: bool = Field(
        default=False,
        title="Open legions",
        description="Every legion's contents are shown to everyone (a house rule many groups play with).",
    )


def _own(state: GameState) -> TitanState:
    return cast(TitanState, state)


class Titan(Game):
    """Titan, the standard rules (Avalon Hill, 1982), for 2 to 6 players."""

    id = "titan"
    title = "Titan"
    min_players = 2
    max_players = 6
    rules_version = 1
    log_limit = 240  # the log shows the last turns of a long game (the app shows 200 lines); the replay has all
    Options = TitanOptions
    action_types = ACTION_TYPES

    # -- set-up -----------------------------------------------------------------------------------------------
    def setup(self, num_players: int, options: Any, seed: int, seats: list[Seat]) -> GameState:
        """Towers drawn at random, the order by descending towers, one legion of eight each [5]."""
        state = TitanState(self.id, num_players, options, seed, seats)
        towers = list(TOWERS)
        state.rng.shuffle(towers)
        state.players = [Player(towers[seat], COLOURS[seat]) for seat in range(num_players)]
        state.legions = {}
        for seat, player in enumerate(state.players):
            marker = player.take_marker()
            legion = Legion(marker, seat, player.tower, list(STARTING_LEGION), num_players)
            legion.reveal(range(num_players))  # everyone knows what a player starts with
            state.legions[marker] = legion
            state.log.append(f"{seats[seat].name} ({player.colour}) starts in Tower {player.tower}.")
        state.stock = starting_stock(num_players)
        state.slain = {}
        state.order = sorted(range(num_players), key=lambda seat: -state.players[seat].tower)
        state.first_turns = [True] * num_players
        state.turn_number = 1
        state.winner = -1
        state.engagement, state.aftermath, state.battle = {}, {}, None
        state.log.append(f"{seats[state.order[0]].name} plays first (the highest tower).")
        flow.begin_turn(state, state.order[0])
        return state

    # -- legal decisions --------------------------------------------------------------------------------------------
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal decision for the current player, in a stable order."""
        state = _own(state)
        phase = state.phase
        if phase == Phase.GAME_OVER:
            return []
        if phase == Phase.SPLIT:
            actions: list[Action] = [Split(marker=m, leaving=part) for m, part in flow.split_choices(state)]
            if flow.can_end_splits(state):
                actions.append(EndSplits())
            return actions
        if phase == Phase.MOVE:
            actions = [Mulligan()] if flow.can_mulligan(state) else []
            actions += [
                Move(marker=m, land=land, side=side, teleport=how, edge=edge)  # type: ignore[arg-type]
                for m, land, side, how, edge in flow.move_choices(state)
            ]
            if not flow.must_keep_moving(state):
                actions.append(EndMoves())
            return actions
        if phase == Phase.ENGAGE:
            return [Engage(land=land) for land in flow.pending_engagements(state)]
        if phase == Phase.ENGAGEMENT:
            return self._engagement_actions(state)
        if phase == Phase.AFTERMATH:
            return self._aftermath_actions(state)
        if phase == Phase.MUSTER:
            actions = [Muster(marker=m, creature=c) for m, c in flow.muster_choices(state)]
            return [*actions, EndMusters()]
        return battle.legal_actions(state)

    def _engagement_actions(self, state: TitanState) -> list[Action]:
        _attacker, defender = flow.engagement_legions(state)
        actions: list[Action] = []
        on_table = state.engagement["proposer"] >= 0
        if on_table:
            actions.append(Accept())
        actions.append(Fight())
        if not on_table and state.decider == defender.owner and not defender.has_lord:
            actions.append(Flee())
        actions.append(Concede())
        actions += [
            Propose(eliminated=e, losses=losses)  # type: ignore[arg-type]
            for e, losses in flow.proposal_choices(state)
        ]
        return actions

    def _aftermath_actions(self, state: TitanState) -> list[Action]:
        winner = state.legions[state.aftermath["winner"]]
        actions: list[Action] = []
        if state.aftermath.get("summon"):
            donors = flow.summon_donors(state, winner)
            if donors:
                actions += [Summon(donor=d, angel=a) for d, a in donors]  # type: ignore[arg-type]
                actions.append(Summon())
        if state.aftermath.get("reinforce"):
            options = flow.reinforcement_choices(state)
            if options:
                actions += [Reinforce(creature=c) for c in options]
                actions.append(Reinforce())
        angels = flow.acquirable(state)
        if angels:
            actions += [Acquire(angel=a) for a in angels]  # type: ignore[arg-type]
            actions.append(Acquire())
        return actions

    # -- playing one ------------------------------------------------------------------------------------------------
    def play(self, state: GameState, action: Action) -> None:
        """Carry out a legal action on `state` (a copy)."""
        state = _own(state)
        if isinstance(action, Split):
            flow.split(state, action.marker, action.leaving)
        elif isinstance(action, EndSplits):
            flow.end_splits(state)
        elif isinstance(action, Mulligan):
            flow.mulligan(state)
        elif isinstance(action, Move):
            flow.move(state, action.marker, action.land, action.side, action.teleport, action.edge)
        elif isinstance(action, EndMoves):
            flow.end_moves(state)
        elif isinstance(action, Engage):
            flow.engage(state, action.land)
        elif isinstance(action, Flee):
            flow.flee(state)
        elif isinstance(action, Concede) and state.phase == Phase.ENGAGEMENT:
            flow.concede(state)
        elif isinstance(action, Propose):
            flow.propose(state, action.eliminated, action.losses)
        elif isinstance(action, Accept):
            flow.accept(state)
        elif isinstance(action, Fight):
            battle.start(state)
        elif isinstance(action, Summon) and state.phase == Phase.AFTERMATH:
            flow.summon(state, action.donor, action.angel)
        elif isinstance(action, Reinforce) and state.phase == Phase.AFTERMATH:
            flow.reinforce(state, action.creature)
        elif isinstance(action, Acquire):
            flow.acquire(state, action.angel)
        elif isinstance(action, Muster):
            flow.muster_into(state, state.legions[action.marker], action.creature)
        elif isinstance(action, EndMusters):
            flow.end_musters(state)
        else:
            battle.play(state, action)

    def describe_action(self, state: GameState, action: Action) -> str:
        """The button for `action`, with the characters and lands named ('Bring the Lion on at B1')."""
        state = _own(state)
        fight = state.battle
        units = fight.units if fight is not None else []

        def who(index: int, capital: bool = False) -> str:
            unit = units[index]
            return f"{'The' if capital else 'the'} {unit.name}" + (f" ({unit.hex})" if unit.hex else "")

        if isinstance(action, Maneuver) and 0 <= action.unit < len(units):
            unit = units[action.unit]
            if unit.hex is None:
                return f"Bring the {unit.name} on at {action.hex}"
            return f"Move the {unit.name} from {unit.hex} to {action.hex}"
        if isinstance(action, Strike) and 0 <= action.unit < len(units) and 0 <= action.target < len(units):
            return f"{who(action.unit, True)} strikes {who(action.target)}: needs {action.number}"
        if isinstance(action, Rangestrike) and 0 <= action.unit < len(units) and 0 <= action.target < len(units):
            return f"{who(action.unit, True)} rangestrikes {who(action.target)}"
        if isinstance(action, Carry) and 0 <= action.target < len(units):
            hits = int(fight.carry.get("hits") or 0) if fight is not None else 0
            extra = f"the {hits} extra hit{'s' if hits != 1 else ''}" if hits else "the extra hits"
            return f"Carry {extra} to {who(action.target)}"
        if isinstance(action, (Move, Engage)) and action.land in LANDS:
            return f"{action.describe()} ({LANDS[action.land].terrain})"
        return action.describe()

    def why_illegal(self, state: GameState, action: Action) -> str | None:
        """A readable reason for a refusal."""
        state = _own(state)
        if state.phase == Phase.MOVE and isinstance(action, EndMoves):
            return flow.must_keep_moving(state) or None
        return None

    # -- the result ----------------------------------------------------------------------------------------------------
    def scores(self, state: GameState) -> list[float]:
        """Each player's score."""
        return [float(player.score) for player in _own(state).players]

    def winners(self, state: GameState) -> list[int]:
        """The last player with a Titan (none in a draw, none before the end)."""
        state = _own(state)
        return [state.winner] if state.winner >= 0 else []

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (see `view.py`)."""
        from engine.titan.view import build_view

        return build_view(_own(state), seat)

    def restore_own(self, state: GameState, own: dict[str, Any]) -> None:
        """Set the Titan fields of a saved position (validated; ValueError if it is not one)."""
        restore_fields(_own(state), own)

    def turn_heading(self, state: GameState) -> str:
        """'Turn 3: Ann' (an engagement's answers and the battle fall within the mover's turn)."""
        state = _own(state)
        return f"Turn {state.turn_number}: {state.seats[state.mover].name}"

    def rules_markdown(self) -> str:
        """This edition's rulings (engine/titan/rulings.py)."""
        from engine.titan.rulings import rules_markdown

        return rules_markdown()

    def bot_levels(self) -> list[tuple[int, str]]:
        """Random (the generic random player: to learn the game against) and the Standard player of `ai.py`."""
        return [(0, "Random"), (1, "Standard")]

    def own_bot(self, level: int, seed: int) -> Any:
        """Level 1: the Standard player of `ai.py` (level 0 stays the generic random player)."""
        from engine.titan.ai import make_bot

        return make_bot(self, level, seed)

    def determinize(self, state: GameState, seat: int, rng: Rng) -> GameState:
        """A copy `seat` could believe in: every other player's hidden characters dealt again at random from
        the ones nobody has shown (what the box holds less the stock, the slain, the seat's own and every
        character it has seen), each player's Titan in one of his legions unless it has been seen; new dice.
        Nothing the seat cannot see is kept as it really is."""
        copy = _own(state.clone(record=False))
        copy.rng = Rng(rng.next64())
        pool = [name for name, count in unseen(copy, seat).items() for _ in range(count)]
        hidden_titans: list[int] = []
        for other, player in enumerate(copy.players):
            if other != seat and player.alive and not any(TITAN in lg.knows(seat) for lg in copy.legions_of(other)):
                hidden_titans.append(other)
        rng.shuffle(pool)
        heights = {marker: legion.height for marker, legion in copy.legions.items()}
        titan_in: set[str] = set()
        for other in hidden_titans:  # each hidden Titan into one of its player's legions with a slot unknown
            slots = [lg.marker for lg in copy.legions_of(other) if heights[lg.marker] > len(lg.knows(seat))]
            if slots:
                titan_in.add(slots[rng.randrange(len(slots))])
        for marker, legion in sorted(copy.legions.items()):
            if legion.owner == seat:
                continue
            base = legion.knows(seat) + ([TITAN] if marker in titan_in else [])
            missing = heights[marker] - len(base)
            legion.contents = sorted(base + [pool.pop() for _ in range(min(missing, len(pool)))])
        return copy

    def invariant_violations(self, state: GameState) -> list[str]:
        """Broken invariants (see invariants.py)."""
        from engine.titan.invariants import violations

        return violations(_own(state))
