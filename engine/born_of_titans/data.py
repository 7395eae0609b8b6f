"""Born of Titans components and this edition's designed values, as typed literal tables (no logic).

The rulebook names the counters but prints few values: Cyrene's 6/5/4, the Sirens' Wits 5, Defeat Medusa's
7 (not by Battle), the example's Atalanta + Pheacians + Bellerophon = 8/9/4, the three Underworld Quests,
the named Encounters, the Argo, the Dragon's Teeth and the Nemean Lion Skin, and the Divine effects it
explains. Everything else here is designed for this edition (docs/born-of-titans-components.md says how)
and shown in the in-app rules as such (components.py).
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- constants ---------------------------------------------------------------------------------------
MAX_CREW: Final[int] = 6  # the top Shield of the Crew Sheet
START_CREW: Final[int] = 6  # the Crew counter starts on the "6" Shield
MAX_PROPHECY: Final[int] = 6  # "No mortal can see that much of what the fates have in store."
START_PROPHECY: Final[int] = 2  # the Prophecy counter starts on the "2" Shield
ORACLE_PROPHECY: Final[int] = 2  # a Prophecy action at an Oracle: two Shields higher
RECRUIT_MAX: Final[int] = 2  # a Recruit action adds up to two Crew
SUCCESS_FROM: Final[int] = 4  # die results 4-6 are Successes, 1-3 Failures
QUESTS_TO_WIN: Final[int] = 3
ACTIONS_PER_TURN: Final[int] = 2
ACTIONS_WITHOUT_CREW: Final[int] = 1
HUBRIS_COUNTERS: Final[int] = 1
LOSE_TURN_COUNTERS: Final[int] = 4  # one per possible player (a Hero never holds two)
PROPHECY_COUNTERS: Final[int] = 4  # one per possible player
SHIELDS: Final[int] = 7  # the Crew Sheet's Shields, numbered 0-6
FURIES_CREW: Final[int] = 2  # "Every Furies counter played against a player kills two of that player's Crew."


# -- the kinds of counter ------------------------------------------------------------------------------
class Hero(NamedTuple):
    key: str
    name: str
    battle: int
    navigation: int
    wits: int
    legend: str


class CrewCounter(NamedTuple):
    key: str
    name: str
    battle: int
    navigation: int
    wits: int
    legend: str


class Ally(NamedTuple):
    key: str
    name: str
    battle: int
    navigation: int
    wits: int
    legend: str


class Gear(NamedTuple):
    key: str
    name: str
    battle: int
    navigation: int
    wits: int
    power: str  # "", "argo", "dragons_teeth" or "lion_skin"
    text: str


class Monster(NamedTuple):
    """An Encounter monster or a Sea Monster: a Challenge number per attribute, None where unusable."""

    key: str
    name: str
    battle: int | None
    navigation: int | None
    wits: int | None
    legend: str


class Encounter(NamedTuple):
    key: str
    name: str
    kind: str  # "monster", "ally" or "event"
    monster: Monster | None
    ally: Ally | None
    event: str  # "" or one of EVENTS
    amount: int  # for the events that take one (lose_crew, gain_prophecy)
    text: str
    count: int


class Divine(NamedTuple):
    key: str
    name: str
    family: str  # "god" (alone or a matching pair), "muses", "fates", "furies" (one at a time)
    single: str
    pair: str  # "" for Muses, Fates and Furies
    count: int


class Quest(NamedTuple):
    key: str
    name: str
    battle: int | None
    navigation: int | None
    wits: int | None
    underworld: bool
    legend: str


ATTRIBUTES: Final[tuple[str, ...]] = ("battle", "navigation", "wits")

# The events an Encounter may carry (the engine implements exactly these).
EVENTS: Final[tuple[str, ...]] = (
    "crew_for_hire",
    "gather_humility",
    "allys_quest",
    "fair_weather",
    "lose_turn",
    "lose_crew",
    "gain_prophecy",
    "divine_gift",
)

# The tables below are kept one counter to a row, aligned by hand (ruff format would spread each row over a
# dozen lines); every line still fits in 120 characters.

# -- Heroes ------------------------------------------------------------------------------------------
# Every Hero has Navigation 5 (Cyrene's printed value): it rolls every Move as well as Challenges, so a point
# of it is worth far more than one of Battle or Wits, and Heroes differing in it would differ in speed.
# Battle and Wits add up to 10 and mirror each other (7/3, 6/4, 5/5, 4/6, 3/7); every Hero totals 15.
# fmt: off
HEROES: Final[dict[str, Hero]] = {h.key: h for h in (
    Hero("cyrene",   "Cyrene",   6, 5, 4, "The huntress of Thessaly who wrestled a lion bare-handed."),
    Hero("atalanta", "Atalanta", 6, 5, 4, "Who drew first blood from the Calydonian Boar and threw Peleus."),
    Hero("heracles", "Heracles", 7, 5, 3, "Son of Zeus, who laboured twelve times for Eurystheus."),
    Hero("jason",    "Jason",    5, 5, 5, "Captain of the Argo, who sailed to Colchis for the Golden Fleece."),
    Hero("perseus",  "Perseus",  4, 5, 6, "Who beheaded Medusa by looking only at her reflection."),
    Hero("theseus",  "Theseus",  4, 5, 6, "Who found his way out of the Labyrinth by Ariadne's thread."),
    Hero("odysseus", "Odysseus", 3, 5, 7, "The man of many wiles, ten years finding his way home to Ithaca."),
)}
# fmt: on
# Each Hero has her Hero's Quest counter, named by the Hero's key.
HERO_QUEST_COUNTERS: Final[tuple[str, ...]] = tuple(HEROES)

# -- Crew counters ------------------------------------------------------------------------------------
# Each player draws one at random, so all are as strong: Navigation 1 and three in all, Battle and Wits
# mirrored. The Pheacians' 2/1/0 is what the example of play leaves with Atalanta and Bellerophon.
# fmt: off
CREWS: Final[dict[str, CrewCounter]] = {c.key: c for c in (
    CrewCounter("pheacians",   "Pheacians",   2, 1, 0, "Of Scheria, whose ships steer themselves: they only row."),
    CrewCounter("spartans",    "Spartans",    2, 1, 0, "Hoplites of Lacedaemon: few words, no retreat."),
    CrewCounter("myrmidons",   "Myrmidons",   1, 1, 1, "The ant-born warriors of Aegina, who never break ranks."),
    CrewCounter("argonauts",   "Argonauts",   1, 1, 1, "Heroes at the oars, each good at something."),
    CrewCounter("phoenicians", "Phoenicians", 0, 1, 2, "Traders of Tyre and Sidon, who know every harbour's price."),
    CrewCounter("athenians",   "Athenians",   0, 1, 2, "Citizens of Athena's city, quick of tongue and counsel."),
)}
# fmt: on

# -- Allies ------------------------------------------------------------------------------------------
# One Encounter counter each; every Ally adds up to 3, and the ten add 10 to each attribute.
# fmt: off
ALLIES: Final[dict[str, Ally]] = {a.key: a for a in (
    Ally("bellerophon", "Bellerophon", 0, 3, 0, "Rider of the winged horse Pegasus, who flies where he will."),
    Ally("tiphys",      "Tiphys",      1, 2, 0, "Helmsman of the Argo."),
    Ally("lynceus",     "Lynceus",     0, 2, 1, "The Argo's lookout, who could see through the earth."),
    Ally("castor",      "Castor",      1, 1, 1, "Tamer of horses, one of the Dioscuri."),
    Ally("meleager",    "Meleager",    2, 1, 0, "Prince of Calydon, who slew the boar."),
    Ally("orpheus",     "Orpheus",     0, 1, 2, "Whose lyre drowned the Sirens' song and charmed Hades."),
    Ally("polydeuces",  "Polydeuces",  3, 0, 0, "The immortal boxer, who beat King Amycus with his fists."),
    Ally("medea",       "Medea",       0, 0, 3, "The sorceress of Colchis, who sang the dragon to sleep."),
    Ally("peleus",      "Peleus",      2, 0, 1, "Argonaut, who wrestled the sea-goddess Thetis and won her."),
    Ally("chiron",      "Chiron",      1, 0, 2, "The wise centaur of Mount Pelion, teacher of heroes."),
)}
# fmt: on

# -- Gear: one drawn at each completed Quest; a Hero carries one ---------------------------------------
# fmt: off
GEAR: Final[dict[str, Gear]] = {g.key: g for g in (
    Gear("argo", "The Argo", 0, 1, 0, "argo",
         "The Argo. Navigation +1. You may increase your Prophecy total by one per turn (at most six)."),
    Gear("dragons_teeth", "The Dragon's Teeth", 0, 0, 0, "dragons_teeth",
         "The Dragon's Teeth. In your turn you may discard them in exchange for one die result worth of"
         " additional Crew: roll one die and add that many Crew (at most six)."),
    Gear("lion_skin", "The Nemean Lion Skin", 0, 0, 0, "lion_skin",
         "The Nemean Lion Skin. Invincible: discard it to avoid any further Crew losses in one"
         " Challenge."),
    Gear("winged_sandals", "The Winged Sandals of Hermes", 0, 2, 0, "", "The Winged Sandals of Hermes. Navigation +2."),
    Gear("helm_of_hades", "The Helm of Hades", 0, 0, 2, "", "The Helm of Hades. Wits +2."),
    Gear("aegis", "The Aegis", 1, 0, 1, "", "The Aegis. Battle +1, Wits +1."),
    Gear("sword_of_peleus", "The Sword of Peleus", 2, 0, 0, "", "The Sword of Peleus. Battle +2."),
    Gear("bow_of_heracles", "The Bow of Heracles", 1, 1, 0, "", "The Bow of Heracles. Battle +1, Navigation +1."),
    Gear("thread_of_ariadne", "Ariadne's Thread", 0, 1, 1, "", "Ariadne's Thread. Navigation +1, Wits +1."),
)}
# fmt: on

# -- Monsters: Encounter monsters (city guardians and beasts) and the four Sea Monsters -----------------
# Challenge numbers: Battle, Navigation, Wits; None = cannot be overcome with that attribute.
# fmt: off
MONSTERS: Final[dict[str, Monster]] = {m.key: m for m in (
    Monster("harpies",         "Harpies",             4,    4,    None, "The snatchers, who fouled Phineus's table."),
    Monster("centaur",         "A Centaur",           5,    None, 4,    "A wine-maddened centaur of Mount Pelion."),
    Monster("calydonian_boar", "The Calydonian Boar", 6,    5,    None, "Sent by Artemis to ravage Calydon."),
    Monster("procrustes",      "Procrustes",          4,    None, 3,    "The host who fitted his guests to his bed."),
    Monster("sciron",          "Sciron",              4,    None, 4,    "Who kicked travellers off a cliff."),
    Monster("sinis",           "Sinis",               5,    4,    None, "The pine-bender of the Isthmus."),
    Monster("laestrygonians",  "Laestrygonians",      6,    4,    None, "Giants who sank ships with boulders."),
    Monster("cyclops",         "A Cyclops",           6,    None, 4,    "A one-eyed giant who eats his guests."),
    Monster("crommyonian_sow", "The Crommyonian Sow", 3,    4,    None, "Phaea, the wild sow of Crommyon."),
    Monster("teumessian_fox",  "The Teumessian Fox",  None, 5,    5,    "The fox fated never to be caught."),
)}
SEA_MONSTERS: Final[dict[str, Monster]] = {m.key: m for m in (
    Monster("sirens",    "The Sirens", None, None, 5,    "Whose song draws sailors onto the rocks."),
    Monster("scylla",    "Scylla",     6,    5,    None, "Six heads on long necks over the strait."),
    Monster("charybdis", "Charybdis",  None, 6,    5,    "The whirlpool that swallows the sea three times a day."),
    Monster("ketos",     "Ketos",      5,    5,    None, "The sea beast Poseidon sent against Andromeda."),
)}
# fmt: on


# -- Encounters ---------------------------------------------------------------------------------------
def _monster(key: str, count: int, text: str) -> Encounter:
    """A monster Encounter counter: overcome it (an Encounter action) to enter the City."""
    m = MONSTERS[key]
    return Encounter(key, m.name, "monster", m, None, "", 0, text, count)


def _ally(key: str, text: str) -> Encounter:
    """An Ally's Encounter counter (one each): take it, or refuse it, when it is turned up."""
    a = ALLIES[key]
    return Encounter(key, a.name, "ally", None, a, "", 0, text, 1)


