"""Battle Titan on the masterboard ("In the app"): the running scores with the leader marked, the end's
progress per kind of ending, each player's trophies behind a tap, and the respawn as an event: the Tower drawn
lit on the map, the spawn's question with the house rules' reason and its answers as buttons, the new legion and the
attack that follows on an occupied Tower. Nothing of it under standard Titan; names escaped."""

from __future__ import annotations

import html
import random
import re

import pytest

from app.gameview import render_regions
from app.views.titan import render_layers
from engine.core import Seat
from engine.registry import GAMES
from engine.titan.actions import EndMusters, EndSplits, Spawn, Split
from engine.titan.data import TOWERS, character_value
from engine.titan.state import Phase, TitanState
from tests.app.boards import board_context
from tests.engine.titan.helpers import place, wipe_out

GAME = GAMES["titan"]
XSS = "<img src=x onerror=alert(1)>"
ROW = re.compile(r"<tr[^>]*><th scope='row'>(.*?)</th><td>(.*?)</td><td>(.*?)</td><td><b>(.*?)</b></td></tr>")
STAR = "<span class='tt-leader'"


def battle(names: tuple[str, str] = ("Ann", "Bob"), seed: int = 3, **options: object) -> TitanState:
    state = GAME.new_game(2, {"variant": "battle", **options}, seed, [Seat(name=name) for name in names])
    assert isinstance(state, TitanState)
    return state


def panel(state: TitanState, seat: int | None, **extra: object) -> str:
    """The masterboard's panel as `seat` sees it."""
    return render_layers(board_context(GAME, state, seat, **extra))[2]["tt-panel"]


def overlay(state: TitanState, seat: int | None) -> str:
    return render_layers(board_context(GAME, state, seat))[2]["tt-overlay"]


def spawn_counters(markup: str) -> list[str]:
    """The characters drawn in the respawn's section, in order."""
    section = re.search(r"<section class='tt-spawn.*?</section>", markup)
    assert section is not None
    return re.findall(r"role='img' aria-label='([A-Za-z]+) \d", section.group(0))


def rows(markup: str) -> list[tuple[bool, str, str, str, str]]:
    """The score table: (starred, name, battle points, half the living, total) per row."""
    return [
        (STAR in head, html.unescape(re.sub(r"<[^>]+>", "", head).replace("★", "").strip()), b, h, t)
        for head, b, h, t in ROW.findall(markup)
    ]


def living_half(state: TitanState, seat: int) -> float:
    """Half the value of `seat`'s characters alive on the board, counted here apart from the engine."""
    score = state.players[seat].score
    return sum(character_value(n, score) for lg in state.legions_of(seat) for n in lg.contents) / 2


def spawn_asked(names: tuple[str, str] = ("Ann", "Bob"), occupied: bool = False, seed: int = 11) -> TitanState:
    """Round 2 of a random Battle Titan game; the second player is wiped out and, no Gargoyle left, is asked the
    jungle path's basic at the start of his turn (fallback 1: a Centaur or an Ogre). `occupied`: the first
    player holds every Tower, so the spawn attacks."""
    rng = random.Random(seed)
    state = battle(names, seed)
    while not (state.turn_number == 2 and state.mover == state.order[0] and state.phase == Phase.MUSTER):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))  # type: ignore[assignment]
    first, second = state.order
    wipe_out(state, second)
    state.slain["Gargoyle"] = state.slain.get("Gargoyle", 0) + state.stock["Gargoyle"]
    state.stock["Gargoyle"] = 0
    if occupied:
        for tower in TOWERS:
            if not state.legions_on(tower):
                place(state, state.players[first].free_markers[0], first, tower, ["Ogre", "Ogre"]).reveal(range(2))
    state = GAME.apply(state, EndMusters())  # type: ignore[assignment]
    assert state.phase == Phase.SPAWN and state.mover == second
    return state


