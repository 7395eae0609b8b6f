"""Born of Titans' map layer from hand-made views (tests/app/born_views.py): Heroes at their nodes, counters face
down or by name, Quests ringed in their owner's colour, a Move's ends lit with their cost, Sites picked to see their
counters, names escaped."""

from __future__ import annotations

import math
import re

from app.markup import esc
from app.views.born_of_titans_layer import _n, hero_tokens, map_layer, picked_site, site_counters, spot, targets
from app.views.born_of_titans_site import offer_panel, site_panel
from app.views.born_of_titans_words import seat_colour
from engine.born_of_titans import board
from tests.app.born_views import XSS, FakeAction, base_view, layer_context, move_view, with_names

ACTION = re.compile(r"data-action=['\"](\d+)['\"]")


def test_heroes_stand_at_their_nodes_in_their_players_colours() -> None:
    view = base_view(0)
    tokens = hero_tokens(view)
    assert tokens.count("class='bt-hero") == 3
    x, y = spot("mesembria")
    assert f"data-at='mesembria' transform='translate({_n(x)},{_n(y)})'" in tokens  # Cyd, alone at Mesembria
    assert seat_colour(0) in tokens and seat_colour(2) in tokens
    assert "Cyrene (Ann) at Quest Site 3" in tokens and "class='bt-hero is-turn'" in tokens
    view["heroes"][1]["node"] = "quest_3"  # two on one Site: fanned out, not one atop the other
    shared = re.findall(r"class='bt-hero[^']*' transform='translate\(([-\d.]+),", hero_tokens(view))
    assert shared == ["-11.2", "11.2", "0"]  # Ann and Bob side by side at Quest Site 3, Cyd alone at Mesembria


def test_counters_are_face_down_or_named_and_quests_carry_their_heros_marker() -> None:
    view = base_view(1)
    medusa = site_counters(view, "quest_3", view["sites"]["quest_3"])
    assert "Cyrene&#x27;s Quest (Ann), from Quest Site 3: Defeat Medusa" in medusa
    assert f"<circle r='8.5' fill='{seat_colour(0)}'/><text y='3.5'>Cy</text>" in medusa  # Cyrene's Quest marker
    hidden = site_counters(view, "quest_6", view["sites"]["quest_6"])
    assert "face down" in hidden and ">?<" in hidden and f"fill='{seat_colour(1)}'/><text y='3.5'>At<" in hidden
    assert "An Encounter, face down" in site_counters(view, "mesembria", view["sites"]["mesembria"])
    assert "A Sea Monster, face down" in site_counters(view, "messina", view["sites"]["messina"])
    assert "Sea Monster: The Sirens" in site_counters(view, "bosporus", view["sites"]["bosporus"])


def test_a_moves_ends_are_lit_with_their_cost_and_map_to_the_actions() -> None:
    reach = {"p_ionian": 1, "syracuse": 2}
    view = move_view(0, reachable=reach)
    actions = [FakeAction("stop"), FakeAction("move_to", node="p_ionian"), FakeAction("move_to", node="syracuse")]
    drawn = targets(layer_context(view, actions))
    assert sorted(int(i) for i in ACTION.findall(drawn)) == [1, 2]
    assert "Move to Syracuse (2 Courses)" in drawn and "Move to Ionian Sea (1 Course)" in drawn
    assert ">2</text>" in drawn  # the cost on the target
    assert targets(layer_context(view)) == ""  # nothing lit when nobody here decides


def test_a_finished_hero_leaves_the_map_while_play_goes_on_and_the_winner_is_shown_at_the_end() -> None:
    view = base_view(0)
    view["heroes"][0]["finished"] = 1
    assert "Cyrene (Ann)" not in hero_tokens(view)  # play goes on for places without her
    view["phase"] = "game_over"
    assert "Cyrene (Ann)" in hero_tokens(view)  # the winner where she completed her third Quest


def test_crowded_targets_reach_at_most_half_way_to_the_next_so_each_middle_is_its_own() -> None:
    # Sparta and its land Point are 24.7 map units apart, under a ring's 38 across: each ring is capped at half that.
    nodes = ("sparta", "b_laconia", "massalia")
    view = move_view(0, reachable=dict.fromkeys(nodes, 2))
    drawn = targets(layer_context(view, [FakeAction("move_to", node=node) for node in nodes]))
    rooms = [float(room) for room in re.findall(r"--bt-room:([0-9.]+)", drawn)]
    near = math.dist(spot("sparta"), spot("b_laconia")) / 2 / 19
    assert rooms[:2] == [round(near, 3)] * 2 and near < 1  # smaller than a ring at the whole map's zoom
    assert rooms[2] > 5  # Massalia is far from both: grown to a finger's size as usual
    one = targets(layer_context(view, [FakeAction("move_to", node="sparta")]))
    assert "--bt-room" not in one  # a target alone is never capped


def test_sites_to_start_on_or_place_a_quest_on_are_lit() -> None:
    view = base_view(0)
    view["phase"] = "place_quest"
    actions = [FakeAction("place_quest", site=board.QUEST_SITES[n]) for n in (1, 2, 4)]
    drawn = targets(layer_context(view, actions))
    assert drawn.count('class="bt-target"') == 3 and "Place the Quest on Quest Site 4" in drawn