def _event(key: str, name: str, event: str, amount: int, count: int, text: str) -> Encounter:
    """An event Encounter counter: follow it, then it goes back to the Encounter pile."""
    return Encounter(key, name, "event", None, None, event, amount, text, count)


_LOSE_TURN = "Lose Turn: your turn ends and a Lose Turn counter goes on your Hero."
# fmt: off
ENCOUNTERS: Final[dict[str, Encounter]] = {e.key: e for e in (
    _monster("harpies", 2, "Harpies. Battle 4, Navigation 4; not by Wits. Defeat them to enter the City."),
    _monster("centaur", 2, "A Centaur. Battle 5, Wits 4; not by Navigation. Defeat it to enter the City."),
    _monster("calydonian_boar", 1,
             "The Calydonian Boar. Battle 6, Navigation 5; not by Wits. Defeat it to enter the City."),
    _monster("procrustes", 1, "Procrustes. Battle 4, Wits 3; not by Navigation. Defeat him to enter the City."),
    _monster("sciron", 1, "Sciron. Battle 4, Wits 4; not by Navigation. Defeat him to enter the City."),
    _monster("sinis", 1, "Sinis. Battle 5, Navigation 4; not by Wits. Defeat him to enter the City."),
    _monster("laestrygonians", 1,
             "Laestrygonians. Battle 6, Navigation 4; not by Wits. Defeat them to enter the City."),
    _monster("cyclops", 1, "A Cyclops. Battle 6, Wits 4; not by Navigation. Defeat it to enter the City."),
    _monster("crommyonian_sow", 1,
             "The Crommyonian Sow. Battle 3, Navigation 4; not by Wits. Defeat it to enter the City."),
    _monster("teumessian_fox", 1,
             "The Teumessian Fox. Navigation 5, Wits 5; not by Battle. Defeat it to enter the City."),
    _ally("bellerophon", "Bellerophon. Ally: Battle 0, Navigation 3, Wits 0. You may take him as your Ally."),
    _ally("castor", "Castor. Ally: Battle 1, Navigation 1, Wits 1. You may take him as your Ally."),
    _ally("polydeuces", "Polydeuces. Ally: Battle 3, Navigation 0, Wits 0. You may take him as your Ally."),
    _ally("orpheus", "Orpheus. Ally: Battle 0, Navigation 1, Wits 2. You may take him as your Ally."),
    _ally("medea", "Medea. Ally: Battle 0, Navigation 0, Wits 3. You may take her as your Ally."),
    _ally("peleus", "Peleus. Ally: Battle 2, Navigation 0, Wits 1. You may take him as your Ally."),
    _ally("meleager", "Meleager. Ally: Battle 2, Navigation 1, Wits 0. You may take him as your Ally."),
    _ally("chiron", "Chiron. Ally: Battle 1, Navigation 0, Wits 2. You may take him as your Ally."),
    _ally("tiphys", "Tiphys. Ally: Battle 1, Navigation 2, Wits 0. You may take him as your Ally."),
    _ally("lynceus", "Lynceus. Ally: Battle 0, Navigation 2, Wits 1. You may take him as your Ally."),
    _event("crew_for_hire", "Crew for Hire", "crew_for_hire", 0, 2,
           "Crew for Hire. Roll one die and add up to the result to your Crew (at most six)."),
    _event("gather_humility", "Gather Humility", "gather_humility", 0, 2,
           "Gather Humility. If your Hero has the Hubris counter, discard it. Otherwise no effect."),
    _event("allys_quest", "Ally's Quest", "allys_quest", 0, 1,
           "Ally's Quest. Your Ally goes off on an adventure: if you have an Ally, you lose it. Otherwise no"
           " effect."),
    _event("fair_weather", "Fair Weather", "fair_weather", 0, 2,
           "Fair Weather. Play it at once: take two more Actions now."),
    _event("lotus_eaters", "The Lotus Eaters", "lose_turn", 0, 1,
           "The Lotus Eaters. Your Crew taste the lotus and forget their homes. " + _LOSE_TURN),
    _event("becalmed", "Becalmed", "lose_turn", 0, 1, "Becalmed. The wind dies away. " + _LOSE_TURN),
    _event("circes_feast", "Circe's Feast", "lose_turn", 0, 1,
           "Circe's Feast. You linger at the enchantress's table. " + _LOSE_TURN),
    _event("storm", "A Storm", "lose_crew", 2, 1, "A Storm. Poseidon is angry: lose two Crew."),
    _event("omen", "An Omen", "gain_prophecy", 2, 1, "An Omen. Eagles on the right: gain two Prophecy (at most six)."),
    _event("temple_blessing", "A Temple's Blessing", "divine_gift", 0, 1,
           "A Temple's Blessing. The priests favour you: draw one Divine counter."),
)}
# fmt: on

