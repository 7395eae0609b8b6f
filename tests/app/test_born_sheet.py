"""Born of Titans' Crew Sheets, rolls, moments and counter texts, drawn from hand-made views (tests/app/born_views.py):
the Shields with their counters, Divine counters by name only to their holder, dice with their Successes, the moment's
words the same whoever holds what, every counter's text before one chooses, names escaped."""

from __future__ import annotations

import re

from app.markup import esc
from app.views.born_of_titans_challenge import challenge_panel, moment_panel, moment_words, move_panel
from app.views.born_of_titans_sheet import crew_sheet, crew_sheets
from app.views.born_of_titans_words import chip, counter_panel, name_of, picked_counter, text_of
from engine.born_of_titans.data import DIVINE, ENCOUNTERS, GEAR, HEROES, QUESTS, SEA_MONSTERS
from tests.app.born_views import XSS, base_view, challenge_view, moment_view, move_view, with_names

SHIELD = re.compile(r"<li class='bt-shield[^']*' aria-label='([^']*)'>")


def test_the_seven_shields_carry_crew_prophecy_and_completed_quests() -> None:
    view = base_view(0)
    sheet = crew_sheet(view, view["heroes"][0])
    labels = SHIELD.findall(sheet)
    assert len(labels) == 7
    assert labels[0] == "Shield 0"
    assert labels[3] == "Shield 3, Prophecy 3"
    assert labels[4] == "Shield 4, Crew 4"
    assert labels[5] == "Shield 5, completed Quest: Slay the Hydra"
    assert "Slay the Hydra" in sheet and "Shield 5" in sheet
    bob = crew_sheet(view, view["heroes"][1])
    assert SHIELD.findall(bob)[0] == "Shield 0, Crew 0" and SHIELD.findall(bob)[6] == "Shield 6, Prophecy 6"
    assert "Lose Turn" in bob and "Lose Turn" not in sheet
    assert "Hubris" in sheet and "Hubris" not in bob


def test_the_sheet_shows_the_hero_totals_gear_and_ally_with_their_texts() -> None:
    view = base_view(1)
    sheet = crew_sheet(view, view["heroes"][0])
    assert "Battle 7 · Navigation 7 · Wits 5 · 1 of 3 Quests" in sheet
    for key in ("cyrene", "pheacians", "argo", "bellerophon"):
        assert f'data-select="counter:{key}"' in sheet
        assert esc(text_of(key)) in sheet  # the full text on hover or focus (title, aria-label)
    assert esc(GEAR["argo"].text) in sheet


def test_divine_counters_are_named_only_to_their_holder() -> None:
    mine = base_view(0)
    sheets = crew_sheets(mine)
    assert sheets.count("counter:athena") == 2  # Ann sees her two Athenas
    assert "1 Divine" in sheets  # Bob's one counter, face down
    other = base_view(1)
    theirs = crew_sheets(other)
    assert "athena" not in theirs.lower()  # nobody else learns Ann holds Athena
    assert "2 Divine" in theirs and "counter:ares" in theirs  # Bob's own Ares
    spectator = crew_sheets(base_view(None))
    assert not any(f"counter:{key}" in spectator for key in DIVINE)


def test_the_viewers_sheet_comes_first() -> None:
    sheets = crew_sheets(base_view(1))
    assert sheets.index("Bob") < sheets.index("Ann") < sheets.index("Cyd")


def test_the_challenge_shows_each_roll_the_total_and_what_is_in_force() -> None:
    panel = challenge_panel(challenge_view(0))
    assert "<b>4</b> of <b>7</b> Successes by Wits" in panel
    assert panel.count("class='bt-die is-success'") == 4  # 6, 5, 4 then 4: the Successes ticked
    assert panel.count("class='bt-die'") == 7
    assert "Roll 1" in panel and "Roll 2" in panel
    assert "3 Successes" in panel and "1 Success<" in panel
    assert "Battle: not usable" in panel and "is-chosen" in panel
    assert "1 Prophecy committed" in panel
    assert "Ares: each miss kills 2 Crew" in panel
    assert "Athena" not in panel and "Lion Skin" not in panel
    powered = challenge_panel(challenge_view(0, athena_dice=2, any_attribute=True, lion_skin=True, kills=3))
    assert "Athena: +2 dice a roll" in powered and esc("Athena's pair") in powered
    assert "Ares pair: each miss kills 3 Crew" in powered and "Nemean Lion Skin" in powered
    assert "width:57%" in panel  # the bar: 4 of 7
    assert "counts once the moment passes" not in panel
    waiting = challenge_panel(moment_view(0))  # the moment after the second roll: it has not counted yet
    assert "<b>3</b> of <b>7</b>" in waiting and waiting.count("counts once the moment passes") == 1
    crossed = challenge_panel(challenge_view(0, attribute="wits", monster_attribute="battle", any_attribute=True))
    assert "Successes by Wits against its Battle" in crossed


