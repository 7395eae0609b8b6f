"""Encounters (rulings 9-10, 19, 25), Recruit, Sacrifice, the Oracle's Prophecy and Prophecy looks (ruling 15)."""

from __future__ import annotations

from engine.born_of_titans import board, challenges, moments
from engine.born_of_titans.data import ENCOUNTERS, ORACLE_PROPHECY, RECRUIT_MAX
from engine.born_of_titans.state import BornState, Phase
from engine.born_of_titans.table import (
    counter_name,
    discard,
    draw,
    gain_crew,
    gain_prophecy,
    hero_name,
    hire_crew,
    lose_crew,
    reveal,
    roll,
)

LOOKS_KEPT = 8  # the latest Prophecy looks the view lists (who looked where)
FAIR_WEATHER_ACTIONS = 2


def what_to_encounter(state: BornState, seat: int) -> str:
    """What an Encounter action would engage where she stands: "city", "sea_monster", "quest" or ""."""
    sheet = state.sheets[seat]
    node = sheet.node
    if node is None:
        return ""
    if node in state.encounters and not sheet.in_city:
        return "city"
    if node in state.sea_monsters and not sheet.passage:
        return "sea_monster"
    quest = sheet.quest
    if quest is not None and quest.revealed and quest.site == node and state.hubris != seat:
        return "quest"  # ruling 20: the holder of Hubris may not engage her own Quest
    return ""


def encounter(state: BornState) -> None:
    """Turn up what she faces and deal with it: a monster is Challenged, an Ally offered, an event followed."""
    seat = state.mover
    sheet = state.sheets[seat]
    node = str(sheet.node)
    what = what_to_encounter(state, seat)
    if what == "sea_monster":
        cid = state.sea_monsters[node]
        reveal(state, cid)  # ruling 8: a Sea Monster turned up stays face up
        challenges.start(state, seat, cid, "sea_monster")
        return
    if what == "quest" and sheet.quest is not None:
        challenges.start(state, seat, sheet.quest.id, "quest")
        return
    cid = state.encounters[node]
    reveal(state, cid)
    record = ENCOUNTERS[state.faces[cid]]
    state.log.append(f"{hero_name(state, seat)} turns up the Encounter at {board.NODES[node].name}: {record.name}.")
    if record.kind == "monster":
        challenges.start(state, seat, cid, "encounter")
        return
    if record.kind == "ally":
        state.offer = [cid]
        state.phase = Phase.ALLY
        return
    state.clear_encounter(node)
    discard(state, cid)
    sheet.in_city = True
    _event(state, seat, record.event, record.amount)


def _event(state: BornState, seat: int, event: str, amount: int) -> None:
    """An event Encounter's instructions."""
    sheet = state.sheets[seat]
    name = hero_name(state, seat)
    if event == "crew_for_hire":
        roll_for_crew(state, seat, "crew_for_hire")
    elif event == "gather_humility":
        if state.hubris == seat:
            state.hubris = -1
            state.log.append(f"{name} gathers humility: the Hubris counter is discarded.")
        else:
            state.log.append(f"{name} has no Hubris to shed.")
    elif event == "allys_quest":
        if sheet.ally is not None:
            state.log.append(f"{counter_name(state, sheet.ally)} leaves {name} on a quest of his own.")
            discard(state, sheet.ally)
            sheet.ally = None
    elif event == "fair_weather":
        state.turn_now().extra += FAIR_WEATHER_ACTIONS
        state.log.append(f"Fair Weather: {name} takes two more actions.")
    elif event == "lose_turn":
        challenges.lose_a_turn(state, seat)
    elif event == "lose_crew":
        lose_crew(state, seat, amount)
        state.log.append(f"{name} loses {amount} Crew ({sheet.crew} left).")
    elif event == "gain_prophecy":
        gained = gain_prophecy(state, seat, amount)
        state.log.append(f"{name} gains {gained} Prophecy ({sheet.prophecy} now).")
    elif event == "divine_gift":
        cid = draw(state, "divine")
        if cid is not None:
            sheet.divine.append(cid)
            state.log.append(f"{name} draws a Divine counter.")


