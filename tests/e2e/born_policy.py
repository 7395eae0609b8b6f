"""A simple sensible player of Born of Titans for the browser tests, from what the page shows her.

The same choice is made from the page (tests/e2e/test_born_of_titans_app.py reads the buttons, the map's targets
and her Crew Sheet) and from the engine (`observe`, used to pick seeds where a game ends in a reasonable number
of clicks): head for her own Quest, take it on when there, recruit when short of Crew, commit her Prophecy to
Challenges, retreat before defeat, pass at moments to react.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.born_of_titans import board


@dataclass
class Seen:
    """What the policy looks at: the choices as labelled on the page, where she is, where her Quest is."""

    labels: list[str]  # every choice's label, by data-action index
    details: list[str]  # the line under each button ('' for a choice on the map)
    node: str | None  # where her Hero stands
    quest: str | None  # the Site of her current Quest
    crew: int
    targets: dict[int, str] = field(default_factory=dict)  # the map's lit targets: data-action index -> node
    hubris: bool = False  # she holds Hubris: her Quest must wait
    encounters: tuple[str, ...] = ()  # the Cities holding an Encounter counter

    @property
    def goal(self) -> str | None:
        """Her Quest; while she holds Hubris, the nearest City with an Encounter (Gather Humility may be there)."""
        if not self.hubris or not self.encounters or self.node is None:
            return self.quest
        return min(self.encounters, key=lambda city: (_far(self.node, city), city))


DICE = re.compile(r"(\d+) dice a roll, against (\d+) Successes needed")


def _first(labels: list[str], *prefixes: str) -> int | None:
    for prefix in prefixes:
        for index, label in enumerate(labels):
            if label.startswith(prefix):
                return index
    return None


def _attribute(seen: Seen) -> int | None:
    """The attribute with the most dice for the Successes needed."""
    best, best_ratio = None, -1.0
    for index, label in enumerate(seen.labels):
        if not label.startswith(("Challenge by", "Your ")):
            continue
        match = DICE.search(seen.details[index] if index < len(seen.details) else "")
        ratio = int(match[1]) / max(1, int(match[2])) if match else 0.0
        if ratio > best_ratio:
            best, best_ratio = index, ratio
    return best


def _roll(seen: Seen) -> int | None:
    """Roll with all her Prophecy committed (the largest commit offered), or retreat at one Crew after a loss."""
    retreat = _first(seen.labels, "Retreat")
    if retreat is not None and seen.crew <= 1:
        return retreat
    commits = [
        (int(m[1]), i) for i, label in enumerate(seen.labels) if (m := re.match(r"Roll, committing (\d+)", label))
    ]
    if commits:
        return max(commits)[1]
    return _first(seen.labels, "Roll")


def _far(node: str, goal: str) -> int:
    gap = board.distance(node, goal)
    return 999 if gap is None else gap


def _move_target(seen: Seen) -> int | None:
    """The lit end nearest her goal (staying put when nothing is nearer)."""
    goal = seen.goal
    if goal is None or not seen.targets:
        return None
    here = _far(seen.node, goal) if seen.node else 999
    index, node = min(seen.targets.items(), key=lambda item: (_far(item[1], goal), item[0]))
    return index if _far(node, goal) < here else None


def choose(seen: Seen) -> int:
    """The index of the choice to click."""
    labels = seen.labels
    if _first(labels, "Move to") is not None:
        target = _move_target(seen)
        stay = _first(labels, "Stay here")
        return target if target is not None else stay if stay is not None else 0
    if _first(labels, "Challenge by", "Your ") is not None:
        pick = _attribute(seen)
        if pick is not None:
            return pick
    if _first(labels, "Roll") is not None:
        pick = _roll(seen)
        if pick is not None:
            return pick
    for prefix in (
        "Pass",
        "Take the Ally",
        "Keep ",
        "Place an Encounter",
        "Choose ",
        "Start at",
        "Place ",  # "Place Cyrene's Quest (Ann) at ..." (an Encounter: above)
        "Take the Quest to",
    ):
        pick = _first(labels, prefix)
        if pick is not None:
            return pick
    return _turn(seen)


def _turn(seen: Seen) -> int:
    """In her turn: the Argo's point, then her Quest when on it, Crew when short, else on towards the Quest; with
    Hubris, Hera if she has her, else Encounters and Sacrifices in Cities."""
    labels = seen.labels
    argo = _first(labels, "The Argo")
    if argo is not None:
        return argo
    encounter = _first(labels, "Encounter")
    if seen.hubris:
        hera = _first(labels, "Play Hera on")
        if hera is not None:
            return hera
        if encounter is not None and seen.node in seen.encounters:
            return encounter
        sacrifice = _first(labels, "Sacrifice")
        if sacrifice is not None:
            return sacrifice
    elif encounter is not None and seen.node is not None and seen.node == seen.quest:
        return encounter
    if encounter is not None and seen.node is not None and board.NODES[seen.node].kind == "sea_monster":
        return encounter  # only the way back is open until its Sea Monster is defeated
    recruit = [(int(m[1]), i) for i, label in enumerate(labels) if (m := re.match(r"Recruit (\d+) Crew", label))]
    if recruit and seen.crew <= 3:
        return max(recruit)[1]
    move = _first(labels, "Move (roll")
    if move is not None and seen.node != seen.goal:
        return move
    if encounter is not None and seen.node is not None and board.NODES[seen.node].kind == "city":
        return encounter
    end = _first(labels, "End the turn")
    return end if end is not None else 0


def observe(game, state, seat: int) -> Seen:
    """What the page would show the player of `seat` now (for picking seeds in CPython)."""
    from app.views import born_of_titans as view_module

    view = game.view(state, seat)
    actions = game.legal_actions(state)
    labels = [game.describe_action(state, action) for action in actions]
    details = [view_module.action_detail(view, action.model_dump()) for action in actions]
    row = view["heroes"][seat]
    quest = next(
        (
            node
            for node, site in (view.get("sites") or {}).items()
            for q in site.get("quests") or []
            if q["owner"] == seat
        ),
        None,
    )
    targets = {i: a.node for i, a in enumerate(actions) if getattr(a, "kind", "") == "move_to"}
    encounters = tuple(
        node
        for node, site in (view.get("sites") or {}).items()
        if site.get("encounter") and board.NODES[node].kind == "city"
    )
    return Seen(
        labels, details, row.get("node"), quest, int(row.get("crew") or 0), targets, bool(row.get("hubris")), encounters
    )
