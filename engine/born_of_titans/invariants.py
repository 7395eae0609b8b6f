"""The invariants every Born of Titans state keeps (checked after every action by the tests and on loading)."""

from __future__ import annotations

from engine.born_of_titans import board
from engine.born_of_titans.data import (
    CREWS,
    ENCOUNTERS,
    HEROES,
    LOSE_TURN_COUNTERS,
    MAX_CREW,
    MAX_PROPHECY,
    QUESTS_TO_WIN,
)
from engine.born_of_titans.state import COUNTERS, IDS, KINDS, START_FACES, BornState, Challenge, Moment, MoveRoll, Phase

START_SORTED = {kind: sorted(START_FACES[cid] for cid in ids) for kind, ids in IDS.items()}


def invariant_violations(state: BornState) -> list[str]:
    """Crew and Prophecy 0-6; every counter in one place and each kind's faces conserved; Quests per Hero at most
    three and never two on a Shield; one Lose Turn, Ally and Gear at most per Hero; a current Quest never where
    its Hero has filled the Shield; one Hubris; the flow's records fit the phase."""
    problems: list[str] = []
    places = _places(state, problems)
    for cid in range(COUNTERS):
        if places[cid] != 1:
            problems.append(f"counter {cid} ({KINDS[cid]}) is in {places[cid]} places")
    for kind, ids in IDS.items():
        if sorted(state.faces[ids.start : ids.stop]) != START_SORTED[kind]:
            problems.append(f"the {kind} counters' faces are not the set the game began with")
    heroes = [sheet.hero for sheet in state.sheets if sheet.hero is not None]
    if len(set(heroes)) != len(heroes):
        problems.append("two players have the same Hero")
    for seat, sheet in enumerate(state.sheets):
        who = f"seat {seat}"
        if sheet.hero is not None and sheet.hero not in HEROES:
            problems.append(f"{who}: unknown Hero")
        if sheet.crew_counter not in CREWS:
            problems.append(f"{who}: unknown Crew counter")
        if not 0 <= sheet.crew <= MAX_CREW:
            problems.append(f"{who}: Crew {sheet.crew} outside 0-{MAX_CREW}")
        if not 0 <= sheet.prophecy <= MAX_PROPHECY:
            problems.append(f"{who}: Prophecy {sheet.prophecy} outside 0-{MAX_PROPHECY}")
        if len(sheet.quests) > QUESTS_TO_WIN:
            problems.append(f"{who}: {len(sheet.quests)} Quests completed")
        if any(not 1 <= int(shield) <= 6 for shield in sheet.quests):
            problems.append(f"{who}: a Quest on a Shield without a Quest Site")
        on_map = state.phase not in (Phase.CHOOSE_HERO, Phase.CHOOSE_START, Phase.GAME_OVER)
        if on_map and sheet.finished is None and sheet.node is None:
            problems.append(f"{who}: in play but not on the map")
        ally = ENCOUNTERS.get(state.faces[sheet.ally]) if sheet.ally is not None else None
        if sheet.ally is not None and (ally is None or ally.kind != "ally"):
            problems.append(f"{who}: her Ally is not an Ally")
        if sheet.node is not None and sheet.node not in board.NODES:
            problems.append(f"{who}: stands on an unknown node")
        if sheet.came_from is not None and sheet.came_from not in board.NODES:
            problems.append(f"{who}: came from an unknown node")
        quest = sheet.quest
        if quest is not None:
            if str(quest.origin) in sheet.quests:
                problems.append(f"{who}: her Quest comes from Quest Site {quest.origin}, whose Shield she filled")
            site = quest.site
            if site not in board.NODES or board.NODES[site].kind not in ("quest", "underworld"):
                problems.append(f"{who}: her Quest lies on {site}, not a Quest or Underworld Site")
            elif board.NODES[site].kind == "quest" and board.QUEST_SITES.get(quest.origin) != site:
                problems.append(f"{who}: her Quest's number does not match its Site")
            if not quest.revealed and board.NODES.get(site) and board.NODES[site].kind == "underworld":
                problems.append(f"{who}: a face-down Quest in the Underworld")
        playing_on = state.options.play_for_places and state.phase != Phase.GAME_OVER  # type: ignore[attr-defined]
        if sheet.finished is not None and sheet.node is not None and playing_on:
            problems.append(f"{who}: finished but still on the map")
    sites = [sheet.quest.site for sheet in state.sheets if sheet.quest is not None]
    quest_sites = [site for site in sites if board.NODES.get(site) and board.NODES[site].kind == "quest"]
    if len(set(quest_sites)) != len(quest_sites):
        problems.append("two Quests on one Quest Site")
    if sum(1 for sheet in state.sheets if sheet.lose_turn) > LOSE_TURN_COUNTERS:
        problems.append("more Lose Turn counters on Heroes than exist")
    if not -1 <= state.hubris < state.num_players:
        problems.append("the Hubris counter is with nobody that exists")
    if state.hubris >= 0 and not state.active(state.hubris) and state.phase != Phase.GAME_OVER:
        problems.append("a finished Hero holds Hubris")
    if set(state.placed) != set(state.encounters):
        problems.append("a City's serial number without its counter, or a counter without one")
    for city in state.encounters:
        if city not in board.CITIES:
            problems.append(f"an Encounter on {city}, not a City")
    for node in state.sea_monsters:
        if node not in board.SEA_MONSTER_SITES:
            problems.append(f"a Sea Monster on {node}, not a Sea Monster Site")
    problems += _flow_problems(state)
    return problems


