"""What a seat may know of a game of Titan, as JSON-ready data for the app (and the bots).

Shape (every list in a stable order):

    {"game": "titan", "seat": seat or None, "phase", "mover", "current_player", "turn_number", "roll",
     "players": [{"seat", "name", "colour", "tower", "score", "titan_power", "alive", "markers_free"}],
     "legions": [{"marker", "owner", "land", "height", "moved", "known": [names], "contents": [names] or None}],
     "stock": {name: count}, "slain": {name: count},
     "engagement": {...} or {}, "battle": {...} or None, "winner", "status"}

and under Battle Titan only, "war": {"points": [per seat], "kinds": [per seat {kind: points}],
"trophies": [per seat {name: count}], "returned": {name: count}, "seconds", "appeared", "ends", "spawn_tower",
"spawn_answers", "end": {what is left before the agreed end: endings.remaining}, "totals": [per seat, battle
points + half the living], "living": [per seat {name: half-value}], and in the spawn phase "spawn_offer":
{"slots": [{"creature", "path", "role", "rule"}], "choice": {"path", "role", "rule", "options"}}, the new
legion so far and the question asked (spawn.py)}: everyone's, as every kill and every
counter returned happens in everyone's sight (a battle, or a legion revealed as it goes), and what each
player holds in all is public (every muster, angel and loss is shown; only which legion holds what is not).

`contents` is given only for the seat's own legions (or all of them with the "open legions" option, or
to nobody's hand but everyone's eyes once the game is over); `known` is what the seat has seen of a
legion of another player (a sub-multiset of its contents). Nothing else about a hidden legion is given.
"""

from __future__ import annotations

from typing import Any, cast

from engine.titan.state import Engagement, Phase, TitanState


def build_view(state: TitanState, seat: int | None) -> dict[str, Any]:
    """The picture of the game `seat` may see (None: a spectator, who sees what everyone sees)."""
    open_legions = bool(getattr(state.options, "open_legions", False)) or state.phase == Phase.GAME_OVER
    legions = []
    for marker in sorted(state.legions):
        legion = state.legions[marker]
        visible = open_legions or (seat is not None and seat == legion.owner)
        legions.append(
            {
                "marker": marker,
                "owner": legion.owner,
                "land": legion.land,
                "height": legion.height,
                "moved": legion.moved,
                "known": list(legion.contents)
                if visible
                else (legion.knows(seat) if seat is not None else legion.public()),
                "contents": list(legion.contents) if visible else None,
            }
        )
    war = {} if state.war is None else {"war": _war(state)}
    return {
        "game": "titan",
        "seat": seat,
        "phase": state.phase.value,
        "mover": state.mover,
        "current_player": state.current_player,
        "turn_number": state.turn_number,
        "roll": state.roll,
        "players": [
            {
                "seat": index,
                "name": state.seats[index].name,
                "colour": player.colour,
                "tower": player.tower,
                "score": player.score,
                "titan_power": player.titan_power,
                "alive": player.alive,
                "markers_free": len(player.free_markers),
            }
            for index, player in enumerate(state.players)
        ],
        "legions": legions,
        "stock": dict(sorted(state.stock.items())),
        "slain": dict(sorted(state.slain.items())),
        "engagement": _engagement(state, seat),
        "battle": None if state.battle is None else state.battle.view(),
        "winner": state.winner,
        **war,
    }


def _engagement(state: TitanState, seat: int | None) -> dict[str, Any]:
    """The engagement being resolved; the terms on the table only for its two players."""
    terms = state.engagement
    if not isinstance(terms, Engagement):
        return {}
    shown: dict[str, Any] = {"land": terms.land, "attacker": terms.attacker, "defender": terms.defender,
                             "proposer": terms.proposer}  # fmt: skip
    parties = {state.legions[marker].owner for marker in (terms.attacker, terms.defender) if marker in state.legions}
    if seat in parties:
        shown.update(eliminated=terms.eliminated, losses=list(terms.losses))
    return shown


def _war(state: TitanState) -> dict[str, Any]:
    """Battle Titan's record, what is left before the end, and the running totals with their half-values."""
    from engine.titan.battle_titan import endings

    rows = endings.breakdown(state)
    return {
        **cast(Any, state.war).snapshot(),
        "end": endings.remaining(state),
        "totals": [row.total for row in rows],
        "living": [dict(sorted(row.living.items())) for row in rows],
        **({"spawn_offer": _spawn_offer(state)} if state.phase == Phase.SPAWN else {}),
    }


def _spawn_offer(state: TitanState) -> dict[str, Any]:
    """The spawn legion settled so far and the open choice, with the house rule for each (public: it is built
    from what is alive on the board and in the stock, and the legion is shown to all once it stands)."""
    from engine.titan.battle_titan import respawn

    offer = respawn.offer(state)
    choice = offer.choice
    return {
        "slots": [
            {"creature": slot.creature, "path": slot.path, "role": slot.role, "rule": slot.rule} for slot in offer.slots
        ],
        "choice": None
        if choice is None
        else {"path": choice.path, "role": choice.role, "rule": choice.rule, "options": list(choice.options)},
    }
