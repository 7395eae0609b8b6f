"""When a computer Hero plays a Divine counter: on her own Challenges and Moves, and against the leader in his.

Everything is read from the seat's view (its own counters, every Hero's Crew, Prophecy and attributes, the
Challenge and the dice on the table) and weighed with the exact odds of `odds.py`. `play` returns the
`play_divine` action to take, or None to keep the counters for later.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.born_of_titans import odds
from engine.born_of_titans.ai_know import chance_against, may_shed, threat


@dataclass(frozen=True)
class DivineStyle:
    """How eagerly a level plays its counters (level 1 the obvious plays only; level 2 all of them)."""

    own_quest: bool = True  # Aphrodite and Athena on her own Quest
    against_others: bool = True  # Ares, Fates and Furies in the others' Quest Challenges
    moves: bool = False  # Poseidon and the Fates on Move rolls
    clever: bool = False  # Hera's pair on the leader, Poseidon's pair, Athena's pair, Muses, the thresholds of level 2


def _success(die: int) -> bool:
    return die >= 4


def _find(legal: list[Any], counter: str, pair: bool | None = None, target: int | None = None) -> list[Any]:
    """The play_divine actions of `legal` playing `counter` (alone or as a pair) on `target`."""
    found = []
    for action in legal:
        if getattr(action, "kind", "") != "play_divine" or action.counter != counter:
            continue
        if pair is not None and bool(action.pair) != pair:
            continue
        if target is not None and action.target != target:
            continue
        found.append(action)
    return found


def _first(legal: list[Any], counter: str, pair: bool | None = None, target: int | None = None) -> Any | None:
    found = _find(legal, counter, pair, target)
    return found[0] if found else None


def _fates(legal: list[Any], target: int, dice: list[int], successes: bool) -> Any | None:
    """The Fates rolling again every die of the last roll that failed (or succeeded)."""
    wanted = tuple(i for i, d in enumerate(dice) if _success(d) == successes)
    if not wanted:
        return None
    best = None
    for action in _find(legal, "fates", None, target):
        detail = tuple(action.detail or ())
        if detail == wanted:
            return action
        if set(detail) <= set(wanted) and (best is None or len(detail) > len(tuple(best.detail or ()))):
            best = action
    return best


class Challenge:
    """The Challenge on the table as the view shows it, with the odds of its challenger."""

    def __init__(self, view: dict[str, Any]) -> None:
        c = view["challenge"]
        self.c = c
        self.seat: int = c["seat"]
        self.hero = view["heroes"][self.seat]
        self.numbers: dict[str, int | None] = c["numbers"]
        self.attribute = c.get("attribute")
        if c.get("needed") is None:
            self.attribute, _ = odds.best_attribute(view["heroes"][self.seat]["attributes"], self.numbers, 1)
        self.needed: int = c["needed"] if c.get("needed") is not None else self.numbers.get(self.attribute) or 99
        self.successes: int = c["successes"]
        self.kills: int = c.get("kills", 1)
        self.quest = c["foe_kind"] == "quest"
        moment = view.get("moment") or {}
        self.pending = moment.get("kind") == "challenge_roll"
        self.last: list[int] = list(c.get("last_roll") or []) if self.pending else []
        self.started = bool(c.get("rolls")) or c.get("attribute") is not None

    @property
    def total(self) -> int:
        """Successes counting the roll just made."""
        return self.successes + sum(1 for d in self.last if _success(d))

    def dice(self, bonus: int = 0) -> int:
        """Dice of each roll of the attribute chosen (or the best one) plus `bonus`."""
        extra = self.c.get("committed", 0) + self.c.get("athena_dice", 0) + bonus
        totals = self.hero["attributes"]
        return (totals[self.attribute] if self.attribute else 0) + extra

    def chance(self, kills: int | None = None, crew: int | None = None, needed: int | None = None) -> float:
        """The challenger's chance from here, her Prophecy all committed, a miss in the roll just made counted."""
        kills = self.kills if kills is None else kills
        crew = self.hero["crew"] if crew is None else crew
        needed = self.needed if needed is None else needed
        left = needed - self.total
        if left <= 0:
            return 1.0
        if self.pending:
            crew -= kills
            if crew <= 0:
                return 0.0
        bonus = self.hero["prophecy"] if not self.started else 0
        return odds.win_chance(self.dice(bonus), left, crew, kills)


