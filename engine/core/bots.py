"""Computer players over the engine contract only: random, greedy one-ply, and determinized MCTS.

A bot knows only what its seat may know. It never reads the state's RNG or its
seed: before simulating it takes `game.determinize(state, seat, rng)`, a copy
whose hidden parts and future dice come from the bot's own RNG, and it plays
on such copies with `game.apply_unchecked`. The real state is never changed.

The engine has no clock, so budgets are counted in work units (playouts or
search iterations). The browser thinks in slices:

    thinking = bot.begin(state, seat)
    while not thinking.step(200):   # yield to the page between slices
        ...
    action = thinking.result

and `bot.choose(state, seat)` does it all at once. A bot's decision depends
only on its seed, its seat and the position, so replays and undo repeat it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import Action, Game, GameState
from engine.core.rng import MASK64, Rng

LEVEL_NAMES: dict[int, str] = {-1: "Baseline", 0: "Random", 1: "Easy", 2: "Hard"}
BASELINE = -1  # the scripted player of each game (`Game.baseline_action`): a yardstick, not offered in the app
# How each generic level plays, in one line for the set-up (a game with levels of its own has its own lines:
# `Game.bot_level_notes`).
LEVEL_NOTES: dict[int, str] = {
    0: "Plays any legal move at random: to learn the rules against.",
    1: "Tries each choice on a few sampled futures and keeps the best-looking one: quick, but short-sighted.",
    2: "Searches ahead over many sampled futures (Monte Carlo tree search): thinks longer, plays better.",
}


# -- settings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GreedySettings:
    """Knobs of the greedy one-ply bot (level 1)."""

    samples: int = 4  # determinized rollouts per legal action
    rollout_turns: int = 0  # turns of random play after the action before scoring (0: score at once)
    max_rollout_actions: int = 30  # hard stop of a rollout, in actions
    finish_turn: bool = False  # play out the rest of the bot's own turn at random before scoring
    random_kinds: tuple[str, ...] = ()  # decisions of these action kinds are taken at random (a weaker level)


@dataclass(frozen=True)
class MctsSettings:
    """Knobs of the determinized MCTS bot (level 2)."""

    iterations: int = 1000  # search iterations per decision (the whole budget) ...
    action_budget: int = 5000  # ... or, if sooner, this many simulated actions (0: no such cap); evens out the time
    exploration: float = 0.25  # UCB1 constant; heuristic values differ by a few hundredths, so keep it small
    max_turns: int = 2  # a playout stops after this many changes of the player to move ...
    max_actions: int = 60  # ... or this many actions from the root, and is scored by the heuristic
    rollout_greedy: float = 0.0  # chance a playout step picks the best action by heuristic (costly)
    widening: float = 0.0  # progressive widening: children allowed = 1 + widening * visits**0.5 (0: off)


@dataclass(frozen=True)
class BotSettings:
    """Everything that tunes the bots for one game."""

    greedy: GreedySettings = field(default_factory=GreedySettings)
    mcts: MctsSettings = field(default_factory=MctsSettings)


DEFAULT_SETTINGS = BotSettings()


def settings_for(game: Game) -> BotSettings:
    """The bot settings of a game (`Game.bot_settings`; the defaults when it has none of its own)."""
    return game.bot_settings() or DEFAULT_SETTINGS


# -- thinking and bots ------------------------------------------------------------------


class Thinking:
    """A decision in progress: call `step` until it returns True, then read `result`."""

    def __init__(self, action: Action | None = None) -> None:
        self._action = action

    def step(self, max_work: int) -> bool:
        """Do at most about `max_work` units of work; True once the decision is made."""
        return True

    @property
    def is_done(self) -> bool:
        """True once `result` is available."""
        return self._action is not None

    @property
    def result(self) -> Action:
        """The chosen action (finishing the work first if `step` was not called enough)."""
        while not self.step(1 << 30):
            pass
        if self._action is None:  # pragma: no cover - every Thinking sets it when done
            raise RuntimeError("The bot finished without choosing an action.")
        return self._action

    @property
    def progress(self) -> float:
        """How far the thinking has come, from 0 to 1."""
        return 1.0 if self._action is not None else 0.0


class Bot:
    """A computer player of one game at one level; `seed` makes it repeatable."""

    level: int = 0

    def __init__(self, game: Game, seed: int = 0, settings: BotSettings | None = None) -> None:
        self.game = game
        self.seed = seed
        self.settings = settings or settings_for(game)

    def begin(self, state: GameState, seat: int) -> Thinking:
        """Start deciding for `seat`, which must be the player to move in `state`."""
        if state.current_player != seat:
            raise ValueError(f"It is not seat {seat}'s turn to decide (the player to move is {state.current_player}).")
        legal = self.game.sensible_actions(state, self.game.legal_actions(state))
        if not legal:
            raise ValueError("There is nothing to decide: the game is over.")
        if len(legal) == 1:
            return Thinking(legal[0])
        return self._begin(state, seat, legal, decision_rng(self.seed, state, seat))

    def choose(self, state: GameState, seat: int) -> Action:
        """Decide at once: the action `seat` plays in `state`."""
        return self.begin(state, seat).result

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        """Start a decision with at least two legal actions."""
        raise NotImplementedError


def decision_rng(seed: int, state: GameState, seat: int) -> Rng:
    """The bot's own RNG for one decision: from its seed, the seat and how far the game has come.

    It never looks at the state's RNG or seed, so it holds nothing about the dice to come.
    """
    mixer = Rng((seed * 0x9E3779B97F4A7C15 + state.moves * 0xD1B54A32D192ED03 + seat + 1) & MASK64)
    return Rng(mixer.next64())


# -- level 0: random ------------------------------------------------------------------


class BaselineBot(Bot):
    """The game's scripted player of sound simple rules (`Game.baseline_action`)."""

    level = BASELINE

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        return Thinking(self.game.baseline_action(state, legal))