# -- Divine counters (the Crew Sheet's explanation) -----------------------------------------------------
# fmt: off
DIVINE: Final[dict[str, Divine]] = {d.key: d for d in (
    Divine("athena", "Athena", "god",
           "The target Hero rolls two more dice in every roll of this Challenge.",
           "The target may use any of her Attribute totals against any of the Monster's Attributes in this"
           " Challenge (e.g. her Wits against its Battle).", 4),
    Divine("aphrodite", "Aphrodite", "god",
           "The Monster needs two fewer Successes in this Challenge (never fewer than one).",
           "The Monster is Defeated at once, as if by Challenge.", 4),
    Divine("ares", "Ares", "god",
           "Until the end of this Challenge each attack of the Monster kills two Crew.",
           "Until the end of this Challenge each attack of the Monster kills three Crew.", 4),
    Divine("hera", "Hera", "god",
           "The Hubris counter is discarded (it leaves whoever holds it).",
           "Move the Hubris counter to any Hero in play.", 3),
    Divine("poseidon", "Poseidon", "god",
           "Add two Courses to, or take two from, a Move roll just made (not below zero).",
           "The target Hero loses a turn (a Lose Turn counter).", 3),
    Divine("apollo", "Apollo", "god",
           "The target Hero gains one Prophecy (at most six).",
           "The target Hero gains three Prophecy (at most six).", 3),
    Divine("muses", "Muses", "muses", "Add one to any single die just rolled.", "", 4),
    Divine("fates", "Fates", "fates", "The chosen dice just rolled are nullified and rolled again.", "", 4),
    Divine("furies", "Furies", "furies",
           "Play against a Hero who holds the Hubris counter or has completed more Quests than you: she loses"
           " two Crew.", "", 3),
)}
# fmt: on

