"""The components: the rulebook's printed values hold, the designed tables hang together, the rules page shows them."""

from __future__ import annotations

import re

import pytest

from engine.born_of_titans import data
from engine.born_of_titans.components import PRINTED, WHY, components_markdown
from engine.born_of_titans.data import (
    ALLIES,
    ATTRIBUTES,
    CREWS,
    DIVINE,
    ENCOUNTERS,
    EVENTS,
    GEAR,
    HEROES,
    MONSTERS,
    QUESTS,
    SEA_MONSTERS,
)

PILES = {
    "ENCOUNTER_PILE": (ENCOUNTERS, lambda c: c.count),
    "DIVINE_PILE": (DIVINE, lambda c: c.count),
    "GEAR_PILE": (GEAR, lambda c: 1),
    "QUEST_PILE": (QUESTS, lambda c: 1),
    "CREW_PILE": (CREWS, lambda c: 1),
    "SEA_MONSTER_PILE": (SEA_MONSTERS, lambda c: 1),
}


def numbers(counter) -> tuple:
    """A counter's Battle, Navigation and Wits."""
    return tuple(getattr(counter, name) for name in ATTRIBUTES)


# -- what the rulebook prints ---------------------------------------------------------------------------
def test_cyrene_is_battle_6_navigation_5_wits_4():
    assert numbers(HEROES["cyrene"]) == (6, 5, 4)


def test_example_atalanta_with_the_pheacians_and_bellerophon_is_8_9_4():
    parts = (HEROES["atalanta"], CREWS["pheacians"], ALLIES["bellerophon"])
    assert tuple(sum(values) for values in zip(*(numbers(p) for p in parts), strict=True)) == (8, 9, 4)


def test_the_sirens_need_five_successes_in_wits_only():
    assert numbers(SEA_MONSTERS["sirens"]) == (None, None, 5)


def test_four_sea_monsters_one_set_aside_of_three_sites():
    assert len(SEA_MONSTERS) == 4 and len(data.SEA_MONSTER_PILE) == 4


def test_defeat_medusa_needs_seven_and_not_by_battle():
    medusa = QUESTS["defeat_medusa"]
    assert (medusa.name, numbers(medusa)) == ("Defeat Medusa", (None, 7, 7))


def test_the_three_underworld_quests_and_only_they():
    underworld = {q.name for q in QUESTS.values() if q.underworld}
    assert underworld == {"Question the Dead", "Capture Cerberus", "Recover Fallen Friend"}


def test_the_named_encounters_with_their_effects():
    named = {e.name: e.event for e in ENCOUNTERS.values() if e.kind == "event"}
    assert named["Crew for Hire"] == "crew_for_hire"
    assert named["Gather Humility"] == "gather_humility"
    assert named["Ally's Quest"] == "allys_quest"
    assert named["Fair Weather"] == "fair_weather"
    assert any(e.event == "lose_turn" for e in ENCOUNTERS.values())  # designed sources of Lose Turn


def test_the_named_gear_with_its_printed_powers():
    powers = {g.name: g.power for g in GEAR.values()}
    assert powers["The Argo"] == "argo"
    assert powers["The Dragon's Teeth"] == "dragons_teeth"
    assert powers["The Nemean Lion Skin"] == "lion_skin"
    assert "Prophecy total by one per turn" in GEAR["argo"].text
    assert "one die result worth of additional Crew" in GEAR["dragons_teeth"].text
    assert "Invincible" in GEAR["lion_skin"].text and "further Crew losses" in GEAR["lion_skin"].text
    assert {g.power for g in GEAR.values()} == {"", "argo", "dragons_teeth", "lion_skin"}
    assert any(g.power == "" and sum(numbers(g)) > 0 for g in GEAR.values())  # others add to attributes


def test_the_named_divine_counters_and_the_rulebooks_words():
    assert set(DIVINE) == {"athena", "aphrodite", "ares", "hera", "poseidon", "apollo", "muses", "fates", "furies"}
    assert "Wits against its Battle" in DIVINE["athena"].pair
    assert "Defeated at once, as if by Challenge" in DIVINE["aphrodite"].pair
    assert "kills three Crew" in DIVINE["ares"].pair
    assert "Hubris counter is discarded" in DIVINE["hera"].single
    assert DIVINE["muses"].single == "Add one to any single die just rolled."
    assert "nullified and rolled again" in DIVINE["fates"].single
    assert "loses two Crew" in DIVINE["furies"].single and data.FURIES_CREW == 2


def test_the_constants_as_printed():
    assert (data.MAX_CREW, data.START_CREW, data.MAX_PROPHECY, data.START_PROPHECY) == (6, 6, 6, 2)
    assert (data.ORACLE_PROPHECY, data.RECRUIT_MAX, data.SUCCESS_FROM, data.QUESTS_TO_WIN) == (2, 2, 4, 3)
    assert (data.ACTIONS_PER_TURN, data.ACTIONS_WITHOUT_CREW, data.SHIELDS, data.HUBRIS_COUNTERS) == (2, 1, 7, 1)
    assert data.LOSE_TURN_COUNTERS == data.PROPHECY_COUNTERS == 4  # one per possible player