def test_standard_titan_has_no_battle_titan_panel_and_battle_titan_has_one() -> None:
    standard = GAME.new_game(2, None, 3, [Seat(name="Ann"), Seat(name="Bob")])
    assert isinstance(standard, TitanState) and "war" not in GAME.view(standard, 0)
    shown = panel(standard, 0)
    assert "tt-war" not in shown and "tt-spawn" not in shown and "Battle Titan" not in shown
    assert "tt-highlight" not in overlay(standard, 0)
    assert "class='tt-war'" in panel(battle(), 0)


def test_the_running_scores_give_battle_points_half_the_living_and_the_total_with_the_leader_starred() -> None:
    state = battle()
    ann, bob = 0, 1
    legion = state.legions_of(ann)[0]
    legion.add("Lion")  # worth 15: Ann's half of the living ends in a half
    state.stock["Lion"] -= 1
    state.war.add_points(ann, "attack won", 24)  # type: ignore[union-attr]
    state.players[ann].score += 24
    state.war.add_points(bob, "defence won", 7)  # type: ignore[union-attr]
    state.players[bob].score += 7
    halves = [living_half(state, ann), living_half(state, bob)]
    assert halves[ann] != int(halves[ann])
    table = rows(panel(state, bob))
    assert table == [
        (True, "Ann", "24", f"{halves[ann]:g}", f"{24 + halves[ann]:g}"),
        (False, "Bob", "7", f"{halves[bob]:g}", f"{7 + halves[bob]:g}"),
    ]
    assert [float(row[4]) for row in table] == GAME.view(state, bob)["war"]["totals"]


def test_level_players_are_level_nobody_starred() -> None:
    state = battle()
    assert [starred for starred, *_ in rows(panel(state, 0))] == [False, False]


def test_each_players_trophies_are_listed_behind_a_tap_with_his_points_by_kind() -> None:
    state = battle()
    state.war.add_trophies(0, ["Ogre", "Cyclops", "Ogre"])  # type: ignore[union-attr]
    state.war.add_points(0, "attack won", 36)  # type: ignore[union-attr]
    state.war.add_points(0, "attack lost", 9)  # type: ignore[union-attr]
    shown = panel(state, 1)
    ann, bob = re.findall(r"<details class='tt-trophies'>(.*?)</details>", shown)
    assert "<summary>Ann: 3 kills</summary>" in ann
    assert re.findall(r"<li>(.*?)</li>", ann) == ["1 Cyclops", "2 Ogres"]
    assert "attack lost 9 · attack won 36" in ann
    assert "<summary>Bob: 0 kills</summary>" in bob and "No kills yet." in bob and "none yet" in bob


def _colossus(state: TitanState) -> None:
    """A Colossus mustered into the first player's legion."""
    state.legions_of(0)[0].add("Colossus")
    state.stock["Colossus"] -= 1
    state.war.appeared = True  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("options", "turn", "seconds", "change", "line"),
    [
        ({}, 3, 0, None, "Round 3 of 12."),
        ({"rounds": 12}, 11, 0, None, "Round 11 of 12: the next round is the last."),
        ({"rounds": 12}, 12, 0, None, "Round 12 of 12: the last round."),
        ({"ending": "time", "minutes": 60}, 5, 41 * 60 + 30, None, "41 of 60 minutes played"),
        ({"ending": "time", "minutes": 30}, 5, 30 * 60, None, "The 30 minutes are up: the game ends at the end of"),
        ({"ending": "appearance", "creature": "Colossus"}, 2, 0, None, "Colossus: none mustered yet; the first one"),
        ({"ending": "extinction", "creature": "Lion"}, 2, 0, None, "Lion: none mustered yet; its dying out"),
        ({"ending": "extinction", "creature": "Colossus"}, 4, 0, _colossus, "Colossus: 1 alive; the game ends at"),
        ({"ending": "appearance", "creature": "Colossus"}, 4, 0, "ends", "Colossus: the first is mustered; the game"),
        ({"ending": "extinction", "creature": "Colossus"}, 4, 0, "ends", "Colossus: none is left alive; the game"),
        (
            {"ending": "appearance"},
            7,
            0,
            None,
            "Serpent: none mustered yet; the first one mustered ends the game at "
            "the end of its round, or after round 80 at the latest (round 7 now).",
        ),
        (
            {"ending": "extinction"},
            80,
            0,
            None,
            "Serpent: none mustered yet; its dying out, once mustered, ends "
            "the game at the end of its round, or at the end of this round 80, the latest.",
        ),
    ],
)
def test_the_ends_progress_in_a_line_for_each_kind_of_ending(options, turn, seconds, change, line) -> None:
    state = battle(**options)
    state.turn_number = turn
    state.war.seconds = seconds  # type: ignore[union-attr]
    if change == "ends":
        state.war.appeared = state.war.ends = True  # type: ignore[union-attr]
    elif change is not None:
        change(state)
    heading = re.search(r"<h2>Battle Titan <small>(.*?)</small></h2>", panel(state, 0))
    assert heading is not None and html.unescape(heading.group(1)).startswith(line)


