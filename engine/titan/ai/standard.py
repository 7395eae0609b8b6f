"""Titan's computer player of its own design (level 1, "Standard"): sound simple rules in the manner of
Colossus's SimpleAI, over only what its seat may know.

- Masterboard: the first split weighed on its Tower (which pairs stay whole, by what each half could muster
  over the rolls this turn and next from there); later a legion of seven splits (the weakest pair leaves), but
  not where a roll would force a half into a hopeless attack; move each legion where it musters
  best (at any height up to six, now and, at half weight, next turn over the six rolls) and stays out of
  reach of stronger enemies (reach counted over the rolls and the border signs; the Titan's legion keeps out
  of reach of any stack that could kill it, an enemy's teleports on a 6 counted); attack only at a 70% chance to
  win, 85% with the Titan (the battle played out by `odds.battle_odds`); muster the most valuable recruit; take
  angels, summon when a donor can spare one.
- Engagements: a weak defender without a lord flees; terms that cost the bot nothing are accepted; else
  the battle is fought.
- Battle (`standard_battle.py`): each character moves to the hex where what it can deal exceeds what it takes
  (hazards counted through the strike terms), rangestrikers keep their distance, the attacker closes in and
  the defender waits while time is on his side; strikes go where they kill the most value, at a higher strike
  number where the carry it opens pays; carries to the best kill.

Enemy legions are judged by what the seat knows of them, the unknown characters counted at the average
value of the characters nobody has shown (`expected_value`).
Under Battle Titan it plays for points (`standard_war.py`); level `STANDARD_VALUES` (trials only) does not.
"""

from __future__ import annotations

import zlib
from typing import Any, cast

from engine.core import Action, Rng
from engine.core.bots import Bot, Thinking
from engine.core.game import GameState
from engine.titan import flow, masterboard, recruiting
from engine.titan.ai import odds, reckoning, slices, standard_battle, standard_war
from engine.titan.ai.levels import STANDARD_VALUES
from engine.titan.ai.reckoning import expected_value, fighting_strength
from engine.titan.ai.standard_war import Outlook
from engine.titan.battle_titan import respawn
from engine.titan.data import CREATURES, LANDS, MAX_LEGION, TITAN, character_value
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.splits import remainder as splits_remainder
from engine.titan.state import Legion, Phase, TitanState

ATTACK_MARGIN = 1.25  # attack only an enemy this many times weaker (at 1.4 Standard waited too long)
ATTACK_ODDS = 0.7  # ... rather: only at this chance to win, the battle played out (`odds.py`; 0: by the margin)
TITAN_ATTACK_ODDS = 0.85  # the Titan's legion only at this one
ODDS_SAMPLES = 4  # deals of what the seat has not seen, for the odds of an attack
TELEPORT_REACH = True  # an enemy's reach counts his teleports on a 6 (a lord seen in a Tower, a Titan at 400)
NEXT_TURN = 0.5  # a move is worth half what the legion could muster next turn from there, over the rolls
FLEE_BELOW = 0.6  # a defender without a lord flees a legion this many times stronger (and more)


class TitanBot(Bot):
    """Level 1: the rules of thumb above."""

    level = 1
    for_points = True  # under Battle Titan, play for its points

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        # made in slices (slices.py): the `@slices.unit` reckonings below one step at a time, the same choice
        titan = cast(TitanState, state)
        view = standard_war.outlook(titan, seat) if self.for_points else None
        stable = [state, titan.battle, *titan.legions.values(), *legal]
        return slices.SlicedThinking(lambda dice: choose(titan, seat, legal, dice, view), rng, stable)


class StandardValuesBot(TitanBot):
    """Standard playing Battle Titan by the standard game's values: the yardstick of `standard_war.py`'s trial."""

    level = STANDARD_VALUES
    for_points = False


# -- estimates -------------------------------------------------------------------------------------------------


# -- the decision ----------------------------------------------------------------------------------------------------


