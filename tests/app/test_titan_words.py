"""Titan's words on the page: a battle is never lost by one tap without being told (a move that strands a
character says so when its character is picked, a "Done" that eliminates characters asks first, naming
them), and the small texts of the status line, the choices and the dialogs read right."""

from __future__ import annotations

from app.gameview import armed_status, render_regions
from app.screens import confirm_dialog_html
from app.views import titan as titan_view
from engine.titan.actions import Acquire, EndManeuver, Maneuver, Muster, Reinforce
from engine.titan.data import CREATURES, a_name
from engine.titan.sides import ATTACKER
from tests.engine.titan.helpers import GAME, act, attacker_to_enter, gargoyles, index_of, three_gargoyles_on


def test_a_move_that_leaves_the_titan_off_says_so_on_the_map_in_the_panel_and_on_its_button():
    state = three_gargoyles_on()
    fourth = gargoyles(state)[3]
    picked = render_regions(GAME, state, shown=state.current_player, selected=f"unit:{fourth}")
    warned = "Bring the Gargoyle on at D1 \u2014 the Titan could then not come on"
    assert f"aria-label='{warned}'" in picked.board  # the lit hex on the map
    assert warned in picked.actions  # the picked character's own buttons
    assert "Careful where the Gargoyle comes on" in picked.board and "At D1: the Titan could then not come on" in (
        picked.board
    )
    assert picked.actions.count("could then not come on") == 1  # the other hexes are safe: no word on them
    titan = index_of(state, "Titan", ATTACKER)
    first = render_regions(GAME, state, shown=state.current_player, selected=f"unit:{titan}")
    assert "could then not come on" not in first.board + first.actions  # the Titan first: nothing to fear
    move = Maneuver(unit=fourth, hex="D1")
    assert titan_view.action_warning(state, move) == "the Titan could then not come on"
    assert titan_view.action_warning(state, Maneuver(unit=fourth, hex="E1")) == ""


def test_done_asks_before_it_eliminates_naming_the_characters_and_what_losing_the_titan_means():
    state = three_gargoyles_on()
    question = titan_view.confirm_action(state, EndManeuver())
    assert question is not None
    heading, text, yes = question
    assert heading == "Lose your Titan and the game?"
    assert text.startswith("The Titan and the Gargoyle were never brought on the battleland")
    assert "Bob is out of the game" in text and yes == "Eliminate them and end"
    state = act(state, Maneuver(unit=gargoyles(state)[3], hex="D1"))
    heading, text, yes = titan_view.confirm_action(state, EndManeuver()) or ("", "", "")
    assert text.startswith("The Titan was never brought on the battleland: ending now eliminates it.")
    assert yes == "Eliminate it and end"
    titan = index_of(state, "Titan", ATTACKER)
    # a Done that eliminates nobody, and every other choice, is played at once
    ogre_only = attacker_to_enter(["Titan", "Ogre"])
    ogre_only = act(ogre_only, Maneuver(unit=index_of(ogre_only, "Titan", ATTACKER), hex="C1"))
    heading, text, _yes = titan_view.confirm_action(ogre_only, EndManeuver()) or ("", "", "")
    assert heading == "Eliminate the Ogre?" and "Bob is out" not in text
    ogre_only = act(ogre_only, Maneuver(unit=index_of(ogre_only, "Ogre", ATTACKER), hex="B1"))
    assert titan_view.confirm_action(ogre_only, EndManeuver()) is None
    assert titan_view.confirm_action(state, Maneuver(unit=titan, hex="E1")) is None


def test_the_confirm_dialog_offers_go_back_first_and_escapes_its_words():
    html = confirm_dialog_html("Lose <b>?", "Ann's <i>", "Eliminate it and end", value="7")
    assert "&lt;b&gt;" in html and "&lt;i&gt;" in html and "<b>" not in html
    assert html.index("Go back") < html.index("Eliminate it and end")
    assert 'data-cmd="confirm-choice"' in html and 'data-id="7"' in html


def test_a_first_tap_reads_as_sentences():
    assert armed_status("Muster a Troll: Power 8, skill 2") == (
        "Muster a Troll: Power 8, skill 2. Tap it again to choose it."
    )
    assert armed_status("Flee: gone.") == "Flee: gone. Tap it again to choose it."


