"""Titan's worlds for the computer players: the game with what a seat has not seen dealt again."""

from __future__ import annotations

from typing import cast

from engine.core import Rng
from engine.titan import engagements
from engine.titan.state import Engagement, Legion, Phase, TitanState, seen


def determinize(state: TitanState, seat: int, rng: Rng) -> TitanState:
    """A copy `seat` could believe in, and a sound game: new dice, and nothing hidden from the seat kept as it
    really is. What the seat sees stays: its own legions, both legions of a battle, every legion in an "open
    legions" game, what it knows of the others' legions, the terms on the table if it is party to them.

    The characters of other players' legions it has not seen are dealt again at random from those it cannot
    account for: each player's among his own legions (what a player holds in all is public: the first legion,
    every muster, angel and loss are shown), his Titan, if unseen, into one of his unseen slots. What a third seat
    knows of a legion dealt again is what the seat knows he knows, and as many of the characters dealt as he
    knew besides; terms between two other players are drawn again among those the copy's legions allow."""
    copy = cast(TitanState, state.clone(record=False))
    copy.rng = Rng(rng.next64())
    if copy.phase != Phase.GAME_OVER and not getattr(copy.options, "open_legions", False):
        _deal_unseen(copy, seat, rng)  # (in an open game, every legion is seen whole)
    _draw_terms(copy, seat, rng)
    return copy


def _deal_unseen(copy: TitanState, seat: int, rng: Rng) -> None:
    """The characters of other players' legions `seat` has not seen, dealt again (see `determinize`): each
    player's among his own legions, since every character joins or leaves a player's legions in everyone's
    sight (a muster, an angel, a battle, a legion given up), so what each player holds in all is known."""
    hidden: dict[int, list[Legion]] = {}
    for marker in sorted(copy.legions):
        legion = copy.legions[marker]
        if len(seen(copy, legion, seat)) < legion.height:
            hidden.setdefault(legion.owner, []).append(legion)
    for legions in hidden.values():
        pool: list[str] = []
        for legion in legions:
            rest = list(legion.contents)
            for name in legion.known[seat]:
                rest.remove(name)
            pool += rest
        pool.sort()
        rng.shuffle(pool)
        for legion in legions:
            known = legion.known[seat]
            dealt = [pool.pop() for _ in range(legion.height - len(known))]
            legion.contents = sorted(known + dealt)
            for other, theirs in enumerate(legion.known):
                if other == seat or not theirs:
                    continue
                if other == legion.owner:
                    legion.known[other] = []
                    continue
                rest, common = list(known), []  # what the seat knows he knows
                for name in theirs:
                    if name in rest:
                        rest.remove(name)
                        common.append(name)
                legion.known[other] = sorted(common + dealt[: len(theirs) - len(common)])


def _draw_terms(copy: TitanState, seat: int, rng: Rng) -> None:
    """Terms on the table between two other players, drawn again among those their legions allow (the seat
    saw only that terms were proposed). Terms agreed are public: the aftermath keeps them."""
    terms = copy.engagement
    if isinstance(terms, Engagement) and terms.proposer >= 0 and copy.phase == Phase.ENGAGEMENT:
        sides = [copy.legions[terms.attacker], copy.legions[terms.defender]]
        if seat not in {legion.owner for legion in sides}:  # the seat saw only that terms were proposed
            proposals, terms.proposals = terms.proposals, 0
            choices = engagements.proposal_choices(copy)
            terms.proposals = proposals
            eliminated, losses = choices[rng.randrange(len(choices))]
            terms.eliminated, terms.losses = eliminated, list(losses)