class RandomBot(Bot):
    """Level 0: a uniformly random legal action (for tests and benchmarks)."""

    level = 0

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        return Thinking(rng.choice(legal))


# -- shared simulation helpers ------------------------------------------------------------


def outcome_values(game: Game, state: GameState) -> list[float]:
    """Each seat's value of a finished game: winners share 1, the others get 0."""
    winners = game.winners(state)
    values = [0.0] * state.num_players
    for seat in winners:
        values[seat] = 1.0 / len(winners)
    return values


def seat_value(game: Game, state: GameState, seat: int) -> float:
    """How well `seat` stands in `state`, in [0, 1]: the result if over, else the heuristic."""
    if state.current_player is None:
        return outcome_values(game, state)[seat]
    return game.heuristic(state, seat)


def all_values(game: Game, state: GameState) -> list[float]:
    """How well every seat stands in `state`, in [0, 1]."""
    if state.current_player is None:
        return outcome_values(game, state)
    return [game.heuristic(state, seat) for seat in range(state.num_players)]


def random_playout(
    game: Game,
    state: GameState,
    rng: Rng,
    max_turns: int,
    max_actions: int,
    greedy: float = 0.0,
    owner: int | None = None,
) -> int:
    """Play legal actions on `state` in place until it ends or a limit is reached; returns the actions played.

    Each step is uniformly random, except that with probability `greedy` it is
    the action after which the heuristic of the player to move is best (one
    sample of the dice: a cheap, noisy look-ahead that steers playouts to sensible play).
    A turn ends when another player is to move, except for a reaction asked in the middle of the turn
    (`Game.is_interruption`); `owner` is whose turn it is (default: the player to move).
    """
    mover = state.current_player
    owner = mover if owner is None else owner
    turns = 0
    played = 0
    while played < max_actions and mover is not None:
        actions = game.sensible_actions(state, game.legal_actions(state))
        if len(actions) == 1:
            action = actions[0]
        elif greedy and rng.random() < greedy:
            action = _greedy_step(game, state, mover, actions, rng)
            played += len(actions)  # the look-ahead costs about one action per candidate
        else:
            action = actions[rng.randrange(len(actions))]
        game.apply_unchecked(state, action)
        played += 1
        mover = state.current_player
        if mover is not None and mover != owner and not game.is_interruption(state):
            turns += 1
            if turns >= max_turns:
                break
            owner = mover
    return played


def _greedy_step(game: Game, state: GameState, mover: int, actions: list[Action], rng: Rng) -> Action:
    """The action whose result (one sampled future, the same for all) the heuristic of `mover` likes best."""
    best_action = actions[0]
    best_value = -1.0
    dice = rng.next64()  # the same sampled dice for every candidate: a fairer comparison
    for action in actions:
        trial = state.clone()
        trial.rng = Rng(dice)
        game.apply_unchecked(trial, action)
        value = seat_value(game, trial, mover)
        if value > best_value:
            best_value, best_action = value, action
    return best_action


# -- level 1: greedy one-ply -------------------------------------------------------------


