"""The in-app rules' page of this edition's components, built from data.py so it cannot drift from the game."""

from __future__ import annotations

from engine.born_of_titans.data import (
    ALLIES,
    CREW_PILE,
    CREWS,
    DIVINE,
    DIVINE_PILE,
    ENCOUNTER_PILE,
    ENCOUNTERS,
    GEAR,
    GEAR_PILE,
    HERO_QUEST_COUNTERS,
    HEROES,
    HUBRIS_COUNTERS,
    LOSE_TURN_COUNTERS,
    MAX_CREW,
    MAX_PROPHECY,
    MONSTERS,
    PROPHECY_COUNTERS,
    QUEST_PILE,
    QUESTS,
    SEA_MONSTER_PILE,
    SEA_MONSTERS,
    SHIELDS,
    START_CREW,
    START_PROPHECY,
)

# What the rulebook prints of each kind; everything else in the tables is this edition's design.
PRINTED: dict[str, str] = {
    "heroes": "Cyrene's Hero counter (Battle 6, Navigation 5, Wits 4) and Atalanta's name; the example of play "
    "gives Atalanta with the Pheacians and Bellerophon Battle 8, Navigation 9, Wits 4",
    "crews": "the Pheacians' name (their numbers only inside the example's total)",
    "allies": "Bellerophon's name (his numbers only inside the example's total)",
    "gear": "the Argo, the Dragon's Teeth and the Nemean Lion Skin, with their powers",
    "monsters": "that some Encounters are Monsters",
    "encounters": "Crew for Hire, Gather Humility, Ally's Quest and Fair Weather, with their effects, and that some "
    "Encounters are Allies and some make a Hero lose a turn",
    "divine": "the Athena, Aphrodite and Ares pairs, and the Muses, Fates and Furies; that Hera's counter gets rid "
    "of the Hubris counter",
    "quests": "Defeat Medusa (7 Successes, by Navigation or Wits, not by Battle) and the three Underworld Quests' "
    "names",
    "sea_monsters": "that there are four, and the Sirens (five Successes in Wits, not by Battle or Navigation)",
}

# Why the designed values are what they are (docs/born-of-titans-components.md says more).
WHY: dict[str, str] = {
    "heroes": "Every Hero has Navigation 5, because it rolls every Move as well as Challenges; Battle and Wits add "
    "up to 10, so every Hero totals 15.",
    "crews": "Drawn at random, so all are as strong: Navigation 1 and three in all.",
    "allies": "Every Ally adds three in all; together they add as much to each attribute.",
    "gear": "Each adds two in all, or has its printed power (the Argo also Navigation +1).",
    "monsters": "They guard a City's gates: 3-6 Successes, and each cannot be overcome with one attribute.",
    "encounters": "One for each City and a pile to restock from.",
    "sea_monsters": "Immortal: defeating one only gets a Hero past it.",
    "quests": "Each attribute can be used on as many Quests, at the same total of Successes, so no Hero is "
    "favoured; the Underworld Quests' longer journey is offset by easier numbers.",
    "divine": "Each God's single counter is the weaker half of its pair.",
}

DESIGNED = "This edition's values: the rulebook prints only {printed}. Every other name and number here is designed."


def _number(value: int | None) -> str:
    """A Challenge number, or a dash where the attribute cannot be used."""
    return "—" if value is None else str(value)


def _bonus(value: int) -> str:
    """A Gear's addition to an attribute."""
    return f"+{value}" if value else "0"


def _designed(kind: str) -> str:
    """The line under a table that tells the printed values from this edition's."""
    return "*" + DESIGNED.format(printed=PRINTED[kind]) + " " + WHY[kind] + "*"


def _counts_table() -> list[str]:
    """How many counters of each kind the box holds."""
    rows = [
        ("Hero counters", len(HEROES), "face up; each player selects one"),
        ("Hero's Quest counters", len(HERO_QUEST_COUNTERS), "one per Hero, marking her current Quest"),
        ("Crew counters", len(CREW_PILE), "each player draws one at random"),
        ("Encounter counters", len(ENCOUNTER_PILE), "one face down on each City; the rest are the pile"),
        (
            "of them Allies",
            sum(1 for e in ENCOUNTERS.values() if e.kind == "ally"),
            "one counter per Ally",
        ),
        ("Gear counters", len(GEAR_PILE), "one drawn for each completed Quest"),
        ("Divine counters", len(DIVINE_PILE), "drawn by Sacrifice, two at a time, one kept"),
        ("Quest counters", len(QUEST_PILE), "one each; enough for four players to play to the end"),
        ("Sea Monster counters", len(SEA_MONSTER_PILE), "one on each Sea Monster Site; the fourth is not used"),
        ("Hubris counter", HUBRIS_COUNTERS, "to the first to complete a Quest, then to the first to complete two"),
        ("Lose Turn counters", LOSE_TURN_COUNTERS, "at most one on a Hero"),
        ("Prophecy counters", PROPHECY_COUNTERS, f"one per player, starting on her {START_PROPHECY} Shield"),
    ]
    lines = ["| Counters | How many | Use |", "| --- | --- | --- |"]
    lines += [f"| {name} | {count} | {use} |" for name, count, use in rows]
    lines += [
        "",
        f"Each player's Crew Sheet has {SHIELDS} Shields numbered 0-{SHIELDS - 1}: the Crew counter starts on "
        f"{START_CREW} (at most {MAX_CREW}), the Prophecy counter on {START_PROPHECY} (at most {MAX_PROPHECY}); "
        "completed Quests go on the Shield numbered as their Quest Site.",
    ]
    return lines