# -- Quests: one counter each; every attribute is usable on 11 of the 18, at the same average (68/11) ----
# Challenge numbers: Battle, Navigation, Wits; None = cannot be overcome with that attribute.
# fmt: off
QUESTS: Final[dict[str, Quest]] = {q.key: q for q in (
    Quest("slay_the_chimera", "Slay the Chimera", 6, 6, None, False,
          "Lion, goat and serpent, breathing fire over Lycia."),
    Quest("cattle_of_geryon", "Steal the Cattle of Geryon", 6, 7, None, False,
          "Red cattle on an island at the world's western edge."),
    Quest("cretan_bull", "Capture the Cretan Bull", 6, 6, None, False,
          "Poseidon's white bull, gone mad in Crete."),
    Quest("erymanthian_boar", "Capture the Erymanthian Boar", 5, 7, None, False,
          "Chased into the deep snows of Mount Erymanthus."),
    Quest("mares_of_diomedes", "Tame the Mares of Diomedes", 7, 5, None, False,
          "The man-eating horses of the Thracian king."),
    Quest("slay_the_hydra", "Slay the Hydra", 7, None, 6, False,
          "Two heads grow for each one cut; burn the necks."),
    Quest("slay_the_minotaur", "Slay the Minotaur", 6, None, 6, False,
          "The bull-man at the heart of the Labyrinth."),
    Quest("stymphalian_birds", "Drive off the Stymphalian Birds", 5, None, 7, False,
          "Bronze-beaked birds of the marsh; rattle them into the air."),
    Quest("girdle_of_hippolyta", "Win the Girdle of Hippolyta", 7, None, 5, False,
          "Ask the Amazon queen for it, or fight her for it."),
    Quest("capture_cerberus", "Capture Cerberus", 7, None, 6, True,
          "The three-headed hound at the gates of Hades: wrestle him, or lull him."),
    Quest("defeat_medusa", "Defeat Medusa", None, 7, 7, False,
          "The gorgon whose gaze turns men to stone: find her without looking, or use a mirror."),
    Quest("golden_fleece", "Seize the Golden Fleece", None, 6, 7, False,
          "Guarded by a sleepless dragon in Colchis, at the far end of the Black Sea."),
    Quest("apples_of_the_hesperides", "Fetch the Apples of the Hesperides", None, 7, 6, False,
          "Golden apples in a garden at the world's end."),
    Quest("escape_polyphemus", "Escape Polyphemus", None, 5, 7, False,
          "The Cyclops's cave is shut by a rock: tell him your name is Nobody."),
    Quest("recover_fallen_friend", "Recover Fallen Friend", None, 6, 6, True,
          "Bring a friend back from the house of Hades."),
    Quest("slay_the_nemean_lion", "Slay the Nemean Lion", 6, None, None, False,
          "No weapon cuts its hide: strangle it."),
    Quest("ceryneian_hind", "Catch the Ceryneian Hind", None, 6, None, False,
          "Artemis's golden-horned deer, caught after a year's chase."),
    Quest("question_the_dead", "Question the Dead", None, None, 5, True,
          "Pour blood into the pit and ask the shade of Tiresias the way."),
)}
# fmt: on

# -- the piles (keys repeated by count, in a fixed order; the engine shuffles them) --------------------
ENCOUNTER_PILE: Final[tuple[str, ...]] = tuple(k for k, e in ENCOUNTERS.items() for _ in range(e.count))
DIVINE_PILE: Final[tuple[str, ...]] = tuple(k for k, d in DIVINE.items() for _ in range(d.count))
GEAR_PILE: Final[tuple[str, ...]] = tuple(GEAR)
QUEST_PILE: Final[tuple[str, ...]] = tuple(QUESTS)
CREW_PILE: Final[tuple[str, ...]] = tuple(CREWS)
SEA_MONSTER_PILE: Final[tuple[str, ...]] = tuple(SEA_MONSTERS)