class _GreedyThinking(Thinking):
    """Scores each legal action by the heuristic after a few determinized samples."""

    def __init__(self, bot: GreedyBot, state: GameState, seat: int, legal: list[Action], rng: Rng) -> None:
        super().__init__()
        self.bot = bot
        self.state = state
        self.seat = seat
        self.legal = legal
        self.rng = rng
        self.totals = [0.0] * len(legal)
        self.samples = max(1, bot.settings.greedy.samples)
        self.done = 0  # work units done: one per (action, sample)

    @property
    def budget(self) -> int:
        """Work units of the whole decision."""
        return len(self.legal) * self.samples

    def step(self, max_work: int) -> bool:
        """Evaluate up to `max_work` (action, sample) pairs."""
        if self._action is not None:
            return True
        game, knobs = self.bot.game, self.bot.settings.greedy
        stop = min(self.budget, self.done + max(1, max_work))
        while self.done < stop:
            index, _sample = divmod(self.done, self.samples)
            copy = game.determinize(self.state, self.seat, self.rng)
            game.apply_unchecked(copy, self.legal[index])
            if knobs.finish_turn and (copy.current_player == self.seat or game.is_interruption(copy)):
                random_playout(game, copy, self.rng, 1, knobs.max_rollout_actions, owner=self.seat)
            if knobs.rollout_turns:
                random_playout(game, copy, self.rng, knobs.rollout_turns, knobs.max_rollout_actions)
            self.totals[index] += seat_value(game, copy, self.seat)
            self.done += 1
        if self.done >= self.budget:
            best = max(range(len(self.legal)), key=lambda i: (self.totals[i], -i))
            self._action = self.legal[best]
            return True
        return False

    @property
    def progress(self) -> float:
        """Share of the (action, sample) pairs evaluated."""
        return 1.0 if self._action is not None else self.done / self.budget


class GreedyBot(Bot):
    """Level 1: the legal action whose average heuristic over a few sampled futures is best.

    One ply only: each candidate is played on a few determinized copies, the
    rest of the bot's own turn is (optionally) finished at random, and the
    heuristic is averaged. Cheap (about a millisecond or a few), and blind to plans.
    """

    level = 1

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        legal = self.game.preferred_actions(state, legal)
        if len(legal) == 1:
            return Thinking(legal[0])
        kinds = self.settings.greedy.random_kinds
        if kinds and all(getattr(action, "kind", None) in kinds for action in legal):
            return Thinking(rng.choice(legal))
        return _GreedyThinking(self, state, seat, legal, rng)


# -- level 2: determinized MCTS ------------------------------------------------------------


def action_key(action: Action) -> tuple[Any, ...]:
    """A cheap hashable identity of an action: its class and field values (faster than hashing the model)."""
    return (action.__class__, *action.__dict__.values())