def choose(state: TitanState, seat: int, legal: list[Action], rng: Rng, view: Outlook | None = None) -> Action:
    """The bot's decision among the legal actions (`view`: Battle Titan's end as the seat sees it, for points)."""
    phase = state.phase
    if phase == Phase.SPAWN:
        options = [a.creature for a in legal]
        pick = standard_war.spawn_pick(state, options) if view else respawn.best_pick(options)
        return next(a for a in legal if a.creature == pick)
    if phase == Phase.SPLIT:
        return _split(state, seat, legal)
    if phase == Phase.MOVE:
        return _move(state, seat, legal, view, rng)
    if phase == Phase.ENGAGE:
        return legal[0]
    if phase == Phase.ENGAGEMENT:
        return _engagement(state, seat, legal, view)
    if phase == Phase.AFTERMATH:
        return _aftermath(state, seat, legal)
    if phase == Phase.MUSTER:
        return _muster(state, seat, legal)
    if phase == Phase.MANEUVER:
        return standard_battle.maneuver(state, seat, legal, view is not None)
    if phase == Phase.CARRY:
        return standard_battle.carry(state, seat, legal)
    return standard_battle.strike(state, seat, legal, view is not None)


def _of_kind(legal: list[Action], kind: str) -> list[Any]:
    return [action for action in legal if action.kind == kind]


# -- split -------------------------------------------------------------------------------------------------------------


FIRST_SPLIT = ("Angel", "Gargoyle", "Ogre", "Ogre")  # the tried split: the Titan keeps two Centaurs and a Gargoyle
FIRST_SPLIT_MARGIN = 1.0  # another first split only if its Tower makes it worth this much more (a turn, on average)


def _split(state: TitanState, seat: int, legal: list[Action]) -> Action:
    splits = _of_kind(legal, "split")
    if state.first_turns[seat] and splits:
        return _first_split(state, seat, splits)
    for action in splits:
        legion = state.legions[action.marker]
        if legion.height < MAX_LEGION or _cornered(state, seat, legion, len(action.leaving)):
            continue
        weakest = _weakest_pair(legion)
        if weakest and action.leaving == weakest:
            return action
    ends = _of_kind(legal, "end_splits")
    if ends:
        return ends[0]
    # A split is due (a spawned legion of eight), even where it corners a half: the weakest pair goes; with no
    # two creatures to part (a spawn of lords and demi-lords), the fewest characters, lords last, least valuable.
    due = [a for a in splits if state.legions[a.marker].height > MAX_LEGION] or splits
    pair = next((a for a in due if a.leaving == _weakest_pair(state.legions[a.marker])), None)
    if pair is not None:
        return pair
    score = state.players[seat].score

    def cost(action: Any) -> tuple[int, int, int, tuple[str, ...]]:
        lords = sum(CREATURES[n].kind == "lord" for n in action.leaving)  # lords stay with the Titan
        return len(action.leaving), lords, sum(character_value(n, score) for n in action.leaving), action.leaving

    return min(due, key=cost)


def _first_split(state: TitanState, seat: int, splits: list[Any]) -> Action:
    values = first_split_values(state, seat, splits)
    best = max(splits, key=lambda a: (round(values[a.leaving], 6), a.leaving))
    tried = next((a for a in splits if a.leaving == FIRST_SPLIT), None)
    if tried is not None and values[best.leaving] < values[tried.leaving] + FIRST_SPLIT_MARGIN:
        return tried  # the Tower gives no clear reason to part another pair
    return best


def first_split_values(state: TitanState, seat: int, splits: list[Any]) -> dict[tuple[str, ...], float]:
    """The first turn's split, weighed on the Tower the legion stands in: each split by what its two halves could
    muster this turn (the same roll moves both, to two different lands, or one stays) and, at half weight, next
    turn from there, over the six rolls. Which pair is kept whole matters only where its land is within reach.
    The reckonings are `@slices.unit`s of their own, so the page makes this decision over several slices."""
    legion = state.legions[splits[0].marker]
    tower = legion.land
    worths: dict[tuple[tuple[str, ...], int, bool], float] = {}

    def worth(half: tuple[str, ...], land: int, moved: bool) -> float:
        if (half, land, moved) not in worths:
            worths[half, land, moved] = _split_worth(state, seat, legion.marker, half, land, moved)
        return worths[half, land, moved]

    def value(action: Any) -> float:
        halves = (tuple(sorted(action.leaving)), splits_remainder(legion.contents, action.leaving))
        total = 0.0
        for roll in range(1, 7):
            options = _split_lands(state, seat, legion.marker, tower, roll)
            best = max((worth(h, land, True) + worth(o, tower, False) for h, o in (halves, halves[::-1])
                        for land in options), default=0.0)  # fmt: skip
            for a in options:
                for b in options:
                    if a != b:
                        best = max(best, worth(halves[0], a, True) + worth(halves[1], b, True))
            total += best
        return total / 6.0

    return {a.leaving: value(a) for a in splits}