# -- the designed tables hang together ------------------------------------------------------------------
def mirrored(counters) -> bool:
    """Battle and Wits mirror each other over the counters: as many lean one way as the other, as far."""
    pairs = sorted((c.battle, c.wits) for c in counters)
    return pairs == sorted((w, b) for b, w in pairs)


def test_at_least_six_heroes_even_in_strength():
    assert len(HEROES) >= 6
    assert {sum(numbers(h)) for h in HEROES.values()} == {15}
    # Navigation rolls every Move as well: Heroes differing in it would differ in speed.
    assert {h.navigation for h in HEROES.values()} == {HEROES["cyrene"].navigation}
    assert mirrored(HEROES.values()) and len({numbers(h) for h in HEROES.values()}) >= 5
    counters = data.HERO_QUEST_COUNTERS  # each Hero has her Hero's Quest counter, one each
    assert sorted(counters) == sorted(HEROES) and len(set(counters)) == len(counters)


def test_crews_as_strong_as_each_other_enough_for_four_players():
    assert len(CREWS) >= 4 and "pheacians" in CREWS
    assert {sum(numbers(c)) for c in CREWS.values()} == {3}
    assert len({c.navigation for c in CREWS.values()}) == 1 and mirrored(CREWS.values())


def test_allies_add_as_much_to_each_attribute():
    assert {sum(numbers(a)) for a in ALLIES.values()} == {3}
    assert len({sum(getattr(a, attribute) for a in ALLIES.values()) for attribute in ATTRIBUTES}) == 1


def test_every_ally_has_one_encounter_counter_and_no_more():
    allies = [e for e in ENCOUNTERS.values() if e.kind == "ally"]
    assert sorted(e.key for e in allies) == sorted(ALLIES) and "bellerophon" in ALLIES
    assert all(e.ally is ALLIES[e.key] and e.count == 1 and e.monster is None for e in allies)


def test_every_table_is_keyed_by_its_counters_key():
    for table in (HEROES, CREWS, ALLIES, GEAR, MONSTERS, SEA_MONSTERS, ENCOUNTERS, DIVINE, QUESTS):
        assert all(key == counter.key for key, counter in table.items())


@pytest.mark.parametrize("table", [MONSTERS, SEA_MONSTERS, QUESTS], ids=["monsters", "sea monsters", "quests"])
def test_challenge_numbers_are_positive_and_some_attribute_is_usable(table):
    for counter in table.values():
        usable = [n for n in numbers(counter) if n is not None]
        assert usable and all(isinstance(n, int) and n > 0 for n in usable), counter.key


def test_encounter_monsters_mostly_3_to_6_and_some_attribute_unusable():
    values = [n for m in MONSTERS.values() for n in numbers(m) if n is not None]
    assert min(values) >= 3 and max(values) <= 6
    assert sum(None in numbers(m) for m in MONSTERS.values()) >= 1


def test_quests_use_one_or_two_attributes_and_none_too_hard():
    for quest in QUESTS.values():
        usable = [n for n in numbers(quest) if n is not None]
        assert 1 <= len(usable) <= 2 and all(5 <= n <= 8 for n in usable), quest.key
    # No profile is favoured: each attribute is usable as often, at the same total of Successes.
    per_attribute = {a: [getattr(q, a) for q in QUESTS.values() if getattr(q, a) is not None] for a in ATTRIBUTES}
    assert len({len(v) for v in per_attribute.values()}) == 1 and len({sum(v) for v in per_attribute.values()}) == 1


def test_enough_quests_for_a_four_player_game_to_its_end():
    # Four placed at the start, and after each of a Hero's Quests she may need another: 4 + 4 x 3.
    assert len(data.QUEST_PILE) >= 4 + 4 * data.QUESTS_TO_WIN


def test_encounters_for_every_city_and_a_pile_to_restock_from():
    # The map has about ten Cities (at most twelve): one each at the start, and as many again in the pile.
    assert len(data.ENCOUNTER_PILE) >= 2 * 12


def test_encounter_kinds_are_consistent():
    for e in ENCOUNTERS.values():
        assert e.count >= 1 and e.text.startswith(e.name), e.key
        if e.kind == "monster":
            assert e.monster is MONSTERS[e.key] and e.ally is None and e.event == "", e.key
        elif e.kind == "event":
            assert e.monster is None and e.ally is None and e.event in EVENTS, e.key
        else:
            assert e.kind == "ally", e.key


