"""What a battle decision would cost (engine/titan/consequences.py), in Titan's page words: a choice's warning,
the note on a picked character's entry hexes, and the dialog that asks before a costly "Done".

`action_warning` and `confirm_action` read the state: they run on the host when a seat's record is made
(app/remote/record.py); the note on the entry hexes is drawn from the record's warnings alone."""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext
from engine.titan import consequences
from engine.titan.battle_choices import strike_actions

_STRANDING: list[Any] = [None, {}]  # the last state asked about and its answers by character: states never change


def _stranding(state: Any, unit: int) -> dict[str, list[int]]:
    """`consequences.stranded_by_entry`, kept for the state asked about last (a record's warnings ask about every
    character waiting to come on, and a tap's confirm again)."""
    if _STRANDING[0] is not state:
        _STRANDING[:] = [state, {}]
    known: dict[int, dict[str, list[int]]] = _STRANDING[1]
    if unit not in known:
        known[unit] = consequences.stranded_by_entry(state, unit)
    return known[unit]


def _names_list(names: list[str]) -> str:
    """'the Titan', 'the Titan and the Ogre', 'the Ogre, the Troll and the Titan'."""
    named = [f"the {name}" for name in names]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _carry_words(state: Any, battle: Any, action: Any) -> str:
    """A strike announced at a higher number than its target needs: what it is for (rules-summary 8.5)."""
    own = min(
        (
            a.number
            for a in strike_actions(state, battle)
            if a.kind == "strike" and (a.unit, a.target) == (action.unit, action.target)
        ),
        default=action.number,
    )
    if action.number <= own:
        return ""
    return f"rolling for {action.number}, not {own}: fewer hits, but those left over may carry to another enemy"


def action_warning(state: Any, action: Any) -> str:
    """What a choice would cost that its words do not say ('the Titan could then not come on'; a strike at a higher
    number than it needs, for a carry), or ''."""
    battle = getattr(state, "battle", None)
    if battle is not None and getattr(action, "kind", "") == "strike":
        return _carry_words(state, battle, action)
    if battle is None or getattr(action, "kind", "") != "maneuver" or battle.units[action.unit].hex is not None:
        return ""
    stranded = _stranding(state, action.unit).get(action.hex, [])
    if not stranded:
        return ""
    return f"{_names_list([battle.units[i].name for i in stranded])} could then not come on"


def entry_warning_html(ctx: BoardContext, units: list[dict[str, Any]], picked: int | None) -> str:
    """Under the picked character waiting to come on: the hexes that would leave another character off, and
    what that costs (from the choices' warnings, worked out on the host by `action_warning`)."""
    if picked is None or not 0 <= picked < len(units) or units[picked]["hex"]:
        return ""
    stranding = {
        str(data["hex"]): ctx.warnings[index]
        for index, data in enumerate(action.model_dump() for action in ctx.actions)
        if data.get("kind") == "maneuver" and data.get("unit") == picked and index < len(ctx.warnings)
        if ctx.warnings[index]
    }
    if not stranding:
        return ""
    name = units[picked]["name"]
    lines = "".join(
        f"<li>At {esc(label)}: {esc(warning)} and would be eliminated when you end maneuvering.</li>"
        for label, warning in sorted(stranding.items())
    )
    return (
        f"<section class='tt-warning' role='note' aria-label='Careful where the {esc(name)} comes on'>"
        f"<h2>Careful where the {esc(name)} comes on</h2><ul>{lines}</ul></section>"
    )


def confirm_action(state: Any, action: Any) -> tuple[str, str, str] | None:
    """A choice that must be confirmed before it is played (on touch and with a mouse alike): (heading, text,
    the confirming button's words); None for any other choice. "Done maneuvering" that eliminates characters
    never brought on is one."""
    if getattr(action, "kind", "") != "end_maneuver" or getattr(state, "battle", None) is None:
        return None
    gone = consequences.eliminated_if_maneuver_ends(state)
    if not gone:
        return None
    battle = state.battle
    names = sorted((battle.units[i].name for i in gone), key=lambda name: (name != "Titan", name))
    listed = _names_list(names)
    were = "was" if len(names) == 1 else "were"
    them = "it" if len(names) == 1 else "them"
    text = f"{listed[0].upper()}{listed[1:]} {were} never brought on the battleland: ending now eliminates {them}."
    heading = f"Eliminate {listed}?"
    if "Titan" in names:
        seat = state.decider
        owner = state.seats[seat].name if seat is not None and 0 <= seat < len(state.seats) else "you"
        text += f" Without the Titan, {owner} is out of the game and loses every legion."
        heading = "Lose your Titan and the game?"
    return heading, text, f"Eliminate {them} and end"
