"""Battle Titan on the masterboard: the running scores, what is left before the agreed end, each player's war
trophies, and the respawn as an event (the Tower drawn, the new legion, the battle that follows, the spawn's
choices with the house rules' reason). Drawn from the view's "war" entry (engine/titan/view.py); nothing under
standard Titan, whose view has none."""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views.titan_battle_art import counter
from engine.titan.data import CREATURES, SPAWN_PATHS, power_of

PHASES_OF_THE_SPAWN = ("spawn", "split", "engage", "engagement")  # the respawn is news until the turn moves on

# The house rule behind a spawn choice (engine/titan/battle_titan/spawn.py), in words: why the player is asked.
# `own`: the path's creature of the options' tier, `tier` that tier.
CHOICE_REASONS = {
    "fallback 1": "no {own} is left in the stock: one of tier {tier} from another path",
    "fallback 4": "no {own} is left, nor the tier above: one of tier {tier} from another path",
    "lower tier": "tier {above} is gone on every path: one of tier {tier}",
    "last resort": "nothing the house rules name is left: any creature in the stock",
}
ROLES = {"lord": "lord", "strong": "strong creature", "weak": "weaker creature", "basic": "basic creature"}


def points(value: float) -> str:
    """12.0 as '12', 12.5 as '12.5' (half-values keep their half)."""
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def plural(name: str, count: int) -> str:
    """'1 Ogre', '3 Cyclopes'."""
    creature = CREATURES.get(name)
    return f"{count} {name if count == 1 or creature is None else creature.plural}"


# -- the running score -------------------------------------------------------------------------------------------


def end_line(war: dict[str, Any]) -> str:
    """What is left before the agreed end, in a line: 'Round 3 of 12', '41 of 60 minutes', 'Colossus: 2 alive'."""
    end = war.get("end") or {}
    kind = end.get("ending")
    if kind == "rounds":
        now, last = int(end["round"]), int(end["rounds"])
        if now >= last:
            return f"Round {now} of {last}: the last round."
        return f"Round {now} of {last}" + (": the next round is the last." if now == last - 1 else ".")
    if kind == "time":
        played, limit = int(end["seconds"]) // 60, int(end["limit"]) // 60
        if int(end["seconds"]) >= int(end["limit"]):
            return f"The {limit} minutes are up: the game ends at the end of this round."
        return f"{played} of {limit} minutes played (the game's clock runs while it is open)."
    if kind in ("appearance", "extinction"):
        name, alive = str(end["creature"]), int(end["alive"])
        if war.get("ends"):
            why = "the first is mustered" if kind == "appearance" else "none is left alive"
            return f"{name}: {why}; the game ends at the end of this round."
        if not end.get("appeared"):
            goal = "the first one mustered" if kind == "appearance" else "its dying out, once mustered,"
            line = f"{name}: none mustered yet; {goal} ends the game at the end of its round"
        else:
            line = f"{name}: {alive} alive; the game ends at the end of the round none is left"
        return line + _latest(end)
    return ""


def _latest(end: dict[str, Any]) -> str:
    """The creature endings' latest end (a ruling): ', or after round 80 (round 12 now).'"""
    if "last_round" not in end:
        return "."
    now, last = int(end["round"]), int(end["last_round"])
    if now >= last:
        return f", or at the end of this round {now}, the latest."
    return f", or after round {last} at the latest (round {now} now)."


def _kinds_line(kinds: dict[str, int]) -> str:
    """'attack won 36 · defence won 6' (the kinds of result that scored)."""
    shown = [f"{kind} {value}" for kind, value in kinds.items() if value]
    return " · ".join(shown) if shown else "none yet"


def _trophies(name: str, kinds: dict[str, int], trophies: dict[str, int]) -> str:
    """One player's trophies behind a tap: kills by creature, and his battle points by kind of result."""
    kills = sum(trophies.values())
    listed = "".join(f"<li>{esc(plural(creature, count))}</li>" for creature, count in trophies.items())
    body = f"<ul class='tt-kills'>{listed}</ul>" if listed else "<p>No kills yet.</p>"
    return (
        f"<details class='tt-trophies'><summary>{esc(name)}: {kills} kill{'' if kills == 1 else 's'}</summary>"
        f"{body}<p class='tt-kinds'>Battle points: {esc(_kinds_line(kinds))}</p></details>"
    )


def war_panel(view: dict[str, Any]) -> str:
    """The running scores (battle points, half the value of the living, total; the leader marked), the end's
    progress and each player's trophies; '' without Battle Titan."""
    war = view.get("war")
    if not war:
        return ""
    players = view.get("players", [])
    totals = [float(total) for total in war.get("totals", [])]
    leaders = [seat for seat, total in enumerate(totals) if total == max(totals)]
    rows, trophies = [], []
    for seat, player in enumerate(players):
        total = totals[seat] if seat < len(totals) else 0.0
        half = total - war["points"][seat]
        leads = seat in leaders and len(leaders) < len(players)  # all level: nobody leads
        mark = "<span class='tt-leader' role='img' aria-label='leads' title='leads'>★</span> " if leads else ""
        turn = " class='is-turn'" if seat == view.get("mover") else ""
        rows.append(
            f"<tr{turn}><th scope='row'>{mark}{esc(player['name'])}</th><td>{war['points'][seat]}</td>"
            f"<td>{points(half)}</td><td><b>{points(total)}</b></td></tr>"
        )
        trophies.append(_trophies(player["name"], war["kinds"][seat], war["trophies"][seat]))
    line = "The agreed end has come: the final scores." if view.get("phase") == "game_over" else end_line(war)
    return (
        "<section class='tt-war' aria-label='Battle Titan scores'><h2>Battle Titan "
        f"<small>{esc(line)}</small></h2>"
        "<table class='tt-war-scores'><thead><tr><th scope='col'>Player</th><th scope='col'>Battle</th>"
        "<th scope='col' title='half the value of his characters alive on the board'>½ living</th>"
        f"<th scope='col'>Total</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<div class='tt-trophy-list'>{''.join(trophies)}</div></section>"
    )


