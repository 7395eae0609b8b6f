"""Setting up (rulings 1-2): the map populated, Crew and Prophecy, the selection roll, Heroes, start Sites and
the first Quests."""

from __future__ import annotations

from typing import Any

from engine.born_of_titans import board
from engine.born_of_titans.data import CREW_PILE, CREWS, HEROES, START_CREW, START_PROPHECY
from engine.born_of_titans.state import BornState, Phase, new_state
from engine.born_of_titans.table import draw, hero_name


def new_game(game_id: str, num_players: int, options: Any, seed: int, seats: list[Any]) -> BornState:
    """The table ready for the selection: Sea Monsters and Encounters face down, Crew counters drawn, the roll."""
    state = new_state(game_id, num_players, options, seed, seats)
    state.log.append(f"Born of Titans for {num_players} players.")
    for site in board.SEA_MONSTER_SITES:
        cid = draw(state, "sea_monster")
        if cid is not None:
            state.sea_monsters[site] = cid
    aside = draw(state, "sea_monster")
    state.aside = -1 if aside is None else aside  # the fourth Sea Monster is not used
    for city in board.CITIES:
        cid = draw(state, "encounter")
        if cid is not None:
            state.place_encounter(city, cid)
    crews = list(CREW_PILE)
    for seat, sheet in enumerate(state.sheets):
        sheet.crew_counter = crews.pop(state.rng.randrange(len(crews)))
        sheet.crew = START_CREW
        sheet.prophecy = START_PROPHECY
        state.log.append(f"{state.name(seat)} draws the {CREWS[sheet.crew_counter].name} as her Crew.")
    first = selection_roll(state)
    state.selection = [(first - step) % num_players for step in range(num_players)]  # counter-clockwise
    state.play = [(first + 1 + step) % num_players for step in range(num_players)]  # clockwise, first acts last
    state.phase = Phase.CHOOSE_HERO
    return state


def selection_roll(state: BornState) -> int:
    """Ruling 1: everyone rolls a die; players tied for a place re-roll among themselves until every place is
    settled. The seat that rolled lowest (who selects first)."""
    ranking = _rank(state, list(range(state.num_players)))
    return ranking[0]


def _rank(state: BornState, seats: list[int]) -> list[int]:
    """Seats from lowest roll to highest, ties settled by re-rolls among the tied."""
    if len(seats) <= 1:
        return list(seats)
    rolls = {seat: state.rng.randrange(6) + 1 for seat in seats}
    words = ", ".join(f"{state.name(seat)} {rolls[seat]}" for seat in seats)
    state.log.append(f"Selection roll: {words}.")
    ranking: list[int] = []
    for value in sorted(set(rolls.values())):
        tied = [seat for seat in seats if rolls[seat] == value]
        if len(tied) > 1:
            state.log.append(f"{' and '.join(state.name(seat) for seat in tied)} tie and roll again.")
        ranking += _rank(state, tied)
    return ranking


def choose_hero(state: BornState, hero: str) -> None:
    """Take a Hero not chosen yet; when all have one, the start Sites are chosen in the same order."""
    seat = state.current_player
    if seat is None:
        return
    state.sheets[seat].hero = hero
    state.log.append(f"{state.name(seat)} selects {HEROES[hero].name}.")
    if all(sheet.hero is not None for sheet in state.sheets):
        state.phase = Phase.CHOOSE_START


def hero_options(state: BornState) -> list[str]:
    """Heroes not chosen yet."""
    taken = {sheet.hero for sheet in state.sheets}
    return [hero for hero in HEROES if hero not in taken]


def choose_start(state: BornState, site: str) -> None:
    """Her Hero starts on a Quest Site (several may share one); then the first Quests are placed."""
    seat = state.current_player
    if seat is None:
        return
    state.sheets[seat].node = site
    state.log.append(f"{hero_name(state, seat)} starts at {board.NODES[site].name}.")
    if all(sheet.node is not None for sheet in state.sheets):
        state.placing = list(state.play)  # ruling 2: in turn order, the first to play first
        state.phase = Phase.PLACE_QUEST
