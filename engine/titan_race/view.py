"""The JSON-ready picture of a Titan Race game that the app draws, with previews of the pending choices."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from engine.titan_race.board import COORDINATES, SPACES
from engine.titan_race.data import BONUS_CARDS, CIRCUITS, FACE_TEXT, TITANS, TRAP_TOKENS
from engine.titan_race.effects import Effect, GameWon, NeedAnswer, features_of
from engine.titan_race.powers import damage_targets, trap_targets
from engine.titan_race.records import AbilityEffect, AnyEffect, CardEffect, MoveEffect
from engine.titan_race.resolution import run
from engine.titan_race.state import Phase, Question, TitanRaceState, Turn

if TYPE_CHECKING:
    from engine.core import Game


def build_view(game: Game, state: TitanRaceState, seat: int | None) -> dict[str, Any]:
    """The view of `state` for `seat`: other seats' Bonus hands (count only), the deck order and the RNG are hidden.

    Shape (every key always present):

    - ``game``: "titan_race"; ``title``; ``seat``: the viewer (int or None); ``variant``; ``teams``: team per seat;
      ``pickers``: the seat that chooses and plays each Titan (the ``choose_titan`` phase fills ``titans``)
    - ``circuits``: one per board (three in the Grand Slam), each ``{"id", "name", "effect", "spaces": [...]}``
      where each space is ``{"space": "D4", "column": 0-5, "row": 1-12, "features": [...], "ramp": "" | "NW" |
      "NE" | "multi"}`` and features are among lava, pirates, super_ramp, multi_ramp, statue, pentacle, ice, bonus
    - ``titans``: per Titan (index order), ``{"index", "titan", "name", "rider", "colour", "owner", "owner_name",
      "team", "board", "space" (None before entering), "lap", "life", "max_life", "ko" ("", "ko", "recovering"),
      "ability", "ability_used", "shielded" (a Shield holds until its next turn), "hand" (card keys, or None if
      hidden), "hand_count", "hand_holder" (the Titan whose hand this one plays from: itself, or in the
      2-player variant its player's first Titan), "is_acting"}``
    - ``traps``: [{"board", "space"}]; ``trap_supply``: tokens left
    - ``deck_count``; ``discard``: the discard pile (public); ``cards``: {key: {"name", "timing", "text"}}
    - ``round``, ``first_titan``, ``order`` (Titan indices this round), ``turn_index``, ``acting`` (Titan index)
    - ``dice``: {"pool": faces not yet taken, "taken": the acting Titan's die, "face": the action it takes,
      "faces": {face: text}}
    - ``turn``: the turn in progress (die, face, penalty, moved, extra_done, card_played, rerolled, pentacle)
    - ``phase``, ``current_player``, ``status``: who must do what, as a sentence
    - ``question``: {} or {"titan", "kind" ("pirates" | "shield"), "options", "prompt"}
    - ``previews``: one per legal Move, UseAbility and PlayCard that moves Titans (only for the deciding seat or
      a spectator): {"action": the action's JSON, "end": {titan index: space}, "paths": {titan index: spaces
      entered in order}, "pushed": [titan indices], "laps": {titan index: lap}, "boards": {titan index: board}};
      keys are titan indices as strings; pirates are previewed as
      Life Points and Shields as kept
    - ``game_over``, ``winner`` (Titan index or -1), ``winners`` (seats), ``scores``
    """
    titans = [_titan_view(state, index, seat) for index in range(len(state.titans))]
    is_over = state.phase == Phase.GAME_OVER
    deciding = state.current_player
    # Previews and a question's options name the deciding player's cards: only that player sees them.
    deciding_here = not is_over and seat is not None and seat == deciding
    previews = _previews(game, state) if deciding_here else []
    question = _question_view(state, deciding_here)
    return {
        "game": "titan_race",
        "title": "Titan Race",
        "seat": seat,
        "variant": state.options.variant,  # type: ignore[attr-defined]
        "teams": list(state.teams),
        "pickers": list(state.pickers),
        "circuits": [_circuit_view(key) for key in state.circuits],
        "titans": titans,
        "traps": [{"board": int(t.split(":")[0]), "space": t.split(":")[1]} for t in state.traps],
        "trap_supply": TRAP_TOKENS - len(state.traps),
        "deck_count": len(state.deck),
        "discard": list(state.discard),
        "cards": {key: {"name": c.name, "timing": c.timing, "text": c.text} for key, c in BONUS_CARDS.items()},
        "round": state.round_number,
        "first_titan": state.first_titan,
        "order": list(state.order),
        "turn_index": state.turn_index,
        "acting": state.acting,
        "dice": {
            "pool": list(state.pool),
            "taken": state.turn.die if isinstance(state.turn, Turn) else "",
            "face": state.turn.face if isinstance(state.turn, Turn) else "",
            "faces": dict(FACE_TEXT),
        },
        "turn": state.turn.snapshot(),
        "phase": state.phase.value,
        "current_player": deciding,
        "status": status_sentence(state),
        "question": question,
        "previews": previews,
        "game_over": is_over,
        "winner": state.winner,
        "winners": game.winners(state),
        "scores": game.scores(state),
    }


def _question_view(state: TitanRaceState, deciding_here: bool) -> dict[str, Any]:
    """The question waiting for an answer ({} if none); its options (the cards a player may give up) only for the
    player asked."""
    question = state.question
    if not isinstance(question, Question):
        return {}
    if not deciding_here:
        return {"titan": question.titan, "kind": question.kind, "prompt": question.prompt}
    return {
        "titan": question.titan,
        "kind": question.kind,
        "options": list(question.options),
        "prompt": question.prompt,
    }


def _circuit_view(key: str) -> dict[str, Any]:
    """A circuit's spaces and their features."""
    spec = CIRCUITS[key]
    ramps = dict(spec.super_ramps)
    spaces = []
    for space in SPACES:
        features = [
            name
            for name, members in (
                ("lava", spec.lava),
                ("pirates", spec.pirates),
                ("super_ramp", tuple(ramps)),
                ("multi_ramp", spec.multi_ramps),
                ("statue", spec.statues),
                ("pentacle", spec.pentacle),
                ("ice", spec.ice),
                ("bonus", spec.bonus),
            )
            if space in members
        ]
        ramp = ramps.get(space, "multi" if space in spec.multi_ramps else "")
        column, row = COORDINATES[space]
        spaces.append({"space": space, "column": column, "row": row, "features": features, "ramp": ramp})
    return {"id": key, "name": spec.name, "effect": spec.effect, "spaces": spaces}


def _titan_view(state: TitanRaceState, index: int, seat: int | None) -> dict[str, Any]:
    """One Titan; its hand only for its own seat."""
    titan = state.titans[index]
    spec = TITANS[titan.name]
    visible = seat is not None and titan.owner == seat
    return {
        "index": index,
        "titan": titan.name,
        "name": spec.name,
        "rider": spec.rider,
        "colour": spec.colour,
        "owner": titan.owner,
        "owner_name": state.name(titan.owner),
        "team": state.teams[titan.owner],
        "board": state.board_of(titan),
        "space": titan.space,
        "lap": titan.lap,
        "life": titan.life,
        "max_life": titan.max_life,
        "ko": titan.ko,
        "ability": spec.ability,
        "ability_used": titan.ability_used,
        "shielded": titan.shielded,
        "hand": list(titan.hand) if visible else None,
        "hand_count": len(titan.hand),
        "hand_holder": state.hand_holder(index),  # 2-player: the Titan holding its player's one hand
        "is_acting": state.phase != Phase.GAME_OVER and index == state.acting,
    }


class _PreviewEffect(Effect):
    """An effect run for a preview: pirates take a Life Point, Shields are kept."""

    def ask(self, titan: int, kind: str, options: list[str], prompt: str) -> str:
        """The default answer, never a stop."""
        return "life" if kind == "pirates" else "no"


def preview(game: Game, state: TitanRaceState, action: Any) -> dict[str, Any] | None:
    """Where an action would take the Titans (None for actions that move nobody)."""
    kind = action.kind
    titan = state.acting
    if kind == "move":
        effect: AnyEffect = MoveEffect(kind="move", titan=titan, steps=list(action.steps))
    elif kind == "use_ability" and action.titan in ("rassik", "craken", "ragnarok"):
        effect = AbilityEffect(kind="ability", titan=titan, target=action.target, direction=action.direction)
    elif kind == "play_card" and action.card in ("winged_boots", "sidestep", "grappling_hook", "gust_of_wind"):
        effect = CardEffect(
            kind="card", titan=titan, card=action.card, target=action.target, direction=action.direction
        )
    else:
        return None
    work = state.clone(record=False)
    fx = _PreviewEffect(work, [], False)  # type: ignore[arg-type]
    with contextlib.suppress(GameWon, NeedAnswer):
        run(fx, effect)
    before = {i: (t.space, t.lap) for i, t in enumerate(state.titans)}
    moved = {i: t for i, t in enumerate(work.titans) if (t.space, t.lap) != before[i]}
    return {
        "action": action.model_dump(mode="json"),
        "end": {str(i): t.space for i, t in moved.items()},
        "paths": {str(i): path for i, path in fx.path.items()},
        "pushed": sorted(set(fx.pushed) - {titan}),
        "laps": {str(i): t.lap for i, t in moved.items()},
        "boards": {str(i): work.board_of(t) for i, t in moved.items()},
    }


def _previews(game: Game, state: TitanRaceState) -> list[dict[str, Any]]:
    """Previews of every legal action that moves Titans."""
    if state.phase != Phase.TURN:
        return []
    found = []
    for action in game.legal_actions(state):
        result = preview(game, state, action)
        if result is not None:
            found.append(result)
    return found


def status_sentence(state: TitanRaceState) -> str:
    """Who must do what now, or how the race ended."""
    if state.phase == Phase.GAME_OVER:
        if state.winner < 0:
            return "The race is over."
        titan = state.titans[state.winner]
        return f"{TITANS[titan.name].name} ({state.name(titan.owner)}) completes the third lap and wins the race!"
    if state.phase == Phase.CHOOSE_TITAN:
        return f"{state.name(state.pickers[len(state.titans)])}: choose a Titan"
    if state.phase == Phase.ORDER_TITANS:
        return f"{state.name(state.ordering_now().ordering)}: choose which of your Titans races first"
    titan = state.titans[state.acting]
    who = f"{state.name(titan.owner)} ({TITANS[titan.name].name})"
    if state.phase == Phase.DRAFT:
        if titan.ko == "ko":
            return f"{who}: K.O. \u2014 take a die, then pass"
        return f"{who}: take a die"
    if state.phase == Phase.CHOOSE_FACE:
        return f"{who}: purple \u2014 choose which other face's action to take"
    if state.phase == Phase.START:
        return f"{who}: choose your start space (A1, C1 or E1)"
    if state.phase == Phase.ANSWER:
        question = state.asked()
        asked = state.titans[question.titan]
        return f"{state.name(asked.owner)} ({TITANS[asked.name].name}): {question.prompt}"
    turn = state.turn_now()
    parts = []
    if not turn.moved:
        parts.append(f"take the {turn.face} move")
    if not turn.extra_done:
        if turn.face == "red" and trap_targets(state, state.acting, "behind"):
            parts.append("place your trap")
        elif turn.face == "green" and damage_targets(state, state.acting, "before"):
            parts.append("inflict your hit")
    if turn.penalty:
        parts.append("lose the purple die's Life Point")
    if turn.pentacle:
        features = features_of(state, state.board_of(titan))
        if titan.space in features.pentacle:
            parts.append("re-roll on the pentacle")
    if not parts:
        return f"{who}: use your Ability or a Bonus card, or end your turn"
    return f"{who}: " + ", ".join(parts) + " (Ability and Bonus card as you like)"