def test_every_event_key_is_one_the_engine_implements_and_amounts_where_taken():
    assert EVENTS == (
        "crew_for_hire",
        "gather_humility",
        "allys_quest",
        "fair_weather",
        "lose_turn",
        "lose_crew",
        "gain_prophecy",
        "divine_gift",
    )
    assert {e.event for e in ENCOUNTERS.values() if e.kind == "event"} == set(EVENTS)
    for e in ENCOUNTERS.values():
        assert (e.amount > 0) == (e.event in ("lose_crew", "gain_prophecy")), e.key


def test_monster_and_ally_texts_state_their_numbers():
    words = {"battle": "Battle", "navigation": "Navigation", "wits": "Wits"}
    for e in ENCOUNTERS.values():
        counter = e.monster or e.ally
        if counter is None:
            continue
        for attribute, word in words.items():
            value = getattr(counter, attribute)
            expected = f"not by {word}" if value is None else f"{word} {value}"
            assert expected in e.text, (e.key, expected)


def test_gear_texts_state_their_additions():
    for g in GEAR.values():
        for attribute, word in (("battle", "Battle"), ("navigation", "Navigation"), ("wits", "Wits")):
            value = getattr(g, attribute)
            assert (f"{word} +{value}" in g.text) == (value > 0), (g.key, word)


def test_every_pile_holds_existing_keys_as_many_times_as_counted():
    for name, (table, count) in PILES.items():
        pile = getattr(data, name)
        assert set(pile) == set(table), name
        assert all(pile.count(key) == count(counter) for key, counter in table.items()), name


def test_divine_families_and_texts():
    for d in DIVINE.values():
        assert d.single and d.count >= 1
        if d.family == "god":
            assert d.pair and d.count >= 2, d.key  # a matching pair can happen
        else:
            assert d.family == d.key and d.pair == "", d.key


def test_every_gods_single_is_weaker_than_its_pair():
    assert "two more dice" in DIVINE["athena"].single  # more dice, against any attribute as a pair
    assert "two fewer Successes" in DIVINE["aphrodite"].single and "at once" in DIVINE["aphrodite"].pair
    assert "kills two Crew" in DIVINE["ares"].single and "kills three Crew" in DIVINE["ares"].pair
    assert "discarded" in DIVINE["hera"].single and "to any Hero" in DIVINE["hera"].pair
    assert "two Courses" in DIVINE["poseidon"].single and "loses a turn" in DIVINE["poseidon"].pair
    assert "one Prophecy" in DIVINE["apollo"].single and "three Prophecy" in DIVINE["apollo"].pair


# -- the rules page -------------------------------------------------------------------------------------
def tables(markdown: str) -> list[list[list[str]]]:
    """The pipe tables of a markdown text, as rows of cells (the rule line left out)."""
    found: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*markdown.split("\n"), ""]:
        if line.startswith("|"):
            current.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif current:
            found.append([row for row in current if not set("".join(row)) <= set("- ")])
            current = []
    return found


def test_the_page_has_a_table_per_kind_with_every_counter_and_count():
    page = components_markdown()
    found = tables(page)
    assert len(found) == 10  # the counts, then Heroes, Crews, Allies, Gear, Monsters, Encounters, Sea Monsters,...
    for table in found:
        assert len({len(row) for row in table}) == 1  # every row as wide as its header
    first_cells = {row[0] for table in found for row in table}
    for kind in (HEROES, CREWS, ALLIES, GEAR, MONSTERS, SEA_MONSTERS, ENCOUNTERS, DIVINE, QUESTS):
        assert {c.name for c in kind.values()} <= first_cells
    counts = {row[0]: row[1] for row in found[0][1:]}
    assert counts["Encounter counters"] == str(len(data.ENCOUNTER_PILE))
    assert counts["Divine counters"] == str(len(data.DIVINE_PILE))
    assert counts["Quest counters"] == str(len(data.QUEST_PILE))
    assert counts["Lose Turn counters"] == "4"


def test_the_page_shows_numbers_texts_and_dashes_from_the_data():
    page = components_markdown()
    assert "| The Sirens | — | — | 5 |" in page
    assert "| Defeat Medusa | — | 7 | 7 |" in page
    assert "| Cyrene | 6 | 5 | 4 |" in page
    for d in DIVINE.values():
        assert d.single in page and d.pair in page
    for e in ENCOUNTERS.values():
        assert f"| {e.name} | {e.count} |" in page and e.text in page
    for g in GEAR.values():
        assert g.text in page


def test_the_page_marks_every_kind_as_this_editions_values():
    page = components_markdown()
    marks = re.findall(r"\*This edition's values: the rulebook prints only (.+?)\. Every other", page)
    assert sorted(marks) == sorted(PRINTED.values())
    # each kind's table is followed by its mark
    sections = page.split("\n### ")[1:]
    assert len(sections) == len(PRINTED) and all("This edition's values" in s for s in sections)
    assert set(WHY) == set(PRINTED) and all(why in page for why in WHY.values())
