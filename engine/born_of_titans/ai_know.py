"""What a computer Hero knows, read from its seat's view only: its Hero, its Quest, the foes it may face.

A face-down counter the seat has not seen is one of those not yet accounted for: the Quests it may be are the
Quests not face up anywhere (completed, revealed, or seen by this seat's own looks). Every estimate over an
unseen Quest averages over those, so nothing here ever reads a counter the seat has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.born_of_titans import odds
from engine.born_of_titans.data import ATTRIBUTES, ENCOUNTERS, QUESTS, SEA_MONSTERS

HIDDEN = "hidden"


def numbers_of(key: str, kind: str) -> dict[str, int | None]:
    """The Challenge numbers of a foe by its key and kind ("quest", "sea_monster", "encounter")."""
    if kind == "quest":
        foe: Any = QUESTS[key]
    elif kind == "sea_monster":
        foe = SEA_MONSTERS[key]
    else:
        foe = ENCOUNTERS[key].monster
        if foe is None:
            return {a: None for a in ATTRIBUTES}
    return {a: getattr(foe, a) for a in ATTRIBUTES}


@dataclass
class Me:
    """The computer Hero's own side, as its view shows it."""

    seat: int
    hero: dict[str, Any]
    quest_node: str | None  # where her current Quest lies now (its Site, or the Underworld Site it went to)
    quest: str | None  # its key once she knows it, else None
    quest_revealed: bool
    quest_origin: int | None

    @property
    def crew(self) -> int:
        return int(self.hero["crew"])

    @property
    def prophecy(self) -> int:
        return int(self.hero["prophecy"])

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.hero["attributes"])

    @property
    def done(self) -> int:
        return len(self.hero["quests"])


def quest_of(view: dict[str, Any], seat: int) -> tuple[str | None, str | None, bool, int | None]:
    """Where `seat`'s current Quest lies, its key if this view shows it, whether it is face up, its origin."""
    for node, site in view["sites"].items():
        for quest in site.get("quests", []):
            if quest["owner"] == seat:
                key = quest["quest"]
                return node, (None if key == HIDDEN else key), bool(quest["revealed"]), quest.get("origin")
    return None, None, False, None


def me_of(view: dict[str, Any], seat: int) -> Me:
    """The computer Hero's side in `view`."""
    node, key, revealed, origin = quest_of(view, seat)
    return Me(seat, view["heroes"][seat], node, key, revealed, origin)


def unseen_quests(view: dict[str, Any]) -> tuple[str, ...]:
    """The Quests a face-down Quest counter may be: none face up anywhere in this view."""
    known: set[str] = set()
    for hero in view["heroes"]:
        known.update(hero["quests"].values())
    for site in view["sites"].values():
        for quest in site.get("quests", []):
            if quest["quest"] != HIDDEN:
                known.add(quest["quest"])
    pool = tuple(key for key in QUESTS if key not in known)
    return pool or tuple(QUESTS)


def foe_numbers(view: dict[str, Any], me: Me) -> list[dict[str, int | None]]:
    """The Challenge numbers her current Quest may have: its own if known, else each unseen Quest's."""
    if me.quest is not None:
        return [numbers_of(me.quest, "quest")]
    return [numbers_of(key, "quest") for key in unseen_quests(view)]


@lru_cache(maxsize=50000)
def _best(totals: tuple[int, int, int], numbers: tuple, crew: int, kills: int, bonus: int) -> float:
    return odds.best_attribute(dict(zip(ATTRIBUTES, totals, strict=True)), dict(numbers), crew, kills, bonus)[1]


def chance_against(
    totals: dict[str, int], numbers: dict[str, int | None], crew: int, bonus: int = 0, kills: int = 1
) -> float:
    """Her chance to defeat a foe with `numbers` with her best usable attribute and `bonus` dice a roll."""
    key = tuple(totals.get(a, 0) for a in ATTRIBUTES)
    return _best(key, tuple(sorted(numbers.items())), crew, kills, bonus)


def quest_chance(view: dict[str, Any], me: Me, crew: int | None = None, prophecy: int | None = None) -> float:
    """Her chance to complete her Quest now (or with `crew`/`prophecy` instead), all Prophecy committed,
    averaged over what the Quest may be."""
    crew = me.crew if crew is None else crew
    prophecy = me.prophecy if prophecy is None else prophecy
    totals = with_crew(view, me, crew)
    numbers = foe_numbers(view, me)
    return sum(chance_against(totals, n, crew, prophecy) for n in numbers) / len(numbers)


def with_crew(view: dict[str, Any], me: Me, crew: int) -> dict[str, int]:
    """Her attribute totals if she had `crew` Crew (the Crew counter counts only while Crew is left)."""
    totals = me.totals
    if (crew > 0) == (me.crew > 0):
        return totals
    from engine.born_of_titans.data import CREWS

    counter = CREWS.get(me.hero.get("crew_counter") or "")
    if counter is None:
        return totals
    sign = 1 if crew > 0 else -1
    return {a: totals[a] + sign * getattr(counter, a) for a in ATTRIBUTES}


def sea_monster_pools(view: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The Sea Monsters each Sea Monster Site may hold: the one face up there, else those not face up
    elsewhere (one of the four is set aside, unseen)."""
    faces = {node: site.get("sea_monster") for node, site in view["sites"].items() if site.get("sea_monster")}
    pools = {}
    for node, face in sorted(faces.items()):
        if face != HIDDEN:
            pools[node] = (face,)
            continue
        elsewhere = {other for where, other in faces.items() if where != node and other != HIDDEN}
        pools[node] = tuple(key for key in SEA_MONSTERS if key not in elsewhere) or tuple(SEA_MONSTERS)
    return pools


def threat(view: dict[str, Any], seat: int, other: int) -> float:
    """How much `other` completing a Quest hurts `seat`: more the nearer she is to winning and the further
    ahead of `seat` (a third Quest wins her the game)."""
    theirs = len(view["heroes"][other]["quests"])
    mine = len(view["heroes"][seat]["quests"])
    return [1.0, 2.0, 6.0][min(theirs, 2)] * (1.0 + 0.5 * max(0, theirs - mine))


PATIENCE = 25  # rounds after which a Hero stops waiting for Hera and completes her Quest anyway


def hubris_step(view: dict[str, Any]) -> int:
    """0 before any Quest is completed, 1 once one is, 2 once a Hero has completed her second (Hubris moves no
    more by completions: only Hera and Gather Humility move it then)."""
    done = [len(h["quests"]) if h.get("finished") is None else 3 for h in view["heroes"]]
    if max(done, default=0) >= 2:
        return 2
    return 1 if max(done, default=0) >= 1 else 0


def would_take_hubris(view: dict[str, Any], seat: int) -> bool:
    """Whether completing her current Quest would hand `seat` the Hubris counter (she would be the first to
    complete a Quest, or the first to complete her second)."""
    step = hubris_step(view)
    done = len(view["heroes"][seat]["quests"])
    return step == 0 or (step == 1 and done == 1)


def may_shed(view: dict[str, Any], seat: int) -> bool:
    """Whether playing Hera alone to shed Hubris pays now: not if her next Quest would take it straight back
    (her second, while nobody has completed two), unless she holds a second Hera or has waited long enough."""
    heras = list(view["heroes"][seat].get("divine") or []).count("hera")
    return hubris_step(view) == 2 or heras >= 2 or view.get("round", 0) >= PATIENCE