def test_the_move_roll_shows_its_dice_and_courses() -> None:
    panel = move_panel(move_view(0))
    assert panel.count("is-success") == 3 and "3 Courses" in panel and "Cyrene's Move" in panel


def test_a_moment_says_what_happened_and_the_same_whatever_is_held() -> None:
    assert moment_words(moment_view(0)) == "Cyrene rolled 1 Success: 4 of 7 against Defeat Medusa."
    # Bob asked: the panel reads the same to the others, whatever Bob holds
    asked_bob = moment_panel(moment_view(1, asked=1))
    assert "You may play a Divine counter now, or pass." in asked_bob
    seen_by_ann = moment_panel(moment_view(0, asked=1))
    assert "Atalanta (Bob) may play a Divine counter now, or pass." in seen_by_ann
    cyd_holds_none = moment_view(0, asked=2)
    cyd_holds_none["heroes"][2]["divine_count"] = 0
    cyd_holds_two = moment_view(0, asked=2)
    cyd_holds_two["heroes"][2]["divine_count"] = 2
    assert moment_panel(cyd_holds_none) == moment_panel(cyd_holds_two)
    assert moment_words(moment_view(0, kind="turn_end")) == "Cyrene's turn ends."
    assert "begins a Challenge against Defeat Medusa" in moment_words(moment_view(0, kind="challenge_start"))
    assert moment_panel(base_view(0)) == ""


def test_every_counter_has_a_name_and_its_full_text() -> None:
    for table in (HEROES, GEAR, DIVINE, QUESTS, SEA_MONSTERS, ENCOUNTERS):
        for key, item in table.items():
            assert name_of(key) == item.name
            assert item.name in text_of(key) or key in DIVINE
            assert len(text_of(key)) > 20
    athena = text_of("athena")
    assert DIVINE["athena"].single in athena and DIVINE["athena"].pair in athena
    assert "not by Battle" in text_of("defeat_medusa") and "Underworld" in text_of("capture_cerberus")
    assert "Wits 5" in text_of("sirens")


def test_a_tap_on_a_counter_opens_its_text_and_closes_it() -> None:
    button = chip("lion_skin")
    assert 'data-select="counter:lion_skin"' in button and "title=" in button and "aria-label=" in button
    assert picked_counter("counter:lion_skin") == "lion_skin" and picked_counter("site:athens") is None
    panel = counter_panel("lion_skin")
    assert esc(GEAR["lion_skin"].text) in panel and "counter:lion_skin" in panel  # the same key closes it


def test_player_names_are_escaped() -> None:
    view = with_names(moment_view(0, asked=1), [XSS, XSS + "2", XSS + "3"])
    markup = crew_sheets(view) + moment_panel(view) + challenge_panel(view)
    assert "<img" not in markup and esc(XSS) in markup


def test_committed_prophecy_stays_on_the_crew_sheets_track_until_the_challenge_ends() -> None:
    view = base_view(0)
    row = dict(view["heroes"][0], prophecy=4, prophecy_committed=2)  # 6 on her track, 2 of them committed
    labels = SHIELD.findall(crew_sheet(view, row))
    assert labels[6] == "Shield 6, Prophecy 6 (2 committed, spent when the Challenge ends)"
    assert not any("Prophecy" in label for label in labels[:6])
    assert "Prophecy 6 (2 committed" in crew_sheet(view, row)  # the track's own label too
    assert "1 of 3 Quests · 2 of her 6 Prophecy committed</p>" in crew_sheet(view, row)  # and in words
    assert "committed" not in crew_sheet(view, view["heroes"][0])