# -- the respawn -----------------------------------------------------------------------------------------------


def spawn_tower(view: dict[str, Any]) -> int | None:
    """The Tower drawn for this turn's respawn while it is news (to mark it on the map), else None."""
    war = view.get("war") or {}
    tower = int(war.get("spawn_tower") or 0)
    return tower if tower and view.get("phase") in PHASES_OF_THE_SPAWN else None


def tier_of(name: str) -> tuple[str, int] | None:
    """(path, tier) of a creature on the spawn's terrain paths (the Colossus: the first path it tops)."""
    return next(((path.name, tier) for path in SPAWN_PATHS for tier, step in path.steps if step == name), None)


def spawn_detail(name: str) -> str:
    """What a spawn pick is, under its button: 'Marsh path, tier 1 · power 6, skill 4'."""
    creature = CREATURES.get(name)
    if creature is None:
        return ""
    where = tier_of(name)
    path = f"{where[0].capitalize()} path, tier {where[1]} · " if where else ""
    return f"{path}power {creature.power}, skill {creature.skill}" + (", flies" if creature.flies else "")


def _reason(choice: dict[str, Any]) -> str:
    """The house rule behind the choice, in words ('no Gargoyle is left in the stock: one of tier 1 from
    another path')."""
    words = CHOICE_REASONS.get(choice["rule"], choice["rule"])
    where = tier_of(choice["options"][0]) if choice.get("options") else None
    tier = where[1] if where else 0
    path = next((p for p in SPAWN_PATHS if p.name == choice.get("path")), None)
    own = next((name for step, name in path.steps if step == tier), "") if path else ""
    return words.format(own=own or f"creature of tier {tier}", tier=tier, above=tier + 1)


def _spawn_question(offer: dict[str, Any], name: str, mine: bool) -> str:
    """'Pick the jungle path's basic creature: ...' with the house rules' reason."""
    choice = offer.get("choice")
    if not choice:
        return ""
    role = ROLES.get(choice["role"], "creature")
    place = f"the {choice['path']} path's {role}" if choice["path"] else f"the {role}"
    reason = _reason(choice)
    options = " or ".join(f"{option}" for option in choice["options"])
    who = "Pick" if mine else f"{name} picks"
    return (
        f"<p class='tt-spawn-question'><b>{esc(who)} {esc(place)}:</b> {esc(options)}?</p>"
        f"<p class='tt-why'>The house rules' {esc(choice['rule'])}: {esc(reason)}.</p>"
    )


def _counters(names: list[str], colour: str, score: int) -> str:
    return "".join(
        counter(name, power_of(name, score), CREATURES[name].skill, colour) for name in names if name in CREATURES
    )


def spawn_panel(view: dict[str, Any]) -> str:
    """The respawn as an event: the Tower drawn; while the spawn's choices are asked, the legion so far and the
    question; once it stands, its characters (public, as a starting legion is) and the attack that follows
    if the Tower is held by another player (4.A)."""
    tower = spawn_tower(view)
    if tower is None:
        return ""
    players = view.get("players", [])
    seat = view.get("mover")
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return ""
    player = players[seat]
    name, colour, score = str(player["name"]), str(player["colour"]), int(player["score"])
    mine = view.get("seat") == seat
    offer = (view.get("war") or {}).get("spawn_offer")
    whose = "Your" if mine else f"{esc(name)}’s"
    heading = f"{whose} new Titan legion <small>in Tower {tower}, drawn at random</small>"
    if offer is not None:
        so_far = ["Titan", *(slot["creature"] for slot in offer.get("slots", []))]
        intro = "You were wiped out" if mine else f"{esc(name)} was wiped out"
        body = (
            f"<p class='tt-spawn-intro'>{intro}: the new legion is made creature by creature.</p>"
            f"<div class='tt-counters'>{_counters(so_far, colour, score)}</div>{_spawn_question(offer, name, mine)}"
        )
    else:
        own = [lg for lg in view.get("legions", []) if lg["owner"] == seat and lg["land"] == tower]  # split or not
        enemies = [lg for lg in view.get("legions", []) if lg["land"] == tower and lg["owner"] != seat]
        names = [name for lg in own for name in (lg["contents"] or lg["known"])]
        shown = sorted(names, key=lambda creature: creature != "Titan")  # the Titan first, as it was made
        who = "You were" if mine else f"{esc(name)} was"
        body = (
            f"<p>{who} wiped out and spawned here.</p><div class='tt-counters'>{_counters(shown, colour, score)}</div>"
        )
        if enemies:
            owner = players[enemies[0]["owner"]]["name"] if 0 <= enemies[0]["owner"] < len(players) else "?"
            codes = ", ".join(lg["marker"] for lg in enemies)
            turn = "your whole turn" if mine else f"{esc(name)}’s whole turn"
            body += (
                f"<p class='tt-spawn-attack'>The Tower is held by {esc(owner)} ({esc(codes)}): the new legion "
                f"attacks there as {turn}, no split and no move, and may bring all eight onto the battleland.</p>"
            )
        elif any(lg["height"] > 7 for lg in own):
            body += "<p class='tt-why'>Eight may not stay together: the legion is split before the movement roll.</p>"
    asking = " is-asking" if offer is not None else ""
    return f"<section class='tt-spawn{asking}' aria-label='Respawn'><h2>{heading}</h2>{body}</section>"
