"""Saves that open are sound games: each named hostile or damaged position is refused with
InvalidSave, or (in an undo chain) dropped so the game opens without undo; a format-1 string naming Titan is
refused at once. The field-by-field fuzz that plays on from every save that opens is in test_save_fuzz.py."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from engine.core import GameState, InvalidSave, save
from engine.registry import GAMES
from tests.engine.save_soundness import pack, play_on, play_until, unpack


def phase(name: str) -> Callable[[GameState], bool]:
    return lambda state: state.phase.value == name  # type: ignore[attr-defined]


def find(game_id: str, players: int, wanted: Callable[[GameState], bool], **kwargs: Any) -> GameState:
    """The first seeded random game that reaches a wanted position."""
    for seed in range(1, 60):
        try:
            return play_until(game_id, players, seed, wanted, **kwargs)
        except AssertionError:
            continue
    raise AssertionError("no seed reaches it")


@cache
def titan_positions() -> dict[str, GameState]:
    return {
        "split": GAMES["titan"].new_game(3, seed=5),
        "move": play_until("titan", 2, 1, phase("move"), at_least=20),
        "engagement": play_until("titan", 3, 2, phase("engagement")),
        "maneuver": play_until("titan", 2, 3, phase("maneuver")),
        "carry": play_until("titan", 3, 4, phase("carry")),
    }


def refused(state: GameState, change: Callable[[dict[str, Any]], None], *, chain: bool = False) -> None:
    """The save of `state` with its position changed is refused (with no undo chain to fall back on)."""
    data = unpack(save.dumps(state))
    data.pop("c", None), data.pop("d", None)
    assert save.loads(pack(data)) == state  # unchanged, it opens
    change(data["x"]["own"])
    with pytest.raises(InvalidSave, match="damaged"):
        save.loads(pack(data))


def titan(name: str) -> GameState:
    return titan_positions()[name]


def unmoved_enemy(own: dict[str, Any]) -> None:
    mover = own["mover"]
    home = next(lg for lg in own["legions"] if lg["owner"] == mover and not lg["moved"])
    enemy = next(lg for lg in own["legions"] if lg["owner"] != mover)
    enemy["land"] = home["land"]


def terms_giving_up_a_titan(own: dict[str, Any]) -> None:
    attacker = next(lg for lg in own["legions"] if lg["marker"] == own["engagement"]["attacker"])
    own["engagement"].update(proposals=1, proposer=attacker["owner"], eliminated="defender", losses=["Titan"])
    assert own["decider"] != attacker["owner"]


def carry_to(own: dict[str, Any], same_side: bool) -> None:
    units, carry = own["battle"]["units"], own["battle"]["carry"]
    side = units[carry["striker"]]["side"]
    carry["targets"] = [i for i, unit in enumerate(units) if (unit["side"] == side) == same_side][:1]
    if not same_side:
        carry["targets"] = [len(units)]  # a unit index an action may name, past the battle's units


def other_land(own: dict[str, Any]) -> None:
    used = {lg["land"] for lg in own["legions"]}
    own["battle"]["land"] = next(land for land in (1, 2, 3, 4, 5, 6, 7, 8) if land not in used)


TITAN_CASES: dict[str, tuple[str, Callable[[dict[str, Any]], None]]] = {
    "an engagement record in the move phase": ("move", lambda own: own.update(engagement={"land": 1})),
    "an engagement missing a key": ("engagement", lambda own: own["engagement"].pop("defender")),
    "losses of the wrong type": ("engagement", lambda own: own["engagement"].update(losses="Ogre")),
    "terms that give up a Titan": ("engagement", terms_giving_up_a_titan),
    "a carry to a unit not there": ("carry", lambda own: carry_to(own, same_side=False)),
    "a carry to the striker's own side": ("carry", lambda own: carry_to(own, same_side=True)),
    "a battle on another land than its engagement": ("maneuver", other_land),
    "no free legion marker before the first split": ("split", lambda own: own["players"][1].update(free_markers=[])),
    "an enemy on the mover's unmoved legion": ("move", unmoved_enemy),
    "two players of one colour": ("move", lambda own: own["players"][1].update(colour=own["players"][0]["colour"])),
    "two players in one tower": ("move", lambda own: own["players"][1].update(tower=own["players"][0]["tower"])),
    "a winner mid-game": ("move", lambda own: own.update(winner=0)),
    "a stray aftermath": (
        "move",
        lambda own: own.update(
            aftermath={"winner": own["legions"][0]["marker"], "angels": [], "summon": False, "reinforce": False}
        ),
    ),
}


@pytest.mark.parametrize("case", sorted(TITAN_CASES))
def test_an_impossible_titan_position_is_refused(case):
    where, change = TITAN_CASES[case]
    refused(titan(where), change)


def slain_overhit(own: dict[str, Any]) -> None:
    slain = next(unit for unit in own["battle"]["units"] if unit["slain"])  # the carry's kill lies on its hex
    slain["hits"] = 99


def attack_edge_dropped(own: dict[str, Any]) -> None:
    attacker = next(lg for lg in own["legions"] if lg["marker"] == own["engagement"]["attacker"])
    attacker["attack_edge"] = -1


def unmoved_attacker(own: dict[str, Any]) -> None:
    unmoved = next(lg for lg in own["legions"] if lg["owner"] == own["mover"] and not lg["moved"])
    unmoved["attack_edge"] = 2


def teleport_on(roll: int, kind: str) -> Callable[[dict[str, Any]], None]:
    def change(own: dict[str, Any]) -> None:
        assert own["roll"] == roll and own["players"][own["mover"]]["score"] < 400
        mine = [lg for lg in own["legions"] if lg["owner"] == own["mover"] and lg["moved"]]
        moved = next(lg for lg in mine if "Titan" not in lg["contents"])
        moved["teleport"] = kind
        own["teleported"] = True

    return change


def tower_teleported_attacker(own: dict[str, Any]) -> None:
    assert own["roll"] == 6
    attacker = next(lg for lg in own["legions"] if lg["marker"] == own["engagement"]["attacker"])
    attacker["teleport"], own["teleported"] = "tower", True


def two_teleports(own: dict[str, Any]) -> None:
    assert own["roll"] == 6
    mine = [lg for lg in own["legions"] if lg["owner"] == own["mover"] and lg["moved"] and lg["attack_edge"] < 0]
    assert len(mine) >= 2
    for legion in mine[:2]:
        legion["teleport"] = "tower"
    own["teleported"] = True


# Regression: positions that opened, each refused now with its reason (where, change, the reason's words).
TITAN_CASES_22: dict[str, tuple[str, Callable[[dict[str, Any]], None], str]] = {
    "a slain character with 99 hits during a carry": ("carry", slain_overhit, "has 99 hits, more than its power"),
    "99 hits carried from a strike of fewer": (
        "carry",
        lambda own: own["battle"]["carry"].update(hits=99),
        "more hits carried than the strike left over",
    ),
    "a legion sharing a land with an enemy it did not attack": (
        "engagement",
        attack_edge_dropped,
        "with an enemy it did not attack",
    ),
    "an attack edge on a legion that did not move": ("engagement", unmoved_attacker, "attacked without moving"),
    "a teleport on a roll of 5": ("maneuver", teleport_on(5, "tower"), "a teleport on a movement roll of 5"),
    "a tower teleport onto an enemy": ("engagement", tower_teleported_attacker, "tower-teleported onto an enemy"),
    "two teleports in one turn": ("engagement", two_teleports, "two teleports in one turn"),
    "a Titan teleport under 400 points": ("engagement", teleport_on(6, "titan"), "Titan-teleported without a Titan"),
}


@pytest.mark.parametrize("case", sorted(TITAN_CASES_22))
def test_an_impossible_titan_position_of_issue_22_is_refused_with_its_reason(case):
    where, change, reason = TITAN_CASES_22[case]
    refused(titan(where), change)
    data = unpack(save.dumps(titan(where)))
    change(data["x"]["own"])
    with pytest.raises(InvalidSave, match=reason):
        save.loads(pack(data))


def test_a_movement_roll_kept_in_a_spawn_s_attack_is_refused():
    """Battle Titan: a spawn attacking at once does so before any movement roll (a Tower held by the other
    player, as in test_respawn's attack)."""
    from engine.titan.actions import EndMusters
    from engine.titan.data import TOWERS
    from tests.engine.titan.helpers import answer_the_spawn, place, second_round_muster, wipe_out

    state = second_round_muster()
    ann, bob = state.order
    wipe_out(state, bob)
    for tower in TOWERS:
        if not state.legions_on(tower):
            place(state, state.players[ann].free_markers[0], ann, tower, ["Ogre", "Ogre"]).reveal(range(2))
    state = answer_the_spawn(GAMES["titan"].apply(state, EndMusters()))
    assert state.phase.value == "engage" and state.war.spawn_tower and state.roll == 0
    refused(state, lambda own: own.update(roll=3))


def test_a_titan_format_1_string_is_refused_at_once(monkeypatch):
    """Refused before anything is replayed, however many actions the string holds."""
    text = pack({"g": "titan", "r": 1, "n": 2, "o": {}, "p": [{"name": "A"}, {"name": "B"}], "s": 1,
                 "a": [{"kind": "end_splits"}] * 9_000})  # fmt: skip
    text = "TT.1." + text[len("TT.2.") :]

    def never(*args, **kwargs):
        raise AssertionError("a Titan format-1 string was replayed")

    monkeypatch.setattr(type(GAMES["titan"]), "replay", never)
    monkeypatch.setattr(type(GAMES["titan"]), "new_game", never)
    with pytest.raises(InvalidSave, match="never saved in format 1"):
        save.loads(text)


# -- Titan Dice ---------------------------------------------------------------------------------------------------


@cache
def dice_positions() -> dict[str, GameState]:
    return {
        "victim": find("titan_dice", 3, phase("attack_victim")),
        "reroll": play_until("titan_dice", 3, 2, phase("wound_reroll")),
        "kept": find(
            "titan_dice",
            2,
            lambda s: s.previous is not None and s.previous.phase.value == "wound_reroll",  # type: ignore[attr-defined]
        ),
    }


def test_a_titan_dice_attack_victim_without_its_attacker_is_refused():
    refused(dice_positions()["victim"], lambda own: own["pending"].pop("attacker"))


def test_a_titan_dice_wound_reroll_naming_a_die_not_there_is_refused():
    refused(dice_positions()["reroll"], lambda own: own["pending"].update(wound_dice=[7]))
    hand = [d for d, area in enumerate(own_of(dice_positions()["reroll"])["boards"][0]["die_area"]) if area != "hand"]
    refused(dice_positions()["reroll"], lambda own: own["pending"].update(wound_dice=hand[:1]))


def own_of(state: GameState) -> dict[str, Any]:
    return state.position()["own"]


def test_a_damaged_titan_dice_undo_chain_position_opens_without_undo():
    state = dice_positions()["kept"]
    data = unpack(save.dumps(state))
    assert save.loads(pack(data)).previous is not None
    data["c"][-1]["x"]["own"]["pending"]["wound_dice"] = [7]
    loaded = save.loads(pack(data))
    assert loaded == state and loaded.previous is None
    play_on(loaded, 1, playout=10)


# -- Titan Race ---------------------------------------------------------------------------------------------------


def test_a_titan_race_titan_raced_by_another_player_is_refused():
    state = play_until("titan_race", 2, 4, phase("order_titans"), options={"variant": "two_player"})
    refused(state, lambda own: own["titans"][1].update(owner=0))
    refused(play_until("titan_race", 3, 2, phase("turn"), at_least=20), lambda own: own["titans"][0].update(owner=1))


def test_titan_race_hands_shared_outside_the_2_player_variant_are_refused():
    """Regression: a standard game with the 2-player variant's shared hands opened, then failed (IndexError) once
    its last Titan was chosen and its players were asked to order Titans they do not have two of."""
    for players, options in [(3, {}), (2, {}), (4, {"variant": "teams"})]:
        state = play_until("titan_race", players, 2, phase("choose_titan"), at_least=players - 1, options=options)
        assert len(state.titans) == players - 1  # type: ignore[attr-defined]
        refused(state, lambda own: own.update(shared_hands=True))
    two = play_until("titan_race", 2, 4, phase("order_titans"), options={"variant": "two_player"})
    refused(two, lambda own: own.update(pickers=[0, 1]))  # another game's choosers
    refused(two, lambda own: own.update(shared_hands=False))  # ordering Titans whose hands are not shared
    refused(two, lambda own: own.update(turn={"ordering": True}))
    refused(two, lambda own: own.update(turn={"ordering": 0, "die": "red"}))
    refused(play_until("titan_race", 3, 2, phase("turn"), at_least=20), lambda own: own.update(shared_hands=True))


def test_a_grand_slam_missing_a_circuit_is_refused():
    state = play_until("titan_race", 2, 3, phase("draft"), at_least=10, options={"variant": "grand_slam"})
    refused(state, lambda own: own.update(circuits=own["circuits"][:2]))


def test_a_titan_race_blue_die_waiting_for_its_extra_is_refused():
    state = find("titan_race", 3, lambda s: s.phase.value == "turn" and s.turn.face == "blue", at_least=10)  # type: ignore[attr-defined]
    refused(state, lambda own: own["turn"].update(extra_done=False))
    refused(state, lambda own: own["turn"].pop("moved"))


def test_a_titan_race_question_with_a_damaged_effect_is_refused():
    state = find("titan_race", 3, phase("answer"), at_least=10)
    refused(state, lambda own: own["question"]["effect"].update(titan=99))
    refused(state, lambda own: own["question"]["effect"].update(kind="hit", space="Z9"))
    refused(state, lambda own: own["question"]["effect"].clear())
