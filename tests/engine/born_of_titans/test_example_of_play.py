"""The rulebook's example of play, move by move, with scripted dice (ruling 37: six Crew, then four, then six)."""

from __future__ import annotations

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import (
    ChooseAttribute,
    EncounterAction,
    EndTurn,
    Keep,
    Move,
    MoveTo,
    PlaceQuest,
    PlayDivine,
    Recruit,
    Roll,
    Sacrifice,
)
from engine.born_of_titans.board import CITIES, QUEST_SITES
from engine.born_of_titans.state import Phase
from engine.born_of_titans.table import totals
from tests.engine.born_of_titans.helpers import (
    act,
    clear_divine,
    dice,
    draws,
    give,
    legal,
    set_encounter,
    set_quest,
    started,
)

A, B = 0, 1
NINE_DICE_FIVE_SUCCESSES = (4, 5, 6, 4, 5, 1, 2, 3, 1)


def _divine_index(state, face: str) -> int:
    """Where the first counter of `face` lies in the (sorted) Divine pile: the draw that picks it."""
    return next(i for i, cid in enumerate(state.piles["divine"]) if state.faces[cid] == face)


def test_example_of_play():
    state = started(heroes={A: "atalanta", B: "cyrene"}, starts={A: "quest_1", B: "quest_2"})
    state = state.clone()
    while state.current_player != A:  # Player A's turn
        state = act(state, EndTurn())
    clear_divine(state)
    sheet = state.sheets[A]
    sheet.crew_counter = "pheacians"
    give(state, A, node="p_themiscyra", came_from=None, crew=6, prophecy=2, ally="bellerophon",
         quests={5: "slay_the_nemean_lion"})  # fmt: skip
    give(state, B, quests={1: "slay_the_hydra"})
    state.hubris, state.hubris_step = B, 1  # Player B completed the game's first Quest
    set_quest(state, A, "defeat_medusa", QUEST_SITES[3])  # placed by Player B several turns earlier
    set_quest(state, B, "golden_fleece", QUEST_SITES[4])
    set_encounter(state, "mesembria", "fair_weather")
    for city in CITIES:  # every other City keeps an Encounter: the restock asks about none but these
        if city not in state.encounters:
            set_encounter(state, city, "harpies")
    assert totals(state, A) == {"battle": 8, "navigation": 9, "wits": 4}
    assert sheet.crew == 6

    # She rolls nine Navigation dice for five Successes and moves four sea segments to Quest Site 3.
    dice(state, *NINE_DICE_FIVE_SUCCESSES)
    state = act(state, Move())
    assert state.phase == Phase.MOVE and state.log[-1] == "Atalanta rolls 9 Navigation dice: 5 Successes."
    assert GAME.view(state, A)["move"]["reachable"][QUEST_SITES[3]] == 4
    state = act(state, MoveTo(node=QUEST_SITES[3]))
    assert state.sheets[A].node == QUEST_SITES[3]
    assert state.sheets[A].quest.revealed  # her Quest turns up: Defeat Medusa
    assert GAME.view(state, B)["sites"][QUEST_SITES[3]]["quests"][0]["quest"] == "defeat_medusa"

    # Her second action: the Quest. Not by Battle; Navigation (9) is the obvious choice.
    state = act(state, EncounterAction())
    assert [a.attribute for a in legal(state, "choose_attribute")] == ["navigation", "wits"]
    state = act(state, ChooseAttribute(attribute="navigation"))
    dice(state, 4, 4, 5, 6, 1, 1, 2, 3, 3)  # four Successes: one Crew lost
    state = act(state, Roll(commit=0))
    assert state.sheets[A].crew == 5 and state.challenge.successes == 4
    dice(state, 5, 4, 1, 1, 1, 2, 2, 3, 3)  # two more, a very poor result for nine dice: another Crew lost
    state = act(state, Roll(commit=0))
    assert state.sheets[A].crew == 4 and state.challenge.successes == 6
    dice(state, 4, 4, 5, 5, 6, 1, 1, 2, 3)
    state.rng.script.append(0)  # the Gear she draws for completing the Quest
    state = act(state, Roll(commit=0))  # five Successes: 4 + 2 + 5 = 11 >= 7, Medusa is killed
    assert "Atalanta completes Defeat Medusa: it goes on her Shield 3 (2 of 3)." in state.log
    assert not any("places an Encounter" in line for line in state.log)  # no City was empty: no restock asked

    # The Quest goes on Shield 3; her Crew is four (ruling 37); Bellerophon leaves her; she draws Gear.
    sheet = state.sheets[A]
    assert state.faces[sheet.quests["3"]] == "defeat_medusa"
    assert sheet.crew == 4
    assert sheet.ally is None
    assert sheet.gear is not None
    # She was the first to complete her second Quest: she takes Hubris from Player B.
    assert state.hubris == A
    # Player B, to her left, places the next Quest: not on Site 5 (A's Shield 5 is filled), nor 3, nor 4 (B's).
    assert state.phase == Phase.PLACE_QUEST and state.current_player == B
    targets = [a.site for a in legal(state, "place_quest")]
    assert QUEST_SITES[5] not in targets and QUEST_SITES[3] not in targets and QUEST_SITES[4] not in targets
    assert QUEST_SITES[6] in targets
    state = act(state, PlaceQuest(site=QUEST_SITES[6]))
    assert state.sheets[A].quest.site == QUEST_SITES[6] and not state.sheets[A].quest.revealed
    assert GAME.view(state, A)["sites"][QUEST_SITES[6]]["quests"][0]["quest"] == "hidden"
    assert GAME.view(state, B)["sites"][QUEST_SITES[6]]["quests"][0]["quest"] == "hidden"  # drawn unseen
    state = act(state, EndTurn())
    state = act(state, EndTurn())  # Player B's turn
    assert state.current_player == A

    # Next turn: five Successes again, three sea segments to Mesembria.
    navigation = totals(state, A)["navigation"]  # Bellerophon is gone: 8, and whatever her Gear adds
    dice(state, 4, 5, 6, 4, 5, *([1] * (navigation - 5)))
    state = act(state, Move())
    assert state.log[-1] == f"Atalanta rolls {navigation} Navigation dice: 5 Successes."
    assert GAME.view(state, A)["move"]["courses"] == 5
    state = act(state, MoveTo(node="mesembria"))
    assert GAME.view(state, A)["heroes"][A]["in_city"] is False  # at the gates: the Encounter first
    assert [a.kind for a in legal(state, "recruit")] == []
    state = act(state, EncounterAction())  # Fair Weather: two more actions now
    assert state.sheets[A].in_city
    state = act(state, Recruit(crew=2))
    assert state.sheets[A].crew == 6  # from the #4 to the #6 Shield
    ares = _divine_index(state, "ares")
    pile = list(state.piles["divine"])
    pile.pop(ares)
    hera = next(i for i, cid in enumerate(pile) if state.faces[cid] == "hera")
    draws(state, ares, hera)
    state = act(state, Sacrifice())
    assert sorted(GAME.view(state, A)["offer"]["divine"]) == ["ares", "hera"]
    assert GAME.view(state, B)["offer"] is None
    state = act(state, Keep(divine="hera"))
    assert [state.faces[c] for c in state.sheets[A].divine] == ["hera"]
    # She can play the Hera counter to get rid of the Hubris counter.
    state = act(state, PlayDivine(counter="hera", target=A))
    assert state.hubris == -1
    assert not legal(state, "move")  # four actions: two regular, two of Fair Weather


def test_ruling_37_the_example_of_plays_slip_six_crew_less_two_is_four():
    state = started(heroes={A: "atalanta", B: "cyrene"}).clone()
    clear_divine(state)
    seat = state.mover
    give(state, seat, node=QUEST_SITES[3], came_from=None, crew=6)
    set_quest(state, seat, "defeat_medusa", QUEST_SITES[3], revealed=True)
    state = act(state, EncounterAction())
    state = act(state, ChooseAttribute(attribute="navigation"))
    count = totals(state, seat)["navigation"]
    for hits in (4, 2):  # two short rolls: two Crew lost
        dice(state, *([5] * hits + [1] * (count - hits)))
        state = act(state, Roll(commit=0))
    assert state.sheets[seat].crew == 4  # not "from five to three"
    dice(state, *([5] * 5 + [1] * (count - 5)), 1)
    state = act(state, Roll(commit=0))
    assert state.sheets[seat].crew == 4 and "3" in state.sheets[seat].quests