@slices.unit(0.1)
def _split_lands(state: TitanState, seat: int, marker: str, land: int, roll: int) -> tuple[int, ...]:
    """The lands a half of the first split reaches from `land` on `roll` (the Tower counts as its own)."""
    friendly = flow.own_lands(state, seat, besides=marker) | {state.legions[marker].land}
    enemy = flow.enemy_lands(state, seat)
    found = masterboard.destination_lands(land, roll, friendly, enemy, flow.engaged_lands(state))
    return tuple(to for to in found if to not in enemy)


@slices.unit(0.05)
def _split_recruit(state: TitanState, terrain: str, half: tuple[str, ...]) -> str:
    """The best creature `half` could muster on `terrain` (none: "")."""
    options = recruiting.musters(terrain, half, state.stock)
    return max(options, key=lambda m: CREATURES[m.recruit].value).recruit if options else ""


@slices.unit(0.2)
def _split_worth(state: TitanState, seat: int, marker: str, half: tuple[str, ...], land: int, moved: bool) -> float:
    """What `half` musters on `land` (if it moved there) and, at half weight, next turn from there."""
    now = _split_recruit(state, LANDS[land].terrain, half) if moved else ""
    grown = tuple(sorted((*half, now))) if now else half
    later = sum(max((CREATURES[r].value for to in _split_lands(state, seat, marker, land, roll)
                     if (r := _split_recruit(state, LANDS[to].terrain, grown))), default=0)
                for roll in range(1, 7)) / 6.0  # fmt: skip
    return (CREATURES[now].value if now else 0.0) + NEXT_TURN * later


@slices.unit(0.5)
def _cornered(state: TitanState, seat: int, legion: Legion, leaving: int) -> bool:
    """Whether splitting `legion` could force a half into a hopeless attack: a roll on which every land the
    halves could move to holds an enemy stack that even the bigger half (at its share of the strength) should
    not attack. Split legions must part, so such a roll leaves no choice."""
    mine = fighting_strength(state, legion, seat) * (legion.height - leaving) / legion.height
    friendly = flow.own_lands(state, seat)
    enemy_lands = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    for roll in range(1, 7):
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy_lands, engaged)
        if lands and all(
            land in enemy_lands
            and any(
                lg.owner != seat and mine < ATTACK_MARGIN * fighting_strength(state, lg, seat)
                for lg in state.legions_on(land)
            )
            for land in lands
        ):
            return True
    return False


def _weakest_pair(legion: Legion) -> tuple[str, ...]:
    """The two least valuable creatures of a legion (a pair of one kind first, so they may recruit)."""
    creatures = sorted(
        (n for n in legion.contents if CREATURES[n].kind == "creature"), key=lambda n: (CREATURES[n].value, n)
    )
    if len(creatures) < 2:
        return ()
    for name in creatures:
        if creatures.count(name) >= 2:
            return (name, name)
    return tuple(sorted(creatures[:2]))


# -- movement ------------------------------------------------------------------------------------------------------


def _recruit_value(state: TitanState, legion: Legion, land: int) -> float:
    """What the legion could muster on `land`: the value of its best recruit (0 if full or nothing). A legion of
    six still musters (to seven)."""
    if legion.height >= MAX_LEGION:
        return 0.0
    options = recruiting.musters(LANDS[land].terrain, legion.contents, state.stock)
    return max((CREATURES[m.recruit].value for m in options), default=0.0)


