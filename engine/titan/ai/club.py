"""The club player: a scripted Titan player of the rules of thumb a club player would recognise, the
yardstick Standard is measured against (level `CLUB`, `C` in `scripts/ai_strength.py`; not offered in the app).
Each rule is a small function of its own:

- `first_split`: the first split weighed by what each half can muster from the Tower (over the six rolls, the
  two halves to two different lands, or one staying).
- `shed_pair`: a legion of seven sends away its weakest pair, a matching pair first (not where a roll could
  force a half into a hopeless attack, `split_cornered`: split legions must part; and of two that must part,
  `parting_first` moves the one with somewhere to go first).
- `mulligan_wanted`: a first roll worse than the average roll (what the legions could muster) is rolled again.
- `place_worth`: each legion goes where it musters best (now, and half of next turn's over the rolls) and stays
  out of reach of enemies that would beat it (the chance one reaches it times the chance it wins, times the
  legion's worth and, for the Titan's, the game).
- `attack_wanted`: an attack only at an estimated 70% chance to win (85% with the Titan); the estimate
  (`attack_chance`) from the battle played out on an abstract battlefield (`odds.py`).
- `flees`, `costs_nothing`: the stronger side fights, a lordless defender facing twice its strength flees,
  terms that cost nothing are accepted; never concede, never propose.
- `best_muster`, `best_angel`: muster the most valuable creature, take every angel.
- In battle (`club_battle.py`): each hex weighed by the kills it helps make against the chance to die there, the
  attacker closing in each round, a clearly weaker side out of contact; strike what is likeliest to die, carry to
  the kill, rangestrike whenever possible; summon an angel after the first kill unless the battle is won.

It reads only what its seat may know: its own legions, what it has seen of the others (`seen`), their heights,
and the average of the characters it has not seen for the rest (the same reckonings as `baseline.py`).
"""

from __future__ import annotations

from typing import Any, cast

from engine.core import Action, Rng
from engine.core.bots import Bot, Thinking
from engine.core.game import GameState
from engine.titan import flow, masterboard
from engine.titan.ai import odds
from engine.titan.ai.baseline import TITAN_STAKE, _Board, grouped, recruit_value, strength, win_chance
from engine.titan.ai.club_battle import Field
from engine.titan.ai.levels import CLUB
from engine.titan.ai.reckoning import hidden_average
from engine.titan.battle_titan import respawn
from engine.titan.data import CREATURES, LANDS, MAX_LEGION, TITAN
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Engagement, Legion, Phase, TitanState, seen

ATTACK_AT = 0.7  # an attack only at this estimated chance to win
TITAN_ATTACK_AT = 0.85  # with the Titan
ODDS_SAMPLES = 4  # deals of what the seat has not seen, for the odds of an attack
LOSS = 2.0  # a legion caught costs its value twice: lost, and scored by the enemy (angels, the Titan's power)
FLEE_AT = 2.0  # a lordless defender facing this many times its strength flees