def test_once_the_game_is_over_the_line_says_the_scores_are_final() -> None:
    state = battle(rounds=12)
    state.turn_number, state.phase = 12, Phase.GAME_OVER
    assert "<small>The agreed end has come: the final scores.</small>" in panel(state, None)


def test_the_spawn_asks_its_question_with_the_seeds_reason_and_answers_by_buttons() -> None:
    state = spawn_asked()
    bob = state.mover
    offer = GAME.view(state, bob)["war"]["spawn_offer"]
    legal = GAME.legal_actions(state)
    assert offer["choice"]["options"] == [action.creature for action in legal] == ["Centaur", "Ogre"]
    regions = render_regions(GAME, state, shown=bob)
    shown = html.unescape(regions.board)
    assert "Your new Titan legion <small>in Tower" in shown and f"in Tower {state.war.spawn_tower}," in shown
    assert "Pick the jungle path's basic creature:</b> Centaur or Ogre?" in shown
    assert spawn_counters(shown) == ["Titan", *(slot["creature"] for slot in offer["slots"])]
    assert "The house rules' fallback 1: no Gargoyle is left in the stock: one of tier 1 from another path." in shown
    assert "tt-highlight" in regions.board  # the Tower drawn, lit on the map
    answers = html.unescape(regions.actions)
    for index, (creature, where) in enumerate([("Centaur", "Plains path, tier 1"), ("Ogre", "Marsh path, tier 1")]):
        button = re.search(rf"data-action=\"{index}\".*?</button>", answers)
        assert button is not None and creature in button.group(0) and where in button.group(0)
    assert "Bob: pick a creature for the new Titan legion" in regions.status_text
    other = html.unescape(panel(state, state.order[0], interactive=False))
    assert "Bob’s new Titan legion" in other and "Bob picks the jungle path's basic creature" in other

    while state.phase == Phase.SPAWN:  # the second jungle basic is asked alike
        state = GAME.apply(state, Spawn(creature="Ogre"))  # type: ignore[assignment]
    assert state.phase == Phase.SPLIT
    (legion,) = state.legions_of(bob)
    after = panel(state, bob)
    assert "You were wiped out and spawned here." in after and "Eight may not stay together" in after
    assert spawn_counters(after) == sorted(legion.contents, key=lambda name: name != "Titan") and legion.height == 8
    assert "tt-spawn-question" not in after and "tt-highlight" in overlay(state, bob)
    state = GAME.apply(state, next(a for a in GAME.legal_actions(state) if isinstance(a, Split)))  # type: ignore[assignment]
    split = panel(state, bob)  # split in two on the Tower: the spawn is still the eight it was
    assert len(spawn_counters(split)) == 8 and "Eight may not stay together" not in split
    state = GAME.apply(state, EndSplits())  # type: ignore[assignment]
    assert state.phase == Phase.MOVE  # the turn moves on: the respawn is no longer news
    assert "tt-spawn" not in panel(state, bob) and "tt-highlight" not in overlay(state, bob)