def test_a_site_with_counters_is_picked_to_see_them() -> None:
    view = base_view(0)
    layer = map_layer(layer_context(view, selected="site:mesembria"))
    assert 'data-select="site:mesembria"' in layer and 'data-select="site:quest_6"' in layer
    assert layer.count("is-selected") == 1
    assert picked_site("site:mesembria") == "mesembria" and picked_site("site:nowhere") is None
    panel = site_panel(view, "mesembria")
    assert "Mesembria" in panel and "Face down" in panel and "Jason (Cyd)" in panel
    view["looks"] = [{"seat": 1, "site": "mesembria"}]
    assert "Looked at with Prophecy by Atalanta (Bob)" in site_panel(view, "mesembria")
    seen = site_panel(view, "quest_6")
    assert "Atalanta's Quest" in seen and "Face down" in seen


def test_offers_show_the_counters_with_their_text() -> None:
    view = base_view(0)
    view["offer"] = {"divine": ["athena", "furies"]}
    offered = offer_panel(view)
    assert "counter:athena" in offered and "counter:furies" in offered and "two more dice" in offered
    view["offer"] = {"ally": "medea"}
    assert "counter:medea" in offer_panel(view) and "Wits +3" in offer_panel(view)


def test_names_on_the_map_are_escaped() -> None:
    view = with_names(base_view(0), [XSS, XSS, XSS])
    layer = map_layer(layer_context(view)) + site_panel(view, "quest_3")
    assert "<img" not in layer and esc(XSS) in layer


def _reach_from_quest_3(courses: int = 4) -> dict[str, int]:
    """Where Ann's Cyrene (at Quest Site 3 in the hand-made views) may end a Move of `courses` Courses."""
    return board.reachable("quest_3", courses, False)


def test_a_move_zooms_to_the_hero_and_her_ends_drawn_a_finger_wide() -> None:
    """Regression: at the whole map's zoom the Move's targets were 6-16 px; the map now zooms to the Hero and her ends,
    at least so far that the two closest ends each take 44 px (assets/panzoom.js reads the marks)."""
    from app.views.born_of_titans_layer import FINGER, move_focus

    reach = _reach_from_quest_3()
    actions = [FakeAction("move_to", node=node) for node in reach] + [FakeAction("stop")]
    focus = move_focus(layer_context(move_view(0, reachable=reach), actions))
    box = [float(n) for n in re.search(r"data-pz-box='([^']+)'", focus)[1].split()]
    least = float(re.search(r"data-pz-least='([^']+)'", focus)[1])
    hero = spot("quest_3")
    assert re.search(r"data-pz-centre='([^']+)'", focus)[1] == f"{_n(hero[0])} {_n(hero[1])}"
    for x, y in [hero, *(spot(node) for node in reach)]:
        assert box[0] < x < box[0] + box[2] and box[1] < y < box[1] + box[3]
    ends = [spot(node) for node in reach]
    closest = min(math.dist(a, b) for i, a in enumerate(ends) for b in ends[i + 1 :])
    assert least == round(FINGER / closest, 3)  # half the way to the next end, both ways, at least 44 px
    watching = move_focus(layer_context(move_view(0, reachable=reach)))  # someone else decides: no box, but the Hero
    assert "data-pz-box" not in watching and f"data-pz-centre='{_n(hero[0])} {_n(hero[1])}'" in watching


def test_each_end_of_a_move_has_its_way_drawn_to_show_from_its_button() -> None:
    """Regression: a name in the list is shown on the map on a tap (app/table.py arms a choice with a preview)."""
    from app.views.born_of_titans_layer import previews

    reach = _reach_from_quest_3()
    actions = [FakeAction("stop")] + [FakeAction("move_to", node=node) for node in reach]
    drawn = previews(layer_context(move_view(0, reachable=reach), actions))
    assert sorted(int(i) for i in re.findall(r"data-preview-of='(\d+)'", drawn)) == list(range(1, len(reach) + 1))
    far = max(reach, key=lambda node: reach[node])
    index = 1 + list(reach).index(far)
    way = re.search(rf"data-preview-of='{index}'.*?points='([^']+)'", drawn)[1].split()
    assert way[0] == "{},{}".format(*map(_n, spot("quest_3"))) and way[-1] == "{},{}".format(*map(_n, spot(far)))
    assert len(way) >= 2 and f"[data-action='{index}']:is(:hover,.is-armed)) .bt-pv-{index}" in drawn


def test_a_moves_list_is_sorted_sites_by_kind_and_name_then_points_by_cost() -> None:
    """Regression: 29 unsorted ends in a small box. The buttons are sorted and grouped; the engine's order stays."""
    from app.views.born_of_titans import action_group_of, shown_actions

    reach = {"p_ionian": 3, "delphi": 2, "athens": 4, "b_isthmus": 1, "sparta": 3, "quest_5": 2, "p_saronic": 2}
    actions = [FakeAction("move_to", node=node) for node in sorted(reach)] + [FakeAction("stop")]
    view = move_view(0, reachable=reach)
    shown, _ = shown_actions(layer_context(view, actions))
    nodes = [actions[i].fields.get("node", "stop") for i in shown]
    assert nodes == ["athens", "sparta", "delphi", "quest_5", "b_isthmus", "p_saronic", "p_ionian", "stop"]
    groups = [action_group_of(view, actions[i].model_dump()) for i in shown]
    assert groups == ["Cities", "Cities", "Oracles", "Quest Sites"] + ["Points, the cheapest first"] * 3 + [""]