@slices.unit(8.0)
def _attack_odds(state: TitanState, seat: int, attacker: str, defender: str, land: int, salt: int) -> float:
    """The chance that `attacker` attacking `defender` on `land` wins: the battle played out on an abstract
    battlefield (`odds.battle_odds`), what the seat has not seen dealt again `ODDS_SAMPLES` times (from `salt`,
    a draw of the bot's own dice)."""
    rng = Rng(salt ^ zlib.crc32(f"{attacker}{defender}{land}".encode()))
    return odds.battle_odds(state, attacker, defender, seat, rng, samples=ODDS_SAMPLES, land=land).attacker_wins


@slices.unit(0.2)
def _move_value(
    state: TitanState,
    seat: int,
    action: Any,
    threats: list[tuple[float, dict[int, int]]],
    view: Outlook | None,
    salt: int = 0,
) -> float:
    legion = state.legions[action.marker]
    strength = fighting_strength(state, legion, seat)
    enemies = [lg for lg in state.legions_on(action.land) if lg.owner != seat]
    if enemies and view is not None:  # Battle Titan: the attack's points, won or lost, and the winner's exposure
        enemy_strength = fighting_strength(state, enemies[0], seat)
        left = strength - standard_war.lost_winning(strength, enemy_strength)
        exposed = reckoning.danger(threats, action.land, left, legion.has_titan, view)
        return standard_war.attack_worth(view, strength, enemy_strength, exposed)
    if enemies:
        enemy = enemies[0]
        enemy_strength = fighting_strength(state, enemy, seat)
        if ATTACK_ODDS:
            chance = _attack_odds(state, seat, legion.marker, enemy.marker, action.land, salt)
            if chance < (TITAN_ATTACK_ODDS if legion.has_titan else ATTACK_ODDS):
                return -1000.0
        elif strength < ATTACK_MARGIN * enemy_strength:
            return -1000.0
        gain = expected_value(state, enemy, seat) + (200.0 if TITAN in enemy.knows(seat) else 0.0)
        return gain - 0.3 * enemy_strength
    value = _stay_value(state, legion, action.land, view, recruit=True)
    value -= 0.5 * reckoning.danger(threats, action.land, strength, legion.has_titan, view)
    if action.teleport:
        value -= 5.0  # a teleport shows a lord: only when it pays
    return value


@slices.unit(0.5)
def _next_recruits(state: TitanState, legion: Legion, land: int) -> float:
    """What the legion could muster next turn from `land`: its best recruit within each roll's reach, averaged
    over the six rolls (the lands reached as the board stands now)."""
    seat = legion.owner
    friendly = flow.own_lands(state, seat, besides=legion.marker)
    enemy = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    total = 0.0
    for roll in range(1, 7):
        lands = masterboard.destination_lands(land, roll, friendly, enemy, engaged)
        total += max((_recruit_value(state, legion, to) for to in lands if to not in enemy), default=0.0)
    return total / 6.0


@slices.unit(1.0)
def _roll_worth(state: TitanState, seat: int, roll: int) -> float:
    """What a movement roll offers the seat's legions: each one's best recruit among the lands it reaches."""
    engaged = flow.engaged_lands(state)
    enemy = flow.enemy_lands(state, seat)
    total = 0.0
    for legion in state.legions_of(seat):
        friendly = flow.own_lands(state, seat, besides=legion.marker)
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy, engaged)
        total += max((_recruit_value(state, legion, land) for land in lands if land not in enemy), default=0.0)
    return total


def _stay_value(state: TitanState, legion: Legion, land: int, view: Outlook | None, recruit: bool) -> float:
    """What a legion on `land` musters there (if it moved: `recruit`) and, at half weight, next turn from there;
    under Battle Titan in points of the final score (a recruit at `live`, none next turn after the seat's last)."""
    now = _recruit_value(state, legion, land) if recruit else 0.0
    if view is None:
        return now + NEXT_TURN * _next_recruits(state, legion, land)
    keep = standard_war.live(view)
    later = NEXT_TURN * _next_recruits(state, legion, land) if view.turns_left > 0 else 0.0
    return keep * (now + later)


