"""Quests (rulings 16-20, 34-36): turning them up, the Underworld, completing one step by step, Hubris, restocking
the Cities, placing the next Quest, and the end of the game."""

from __future__ import annotations

from engine.born_of_titans import board
from engine.born_of_titans.data import QUESTS, QUESTS_TO_WIN
from engine.born_of_titans.state import BornState, Phase, Quest
from engine.born_of_titans.table import counter_name, discard, draw, hero_name, reveal
from engine.core.records import NoDecision


def reveal_if_here(state: BornState, seat: int) -> None:
    """Ruling 16: in her own turn, on its Site, her Quest turns face up at once (free); an Underworld Quest then
    waits for her to choose its Underworld Site (ruling 17)."""
    sheet = state.sheets[seat]
    quest = sheet.quest
    if quest is None or quest.revealed or sheet.node != quest.site or state.mover != seat:
        return
    if state.phase == Phase.GAME_OVER:
        return
    quest.revealed = True
    reveal(state, quest.id)
    record = QUESTS[state.faces[quest.id]]
    numbers = ", ".join(
        f"{attribute.capitalize()} {getattr(record, attribute)}"
        for attribute in ("battle", "navigation", "wits")
        if getattr(record, attribute) is not None
    )
    state.log.append(f"{hero_name(state, seat)} turns up her Quest: {record.name} ({numbers}).")
    if record.underworld:
        state.phase = Phase.UNDERWORLD


def underworld_sites() -> list[str]:
    """The Underworld Sites an Underworld Quest may be taken to."""
    return list(board.UNDERWORLD_SITES)


def to_underworld(state: BornState, site: str) -> None:
    """Ruling 17: the Quest and its Hero's Quest counter go to the Underworld Site she chooses."""
    seat = state.mover
    quest = state.sheets[seat].quest
    if quest is None:
        return
    quest.site = site
    state.log.append(f"{hero_name(state, seat)} must seek her Quest at {board.NODES[site].name}.")
    state.phase = Phase.TURN


def complete(state: BornState, seat: int) -> None:
    """Ruling 18, in order: the Quest to its Shield; Gear, then Ally, discarded; a Gear drawn; the Cities
    restocked (asked City by City); Hubris; the next Quest placed by her left neighbour."""
    sheet = state.sheets[seat]
    quest = sheet.quest
    if quest is None:
        return
    sheet.quest = None
    sheet.quests[str(quest.origin)] = quest.id
    reveal(state, quest.id)
    state.log.append(
        f"{hero_name(state, seat)} completes {counter_name(state, quest.id)}: "
        f"it goes on her Shield {quest.origin} ({len(sheet.quests)} of {QUESTS_TO_WIN})."
    )
    if len(sheet.quests) >= QUESTS_TO_WIN:
        finish(state, seat)
        return
    for slot in ("gear", "ally"):
        cid = getattr(sheet, slot)
        if cid is not None:
            state.log.append(f"{counter_name(state, cid)} leaves {hero_name(state, seat)}.")
            discard(state, cid)
            setattr(sheet, slot, None)
    gear = draw(state, "gear")
    if gear is not None:
        sheet.gear = gear
        reveal(state, gear)
        state.log.append(f"{hero_name(state, seat)} draws {counter_name(state, gear)}.")
    state.restock = [city for city in board.CITIES if city not in state.encounters]
    state.placing = [seat]
    state.phase = Phase.RESTOCK
    _next_restock(state)


def _next_restock(state: BornState) -> None:
    """Ask about the next empty City, or go on to Hubris and the next Quest when none is left to ask."""
    if state.restock and state.piles["encounter"]:
        return
    state.restock = []
    seat = state.placing[0]
    _hubris(state, seat)
    state.phase = Phase.PLACE_QUEST


def restock(state: BornState, city: str, place: bool) -> None:
    """Put a random Encounter face down on the City, or leave it empty (ruling 18: the choice of Cities hers)."""
    state.restock.remove(city)
    seat = state.placing[0]
    if place:
        cid = draw(state, "encounter")
        if cid is not None:
            state.place_encounter(city, cid)
            state.log.append(f"{hero_name(state, seat)} places an Encounter at {board.NODES[city].name}.")
    _next_restock(state)


def _hubris(state: BornState, seat: int) -> None:
    """Ruling 20: the game's first Quest takes Hubris; the first second Quest takes it from anyone (or the box)."""
    count = len(state.sheets[seat].quests)
    if state.hubris_step == 0:
        state.hubris_step = 1
    elif state.hubris_step == 1 and count >= 2:
        state.hubris_step = 2
    else:
        return
    if state.hubris != seat:
        state.hubris = seat
        state.log.append(f"{hero_name(state, seat)} takes the Hubris counter.")


def place_targets(state: BornState) -> list[str]:
    """The Quest Sites the next Quest may go on: no Quest counter there, and not a Shield its Hero has filled."""
    seat = state.placing[0]
    taken = {sheet.quest.site for sheet in state.sheets if sheet.quest is not None}
    filled = state.sheets[seat].quests
    return [
        site for number, site in sorted(board.QUEST_SITES.items()) if site not in taken and str(number) not in filled
    ]


def place(state: BornState, site: str) -> None:
    """The left neighbour places a random Quest, unseen, with the Hero's Quest counter (a Hero may be there)."""
    seat = state.placing.pop(0)
    placer = state.left(seat)
    cid = draw(state, "quest")
    number = next(n for n, s in board.QUEST_SITES.items() if s == site)
    if cid is None:
        state.log.append(f"No Quest is left for {hero_name(state, seat)}.")
    else:
        state.sheets[seat].quest = Quest(id=cid, site=site, origin=number, revealed=False)
        state.log.append(
            f"{hero_name(state, placer)} places {hero_name(state, seat)}'s Quest at {board.NODES[site].name}."
        )
    if not state.placing:
        state.phase = Phase.TURN
        if state.mover >= 0:
            reveal_if_here(state, seat)


def finish(state: BornState, seat: int) -> None:
    """Ruling 34: the third Quest ends the game; ruling 35: or, playing on for places, she leaves the game."""
    sheet = state.sheets[seat]
    state.places.append(seat)
    sheet.finished = len(state.places)
    if state.winner < 0:
        state.winner = seat
    playing_on = state.options.play_for_places  # type: ignore[attr-defined]
    won = f"place {sheet.finished}" if playing_on else "she wins the game"
    state.log.append(f"{hero_name(state, seat)} has completed three Quests: {won}.")
    state.challenge = NoDecision()
    state.rolls = []
    state.move = NoDecision()
    if not state.options.play_for_places:  # type: ignore[attr-defined]
        state.phase = Phase.GAME_OVER
        state.moment = NoDecision()
        return
    for cid in [sheet.gear, sheet.ally, *sheet.divine]:
        if cid is not None:
            discard(state, cid)
    sheet.gear, sheet.ally, sheet.divine = None, None, []
    sheet.lose_turn = False
    if state.hubris == seat:
        state.hubris = -1
    sheet.node, sheet.came_from, sheet.in_city, sheet.passage = None, None, False, False
    left = [other for other in range(state.num_players) if state.active(other)]
    if len(left) <= 1:
        for other in left:
            state.places.append(other)
            state.sheets[other].finished = len(state.places)
            state.log.append(f"{hero_name(state, other)} takes the last place.")
        state.phase = Phase.GAME_OVER
        state.moment = NoDecision()
        return
    state.turn_now().over = True
    state.phase = Phase.TURN
