"""Hostile save strings of Born of Titans are refused as for the other games: every field of real saves (in a
Challenge, a moment to react, a restock) given a wrong value opens a sound game or is refused with InvalidSave."""

from __future__ import annotations

import pytest

from engine.born_of_titans import GAME
from engine.born_of_titans.state import BornState, Phase
from engine.core import Rng, save
from engine.core.records import NoDecision
from tests.engine.born_of_titans.random_games import play_game
from tests.engine.save_strings import WRONG, attempt, leaves, pack, replaced, unpack


def _saves() -> list[str]:
    """Real saves taken in the middle of a Challenge, a moment to react and a restock."""
    wanted = {Phase.CHALLENGE: None, Phase.REACT: None, Phase.RESTOCK: None, Phase.MOVE: None}

    def keep(state: BornState, action: object) -> None:
        if state.phase in wanted and wanted[state.phase] is None and state.moves > 40:
            wanted[state.phase] = save.dumps(GAME.apply(state, GAME.legal_actions(state)[0]))

    for seed in range(8):
        play_game(3, 300 + seed, {"play_for_places": True}, each=keep)
        if all(wanted.values()):
            break
    return [text for text in wanted.values() if text]


SAVES = _saves()


def test_the_saves_open_as_they_were():
    assert len(SAVES) == 4
    for text in SAVES:
        state = attempt(text)
        assert state is not None and save.dumps(state) == text


def _fuzz(index: int, deep: float, share: float) -> None:
    data = unpack(SAVES[index])
    rng = Rng(index)
    for path in leaves(data):
        if len(path) > 3 and rng.random() > deep:
            continue
        for value in WRONG:
            if rng.random() < share:
                attempt(pack(replaced(data, path, value)))


@pytest.mark.parametrize("index", range(4))
def test_every_field_of_a_save_with_a_wrong_value(index):
    _fuzz(index, deep=0.1, share=0.12)  # every field down to the sheets and records, a tenth of the deeper ones


@pytest.mark.slow
@pytest.mark.parametrize("index", range(4))
def test_every_field_of_a_save_with_every_wrong_value(index):
    _fuzz(index, deep=1.0, share=1.0)


def test_a_counter_in_two_places_or_a_face_changed_is_refused():
    data = unpack(SAVES[0])
    own = data["x"]["own"]
    duplicate = replaced(data, ("x", "own", "piles", "gear"), own["piles"]["gear"] + own["piles"]["gear"][:1])
    assert attempt(pack(duplicate)) is None
    faces = list(own["faces"])
    faces[0] = faces[-1]  # an Encounter counter with a Gear's face
    assert attempt(pack(replaced(data, ("x", "own", "faces"), faces))) is None


def test_a_hero_off_the_map_or_a_monster_as_an_ally_is_refused():
    data = unpack(SAVES[0])
    own = data["x"]["own"]
    mover = own["mover"]
    assert attempt(pack(replaced(data, ("x", "own", "sheets", mover, "node"), None))) is None
    pile = list(own["piles"]["encounter"])
    monster = next(cid for cid in pile if own["faces"][cid] == "harpies")
    pile.remove(monster)
    changed = replaced(data, ("x", "own", "piles", "encounter"), pile)
    changed = replaced(changed, ("x", "own", "sheets", mover, "ally"), monster)
    assert attempt(pack(changed)) is None
    fixed = replaced(changed, ("x", "own", "faces", monster), "harpies")
    assert attempt(pack(fixed)) is None


def test_a_rules_version_1_save_opens_into_the_position_its_player_saw():
    """Version 1 took committed Prophecy off the track at once and let the Argo or Apollo fill it again: a save in
    the middle of such a Challenge (5 left to use, 2 committed: 7) opens as it was, its roll still waiting in its
    moment; the committed points are spent when the Challenge ends (5 left, as version 1 would have left)."""
    from engine.born_of_titans.actions import ChooseAttribute, EncounterAction, Retreat, Roll
    from engine.born_of_titans.table import totals
    from tests.engine.born_of_titans.helpers import act, hand, my_turn, set_encounter, successes_roll

    state, seat = my_turn(node="athens", came_from="p_saronic", crew=6, prophecy=6)
    set_encounter(state, "athens", "centaur")
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="battle"))
    hand(state, 1 - seat, "muses")
    successes_roll(state, totals(state, seat)["battle"] + 2, 0)
    state = act(state, Roll(commit=2))
    state.sheets[seat].prophecy = 5  # as version 1 allowed: the Argo's point on top of the 2 committed
    assert state.phase == Phase.REACT and state.moment.kind == "challenge_roll"
    text = save.pack(save.save_data(state, 1))
    loaded = save.loads(text)
    assert loaded.position() == state.position()
    assert all(GAME.view(loaded, s) == GAME.view(state, s) for s in (None, 0, 1))
    loaded = act(loaded, {"kind": "pass_moment"})
    loaded = act(loaded, Retreat())
    assert loaded.sheets[seat].prophecy == 5 and loaded.challenge == NoDecision()