class ClubBot(Bot):
    """Level `CLUB`: the rules of thumb above, decided at once."""

    level = CLUB

    def _begin(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Thinking:
        return Thinking(choose(cast(TitanState, state), seat, legal, rng))


def choose(state: TitanState, seat: int, legal: list[Action], rng: Rng | None = None) -> Action:
    """The club player's decision among the legal actions of `seat` (`rng`: its own dice, for estimating the
    odds of a battle over what it has not seen)."""
    by_kind = grouped(legal)
    phase = state.phase
    if phase == Phase.SPAWN:
        picks = by_kind["spawn"]
        return next(a for a in picks if a.creature == respawn.best_pick([a.creature for a in picks]))
    if phase == Phase.SPLIT:
        return _split(state, seat, by_kind)
    if phase == Phase.MOVE:
        return _move(state, seat, by_kind, rng or Rng(state.moves))
    if phase == Phase.ENGAGE:
        return by_kind["engage"][0]
    if phase == Phase.ENGAGEMENT:
        return _engagement(state, seat, by_kind)
    if phase == Phase.AFTERMATH:
        return _aftermath(state, by_kind, legal)
    if phase == Phase.MUSTER:
        return best_muster(by_kind.get("muster", [])) or by_kind["end_musters"][0]
    field = Field(state, seat)
    if phase == Phase.MANEUVER:
        return field.maneuver(by_kind)
    if phase == Phase.CARRY:
        return field.carry(by_kind)
    return field.strike(by_kind)


# -- splits ----------------------------------------------------------------------------------------------------------


def first_split(state: TitanState, seat: int, splits: list[Any]) -> Any:
    """The first split: the one whose two halves can muster most from the Tower, averaged over the six rolls."""
    legion = state.legions[splits[0].marker]

    def worth(action: Any) -> float:
        leaving = list(action.leaving)
        staying = list(legion.contents)
        for name in leaving:
            staying.remove(name)
        return split_worth(state, seat, legion, (tuple(sorted(staying)), tuple(sorted(leaving))))

    return max(splits, key=lambda a: (round(worth(a), 6), tuple(sorted(a.leaving))))


def split_worth(state: TitanState, seat: int, legion: Legion, halves: tuple[tuple[str, ...], ...]) -> float:
    """What two halves in the Tower could muster this turn, averaged over the rolls: the same roll moves both,
    to two different lands, or one of them stays (and musters nothing)."""
    friendly = flow.own_lands(state, seat, besides=legion.marker)
    enemy = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    total = 0.0
    for roll in range(1, 7):
        lands = [
            land
            for land in masterboard.destination_lands(legion.land, roll, friendly, enemy, engaged)
            if land not in enemy
        ]
        worth = {(h, land): recruit_value(LANDS[land].terrain, list(h), state.stock) for h in halves for land in lands}
        best = max((worth[h, land] for h in halves for land in lands), default=0.0)  # one moves, one stays
        for a in lands:
            for b in lands:
                if a != b:
                    best = max(best, worth[halves[0], a] + worth[halves[1], b])
        total += best
    return total / 6.0


def shed_pair(contents: list[str]) -> tuple[str, ...]:
    """The two creatures a legion of seven sends away: its weakest matching pair, else its two weakest."""
    creatures = sorted((n for n in contents if CREATURES[n].kind == "creature"), key=lambda n: (CREATURES[n].value, n))
    for name in creatures:
        if creatures.count(name) >= 2:
            return (name, name)
    return tuple(sorted(creatures[:2]))


def _split(state: TitanState, seat: int, by_kind: dict[str, list[Any]]) -> Action:
    splits = by_kind.get("split", [])
    if state.first_turns[seat] and splits:
        return first_split(state, seat, splits)
    for action in splits:
        legion = state.legions[action.marker]
        if (
            legion.height >= MAX_LEGION
            and tuple(sorted(action.leaving)) == shed_pair(legion.contents)
            and not split_cornered(state, seat, legion, len(action.leaving))
        ):
            return action
    if by_kind.get("end_splits"):
        return by_kind["end_splits"][0]
    return min(splits, key=lambda a: (len(a.leaving), tuple(a.leaving)))  # a split is due (a spawn of eight)


# -- the masterboard -----------------------------------------------------------------------------------------------


def roll_worth(state: TitanState, seat: int, roll: int) -> float:
    """What a movement roll offers the seat's legions: each one's best recruit among the lands it reaches."""
    engaged = flow.engaged_lands(state)
    enemy = flow.enemy_lands(state, seat)
    total = 0.0
    for legion in state.legions_of(seat):
        friendly = flow.own_lands(state, seat, besides=legion.marker)
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy, engaged)
        total += max(
            (recruit_value(LANDS[land].terrain, legion.contents, state.stock) for land in lands if land not in enemy),
            default=0.0,
        )
    return total


def mulligan_wanted(state: TitanState, seat: int) -> bool:
    """A first roll worse than the average roll is rolled again."""
    average = sum(roll_worth(state, seat, roll) for roll in range(1, 7)) / 6.0
    return roll_worth(state, seat, state.roll) < average