def test_a_spawn_on_an_occupied_tower_says_the_attack_that_follows_to_both_players() -> None:
    state = spawn_asked(occupied=True)
    ann, bob = state.order
    while state.phase == Phase.SPAWN:
        state = GAME.apply(state, GAME.legal_actions(state)[0])  # type: ignore[assignment]
    assert state.phase == Phase.ENGAGE
    tower = state.war.spawn_tower  # type: ignore[union-attr]
    held = [lg.marker for lg in state.legions_on(tower) if lg.owner == ann]
    mine, theirs = html.unescape(panel(state, bob)), html.unescape(panel(state, ann, interactive=False))
    assert f"The Tower is held by Ann ({', '.join(held)}): the new legion attacks there as your whole turn" in mine
    assert "as Bob’s whole turn" in theirs
    (legion,) = state.legions_of(bob)
    names = sorted(legion.contents, key=lambda name: name != "Titan")
    assert spawn_counters(mine) == spawn_counters(theirs) == names  # public, as a starting legion is


def test_names_are_escaped_in_the_scores_the_trophies_and_the_spawn() -> None:
    state = spawn_asked(names=(XSS, XSS + "2"))
    state.war.add_trophies(0, ["Ogre"])  # type: ignore[union-attr]
    for seat in (0, 1):
        shown = panel(state, seat, interactive=False)
        assert "<img" not in shown
        parts = ("tt-war", "tt-trophies") + (("tt-spawn",) if seat != state.mover else ())  # his own: "You..."
        for part in parts:  # the name stands in each, escaped
            section = re.search(rf"<(section|details) class='{part}.*?</(section|details)>", shown)
            assert section is not None and "&lt;img src=x onerror=alert(1)&gt;" in section.group(0)


def test_battle_titan_choices_say_what_the_left_off_become_and_what_the_eights_angel_costs():
    """Under Battle Titan the End-maneuver note says the characters not brought on are killed if the legion loses
    and go back to the stock if it wins; the standard game's still says they are eliminated."""
    from app.views.titan import action_detail
    from engine.titan.actions import EndManeuver
    from tests.engine.titan.helpers import fight_in_battle_titan

    state = fight_in_battle_titan(["Lion", "Lion", "Ogre"], ["Titan", "Centaur", "Ogre"])
    end = EndManeuver().model_dump(mode="json")
    assert action_detail(GAME.view(state, 0), end) == (
        "Not brought on yet: if you end now, killed if your legion loses, back to the stock if it wins: "
        "Centaur, Ogre, Titan."
    )
    standard = GAME.view(state, 0)
    del standard["war"]
    assert action_detail(standard, end).startswith("Not brought on yet, and eliminated if you end now")
    assert "least valuable" in action_detail(GAME.view(state, 0), {"kind": "acquire_instead"})


def test_battle_titan_the_battle_panel_shows_the_characters_left_off_and_what_becomes_of_them():
    from app.views.titan_battle import _held_off
    from engine.titan.actions import EndManeuver, Maneuver
    from tests.engine.titan.helpers import act, fight_in_battle_titan, index_of

    state = fight_in_battle_titan(["Lion", "Lion", "Ogre"], ["Centaur", "Ogre"])
    assert _held_off(GAME.view(state, 0)) == ""
    state = act(state, Maneuver(unit=index_of(state, "Centaur", "defender"), hex="E5"))
    state = act(state, EndManeuver())
    for seat in (None, 0, 1):  # everyone saw them not come on
        shown = _held_off(GAME.view(state, seat))
        assert "Left off by Bk01: killed if it loses, back to the stock if it wins" in shown
        assert "Ogre" in shown and "Centaur" not in shown and "Bu01" not in shown
