"""Hidden information: in every view of many random games, a seat sees the face of a face-down counter only if it
has seen it since it last moved (a Prophecy look, a Sacrifice draw, its own Divine counters); other seats' Divine
counters only as a count; the piles only as counts; the views of all seats equal on everything public. Bots'
copies (`determinize`) keep exactly what the seat knows."""

from __future__ import annotations

import copy
import re
from typing import Any

from engine.born_of_titans import GAME
from engine.born_of_titans.actions import Look, Sacrifice
from engine.born_of_titans.state import BornState
from engine.core import Action, Rng
from tests.engine.born_of_titans.helpers import my_turn, set_encounter, started
from tests.engine.born_of_titans.random_games import play_game


def _where(state: BornState) -> dict[int, str]:
    """Each counter's place, as the test sees it (ids at Sites, in piles, on sheets, drawn)."""
    places: dict[int, str] = {}
    for kind, ids in state.piles.items():
        places.update({cid: f"pile:{kind}" for cid in ids})
    places.update({cid: f"city:{city}" for city, cid in state.encounters.items()})
    places.update({cid: f"sea:{site}" for site, cid in state.sea_monsters.items()})
    places[state.aside] = "aside"
    for seat, sheet in enumerate(state.sheets):
        places.update({cid: f"shield:{seat}" for cid in sheet.quests.values()})
        places.update({cid: f"hand:{seat}" for cid in sheet.divine})
        if sheet.quest is not None:
            places[sheet.quest.id] = f"quest:{seat}:{sheet.quest.site}"
        for name in ("gear", "ally"):
            if getattr(sheet, name) is not None:
                places[getattr(sheet, name)] = f"{name}:{seat}"
    for cid in state.offer:
        places[cid] = "offer"
    return places


def _site_counters(state: BornState, site: str) -> list[int]:
    found = [table[site] for table in (state.encounters, state.sea_monsters) if site in table]
    return found + [s.quest.id for s in state.sheets if s.quest is not None and s.quest.site == site]


class Knowledge:
    """What each seat knows, kept by the test from the actions alone."""

    def __init__(self, players: int) -> None:
        self.known: list[set[int]] = [set() for _ in range(players)]
        self.places: dict[int, str] = {}
        self.pending: tuple[int, Action] | None = None
        self.checked = 0

    def before(self, state: BornState, action: Action) -> None:
        self.places = _where(state)
        seat = state.current_player
        if isinstance(action, Look):
            self.known[seat].update(_site_counters(state, action.site))  # type: ignore[index]
        self.pending = (seat, action)  # type: ignore[assignment]

    def after(self, state: BornState, action: Action) -> None:
        now = _where(state)
        for cid, place in now.items():
            if self.places.get(cid) != place:
                for known in self.known:
                    known.discard(cid)
        if isinstance(action, Sacrifice):
            self.known[state.mover].update(state.offer)
        if state.moves % 5 == 0 or isinstance(action, Look | Sacrifice):
            check_views(state, self.known)
            self.checked += 1


def _public(view: dict[str, Any], seat: int | None, state: BornState) -> dict[str, Any]:
    """A view with what only its seat may know taken out."""
    view = copy.deepcopy(view)
    view.pop("seat")
    if seat is not None:
        view["heroes"][seat].pop("divine")
    if view["offer"] is not None and "divine" in view["offer"]:
        view["offer"] = None
    for entry in view["sites"].values():
        for key in ("encounter", "sea_monster"):
            if entry[key] is not None:
                entry[key] = "?"
        for quest in entry["quests"]:
            quest["quest"] = "?"
    return view


def check_views(state: BornState, known: list[set[int]]) -> None:
    spectator = GAME.view(state, None)
    public = _public(spectator, None, state)
    for seat in range(state.num_players):
        view = GAME.view(state, seat)
        assert _public(view, seat, state) == public  # equal on everything public
        for other, hero in enumerate(view["heroes"]):
            assert ("divine" in hero) == (other == seat)  # another's Divine counters: a count only
            assert hero["divine_count"] == len(state.sheets[other].divine)
        assert all(isinstance(count, int) for count in view["piles"].values())  # the piles: counts only
        for site, entry in view["sites"].items():
            ids = {"encounter": state.encounters.get(site), "sea_monster": state.sea_monsters.get(site)}
            for key, cid in ids.items():
                if cid is None:
                    continue
                shown = entry[key]
                open_to_all = spectator["sites"][site][key] != "hidden"
                if cid in known[seat] or open_to_all:
                    assert shown == state.faces[cid]
                else:
                    assert shown == "hidden"
            for quest, owner_sheet in zip(entry["quests"], _quests_at(state, site), strict=True):
                cid = owner_sheet.quest.id
                if quest["revealed"] or cid in known[seat]:
                    assert quest["quest"] == state.faces[cid]
                else:
                    assert quest["quest"] == "hidden"
    for entry in spectator["sites"].values():  # a spectator sees only what is face up
        for quest in entry["quests"]:
            assert quest["revealed"] or quest["quest"] == "hidden"