def play(
    view: dict[str, Any],
    seat: int,
    legal: list[Any],
    style: DivineStyle,
    courses_wanted: Callable[[int], int | None] | None = None,
) -> Any | None:
    """The Divine counter `seat` plays now, or None. `courses_wanted(s)`: the Courses seat s needs from the Move
    roll on the table to reach where it is going (None: it does not matter)."""
    if not any(getattr(a, "kind", "") == "play_divine" for a in legal):
        return None
    if view.get("challenge"):
        chosen = _in_challenge(view, seat, legal, style)
        if chosen is not None:
            return chosen
    moment = view.get("moment") or {}
    if moment.get("kind") in ("crew_for_hire", "dragons_teeth") and moment.get("roll_owner") == seat:
        chosen = _on_crew_roll(view, seat, legal, style)
        if chosen is not None:
            return chosen
    on_move = moment.get("kind") == "move_roll" or (not moment and view.get("phase") == "move")  # her own roll
    if on_move and style.moves and courses_wanted is not None:
        chosen = _on_move(view, seat, legal, courses_wanted)
        if chosen is not None:
            return chosen
    return _any_time(view, seat, legal, style)


def _on_crew_roll(view: dict[str, Any], seat: int, legal: list[Any], style: DivineStyle) -> Any | None:
    """Her own Crew for Hire or Dragon's Teeth die: the Fates on a poor one, the Muses (level 2) on one that leaves
    room for another Crew."""
    die = int(((view.get("moment") or {}).get("dice") or [6])[0])
    room = 6 - int(view["heroes"][seat]["crew"])
    if die >= room:
        return None
    if die <= 2 and room >= 4:
        fates = _first(legal, "fates", None, seat)
        if fates is not None:
            return fates
    if style.clever and room - die >= 2:
        return _first(legal, "muses", None, seat)
    return None


def _in_challenge(view: dict[str, Any], seat: int, legal: list[Any], style: DivineStyle) -> Any | None:
    ch = Challenge(view)
    if ch.quest and view.get("hubris") == ch.seat:
        if ch.seat == seat:
            return _first(legal, "hera", False)  # shed it, or her Quest cannot be completed (ruling 20)
        return None  # nothing to stop: it cannot be completed
    if ch.seat == seat:
        return _own_challenge(view, seat, legal, style, ch) if style.own_quest else None
    if not style.against_others or not ch.quest:
        return None
    return _their_challenge(view, seat, legal, style, ch)


def _own_challenge(view: dict[str, Any], seat: int, legal: list[Any], style: DivineStyle, ch: Challenge) -> Any | None:
    if ch.pending:
        if ch.total >= ch.needed:
            return None
        short = ch.needed - ch.total
        doomed = ch.hero["crew"] - ch.kills <= 0
        threes = [i for i, d in enumerate(ch.last) if d == 3]
        if short == 1 and threes and style.clever:
            muses = _first(legal, "muses", None, seat)
            if muses is not None:
                return _with_detail(legal, muses, threes[0])
        failures = sum(1 for d in ch.last if not _success(d))
        again = odds.at_least(failures, short)
        if again >= (0.2 if doomed else 0.45) or (ch.quest and again >= 0.3):
            return _fates(legal, seat, ch.last, successes=False)
        return None
    if ch.started and not ch.quest:
        return None
    p = ch.chance()
    if not ch.quest and p >= 0.4:
        return None
    pair = _first(legal, "aphrodite", True, seat)
    if pair is not None and ch.quest and p < 0.97:
        return pair
    if ch.started:
        return None
    single = _first(legal, "aphrodite", False, seat)
    if single is not None and ch.chance(needed=max(1, ch.needed - 2)) - p >= 0.08 and p < 0.9:
        return single
    athena_pair = _first(legal, "athena", True, seat)
    if athena_pair is not None and style.clever:
        totals = ch.hero["attributes"]
        best_total = max(totals.values())
        best_number = min((n for n in ch.numbers.values() if n is not None), default=None)
        if best_number is not None:
            any_chance = odds.win_chance(best_total + ch.hero["prophecy"], best_number, ch.hero["crew"], ch.kills)
            if any_chance - p >= 0.1:
                return athena_pair
    athena = _first(legal, "athena", False, seat)
    if athena is not None and p < 0.85:
        helped = chance_against(ch.hero["attributes"], ch.numbers, ch.hero["crew"], ch.hero["prophecy"] + 2)
        if helped - p >= 0.08:
            return athena
    return None