def attack_wanted(chance: float, titan: bool) -> bool:
    """An attack only at an estimated 70% chance to win, 85% with the Titan."""
    return chance >= (TITAN_ATTACK_AT if titan else ATTACK_AT)


def attack_chance(state: TitanState, seat: int, legion: Legion, enemy: Legion, land: int, rng: Rng) -> float:
    """The estimated chance that `legion` attacking `enemy` on `land` wins: the battle played out many times on
    an abstract battlefield (`odds.battle_odds`), what the seat has not seen dealt again a few times."""
    estimate = odds.battle_odds(state, legion.marker, enemy.marker, seat, rng, samples=ODDS_SAMPLES, land=land)
    return estimate.attacker_wins


class _ClubBoard(_Board):
    """One masterboard decision (the enemies' reach and strength, computed once, as the baseline's)."""

    rng: Rng = Rng(0)

    def risk(self, land: int, mine: float, titan: bool) -> float:
        """What a legion of strength `mine` on `land` risks next turn: the chance a stack that would beat it
        reaches it (each enemy stack taken apart), times the legion and the points the enemy scores for it
        (and the game, for the Titan's)."""
        safe = 1.0
        for theirs, reach in self.threats:
            rolls = reach.get(land, 0)
            if rolls:
                safe *= 1.0 - rolls / 6.0 * win_chance(theirs, mine)
        return (1.0 - safe) * (LOSS * mine + (TITAN_STAKE if titan else 0.0))

    def place_worth(self, legion: Legion, land: int, moved: bool) -> float:
        """A legion on `land`: what it musters there (if it moved), half of what it could muster next turn from
        there, less what it risks from the enemies that reach it and would beat it."""
        mine = strength(self.state, legion, self.seat, self.average)
        now = recruit_value(LANDS[land].terrain, legion.contents, self.state.stock) if moved else 0.0
        return now + 0.5 * self.next_recruits(legion, land) - self.risk(land, mine, legion.has_titan)

    def move_value(self, action: Any) -> float:
        state, seat = self.state, self.seat
        legion = state.legions[action.marker]
        enemies = [lg for lg in state.legions_on(action.land) if lg.owner != seat]
        if not enemies:
            return self.place_worth(legion, action.land, moved=True) - (5.0 if action.teleport else 0.0)
        mine = strength(state, legion, seat, self.average)
        theirs = strength(state, enemies[0], seat, self.average)
        chance = attack_chance(state, seat, legion, enemies[0], action.land, self.rng)
        if not attack_wanted(chance, legion.has_titan):
            return -1000.0
        prize = 1.5 * theirs + (TITAN_STAKE if TITAN in seen(state, enemies[0], seat) else 0.0)
        prize += recruit_value(LANDS[action.land].terrain, legion.contents, state.stock)
        stake = mine + (TITAN_STAKE if legion.has_titan else 0.0)
        return chance * prize - (1.0 - chance) * stake - 0.3 * min(mine, theirs)

    def stay_value(self, legion: Legion) -> float:
        return self.place_worth(legion, legion.land, moved=False)


def _move(state: TitanState, seat: int, by_kind: dict[str, list[Any]], rng: Rng) -> Action:
    if by_kind.get("mulligan") and mulligan_wanted(state, seat):
        return by_kind["mulligan"][0]
    moves = by_kind.get("move", [])
    end = by_kind.get("end_moves", [])
    if not moves:
        return end[0] if end else by_kind["mulligan"][0]
    board = _ClubBoard(state, seat)
    board.rng = rng
    values = {id(a): board.move_value(a) for a in moves}
    moves = parting_first(state, seat, moves, values)
    staying = {marker: board.stay_value(state.legions[marker]) for marker in {a.marker for a in moves}}
    gains = [(values[id(a)] - staying[a.marker], a) for a in moves]
    gain, best = max(gains, key=lambda pair: (pair[0], -pair[1].land, pair[1].marker))
    if end and gain <= 0.0:
        return end[0]
    return best


