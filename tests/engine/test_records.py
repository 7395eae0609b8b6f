"""State records (engine/core/records.py): copy, snapshot and restore derived from one declaration."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import pytest
from pydantic import Field

from engine.core import GameState
from engine.core.records import Between, Decision, NoDecision, OwnRecord, Record, field, of_kind


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


class Legion(Record):
    marker: Annotated[str, Field(max_length=4)]
    owner: Annotated[int, Between(0, 5)]
    contents: list[str] = field(default_factory=list, sort=True)
    known: dict[str, list[str]] = field(default_factory=dict, sort=True)
    colour: Colour = Colour.RED
    attack_edge: Annotated[int, Between(-1, 5)] = -1
    note: str | None = field(absent=True)


class Payment(Decision):
    seat: int
    dice: list[int]


class Collect(Decision):
    seat: int
    creature: str
    left: int = 0


class Board(Record):
    legions: dict[str, Legion] = field(default_factory=dict, keyed_by="marker")
    pending: NoDecision | Payment | Collect = field(default_factory=NoDecision)
    marks: list[Mark] = field(default_factory=list)  # a class defined further down
    by_land: dict[str, Mark] = field(default_factory=dict)
    colours: list[Colour] = field(default_factory=list)


class Mark(Record):
    land: int
    tags: list[str] = field(default_factory=list)


def a_board() -> Board:
    legion = Legion(marker="Bk01", owner=1, contents=["ogre", "angel"], known={"1": ["ogre"]})
    return Board(
        legions={"Rd02": Legion(marker="Rd02", owner=0), "Bk01": legion},
        pending=Payment(seat=1, dice=[3, 1]),
        marks=[Mark(land=4, tags=["x"])],
        by_land={"a": Mark(land=2)},
        colours=[Colour.BLUE, Colour.RED],
    )


def test_copy_is_independent_at_every_depth():
    board = a_board()
    copy = board.copy()
    assert copy == board and copy is not board
    copy.legions["Bk01"].contents.append("troll")
    copy.legions["Bk01"].known["1"].append("troll")
    copy.legions["Gr03"] = Legion(marker="Gr03", owner=2)
    assert isinstance(copy.pending, Payment)
    copy.pending.dice.append(6)
    copy.marks[0].tags.append("y")
    copy.by_land["a"].land = 9
    copy.colours.append(Colour.RED)
    assert board.snapshot() == a_board().snapshot()


def test_snapshot_shape_and_key_order():
    snap = a_board().snapshot()
    assert list(snap) == ["legions", "pending", "marks", "by_land", "colours"]  # as declared
    # a dict of records saved as a list, in the order of its keys
    assert [legion["marker"] for legion in snap["legions"]] == ["Bk01", "Rd02"]
    assert snap["legions"][0] == {
        "marker": "Bk01",
        "owner": 1,
        "contents": ["angel", "ogre"],  # sort=True
        "known": {"1": ["ogre"]},
        "colour": "red",  # an enum saved by value
        "attack_edge": -1,
    }  # `note` is None and absent=True: left out
    assert list(snap["pending"]) == ["dice", "seat"]  # a decision's keys are sorted
    assert snap["colours"] == ["blue", "red"]
    assert snap["marks"] == [{"land": 4, "tags": ["x"]}]
    assert snap["by_land"] == {"a": {"land": 2, "tags": []}}
    assert Legion(marker="Ab01", owner=0, note="hi").snapshot()["note"] == "hi"


def test_restore_round_trips():
    board = a_board()
    back = Board.restore(board.snapshot())
    assert back.snapshot() == board.snapshot()
    assert isinstance(back.legions["Bk01"], Legion) and back.legions["Bk01"].colour is Colour.RED
    assert isinstance(back.pending, Payment)
    assert back.colours == [Colour.BLUE, Colour.RED] and isinstance(back.colours[0], Colour)
    assert isinstance(back.marks[0], Mark) and isinstance(back.by_land["a"], Mark)


def test_defaults_and_absent_keys_on_restore():
    back = Board.restore({})
    assert back.legions == {} and isinstance(back.pending, NoDecision) and back.marks == []
    legion = Legion.restore({"marker": "Bk01", "owner": 2})
    assert legion.contents == [] and legion.attack_edge == -1 and legion.note is None
    assert Legion.restore({"marker": "Bk01", "owner": 2, "note": "x"}).note == "x"


def test_restore_names_the_bad_field():
    def error(data: Any) -> str:
        with pytest.raises(ValueError) as caught:
            Board.restore(data)
        return str(caught.value)

    good = a_board().snapshot()
    bad_owner = {**good, "legions": [{**good["legions"][0], "owner": 9}]}
    assert error(bad_owner).startswith("its field legions.0.owner is not valid (")
    assert error({**good, "extra": 1}).startswith("its field extra is not valid (")
    assert error({**good, "colours": ["green"]}).startswith("its field colours.0 is not valid (")
    twice = {**good, "legions": [good["legions"][0], good["legions"][0]]}
    assert error(twice) == "its field legions is not valid (two of them have the same marker)"
    assert error({**good, "pending": {"seat": 1}}).startswith("its field pending is not valid (its keys fit none")
    assert error([]).startswith("its field value is not valid (")
    assert error({**good, "marks": [{"land": "4"}]}).startswith("its field marks.0.land is not valid (")
    with pytest.raises(ValueError, match="its field owner is not valid"):
        Legion.restore({"marker": "Bk01", "owner": True})  # a bool is not an int here


def test_union_of_decision_kinds_restores_by_keys():
    assert isinstance(Board.restore({"pending": {"dice": [], "seat": 0}}).pending, Payment)
    collect = Board.restore({"pending": {"creature": "ogre", "seat": 0}}).pending
    assert isinstance(collect, Collect) and collect.left == 0
    assert isinstance(Board.restore({"pending": {"creature": "ogre", "left": 2, "seat": 0}}).pending, Collect)
    assert isinstance(Board.restore({"pending": {}}).pending, NoDecision)


def test_no_decision_is_empty():
    assert NoDecision().snapshot() == {}
    assert NoDecision().copy() == NoDecision()


class Left(Decision):
    seat: int


class Right(Decision):
    seat: int
    extra: int = 0


class Holder(Record):
    pending: Left | Right


def test_kinds_that_share_their_keys_are_refused():
    with pytest.raises(TypeError, match="Left and Right cannot be told apart"):
        Holder.restore({"pending": {"seat": 1}})


def test_slots_refuse_undeclared_attributes():
    legion = Legion(marker="Bk01", owner=0)
    with pytest.raises(AttributeError):
        legion.ownr = 1  # type: ignore[attr-defined]
    assert not hasattr(legion, "__dict__")


def test_init_is_keyword_only_with_a_clear_error():
    with pytest.raises(TypeError, match=r"Legion.__init__\(\) missing 1 required keyword-only argument: 'owner'"):
        Legion(marker="Bk01")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Legion("Bk01", 1)  # type: ignore[misc]
    # a default_factory gives every record its own list
    one, two = Legion(marker="A", owner=0), Legion(marker="B", owner=0)
    one.contents.append("x")
    assert two.contents == []


def test_a_mutable_default_must_be_a_factory():
    with pytest.raises(TypeError, match="default_factory"):

        class Wrong(Record):
            items: list[int] = []  # noqa: RUF012


class OwnState(OwnRecord, GameState):
    board: Board
    phase: Colour
    round_number: int
    scores: dict[str, int]


def own_state() -> OwnState:
    state = OwnState("own", 1, None, 0, [])  # type: ignore[arg-type]
    state.board, state.phase, state.round_number, state.scores = a_board(), Colour.BLUE, 3, {"b": 1, "a": 2}
    return state


def test_own_record_clone_snapshot_and_read():
    state = own_state()
    copy = state.clone(record=False)
    assert isinstance(copy, OwnState)
    copy.board.marks.append(Mark(land=1))
    copy.scores["c"] = 3
    assert state._snapshot_own() == own_state()._snapshot_own()
    own = state._snapshot_own()
    assert list(own) == ["board", "phase", "round_number", "scores"] and own["phase"] == "blue"
    read = OwnState.read_own(own)
    assert read.phase is Colour.BLUE and isinstance(read.board, Board)
    fresh = OwnState("own", 1, None, 0, [])  # type: ignore[arg-type]
    fresh.set_own(read)
    assert fresh._snapshot_own() == own
    with pytest.raises(ValueError, match="its field round_number is not valid"):
        OwnState.read_own({**own, "round_number": "3"})
    with pytest.raises(ValueError, match="its field scores is not valid"):
        OwnState.read_own({key: value for key, value in own.items() if key != "scores"})


def test_of_kind_names_the_kind_expected():
    pending: Record = Payment(seat=0, dice=[])
    assert of_kind(pending, Payment) is pending
    with pytest.raises(TypeError, match="Collect expected, not Payment"):
        of_kind(pending, Collect)


class Turn(Record):
    flags: dict[str, bool | int | str | list[int] | None] = field(default_factory=dict)


def test_a_flat_dict_copies_its_lists_and_shares_its_scalars():
    turn = Turn(flags={"die": "red", "moved": False, "steps": [1, 2], "left": None})
    copy = turn.copy()
    assert copy == turn and copy.flags is not turn.flags and copy.flags["steps"] is not turn.flags["steps"]
    copy.flags["steps"].append(3)
    assert turn.flags["steps"] == [1, 2] and copy.snapshot()["flags"]["steps"] == [1, 2, 3]
