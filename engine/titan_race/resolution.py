"""Running an effect to its end: a die move, an Ability, a Bonus card, a trap, a hit.

Every effect runs through `resolve`. An effect may need a player's answer half-way (pirates: a card or a
Life Point; Shield: play it or not). Then the effect is run on a copy; when it reaches an unanswered question
the real state is left untouched and waits in the ANSWER phase with the effect and the answers so far; each
answer re-runs the effect from its start on a fresh copy, which is deterministic, until it completes and the
copy is adopted. The steps themselves are in `effects.py`, the Abilities and cards in `powers.py`.
"""

from __future__ import annotations

import contextlib

from engine.titan_race.effects import (
    Effect,
    GameWon,
    NeedAnswer,
    cells,
    damage_space,
    enter_start,
    lose_life,
    may_ask,
    move,
    place_trap,
    settle_pushes,
)
from engine.titan_race.powers import run_ability, run_card
from engine.titan_race.records import AnyEffect
from engine.titan_race.state import NO_QUESTION, Phase, Question, TitanRaceState


def resolve(state: TitanRaceState, effect: AnyEffect) -> bool:
    """Run an effect to its end; False if it stopped to ask (the state then waits in the ANSWER phase)."""
    risky = may_ask(state)
    work = state.clone() if risky else state
    fx = Effect(work, list(state.answers), risky)  # type: ignore[arg-type]
    try:
        run(fx, effect)
    except NeedAnswer as question:
        state.answers = state.answers[: fx.asked]  # (answers past the question, of an older rules version, go)
        state.question = Question(
            titan=question.titan,
            kind=question.kind,
            options=question.options,
            prompt=question.prompt,
            effect=effect,
            resume=state.phase,
        )
        state.drawn = fx.fresh  # (what `own_draws` would find by running the effect again)
        state.phase = Phase.ANSWER
        return False
    except GameWon as won:
        work.winner = won.titan  # type: ignore[attr-defined]
        work.phase = Phase.GAME_OVER  # type: ignore[attr-defined]
        fx.log(f"{fx.name(won.titan)} wins the race!")
    if risky:
        state.__dict__.update(work.__dict__)
    state.answers = []
    state.question = NO_QUESTION
    state.drawn = None
    return True


def own_draws(state: TitanRaceState, seat: int) -> dict[int, str]:
    """In the ANSWER phase: the deck positions (from the top) of the cards `seat`'s Titans drew during the
    pending effect so far, with the cards: that player has seen them.

    The question holds the cards drawn before it was asked; where it does not (a position read back, a world a
    bot sampled) the effect is run once more with the answers so far to find them, and they are kept.
    """
    if state.drawn is None:
        fx = Effect(state.clone(record=False), list(state.answers), True)
        with contextlib.suppress(NeedAnswer, GameWon):
            run(fx, state.asked().effect)
        state.drawn = fx.fresh
    return {
        index: card
        for index, (titan, card) in enumerate(state.drawn)
        if index < len(state.deck) and state.titans[titan].owner == seat
    }


def replays_to_its_question(state: TitanRaceState) -> bool:
    """In the ANSWER phase: True if the pending effect, re-run with the answers so far, asks the same question.

    A world a bot samples (other hands, the deck, future dice) must agree with what was seen: the questions
    already answered in this effect and the one now asked. See `TitanRace.determinize`.
    """
    question = state.asked()
    fx = Effect(state.clone(record=False), list(state.answers), True)
    try:
        run(fx, question.effect)
    except NeedAnswer as asked:
        return (asked.titan, asked.kind, asked.options) == (question.titan, question.kind, question.options)
    except GameWon:
        return False
    return False


def run(fx: Effect, effect: AnyEffect) -> None:
    """Carry out one effect (see `resolve`)."""
    kind = effect.kind
    titan = effect.titan
    if kind == "move":
        move(fx, titan, tuple(effect.steps))
    elif kind == "start":
        enter_start(fx, titan, effect.space)
    elif kind == "trap":
        place_trap(fx, titan, effect.space)
    elif kind == "hit":
        board = cells(fx.state, titan, "before")[effect.space]
        damage_space(fx, board, effect.space, f"{fx.name(titan)}'s hit")
    elif kind == "pay":
        lose_life(fx, titan, effect.why, shieldable=False)
    elif kind == "ability":
        run_ability(fx, titan, effect)
    elif kind == "card":
        run_card(fx, titan, effect)
    settle_pushes(fx)