def _places(state: BornState, problems: list[str]) -> list[int]:
    """How many places hold each counter id (piles, the map, the sheets, the set-aside, an offer); a counter of
    the wrong kind in a place is a problem too. Quick: every invariant is checked after every test action."""
    by_kind: dict[str | None, list[object]] = {kind: list(ids) for kind, ids in state.piles.items()}
    by_kind.setdefault("encounter", []).extend(state.encounters.values())
    by_kind.setdefault("sea_monster", []).extend(state.sea_monsters.values())
    if state.aside >= 0:
        by_kind["sea_monster"].append(state.aside)
    any_kind: list[object] = []
    if state.phase == Phase.ALLY:
        if any(cid not in state.encounters.values() for cid in state.offer):
            problems.append("the Ally offered is not on a City")
    elif state.phase == Phase.SACRIFICE:
        by_kind.setdefault("divine", []).extend(state.offer)
    else:
        any_kind.extend(state.offer)
    for sheet in state.sheets:
        by_kind.setdefault("quest", []).extend(sheet.quests.values())
        if sheet.quest is not None:
            by_kind["quest"].append(sheet.quest.id)
        if sheet.gear is not None:
            by_kind.setdefault("gear", []).append(sheet.gear)
        if sheet.ally is not None:
            by_kind.setdefault("encounter", []).append(sheet.ally)
        by_kind.setdefault("divine", []).extend(sheet.divine)
    count = [0] * COUNTERS
    for kind, ids in [*by_kind.items(), (None, any_kind)]:
        span = IDS.get(kind) if kind is not None else range(COUNTERS)
        for cid in ids:
            if type(cid) is not int or not 0 <= cid < COUNTERS:
                problems.append(f"{cid!r} is not a counter id")
                continue
            if span is not None and cid not in span:
                problems.append(f"a {KINDS[cid]} counter where a {kind} belongs")
            count[cid] += 1
    return count


def _flow_problems(state: BornState) -> list[str]:
    """The records the phase needs are there, and none it forbids."""
    problems: list[str] = []
    phase = state.phase
    moment = state.moment if isinstance(state.moment, Moment) else None
    if phase in (Phase.CHALLENGE,) and not isinstance(state.challenge, Challenge):
        problems.append("a Challenge phase without a Challenge")
    if phase == Phase.MOVE and not isinstance(state.move, MoveRoll):
        problems.append("a Move phase without a Move roll")
    if phase == Phase.REACT and moment is None:
        problems.append("a moment to react without a moment")
    if phase != Phase.REACT and moment is not None:
        problems.append("a moment outside the react phase")
    crew_roll = moment is not None and moment.kind in ("crew_for_hire", "dragons_teeth")
    if moment is not None and crew_roll and (len(moment.dice or []) != 1 or moment.roll_owner != state.mover):
        problems.append("a Crew roll's moment without the mover's one die")
    if moment is not None and not crew_roll and moment.dice:
        problems.append("a die waiting in a moment that is not a Crew roll's")
    if phase == Phase.RESTOCK and not state.restock:
        problems.append("nothing to restock")
    if phase == Phase.PLACE_QUEST and not state.placing:
        problems.append("no Quest to place")
    if phase == Phase.ALLY and any(_kind_of_encounter(state, cid) != "ally" for cid in state.offer):
        problems.append("an Ally offered that is not an Ally")
    if phase in (Phase.SACRIFICE, Phase.ALLY) and not state.offer:
        problems.append("nothing offered")
    if phase not in (Phase.SACRIFICE, Phase.ALLY) and state.offer:
        problems.append("an offer outside its phase")
    if phase == Phase.UNDERWORLD:
        quest = state.sheets[state.mover].quest
        if quest is None or not quest.revealed:
            problems.append("an Underworld choice without a turned-up Quest")
    if phase in (Phase.TURN, Phase.MOVE, Phase.CHALLENGE) and state.mover < 0:
        problems.append("a turn with nobody to take it")
    if phase == Phase.GAME_OVER and state.winner < 0:
        problems.append("the game is over without a winner")
    if isinstance(state.challenge, Challenge) and state.mover >= 0 and state.challenge.seat != state.mover:
        problems.append("a Challenge by someone other than the mover")
    return problems


def _kind_of_encounter(state: BornState, cid: int) -> str:
    """ "monster", "ally" or "event" for an Encounter counter ("" for any other face)."""
    encounter = ENCOUNTERS.get(state.faces[cid]) if 0 <= cid < COUNTERS else None
    return encounter.kind if encounter is not None else ""