def _move(
    state: TitanState, seat: int, legal: list[Action], view: Outlook | None = None, rng: Rng | None = None
) -> Action:
    mulligan = _of_kind(legal, "mulligan")
    if mulligan:  # the first roll again, if it offers less than a roll does on average
        average = sum(_roll_worth(state, seat, roll) for roll in range(1, 7)) / 6.0
        if _roll_worth(state, seat, state.roll) < average:
            return mulligan[0]
    moves = _of_kind(legal, "move")
    end = _of_kind(legal, "end_moves")
    if not moves:
        return end[0] if end else legal[0]
    threats = reckoning.threats(state, seat, TELEPORT_REACH and view is None)
    staying = {
        legion.marker: _stay_value(state, legion, legion.land, view, recruit=False)
        - 0.5 * reckoning.danger(threats, legion.land, fighting_strength(state, legion, seat), legion.has_titan, view)
        for legion in state.legions_of(seat)
        if not legion.moved
    }
    salt = rng.next64() if rng is not None else 0
    values = {id(a): _move_value(state, seat, a, threats, view, salt) - staying.get(a.marker, 0.0) for a in moves}
    _teleport_forgone(moves, values)
    best = max(moves, key=lambda a: (values[id(a)], -a.land))
    best_value = values[id(best)]
    if end and best_value <= 0.5:
        return end[0]
    return best


def _teleport_forgone(moves: list[Any], values: dict[int, float]) -> None:
    """One legion a turn may teleport: a teleport is charged what the best other legion's teleport would have
    gained over that legion's best normal move (or staying), so that the turn's teleport goes where it gains
    most, not to the legion whose teleport merely tops the list."""
    normal: dict[str, float] = {}
    teleport: dict[str, float] = {}
    for action in moves:
        table = teleport if action.teleport else normal
        table[action.marker] = max(table.get(action.marker, 0.0), values[id(action)])
    gains = {marker: value - normal.get(marker, 0.0) for marker, value in teleport.items()}
    for action in moves:
        if action.teleport:
            values[id(action)] -= max((g for m, g in gains.items() if m != action.marker and g > 0), default=0.0)


# -- engagements and what follows -------------------------------------------------------------------------------------


def _engagement(state: TitanState, seat: int, legal: list[Action], view: Outlook | None = None) -> Action:
    attacker, defender = flow.engagement_legions(state)
    mine, theirs = (attacker, defender) if attacker.owner == seat else (defender, attacker)
    ratio = fighting_strength(state, mine, seat) / max(1.0, fighting_strength(state, theirs, seat))
    accept = _of_kind(legal, "accept")
    if accept:
        eliminated = state.engagement_now().eliminated
        my_role = ATTACKER if mine is attacker else DEFENDER
        if eliminated not in (my_role, "both") and not state.engagement_now().losses:
            return accept[0]
    flee = _of_kind(legal, "flee")
    if flee and view is not None:  # Battle Titan: a flight gives the attacker half points
        if standard_war.flees(view, fighting_strength(state, mine, seat), fighting_strength(state, theirs, seat)):
            return flee[0]
    elif flee and ratio < FLEE_BELOW:
        return flee[0]
    return _of_kind(legal, "fight")[0]


def _aftermath(state: TitanState, seat: int, legal: list[Action]) -> Action:
    in_place = respawn.angel_in_place(state, legal)  # Battle Titan: a spawned eight's angel
    if in_place is not None:
        return in_place
    acquire = [a for a in _of_kind(legal, "acquire") if a.angel]
    if acquire:
        return max(acquire, key=lambda a: CREATURES[a.angel].value)
    summons = [a for a in _of_kind(legal, "summon") if a.donor and state.legions[a.donor].height >= 3]
    if summons:
        return max(summons, key=lambda a: CREATURES[a.angel].value)
    reinforce = [a for a in _of_kind(legal, "reinforce") if a.creature]
    if reinforce:
        return max(reinforce, key=lambda a: CREATURES[a.creature].value)
    return next(
        action
        for action in legal
        if not (getattr(action, "angel", "") or getattr(action, "donor", "") or getattr(action, "creature", ""))
    )


def _muster(state: TitanState, seat: int, legal: list[Action]) -> Action:
    musters = _of_kind(legal, "muster")
    if musters:
        return max(musters, key=lambda a: (CREATURES[a.creature].value, a.marker))
    return _of_kind(legal, "end_musters")[0]