def _quests_at(state: BornState, site: str) -> list[Any]:
    return [sheet for sheet in state.sheets if sheet.quest is not None and sheet.quest.site == site]


def test_every_view_of_many_random_games_holds_only_what_its_seat_knows():
    checked = 0
    for players in (2, 3, 4):
        for seed in range(2):
            knowledge = Knowledge(players)
            play_game(players, 700 + seed, None, knowledge.before, knowledge.after)
            checked += knowledge.checked
    assert checked > 150


def test_a_prophecy_look_is_seen_by_the_looker_alone_in_random_games():
    looks = 0
    views: dict[int | None, dict[str, Any]] = {}

    def before(state: BornState, action: Action) -> None:
        if isinstance(action, Look):
            views.clear()
            views.update({seat: GAME.view(state, seat) for seat in [*range(state.num_players), None]})

    def after(state: BornState, action: Action) -> None:
        nonlocal looks
        if not isinstance(action, Look):
            return
        looks += 1
        for seat, earlier in views.items():
            now = _site_faces(GAME.view(state, seat), action.site)
            if seat == state.mover:
                assert "hidden" not in now
            else:
                assert now == _site_faces(earlier, action.site)  # the others learn nothing

    for seed in range(6):
        play_game(3, 900 + seed, None, before, after)
    assert looks > 5


def _site_faces(view: dict[str, Any], site: str) -> list[str]:
    entry = view["sites"].get(site, {"encounter": None, "sea_monster": None, "quests": []})
    faces = [entry[k] for k in ("encounter", "sea_monster") if entry[k] is not None]
    return faces + [quest["quest"] for quest in entry["quests"]]


def test_determinize_keeps_what_the_seat_knows_and_deals_the_rest_anew():
    changed = 0
    positions = []

    def keep(state: BornState, action: Action) -> None:
        if state.moves % 37 == 0:
            positions.append(state.clone(record=False))

    for seed in range(3):
        play_game(3, 40 + seed, None, each=keep)
    rng = Rng(5)
    for state in positions:
        for seat in range(state.num_players):
            sample = GAME.determinize(state, seat, rng)
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            assert GAME.invariant_violations(sample) == []
            assert GAME.legal_actions(sample) == GAME.legal_actions(state) or state.current_player != seat
            changed += sample.faces != state.faces
            assert sample.rng.state != state.rng.state
    assert changed > len(positions)


def test_a_citys_encounter_id_numbers_the_placement_never_the_counter():
    views = [GAME.view(started(players=2, seed=seed), 0)["sites"] for seed in range(6)]
    from engine.born_of_titans.board import CITIES

    numbers = [[view[city]["encounter_id"] for city in CITIES] for view in views]
    assert all(row == list(range(1, len(CITIES) + 1)) for row in numbers)  # the same whatever the counters
    state, _seat = my_turn(node="athens", came_from="p_saronic")
    set_encounter(state, "athens", "harpies")
    first = GAME.view(state, 0)["sites"]["athens"]["encounter_id"]
    cid = state.encounters["athens"]
    set_encounter(state, "athens", None)
    state.piles["encounter"].remove(cid)
    state.place_encounter("athens", cid)  # the same counter placed again
    assert GAME.view(state, 0)["sites"]["athens"]["encounter_id"] > first


def test_the_log_never_names_a_counter_drawn_kept_placed_or_looked_at_face_down():
    from engine.born_of_titans.actions import Keep, PlaceQuest, Restock
    from engine.born_of_titans.data import DIVINE, ENCOUNTERS, QUESTS, SEA_MONSTERS

    divine = [d.name for d in DIVINE.values()]
    hidden = [e.name for e in ENCOUNTERS.values()] + [q.name for q in QUESTS.values()]
    hidden += [m.name for m in SEA_MONSTERS.values()]
    checked = 0
    lines = {"before": 0}

    def before(state: BornState, action: Action) -> None:
        lines["before"] = len(state.log)

    def after(state: BornState, action: Action) -> None:
        nonlocal checked
        # a Quest turned up at the start of the turn a placement leads into is face up for all (ruling 16)
        new = " ".join(line for line in state.log[lines["before"] :] if "turns up her Quest" not in line)
        if isinstance(action, Sacrifice | Keep):
            checked += 1
            assert not any(re.search(rf"\b{re.escape(name)}\b", new) for name in divine), new  # not Heracles
        if isinstance(action, Look | PlaceQuest | Restock):
            checked += 1
            assert not any(name in new for name in hidden), new

    for seed in range(4):
        play_game(3, 60 + seed, None, before, after)
    assert checked > 20