def test_every_creature_takes_the_article_its_name_is_said_with():
    said_with_an = {"Angel", "Archangel", "Ogre"}  # Unicorn is said "yoo": a Unicorn
    for name in CREATURES:
        assert a_name(name) == f"{'an' if name in said_with_an else 'a'} {name}"
    assert Muster(marker="Bk01", creature="Ogre").describe() == "Bk01 musters an Ogre"
    assert Muster(marker="Bk01", creature="Unicorn").describe() == "Bk01 musters a Unicorn"
    assert Reinforce(creature="Ogre").describe() == "Muster an Ogre as a reinforcement"
    assert Acquire(angel="Archangel").describe() == "Take an Archangel"


def test_the_muster_panel_and_the_log_say_an_ogre():
    state = attacker_to_enter(["Titan", "Ogre"])  # any position: put Bob's legion where it musters an Ogre
    from engine.core.records import NoDecision
    from engine.titan.state import Phase

    legion = state.legions["Bu02"]
    state.battle, state.engagement = None, NoDecision()
    state.phase, state.mover, state.decider = Phase.MUSTER, 1, 1
    legion.moved, legion.mustered = True, False
    legion.land = 300  # a Tower: a Titan's legion musters an Ogre there with no recruiter
    legion.contents = ["Angel", "Titan"]
    musters = [a for a in GAME.legal_actions(state) if isinstance(a, Muster) and a.creature == "Ogre"]
    assert musters, GAME.legal_actions(state)
    panel = render_regions(GAME, state, shown=1, selected="legion:Bu02").board
    assert "Muster an Ogre" in panel and "Muster a Ogre" not in panel
    after = GAME.apply(state, musters[0])
    assert after.log[-1].startswith("Bu02 musters an Ogre in")


def test_the_pass_the_device_screen_names_each_games_own_secrets():
    from app.gameview import handover_regions
    from engine.core import Seat
    from engine.registry import GAMES

    ann_bob = [Seat(name="Ann"), Seat(name="<b>Bob</b>")]
    titan = GAMES["titan"].new_game(2, None, 1, ann_bob)
    seat = titan.current_player
    board = handover_regions(GAMES["titan"], titan, seat).board
    name = "Ann" if seat == 0 else "&lt;b&gt;Bob&lt;/b&gt;"
    assert f"The board shows what is inside {name}&#x27;s legions, so only {name} should look." in board
    assert "cards" not in board
    race = GAMES["titan_race"].new_game(2, None, 1, ann_bob)
    seat = race.current_player
    board = handover_regions(GAMES["titan_race"], race, seat).board
    name = "Ann" if seat == 0 else "&lt;b&gt;Bob&lt;/b&gt;"
    assert f"The board shows {name}&#x27;s Bonus cards, so only {name} should look." in board


def _status(state) -> str:
    return render_regions(GAME, state, shown=state.current_player).status_text


def test_the_first_turn_asks_for_the_split_before_any_roll_and_then_for_the_roll():
    from tests.engine.titan.helpers import new

    state = new()
    name = state.seats[state.current_player].name
    assert _status(state) == f"{name}: pick your legion to split it (on the map): the first turn begins with a split"
    state = act(state, GAME.legal_actions(state)[0])  # the split
    assert _status(state) == f"{name}: roll for movement"


def test_a_defender_with_his_titan_is_not_offered_flight_and_a_proposal_offers_its_acceptance():
    from engine.titan.actions import Engage, Propose
    from tests.engine.titan.helpers import engaged

    state = act(engaged(["Ogre", "Ogre"], ["Titan", "Troll"]), Engage(land=6))
    assert state.current_player == 0 and _status(state) == "Ann: fight, concede or propose terms"
    plain = act(engaged(["Ogre", "Ogre"], ["Troll", "Troll"]), Engage(land=6))
    assert _status(plain) == "Ann: fight, flee, concede or propose terms"
    offer = next(a for a in GAME.legal_actions(state) if isinstance(a, Propose))
    answered = act(state, offer)
    assert _status(answered) == "Bob: accept the terms, fight, concede or propose terms"