def parting_first(state: TitanState, seat: int, moves: list[Any], values: dict[int, float]) -> list[Any]:
    """Two legions on one land must part (a split): if one of them has only hopeless moves (attacks it should not
    make), the other moves now, before anything else leaves it no choice."""
    by_land: dict[int, list[str]] = {}
    for legion in state.legions_of(seat):
        if not legion.moved:
            by_land.setdefault(legion.land, []).append(legion.marker)
    for markers in by_land.values():
        if len(markers) != 2:
            continue
        best = {m: max((values[id(a)] for a in moves if a.marker == m), default=-1000.0) for m in markers}
        for stuck, other in (markers, markers[::-1]):
            if best[stuck] <= -1000.0 < best[other]:
                return [a for a in moves if a.marker == other]
    return moves


def split_cornered(state: TitanState, seat: int, legion: Legion, leaving: int) -> bool:
    """Whether splitting `legion` could force a half into a hopeless attack: a roll on which every land it could
    move to holds an enemy stack the bigger half should not attack (split legions must part)."""
    average = hidden_average(state, seat)
    mine = strength(state, legion, seat, average) * (legion.height - leaving) / legion.height
    friendly = flow.own_lands(state, seat)
    enemy_lands = flow.enemy_lands(state, seat)
    engaged = flow.engaged_lands(state)
    for roll in range(1, 7):
        lands = masterboard.destination_lands(legion.land, roll, friendly, enemy_lands, engaged)
        if lands and all(
            land in enemy_lands
            and any(
                lg.owner != seat
                and not attack_wanted(win_chance(mine, strength(state, lg, seat, average)), legion.has_titan)
                for lg in state.legions_on(land)
            )
            for land in lands
        ):
            return True
    return False


# -- engagements and what follows ------------------------------------------------------------------------------------


def flees(mine: float, theirs: float, has_lord: bool) -> bool:
    """A lordless defender facing twice its strength (or more) flees."""
    return not has_lord and theirs >= FLEE_AT * mine


def costs_nothing(engagement: Engagement, my_role: str) -> bool:
    """Terms that eliminate only the other side and take nothing from this one."""
    return engagement.eliminated not in (my_role, "both") and not engagement.losses


def _engagement(state: TitanState, seat: int, by_kind: dict[str, list[Any]]) -> Action:
    attacker, defender = flow.engagement_legions(state)
    mine, theirs = (attacker, defender) if attacker.owner == seat else (defender, attacker)
    my_role = ATTACKER if mine is attacker else DEFENDER
    if by_kind.get("accept") and costs_nothing(state.engagement_now(), my_role):
        return by_kind["accept"][0]
    average = hidden_average(state, seat)
    has_lord = any(CREATURES[name].is_lord for name in mine.contents)
    if by_kind.get("flee") and flees(
        strength(state, mine, seat, average), strength(state, theirs, seat, average), has_lord
    ):
        return by_kind["flee"][0]
    return by_kind["fight"][0]


def best_muster(musters: list[Any]) -> Any:
    """The muster of the most valuable creature (None if there is none)."""
    return max(musters, key=lambda a: (CREATURES[a.creature].value, a.marker)) if musters else None


def best_angel(acquires: list[Any]) -> Any:
    """Every angel offered is taken: the most valuable (None if none is offered)."""
    angels = [a for a in acquires if a.angel]
    return max(angels, key=lambda a: CREATURES[a.angel].value) if angels else None


def _aftermath(state: TitanState, by_kind: dict[str, list[Any]], legal: list[Action]) -> Action:
    angel = best_angel(by_kind.get("acquire", []))
    if angel is not None:
        return angel
    winner = state.legions[state.aftermath_now().winner]
    summons = [a for a in by_kind.get("summon", []) if a.donor and state.legions[a.donor].height >= 3]
    if summons and winner.height <= 5:
        return max(summons, key=lambda a: (CREATURES[a.angel].value, state.legions[a.donor].height, a.donor))
    reinforce = [a for a in by_kind.get("reinforce", []) if a.creature]
    if reinforce:
        return max(reinforce, key=lambda a: CREATURES[a.creature].value)
    return next(
        a for a in legal if not (getattr(a, "angel", "") or getattr(a, "donor", "") or getattr(a, "creature", ""))
    )