class _Node:
    """A node of the information-set tree: reached by a sequence of actions from the root."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[tuple[Any, ...], _Node] = {}  # by `action_key` of the action that leads there
        self.visits = 0
        self.available = 0  # iterations in which this node's action was legal (ISMCTS availability)
        self.totals = [0.0] * num_players  # summed value of each seat over the visits


class _MctsThinking(Thinking):
    """Single-observer information-set MCTS: one determinization of the unknowns per iteration.

    Each iteration samples a world the seat could believe in, walks the tree by
    UCB1 among the actions legal in that world, adds one node, plays out at
    random for a few turns, scores every seat (result or heuristic) and backs the
    values up; each node is judged by the seat that chose its action.
    """

    def __init__(self, bot: MctsBot, state: GameState, seat: int, legal: list[Action], rng: Rng) -> None:
        super().__init__()
        self.bot = bot
        self.state = state
        self.seat = seat
        self.legal = legal
        self.rng = rng
        self.knobs = bot.settings.mcts
        self.root = _Node(state.num_players)
        self.iterations = 0
        self.simulated = 0  # actions applied on copies so far

    def step(self, max_work: int) -> bool:
        """Run up to `max_work` search iterations."""
        if self._action is not None:
            return True
        stop = min(self.knobs.iterations, self.iterations + max(1, max_work))
        while self.iterations < stop and not self._is_spent():
            self.simulated += self._iterate()
            self.iterations += 1
        if self.iterations >= self.knobs.iterations or self._is_spent():
            self._action = self._best_root_action()
            return True
        return False

    def _is_spent(self) -> bool:
        """True once the simulated-action budget (if any) is used up."""
        return 0 < self.knobs.action_budget <= self.simulated

    @property
    def progress(self) -> float:
        """Share of the budget used (iterations or simulated actions, whichever is further along)."""
        if self._action is not None:
            return 1.0
        done = self.iterations / max(1, self.knobs.iterations)
        if self.knobs.action_budget > 0:
            done = max(done, self.simulated / self.knobs.action_budget)
        return min(done, 0.999)

    def _iterate(self) -> int:
        """One search iteration; returns the number of actions it simulated."""
        game, knobs, rng = self.bot.game, self.knobs, self.rng
        state = game.determinize(self.state, self.seat, rng)
        node = self.root
        path = [node]
        mover = owner = state.current_player  # who decides now; whose turn it is (a reaction is not a turn)
        turns = 0
        depth = 0
        expanded = False
        # Selection and expansion.
        while mover is not None and depth < knobs.max_actions and turns < knobs.max_turns:
            actions = self.legal if depth == 0 else game.sensible_actions(state, game.legal_actions(state))
            action, child, expanded = self._select(node, actions, mover)
            game.apply_unchecked(state, action)
            node = child
            path.append(node)
            depth += 1
            mover = state.current_player
            if mover is not None and mover != owner and not game.is_interruption(state):
                turns += 1
                owner = mover
            if expanded:
                break
        # Playout from the new node.
        if expanded and mover is not None and turns < knobs.max_turns and depth < knobs.max_actions:
            depth += random_playout(
                game,
                state,
                rng,
                max(1, knobs.max_turns - turns),
                max(1, knobs.max_actions - depth),
                knobs.rollout_greedy,
                owner,
            )
        values = all_values(game, state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value
        return depth

    def _select(self, node: _Node, actions: list[Action], mover: int) -> tuple[Action, _Node, bool]:
        """The action to follow from `node` among `actions` (legal here), its child, and if it is new."""
        children = node.children
        keyed = [(action_key(action), action) for action in actions]
        untried = [pair for pair in keyed if pair[0] not in children]
        widening = self.knobs.widening
        may_expand = not widening or len(children) < 1 + widening * math.sqrt(node.visits)
        if untried and (may_expand or len(untried) == len(actions)):
            key, action = untried[self.rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = _Node(len(node.totals))
            children[key] = child
            for other_key, _ in keyed:
                other_child = children.get(other_key)
                if other_child is not None:
                    other_child.available += 1
            return action, child, True
        exploration = self.knobs.exploration
        best_action = actions[0]
        best_child: _Node | None = None
        best_score = -math.inf
        for key, action in keyed:
            known = children.get(key)
            if known is None:
                continue
            known.available += 1
            score = known.totals[mover] / known.visits + exploration * math.sqrt(
                math.log(known.available) / known.visits
            )
            if score > best_score:
                best_score, best_action, best_child = score, action, known
        if best_child is None:  # pragma: no cover - some legal action always has a child here
            raise RuntimeError("The search found no child to follow.")
        return best_action, best_child, False

    def _best_root_action(self) -> Action:
        """The most visited root action (ties: the better mean, then the earlier legal action)."""
        best_index = 0
        best_key = (-1, -math.inf)
        for index, action in enumerate(self.legal):
            child = self.root.children.get(action_key(action))
            if child is None:
                continue
            key = (child.visits, child.totals[self.seat] / max(1, child.visits))
            if key > best_key:
                best_key, best_index = key, index
        return self.legal[best_index]


class MctsBot(Bot):
    """Level 2: determinized information-set MCTS with short playouts scored by the heuristic."""

    level = 2

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        legal = self.game.preferred_actions(state, legal)
        if len(legal) == 1:
            return Thinking(legal[0])
        return _MctsThinking(self, state, seat, legal, rng)


# -- the public entry points ----------------------------------------------------------------

_BOTS: dict[int, type[Bot]] = {BASELINE: BaselineBot, 0: RandomBot, 1: GreedyBot, 2: MctsBot}


def bot_levels(game: Game) -> list[tuple[int, str]]:
    """The levels the app offers for `game`, weakest first (level 0, random, is left out); a game with bots of
    its own design names its own levels."""
    own = game.bot_levels()
    if own is not None:
        return list(own)
    return [(level, LEVEL_NAMES[level]) for level in sorted(_BOTS) if level > 0]


def level_notes(game: Game) -> dict[int, str]:
    """One line on how each level of `bot_levels(game)` plays (the game's own lines, else the generic ones); a
    level without a line is left out."""
    own = game.bot_level_notes()
    notes = LEVEL_NOTES if own is None else own
    return {level: notes[level] for level, _name in bot_levels(game) if level in notes}


def make_bot(game: Game, level: int, seed: int = 0) -> Bot:
    """A bot for `game` at `level` (-1 the scripted baseline, 0 random, 1 easy, 2 hard), repeatable for a `seed`."""
    own = game.own_bot(level, seed)
    if own is not None:
        return own
    bot_type = _BOTS.get(level)
    if bot_type is None:
        raise ValueError(f"There is no bot level {level} (levels: {', '.join(str(k) for k in sorted(_BOTS))}).")
    return bot_type(game, seed)