def test_a_carry_says_how_many_hits_and_to_whom():
    from engine.titan.actions import Strike
    from engine.titan.battle import begin_strike
    from engine.titan.sides import DEFENDER
    from tests.engine.titan.helpers import dice, fight, set_battle

    state = fight(["Ogre", "Ogre"], ["Serpent"])  # Serpent: power 18, skill 2
    serpent = index_of(state, "Serpent", DEFENDER)
    first, second = [i for i, u in enumerate(state.battle.units) if u.side == ATTACKER]
    set_battle(state, {serpent: "C3", first: "C4", second: "D3"})
    begin_strike(state)
    dice(state, *([6] * 10 + [1] * 8))  # 10 hits on an Ogre of power 6: 4 to carry
    state = act(state, Strike(unit=serpent, target=first, number=4))
    regions = render_regions(GAME, state, shown=state.current_player)
    assert regions.status_text == "Ann: carry the 4 extra hits to the Ogre (D3) (lit), or drop them"
    assert "Carry the 4 extra hits to the Ogre" in regions.board  # the lit Ogre on the map
    assert "Carry the 4 extra hits to the Ogre (D3)" in regions.actions


def test_hints_name_the_level_they_think_at():
    from app.setup_form import default_setup
    from app.setup_screen import setup_html
    from engine.core import Seat
    from engine.registry import GAMES

    setup = default_setup(GAMES, "titan")
    html = setup_html(setup)
    assert "what the Strong computer would play" in html and "Hard" not in html
    state = GAMES["titan"].new_game(2, None, 1, [Seat(name="Ann", hints=True), Seat(name="Bob", kind="ai", level=1)])
    while state.seats[state.current_player].is_ai:
        state = GAMES["titan"].apply(state, GAMES["titan"].legal_actions(state)[0])
    actions = render_regions(GAMES["titan"], state, shown=state.current_player).actions
    assert "Hint: what would Strong play?" in actions
    dice = setup_html(default_setup(GAMES, "titan_dice"))
    assert "what the Hard computer would play" in dice  # Titan Dice has a Hard level


def test_a_hinted_choice_is_drawn_where_it_is_made_and_can_be_marked_there():
    """Every choice a hint may name, picked as the hint picks it: its own element is on the screen (the split's
    button under its halves, the legion's land, the character's hex or target), to be marked."""
    import re

    from tests.app.helpers import titan_game, walk

    seen: set[str] = set()
    for state in walk(titan_game(2, 4), 260, seed=4):
        if state.is_over:
            break
        seat = state.current_player
        view = GAME.view(state, seat)
        for index, action in enumerate(GAME.legal_actions(state)):
            key = titan_view.hint_selection(view, action.model_dump())
            if key is None or (action.kind in seen and index % 5):
                continue
            seen.add(action.kind)
            picked = render_regions(GAME, state, shown=seat, selected=key)
            found = set(re.findall(r"data-action=['\"](\d+)['\"]", picked.board + picked.actions))
            assert str(index) in found, (action, key)
    assert {"split", "move", "muster", "maneuver"} <= seen, seen


def test_the_saved_games_list_tells_two_titan_games_apart():
    from app.home_screen import HomeData, saved_game_html
    from app.saving import Saver
    from app.storage import MemoryBackend, SaveStore
    from engine.titan.actions import Engage
    from tests.engine.titan.helpers import engaged, new

    saver = Saver(SaveStore(MemoryBackend()), lambda: 1_000, lambda: "g")
    first = saver.entry(GAME, new(), "g1")
    assert first.players == ["Ann (Black)", "Bob (Blue)"]
    mover = first.players[new().mover].split(" ")[0]
    assert first.turn == f"Turn 1 ({mover})"
    engagement = act(engaged(["Ogre", "Ogre"], ["Troll"], land=129), Engage(land=129))
    assert saver.entry(GAME, engagement, "g2").turn.endswith("(Bob), engagement at 129")
    battle = attacker_to_enter(["Titan", "Ogre"])
    battle_entry = saver.entry(GAME, battle, "g3")
    assert battle_entry.turn.endswith("(Bob), in battle at 1")
    row = saved_game_html(battle_entry, HomeData(games=[battle_entry], last=None))
    assert "Ann (Black), Bob (Blue)" in row and "in battle at 1" in row
    assert saved_game_html(first, HomeData(games=[first], last=None)) != row.replace("g3", "g1")
