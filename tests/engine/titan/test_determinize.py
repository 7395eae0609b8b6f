"""A determinized copy (what a computer player searches): a position the seat could believe in, and a sound one.

It keeps everything the seat sees, deals the characters it has not seen only from those it cannot account for
(the box less the stock, the slain, its own and every character it has seen), gives the other seats knowledge
that fits the characters dealt, and keeps nothing hidden from the seat as it really is: the other legions'
unseen characters, the terms on the table between two other players, the dice to come."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Rng
from engine.titan import engagements
from engine.titan.actions import Engage, Fight, Propose
from engine.titan.data import CREATURES, TITAN
from engine.titan.invariants import violations
from engine.titan.state import Engagement, Phase, TitanState
from tests.engine.titan.helpers import GAME, act, engaged, played, reinforced


def _whole(state: TitanState, seat: int) -> set[str]:
    """The legions `seat` sees whole: its own, both of a battle, every one in an open game or once it is over."""
    if state.options.open_legions or state.phase == Phase.GAME_OVER:
        return set(state.legions)
    fought = {state.battle.attacker, state.battle.defender} if state.battle is not None else set()
    return {marker for marker, legion in state.legions.items() if legion.owner == seat} | fought


def _unaccounted(state: TitanState, seat: int, whole: set[str]) -> Counter[str]:
    """The characters (Titans apart) `seat` cannot account for: the box less the stock, the slain, those of the
    battle already gone, and every character it sees."""
    seen: Counter[str] = Counter()
    for marker, legion in state.legions.items():
        seen.update(legion.contents if marker in whole else legion.known[seat])
    if state.battle is not None:
        for names in state.battle.gone.values():
            seen.update(names)
    return Counter(
        {
            name: creature.count - state.stock.get(name, 0) - state.slain.get(name, 0) - seen[name]
            for name, creature in CREATURES.items()
            if name != TITAN
        }
    )


def check_copy(state: TitanState, seat: int, copy: TitanState) -> None:
    """Everything a determinized copy must be."""
    assert violations(copy) == []
    assert GAME.view(copy, seat) == GAME.view(state, seat)  # it sees nothing changed
    if state.current_player == seat:
        assert GAME.legal_actions(copy) == GAME.legal_actions(state)
    whole = _whole(state, seat)
    dealt: Counter[str] = Counter()
    for marker, legion in state.legions.items():
        other = copy.legions[marker]
        assert (other.owner, other.land, other.height) == (legion.owner, legion.land, legion.height)
        if marker in whole:
            assert other.contents == legion.contents
            assert other.known == legion.known
            continue
        assert not Counter(legion.known[seat]) - Counter(other.contents)
        dealt += Counter(other.contents) - Counter(legion.known[seat])
        for watcher in range(state.num_players):  # the others know as much as the seat knows they know
            if watcher in (seat, legion.owner):
                continue
            assert len(other.known[watcher]) == len(legion.known[watcher])
            assert not (Counter(legion.known[watcher]) & Counter(legion.known[seat])) - Counter(other.known[watcher])
    titans = dealt.pop(TITAN, 0)
    assert +dealt == +_unaccounted(state, seat, whole)  # dealt from what the seat cannot account for, all of it
    assert titans == sum(
        1
        for owner, player in enumerate(state.players)
        if owner != seat
        and player.alive
        and not any(TITAN in (lg.contents if lg.marker in whole else lg.known[seat]) for lg in state.legions_of(owner))
    )
    for owner in range(state.num_players):  # what each player holds in all is public: dealt among his own legions
        held = Counter(name for legion in state.legions_of(owner) for name in legion.contents)
        assert Counter(name for legion in copy.legions_of(owner) for name in legion.contents) == held
    if isinstance(state.engagement, Engagement):
        sides = (
            [state.legions[marker] for marker in (state.engagement.attacker, state.engagement.defender)]
            if state.phase == Phase.ENGAGEMENT
            else []
        )
        if state.engagement_now().proposer < 0 or not sides or seat in {legion.owner for legion in sides}:
            assert copy.engagement == state.engagement  # no terms, terms agreed (public), or the seat's own
        else:  # terms between two others: drawn again among those the copy's legions allow
            saved = copy.engagement_now().proposals
            copy.engagement_now().proposals = 0
            terms = engagements.proposal_choices(copy)
            copy.engagement_now().proposals = saved
            assert (copy.engagement_now().eliminated, tuple(copy.engagement_now().losses)) in terms


def play_on(copy: TitanState, moves: int, rng: Rng) -> None:
    """Every legal action of the copy applies; a short random playout from it runs, sound at every step."""
    for action in GAME.legal_actions(copy):
        assert violations(GAME.apply(copy, action)) == []
    state = copy
    for _ in range(moves):
        if state.is_over:
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert violations(state) == []


def _check_game(players: int, seed: int, bots: bool, open_legions: bool, cap: int) -> int:
    """Determinize every position of a game for the seat to decide (and every seat at every 7th), check each copy;
    play on from some. The number of copies checked."""
    rng = Rng(seed)
    checked = 0
    for state, _action, _after in played(players, seed, bots=bots, open_legions=open_legions, cap=cap):
        for seat in [state.current_player] if state.moves % 7 else range(players):
            copy = GAME.determinize(state, seat, rng)
            check_copy(state, seat, copy)
            checked += 1
            if state.moves % 53 == 0:
                play_on(copy, 20, rng)
    return checked


GAMES = [(players, 0, False, open_legions) for players in (2, 3, 4, 5, 6) for open_legions in (False, True)] + [
    (players, 7, True, open_legions) for players, open_legions in ((2, False), (4, False), (6, False), (3, True))
]


@pytest.mark.parametrize(("players", "seed", "bots", "open_legions"), GAMES)
def test_every_determinized_copy_is_sound_and_keeps_what_the_seat_sees(players, seed, bots, open_legions):
    assert _check_game(players, seed, bots, open_legions, cap=250 if bots else 500) > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_determinized_copy_of_many_whole_games_is_sound(players):
    checked = 0
    for seed in range(12):
        checked += _check_game(players, 100 + seed, seed % 3 == 0, seed % 2 == 1, cap=3000)
    print(f"{players} players: {checked} copies checked")


def test_what_the_seat_does_not_see_is_dealt_again():
    """A copy keeps nothing hidden as it is: over a few copies, the unseen characters and Titans move."""
    *_, (_before, _action, state) = played(4, 3, bots=False, cap=120)
    seat = state.current_player
    hidden = [lg.marker for lg in state.legions.values() if lg.owner != seat and len(lg.known[seat]) < lg.height]
    assert hidden
    deals = {tuple(tuple(GAME.determinize(state, seat, Rng(n)).legions[m].contents) for m in hidden) for n in range(20)}
    assert len(deals) > 10


def test_the_other_seats_knowledge_fits_the_characters_dealt():
    """Cy saw Ann's legion whole in an engagement; Bob's copy deals it again, and what Cy knows of it with it
    (a copy keeping Cy's real knowledge names characters the dealt legion may not hold)."""
    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre", "Gargoyle"], players=3)
    state.legions["Bk01"].reveal([2])
    state.legions["Bk01"].reveal([1], ["Ogre"])
    for n in range(30):
        copy = GAME.determinize(state, 1, Rng(n))
        check_copy(state, 1, copy)
        assert copy.legions["Bk01"].known[2] == copy.legions["Bk01"].contents  # Cy still knows it whole


def test_terms_between_two_other_players_are_not_kept():
    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"], players=3)
    state = act(state, Engage(land=6))
    state = act(state, Propose(eliminated="defender", losses=("Ogre",)))
    real = (state.engagement_now().eliminated, state.engagement_now().losses)
    drawn = set()
    for n in range(30):
        copy = GAME.determinize(state, 2, Rng(n))  # Cy is not party to the terms
        check_copy(state, 2, copy)
        drawn.add((copy.engagement_now().eliminated, tuple(copy.engagement_now().losses)))
        assert GAME.determinize(state, 1, Rng(n)).engagement == state.engagement  # Bob is
    assert len(drawn) > 2 and drawn != {(real[0], tuple(real[1]))}


def test_refused_terms_leave_the_engagement_record_once_the_fight_begins():
    """Terms proposed and refused by fighting were seen only by the two players: once the battle begins the record
    no longer holds them, so a third seat's sampled world (drawn again only while they are on the table) cannot."""
    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"], players=3)
    state = act(state, Engage(land=6))
    state = act(state, Propose(eliminated="attacker", losses=("Centaur",)))  # Ann's terms; Bob fights
    state = act(state, Fight())
    assert state.phase == Phase.MANEUVER
    assert state.engagement.snapshot() == {"land": 6, "attacker": "Bu01", "defender": "Bk01", "proposals": 0,
                                           "proposer": -1, "eliminated": "", "losses": []}  # fmt: skip
    for seat in range(3):
        copy = GAME.determinize(state, seat, Rng(seat))
        assert copy.engagement_now().eliminated == "" and copy.engagement_now().losses == []
    assert GAME.view(state, 0)["engagement"]["eliminated"] == ""  # nor does a party's view show them any more
    assert violations(state) == []


def test_an_open_legions_game_deals_nothing_again():
    *_, (_before, _action, state) = played(3, 4, bots=False, open_legions=True, cap=150)
    for seat in range(3):
        copy = GAME.determinize(state, seat, Rng(seat))
        assert {m: lg.contents for m, lg in copy.legions.items()} == {m: lg.contents for m, lg in state.legions.items()}


def test_the_characters_on_a_battleland_are_not_dealt_again():
    """A battle saved under rules version 1 after a reinforcement: the Lion mustered was not counted in what the
    others knew. It stands on the battleland in everyone's sight: a copy keeps it."""
    state = reinforced()
    for seat in (1, 2):
        state.legions["Bk01"].known[seat] = ["Lion", "Lion"]  # as version 1 kept it
    for n in range(20):
        copy = GAME.determinize(state, 2, Rng(n))
        assert copy.legions["Bk01"].contents == ["Lion", "Lion", "Lion"]
        check_copy(state, 2, copy)