def _their_challenge(view: dict[str, Any], seat: int, legal: list[Any], style: DivineStyle, ch: Challenge) -> Any:
    them = ch.seat
    weight = threat(view, seat, them)
    if weight < (1.0 if style.clever else 2.0):
        return None
    p = ch.chance()
    if p <= 0.02:
        return None
    hera_pair = _first(legal, "hera", True)
    if style.clever and hera_pair is not None and p >= 0.25:
        chosen = _with_target_detail(legal, hera_pair, them)  # Hubris forbids her completing it (ruling 20)
        if chosen is not None:
            return chosen
    eager = 0.04 if weight >= 6 else 0.1
    furies = _first(legal, "furies", None, them)
    if furies is not None:
        crew = ch.hero["crew"]
        if ch.pending and ch.total < ch.needed:
            crew -= ch.kills
        if crew <= 2 or p - ch.chance(crew=ch.hero["crew"] - 2) >= eager:
            return furies
    if ch.pending and ch.total >= ch.needed:
        kept = ch.successes
        rolled = sum(1 for d in ch.last if _success(d))
        still = odds.at_least(rolled, ch.needed - kept)
        if 1.0 - still >= (0.08 if weight >= 6 else 0.2):
            fates = _fates(legal, them, ch.last, successes=True)
            if fates is not None:
                return fates
        return None
    if ch.kills < 3:
        for pair, kills in ((True, 3), (False, 2)):
            ares = _first(legal, "ares", pair, them)
            if ares is not None and kills > ch.kills and p - ch.chance(kills=kills) >= eager:
                return ares
    return None


def _on_move(view: dict[str, Any], seat: int, legal: list[Any], wanted: Callable[[int], int | None]) -> Any | None:
    move = view.get("move") or {}
    moment = view.get("moment") or {}
    owner = moment.get("roll_owner") if moment else view.get("mover")  # no moment: her Move's own decision
    if owner is None or not move:
        return None
    need = wanted(owner)
    courses = move.get("courses", 0)
    if need is None:
        return None
    for action in _find(legal, "poseidon", False, owner):
        detail = action.detail
        if owner == seat and detail == 2 and courses < need <= courses + 2:
            return action
        if owner != seat and detail == -2 and courses >= need > courses - 2 and threat(view, seat, owner) >= 2:
            return action
    if owner == seat and courses < need:
        dice = list(move.get("dice") or [])
        failures = sum(1 for d in dice if not _success(d))
        if odds.at_least(failures, need - courses) >= 0.5:
            return _fates(legal, seat, dice, successes=False)
    return None


def _any_time(view: dict[str, Any], seat: int, legal: list[Any], style: DivineStyle) -> Any | None:
    me = view["heroes"][seat]
    own_turn = view.get("mover") == seat and not view.get("moment")
    if view.get("hubris") == seat:
        rivals = _rivals(view, seat)
        hera_pair = _first(legal, "hera", True)
        if hera_pair is not None and style.clever and rivals:
            chosen = _with_target_detail(legal, hera_pair, rivals[0])
            if chosen is not None:
                return chosen
        hera = _first(legal, "hera", False)
        if hera is not None and (not style.clever or may_shed(view, seat)):
            return hera
    elif style.clever and view.get("hubris") is None:
        hera_pair = _first(legal, "hera", True)
        rivals = _rivals(view, seat)
        if hera_pair is not None and rivals and threat(view, seat, rivals[0]) >= 2:
            chosen = _with_target_detail(legal, hera_pair, rivals[0])
            if chosen is not None:
                return chosen
    if own_turn:
        if me["prophecy"] <= 3:
            pair = _first(legal, "apollo", True, seat)
            if pair is not None:
                return pair
        if me["prophecy"] <= 5:
            single = _first(legal, "apollo", False, seat)
            if single is not None:
                return single
    moment = view.get("moment") or {}
    if style.clever and moment.get("kind") == "turn_end":
        for rival in _rivals(view, seat):
            hero = view["heroes"][rival]
            if hero.get("lose_turn") or threat(view, seat, rival) < 2:
                continue
            poseidon = _first(legal, "poseidon", True, rival)
            if poseidon is not None:
                return poseidon
            furies = _first(legal, "furies", None, rival)
            if furies is not None and hero["crew"] <= 2 and (hero.get("gear") or hero.get("ally")):
                return furies
    return None


def _rivals(view: dict[str, Any], seat: int) -> list[int]:
    """The other Heroes still playing, the greatest threat first."""
    others = [h["seat"] for h in view["heroes"] if h["seat"] != seat and h.get("finished") is None and h.get("hero")]
    return sorted(others, key=lambda s: (-threat(view, seat, s), s))


def _with_detail(legal: list[Any], action: Any, detail: Any) -> Any:
    """The same play with `detail` (a Muses die), if it is legal; else the action as it is."""
    for other in _find(legal, action.counter, action.pair, action.target):
        if other.detail == detail:
            return other
    return action


def _with_target_detail(legal: list[Any], action: Any, receiver: int) -> Any | None:
    """Hera's pair moving Hubris to `receiver`."""
    for other in _find(legal, action.counter, action.pair):
        if other.detail == receiver or (other.detail is None and other.target == receiver):
            return other
    return None