def test_the_moment_after_a_crew_die_shows_the_die_and_the_crew_it_brings() -> None:
    view = moment_view(1, asked=1, kind="crew_for_hire")
    view["challenge"] = None
    view["moment"]["dice"] = [3]
    assert moment_words(view) == "Cyrene rolled 3 for Crew for Hire: that many Crew, at most six."
    panel = moment_panel(view)
    assert "aria-label='3 Crew'" in panel and "Success" not in panel
    view["moment"]["kind"] = "dragons_teeth"
    assert moment_words(view).startswith("Cyrene rolled 3 for the Dragon's Teeth")
    seen_by_ann = dict(view, seat=0)
    assert moment_panel(seen_by_ann).replace("Atalanta (Bob) may", "You may") == moment_panel(view)  # the same to all


def test_the_last_roll_and_the_total_stand_in_one_strip_above_the_choices() -> None:
    """Regression: on a phone the choices covered the dice and the running total, so Roll again / Retreat was chosen
    blind. The strip holds both (born.css docks it above the choices sheet)."""
    from app.views.born_of_titans_challenge import roll_strip

    strip = roll_strip(challenge_view(0))
    assert "Roll 2 against Defeat Medusa: <span class='bt-strip-total'><b>4</b> of <b>7</b> Successes" in strip
    assert strip.count("class='bt-die") == 6 and strip.count("is-success") == 1  # the last roll: 2 3 4 1 1 2
    pending = roll_strip(moment_view(1))  # the roll waits for its moment: counted once it passes
    assert "<b>4</b> of <b>7</b> once the moment passes" in pending
    assert roll_strip(challenge_view(0, rolls=[], last_roll=[])) == ""  # nothing rolled yet
    assert roll_strip(base_view(0)) == ""
    panel = render_panel(challenge_view(0))
    assert panel.index("class='bt-strip'") > panel.index("class='bt-challenge'")  # after it: right on the sheet


def render_panel(view: dict) -> str:
    from app.views.born_of_titans import panel
    from tests.app.born_views import layer_context

    return panel(layer_context(view))


def _ended(**changes: object) -> dict:
    view = base_view(0)
    view["ended"] = {
        "seat": 0,
        "foe": "defeat_medusa",
        "foe_kind": "quest",
        "foe_name": "Defeat Medusa",
        "attribute": "wits",
        "successes": 7,
        "needed": 7,
        "last_roll": [6, 5, 4, 1],
        "rolls": 3,
        "outcome": "won",
        "quests": 2,
    }
    view["ended"].update(changes)
    return view


def test_the_challenge_just_over_keeps_its_last_roll_and_a_completed_quest_is_announced() -> None:
    """Regression: after a win the panel vanished with the winning roll, and a completed Quest got no notice."""
    from app.views.born_of_titans_challenge import roll_strip

    quest = roll_strip(_ended())
    assert "is-quest" in quest and "<b>Quest completed</b> Cyrene completes Defeat Medusa: 2 of 3 Quests." in quest
    assert quest.count("is-success") == 3
    won = roll_strip(_ended(foe="cyclops", foe_kind="encounter", foe_name="A Cyclops", successes=5, needed=4))
    assert "Challenge won" in won and "Cyrene defeats A Cyclops (5 of 4 Successes)." in won and "is-quest" not in won
    gone = roll_strip(_ended(outcome="retreated", successes=2))
    assert "Cyrene retreats from Defeat Medusa at 2 of 7 Successes." in gone
    lost = roll_strip(_ended(outcome="defeated", successes=2))
    assert "Cyrene is Defeated by Defeat Medusa (2 of 7 Successes)." in lost
    hostile = _ended()
    hostile["heroes"][0]["hero_name"] = XSS
    assert XSS not in roll_strip(hostile) and esc(XSS) in roll_strip(hostile)


def test_a_move_rolls_moment_shows_its_dice_above_the_choices_too() -> None:
    """At a Move roll's moment the choices name dice by what they show ('turn a 4 into a 5'): the dice stand above
    them, as a Challenge's do."""
    from app.views.born_of_titans_challenge import roll_strip

    view = move_view(0)
    assert roll_strip(view) == ""  # the Move itself: the map has the room
    view["phase"], view["moment"] = "react", {"kind": "move_roll", "asked": 1, "roll_owner": 0}
    strip = roll_strip(view)
    assert "Cyrene's Move roll: <span class='bt-strip-total'><b>3 Courses</b>" in strip
    assert strip.count("class='bt-die") == 5 and strip.count("is-success") == 3