Row = tuple[str, int | None, int | None, int | None, str]  # name, Battle, Navigation, Wits, legend


def _attribute_table(title: str, kind: str, rows: list[Row], note: str = "") -> list[str]:
    """A table of counters with Battle, Navigation and Wits, and a line saying which values are designed."""
    lines = [f"### {title}", ""] + ([note, ""] if note else [])
    lines += ["| Counter | Battle | Navigation | Wits | From the myths |", "| --- | --- | --- | --- | --- |"]
    for name, battle, navigation, wits, legend in rows:
        lines.append(f"| {name} | {_number(battle)} | {_number(navigation)} | {_number(wits)} | {legend} |")
    return [*lines, "", _designed(kind), ""]


def _gear_table() -> list[str]:
    """The Gear counters with their full text."""
    lines = [f"### Gear ({len(GEAR_PILE)})", "", "A Hero carries one piece of Gear.", ""]
    lines += ["| Gear | Battle | Navigation | Wits | Text |", "| --- | --- | --- | --- | --- |"]
    for g in GEAR.values():
        lines.append(f"| {g.name} | {_bonus(g.battle)} | {_bonus(g.navigation)} | {_bonus(g.wits)} | {g.text} |")
    return [*lines, "", _designed("gear"), ""]


def _encounter_table() -> list[str]:
    """Every Encounter counter, how many there are and its full text."""
    kinds = {"monster": "Monster", "ally": "Ally", "event": "Event"}
    lines = [
        f"### Encounters ({len(ENCOUNTER_PILE)})",
        "",
        "| Encounter | How many | Kind | Text |",
        "| --- | --- | --- | --- |",
    ]
    for e in ENCOUNTERS.values():
        lines.append(f"| {e.name} | {e.count} | {kinds[e.kind]} | {e.text} |")
    return [*lines, "", _designed("encounters"), ""]


def _divine_table() -> list[str]:
    """The Divine counters: how many, how they are played, the effect alone and as a matching pair."""
    lines = [
        f"### Divine counters ({len(DIVINE_PILE)})",
        "",
        "Played at any time, even in another player's turn. Gods and Goddesses are played alone or as a matching "
        "pair, with the stronger effect; Muses, Fates and Furies one at a time.",
        "",
        "| Counter | How many | Alone | Matching pair |",
        "| --- | --- | --- | --- |",
    ]
    for d in DIVINE.values():
        pair = d.pair if d.family == "god" else "played one at a time"
        lines.append(f"| {d.name} | {d.count} | {d.single} | {pair} |")
    return [*lines, "", _designed("divine"), ""]


def _quest_table() -> list[str]:
    """The Quests: Challenge numbers per attribute (a dash: not by that attribute) and the Underworld ones."""
    lines = [
        f"### Quests ({len(QUEST_PILE)})",
        "",
        "| Quest | Battle | Navigation | Wits | Underworld | From the myths |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for q in QUESTS.values():
        where = "yes" if q.underworld else ""
        row = f"| {q.name} | {_number(q.battle)} | {_number(q.navigation)} | {_number(q.wits)} | {where} |"
        lines.append(f"{row} {q.legend} |")
    return [*lines, "", _designed("quests"), ""]


def components_markdown() -> str:
    """This edition's components as markdown for the in-app rules: one table per kind, counts and texts."""
    lines = [
        "## This edition's components",
        "",
        "The rulebook describes the counters but prints almost none of their values. This edition designs them, "
        "keeping every name and number the rulebook does give; under each table, what it prints. Numbers are "
        "Battle, Navigation and Wits; for Monsters, Sea Monsters and Quests they are the Successes needed, and a "
        "dash means the attribute cannot be used against it.",
        "",
        *_counts_table(),
        "",
    ]
    lines += _attribute_table(
        f"Heroes ({len(HEROES)})",
        "heroes",
        [(h.name, h.battle, h.navigation, h.wits, h.legend) for h in HEROES.values()],
    )
    lines += _attribute_table(
        f"Crew counters ({len(CREWS)})",
        "crews",
        [(c.name, c.battle, c.navigation, c.wits, c.legend) for c in CREWS.values()],
        "A Crew counter's numbers count only while its Hero has at least one Crew.",
    )
    lines += _attribute_table(
        f"Allies ({len(ALLIES)})",
        "allies",
        [(a.name, a.battle, a.navigation, a.wits, a.legend) for a in ALLIES.values()],
    )
    lines += _gear_table()
    lines += _attribute_table(
        "Encounter Monsters",
        "monsters",
        [(m.name, m.battle, m.navigation, m.wits, m.legend) for m in MONSTERS.values()],
    )
    lines += _encounter_table()
    lines += _attribute_table(
        f"Sea Monsters ({len(SEA_MONSTERS)})",
        "sea_monsters",
        [(m.name, m.battle, m.navigation, m.wits, m.legend) for m in SEA_MONSTERS.values()],
    )
    lines += _quest_table()
    lines += _divine_table()
    return "\n".join(lines).rstrip() + "\n"