def roll_for_crew(state: BornState, seat: int, kind: str) -> None:
    """Crew for Hire or the Dragon's Teeth: one die, then its moment to react (Muses and Fates may change it,
    ruling 27); the Crew are gained when the moment has passed, or at once if nobody could be asked."""
    die = roll(state, 1)[0]
    source = "Crew for Hire" if kind == "crew_for_hire" else "the Dragon's Teeth"
    state.log.append(f"{hero_name(state, seat)} rolls {die} for {source}.")
    if moments.begin(state, kind, roll_owner=seat):
        state.moment_now().dice = [die]
    else:
        hire_crew(state, seat, die, source)


def take_ally(state: BornState, take: bool) -> None:
    """Ruling 10: take the Ally (hers goes to the pile) or refuse it (it goes); the City is clear either way."""
    seat = state.mover
    sheet = state.sheets[seat]
    cid = state.offer[0]
    state.offer = []
    node = str(sheet.node)
    state.clear_encounter(node)
    if take:
        if sheet.ally is not None:
            state.log.append(f"{counter_name(state, sheet.ally)} leaves {hero_name(state, seat)}.")
            discard(state, sheet.ally)
        sheet.ally = cid
        state.log.append(f"{counter_name(state, cid)} joins {hero_name(state, seat)}.")
    else:
        discard(state, cid)
        state.log.append(f"{hero_name(state, seat)} refuses {counter_name(state, cid)}.")
    sheet.in_city = True
    state.phase = Phase.TURN


def recruit(state: BornState, crew: int) -> None:
    """Up to two more Crew in a City."""
    seat = state.mover
    gained = gain_crew(state, seat, min(crew, RECRUIT_MAX))
    state.log.append(f"{hero_name(state, seat)} recruits {gained} Crew ({state.sheets[seat].crew} now).")


def sacrifice(state: BornState) -> None:
    """Draw two Divine counters (one if only one is left) and look at them."""
    seat = state.mover
    drawn = [cid for cid in (draw(state, "divine"), draw(state, "divine")) if cid is not None]
    state.offer = drawn
    state.seen[seat].update(drawn)
    state.log.append(f"{hero_name(state, seat)} sacrifices and draws {len(drawn)} Divine counters.")
    state.phase = Phase.SACRIFICE


def keep(state: BornState, face: str) -> None:
    """Keep one of the drawn counters face down; the other goes back to the pile face down."""
    seat = state.mover
    kept = next(cid for cid in state.offer if state.faces[cid] == face)
    for cid in state.offer:
        if cid != kept:
            discard(state, cid)
    state.offer = []
    state.sheets[seat].divine.append(kept)
    state.seen[seat].discard(kept)
    state.log.append(f"{hero_name(state, seat)} keeps one Divine counter.")
    state.phase = Phase.TURN


def prophecy(state: BornState) -> None:
    """At an Oracle: two more Prophecy (at most six)."""
    seat = state.mover
    gained = gain_prophecy(state, seat, ORACLE_PROPHECY)
    state.log.append(
        f"{hero_name(state, seat)} consults the Oracle: +{gained} Prophecy ({state.sheets[seat].prophecy} now)."
    )


def hidden_at(state: BornState, site: str) -> list[int]:
    """The face-down counters at a Site."""
    found = []
    for table in (state.encounters, state.sea_monsters):
        cid = table.get(site)
        if cid is not None and cid not in state.face_up:
            found.append(cid)
    for sheet in state.sheets:
        quest = sheet.quest
        if quest is not None and quest.site == site and not quest.revealed:
            found.append(quest.id)
    return found


def unseen_at(state: BornState, seat: int, site: str) -> bool:
    """Whether a Site holds a face-down counter `seat` does not know (a Prophecy look there would show her
    something: one she has already seen is not offered again)."""
    return any(not state.visible(seat, cid) for cid in hidden_at(state, site))


def look(state: BornState, site: str) -> None:
    """Ruling 15: one Prophecy to see every face-down counter at a Site; only she learns what they are."""
    seat = state.mover
    state.sheets[seat].prophecy -= 1
    state.seen[seat].update(hidden_at(state, site))
    state.looks.append([seat, site])
    del state.looks[:-LOOKS_KEPT]
    state.log.append(f"{hero_name(state, seat)} spends a Prophecy to look at {board.NODES[site].name}.")
