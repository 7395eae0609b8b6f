"""What each seat knows of another player's legion [15]: a character shown to all joins what every seat knows,
one that leaves in everyone's sight leaves it too; an independent tracker of what each seat has seen agrees with
the engine at every step of random and computer games."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.titan import recruiting
from engine.titan.actions import (
    Accept,
    Acquire,
    Concede,
    EndManeuver,
    EndMoves,
    Engage,
    Fight,
    Move,
    Muster,
    Propose,
    Reinforce,
    Split,
    Summon,
)
from engine.titan.data import ANGEL, LANDS, TITAN
from engine.titan.state import Phase, TitanState
from tests.engine.titan.helpers import (
    PLAINS,
    act,
    clear_board,
    engaged,
    fight,
    index_of,
    new,
    place,
    played,
    reinforced,
    set_battle,
)

# -- a character given up in public ---------------------------------------------------------------------------------


def test_a_summoned_angel_leaves_what_others_know_of_its_donor():
    state = engaged(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    donor = state.legions["Bu02"]  # Angel, Titan
    donor.contents = [ANGEL, ANGEL, TITAN]
    state.stock[ANGEL] -= 1
    donor.reveal([0], [ANGEL])  # Ann saw one of its two Angels (a tower teleport, say)
    assert donor.known[0] == [ANGEL]
    state = act(state, Engage(land=6))
    state = act(state, Concede())  # Ann concedes: Bob may summon
    state = act(state, Summon(donor="Bu02", angel=ANGEL))
    # Ann saw an Angel leave: of the Angel she had seen she knows nothing more (the one left was never shown)
    assert state.legions["Bu02"].contents == [ANGEL, TITAN]
    assert state.legions["Bu02"].known[0] == []


def test_a_character_given_up_by_terms_leaves_what_the_other_seats_know():
    state = engaged(["Lion", "Ogre", "Ogre"], ["Centaur", "Ogre"], players=3)
    state.legions["Bu01"].reveal([2], ["Ogre"])  # Cy saw one Ogre of Bob's legion muster another, say
    state = act(state, Engage(land=6))
    state = act(state, Propose(eliminated="defender", losses=("Ogre",)))  # Ann: "you win, but lose an Ogre"
    state = act(state, Accept())
    winner = state.legions["Bu01"]
    assert winner.contents == ["Lion", "Ogre"]
    assert winner.known[2] == []  # Cy saw an Ogre given up: the one left was never shown to him
    assert winner.known[0] == ["Lion", "Ogre"]  # Ann saw the whole legion in the engagement, and one Ogre go


# -- a new character of a kind already known -------------------------------------------------------------------


def test_a_mustered_character_of_a_kind_already_known_is_added():
    state = new(3)
    clear_board(state)
    terrain = LANDS[PLAINS].terrain
    assert recruiting.recruiter_sets(terrain, ["Centaur"], "Centaur")[0] == ("Centaur",)
    legion = place(state, "Bu01", 1, PLAINS, ["Centaur", "Centaur", "Ogre", TITAN])
    legion.reveal(range(3))
    legion.moved = True
    place(state, "Bk01", 0, 300, [TITAN])
    place(state, "Br01", 2, 400, [TITAN])
    state.mover = state.decider = 1
    state.phase = Phase.MUSTER
    state = act(state, Muster(marker="Bu01", creature="Centaur"))
    for seat in (0, 2):
        assert Counter(state.legions["Bu01"].known[seat])["Centaur"] == 3  # a third one, shown


def test_a_second_angel_acquired_or_summoned_is_added():
    state = engaged(["Lion", "Lion", "Ogre", ANGEL], ["Colossus", "Serpent", "Ogre"])  # worth 88
    state.players[1].score = 95
    state.legions["Bu01"].reveal([0], [ANGEL])
    state = act(state, Engage(land=6))
    state = act(state, Concede())
    state = act(state, Acquire(angel=ANGEL))
    assert Counter(state.legions["Bu01"].known[0])[ANGEL] == 2
    state = act(state, Summon(donor="Bu02", angel=ANGEL))
    assert Counter(state.legions["Bu01"].known[0])[ANGEL] == 3


def test_a_reinforcement_of_a_kind_already_in_the_battle_is_added():
    state = reinforced()
    for seat in (1, 2):
        assert state.legions["Bk01"].known[seat] == ["Lion", "Lion", "Lion"]


def test_an_angel_that_cannot_come_on_goes_back_to_its_donor_in_everyones_sight():
    state = fight(["Ogre", "Ogre"], ["Centaur"])
    battle = state.battle
    a1, a2 = [i for i, u in enumerate(battle.units) if u.side == "attacker"]
    centaur = index_of(state, "Centaur", "defender")
    set_battle(state, {a1: "C3", a2: "A1", centaur: "C4"}, active="attacker")
    battle.summon = "offer"
    from engine.titan import battle as battles

    battles.begin_maneuver(state)
    state = act(state, Summon(donor="Bu02", angel=ANGEL))
    assert state.legions["Bu02"].contents == [TITAN] and state.legions["Bu02"].known[0] == []
    state = act(state, EndManeuver())  # the Angel was not brought on: back to Bu02
    assert state.legions["Bu02"].contents == [ANGEL, TITAN]
    assert state.legions["Bu02"].known[0] == [ANGEL]


# -- an independent tracker of what each seat has seen ------------------------------------------------------------


LORDS_SHOWN = (ANGEL, "Archangel", TITAN)  # a tower teleport shows the least telling lord (ruling)


class Tracker:
    """What each seat has seen of each other player's legion, worked out from what happens in its sight, without
    `Legion.known`: everyone sees the starting legions, the recruiters and the recruit of a muster, the lord of a
    teleport, both legions of a battle, and every character that joins or leaves a legion other than by a split
    or by legions joining again (a split, and legions that join again, forget what was known: the ruling). The
    two players of an engagement see both legions."""

    def __init__(self, state: TitanState) -> None:
        self.seats = state.num_players
        self.known: dict[str, list[Counter[str]]] = {
            marker: [Counter(legion.contents) if seat != legion.owner else Counter() for seat in range(self.seats)]
            for marker, legion in state.legions.items()
        }
        self.events: Counter[str] = Counter()

    def _show(self, marker: str, names: list[str] | tuple[str, ...], seats: range | list[int]) -> None:
        for seat in seats:
            self.known[marker][seat] |= Counter(names)  # at least that many of each

    def step(self, before: TitanState, action, after: TitanState) -> None:
        everyone = range(self.seats)
        self.events[action.kind] += 1
        if isinstance(action, Engage):
            mine = [lg for lg in before.legions_on(action.land) if lg.owner == before.mover]
            theirs = [lg for lg in before.legions_on(action.land) if lg.owner != before.mover]
            self._show(mine[0].marker, mine[0].contents, [theirs[0].owner])
            self._show(theirs[0].marker, theirs[0].contents, [mine[0].owner])
        elif isinstance(action, Fight):
            for side in ("attacker", "defender"):
                legion = before.legions[getattr(before.engagement_now(), side)]
                self._show(legion.marker, legion.contents, everyone)
        elif isinstance(action, Move) and action.teleport:
            legion = before.legions[action.marker]
            lord = TITAN if action.teleport == "titan" else next(n for n in LORDS_SHOWN if n in legion.contents)
            self._show(action.marker, [lord], everyone)
        elif isinstance(action, (Muster, Reinforce)) and action.creature:
            if isinstance(action, Muster):
                marker = action.marker
            elif before.phase == Phase.AFTERMATH:
                marker = before.aftermath_now().winner
            else:
                marker = before.battle.defender
            legion = before.legions[marker]
            shown = recruiting.recruiter_sets(LANDS[legion.land].terrain, legion.contents, action.creature)[0]
            self._show(marker, shown, everyone)
            self.events["recruiters shown"] += 1
        forgetting = isinstance(action, (Split, EndMoves))  # a split, or legions joining again
        for marker in list(self.known):
            if marker not in after.legions:
                del self.known[marker]
                continue
            old, new = Counter(before.legions[marker].contents), Counter(after.legions[marker].contents)
            if old == new:
                continue
            if forgetting:
                self.known[marker] = [Counter() for _ in everyone]
                continue
            owner = after.legions[marker].owner
            for seat in everyone:
                if seat != owner:
                    self.known[marker][seat] = self.known[marker][seat] - (old - new) + (new - old)
            for name in (new - old).elements():
                self.events[f"{name} joins in sight"] += 1
            for name in (old - new).elements():
                self.events[f"{name} leaves in sight"] += 1
        for marker in after.legions:
            if marker not in self.known:  # a split's new legion
                self.known[marker] = [Counter() for _ in everyone]

    def disagreements(self, state: TitanState) -> list[str]:
        found = []
        for marker, legion in state.legions.items():
            for seat in range(self.seats):
                if seat != legion.owner and Counter(legion.known[seat]) != self.known[marker][seat]:
                    found.append(
                        f"seat {seat} knows {sorted(legion.known[seat])} of {marker} {legion.contents}, "
                        f"has seen {sorted(self.known[marker][seat].elements())}"
                    )
        return found


GAMES = [(players, seed, False) for players in (2, 3, 4, 5, 6) for seed in range(3)] + [
    (players, seed, True) for players in (2, 3, 4, 6) for seed in range(1)
]


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_what_each_seat_knows_is_what_it_has_seen_at_every_step(players, seed, bots):
    tracker = None
    for before, action, after in played(players, seed, bots=bots, cap=500 if bots else 700):
        if tracker is None:
            tracker = Tracker(before)
            assert tracker.disagreements(before) == []
        tracker.step(before, action, after)
        assert tracker.disagreements(after) == [], f"after move {before.moves}: {action}"
    assert tracker is not None and tracker.events["move"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_what_each_seat_knows_is_what_it_has_seen_in_many_whole_games(players):
    steps = 0
    for seed in range(20):
        tracker = None
        for before, action, after in played(players, 200 + seed, bots=seed % 4 == 0, cap=5000):
            tracker = tracker or Tracker(before)
            tracker.step(before, action, after)
            assert tracker.disagreements(after) == [], f"game {seed}, after move {before.moves}: {action}"
            steps += 1
    print(f"{players} players: {steps} positions compared")
