"""State records: each field of a game's state declared once, copying, snapshotting and restoring derived.

A record class lists its fields as class annotations; the annotation is also the field's validation type
(pydantic's, `Annotated` metadata welcome). From that one declaration come:

- a slotted class with a keyword-only `__init__` (defaults from the class body or `field(...)`);
- `copy()`: an independent copy (lists, dicts and nested records copied, scalars and enums shared);
- `snapshot()`: a JSON-ready dict, its keys the field names in declared order (a `Decision`'s in sorted
  order), enums saved by value, nested records as their snapshots;
- `restore(data)`: the inverse, validated by a pydantic model derived from the annotations in strict
  mode (extra keys refused, nothing coerced, enums read from their values); a bad value raises ValueError
  naming the first bad field, as `positions.read_fields` does.

`copy` and `snapshot` are specialised code generated per class on first use (the annotations are strings
under `from __future__ import annotations` and may name classes defined further down the module, so they
are resolved only then); the pydantic model is built and cached on the first restore.

    from __future__ import annotations  # required in modules declaring records

    class Legion(Record):
        marker: Annotated[str, Field(max_length=4)]
        owner: Annotated[int, Between(0, 5)]
        contents: list[str] = field(default_factory=list, sort=True)
        known: dict[int, list[str]] = field(default_factory=dict)
        attack_edge: Annotated[int, Between(-1, 5)] = -1

A field's saved shape can be changed by `field(...)`: `sort=True` (a list saved sorted, a dict with its keys
in sorted order), `absent=True` (the key left out while the value is None, optional on restore),
`keyed_by="marker"` (a dict of records saved as a list of their snapshots in the order of their keys,
restored by the named field of each record), `omit=predicate` (the key left out while `predicate(value)` holds,
e.g. while a list is empty, for a field added after saves without it were made; it needs a default, which a
restore without the key gives).

A pending decision is a `Decision` kind: a flat record (scalars and lists of scalars) whose snapshot has its
keys sorted. A field typed as a union of kinds (`pending: NoDecision | Payment | Collect`) restores to the
kind whose keys the saved dict has, so the kinds of a union must differ in their keys (checked when the
model is built). `NoDecision` has no fields and snapshots to `{}`.

`OwnRecord` is the mixin for a game's `GameState` subclass: the fields declared in its class body are the
game's own fields; `_clone_own` and `_snapshot_own` are derived from them, `read_own(own)` validates a saved
dict into the values (`ReadOwn`, read by attribute) that `Game.restore_own` checks and then sets with
`set_own`. Its instances keep their `__dict__` (the state's shared fields live there): no slots, no
generated `__init__`.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from enum import Enum
from typing import (
    Annotated,
    Any,
    ClassVar,
    Literal,
    Self,
    TypeVar,
    Union,
    dataclass_transform,
    get_args,
    get_origin,
)

from pydantic import (
    AfterValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    Tag,
    TypeAdapter,
    ValidationError,
    create_model,
)
from pydantic import BaseModel as _BaseModel
from pydantic_core import PydanticCustomError, core_schema

from engine.core.positions import bad_field

_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "MISSING"})()
_SCALARS = (int, str, bool, float, type(None))
_UNIONS = (Union, types.UnionType)


class FieldSpec:
    """One declared field: its name, annotation (a string until resolved), default and saved shape."""

    __slots__ = ("absent", "annotation", "default", "default_factory", "keyed_by", "name", "omit", "owner", "sort")

    def __init__(
        self,
        *,
        default: Any = _MISSING,
        default_factory: Callable[[], Any] | None = None,
        sort: bool = False,
        absent: bool = False,
        keyed_by: str | None = None,
        omit: Callable[[Any], bool] | None = None,
    ) -> None:
        if default is not _MISSING and default_factory is not None:
            raise TypeError("a field takes a default or a default_factory, not both")
        if omit is not None and default is _MISSING and default_factory is None:
            raise TypeError("a field left out of its snapshot needs a default (it is optional on restore)")
        if absent and default is _MISSING and default_factory is None:
            default = None
        self.name = ""
        self.annotation: Any = None
        self.owner: type = object
        self.default = default
        self.default_factory = default_factory
        self.sort = sort
        self.absent = absent
        self.keyed_by = keyed_by
        self.omit = omit

    @property
    def required(self) -> bool:
        """True when `__init__` and a saved dict must give the field."""
        return self.default is _MISSING and self.default_factory is None

    def __repr__(self) -> str:
        return f"FieldSpec({self.name!r})"


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] | None = None,
    sort: bool = False,
    absent: bool = False,
    keyed_by: str | None = None,
    omit: Callable[[Any], bool] | None = None,
) -> Any:
    """A field's default and saved shape, written as its class-body value (see the module docstring)."""
    return FieldSpec(
        default=default, default_factory=default_factory, sort=sort, absent=absent, keyed_by=keyed_by, omit=omit
    )


def Between(low: int, high: int) -> Any:  # noqa: N802 - reads as a constraint in annotations
    """`Annotated[int, Between(low, high)]`: a plain int (never a bool) from `low` to `high`."""
    return Field(ge=low, le=high, strict=True)


# -- collecting the fields of a class body ------------------------------------------------------------------
def _collect(name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> tuple[list[FieldSpec], list[str]]:
    """The fields of a new class (its bases' first) and the names it declares itself; the class-body
    values of its fields are removed from `namespace`."""
    fields: dict[str, FieldSpec] = {}
    for base in reversed(bases):
        for spec in getattr(base, "__record_fields__", ()):
            fields[spec.name] = spec
    own: list[str] = []
    for key, annotation in namespace.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else ""
        if text.startswith(("ClassVar", "typing.ClassVar")) or annotation is ClassVar or key.startswith("__"):
            continue
        value = namespace.pop(key, _MISSING)
        spec = value if isinstance(value, FieldSpec) else FieldSpec(default=value)
        if spec.default is not _MISSING and isinstance(spec.default, list | dict | set):
            raise TypeError(f"{name}.{key}: a mutable default must be a default_factory")
        spec.name, spec.annotation = key, annotation
        if key in fields:
            raise TypeError(f"{name}.{key} is declared twice")
        fields[key] = spec
        own.append(key)
    return list(fields.values()), own


def _make_init(cls: type, specs: list[FieldSpec]) -> Callable[..., None]:
    """A keyword-only `__init__` setting every field (defaults from the specs)."""
    params, body = [], []
    scope: dict[str, Any] = {"_MISSING": _MISSING}
    for spec in specs:
        if spec.default_factory is not None:
            scope[f"_f_{spec.name}"] = spec.default_factory
            params.append(f"{spec.name}=_MISSING")
            body.append(f"    self.{spec.name} = _f_{spec.name}() if {spec.name} is _MISSING else {spec.name}")
        else:
            if spec.default is not _MISSING:
                scope[f"_d_{spec.name}"] = spec.default
                params.append(f"{spec.name}=_d_{spec.name}")
            else:
                params.append(spec.name)
            body.append(f"    self.{spec.name} = {spec.name}")
    signature = f"self, *, {', '.join(params)}" if params else "self"
    source = f"def __init__({signature}):\n" + ("\n".join(body) or "    pass") + "\n"
    init: Callable[..., None] = _compile(source, "__init__", scope, cls)
    return init


def _compile(source: str, name: str, scope: dict[str, Any], cls: type) -> Any:
    """The function `name` defined by `source`, named as a method of `cls` (in tracebacks and errors)."""
    exec(compile(source, f"<record {cls.__qualname__}.{name}>", "exec"), scope)
    function = scope[name]
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    function.__code__ = function.__code__.replace(co_qualname=function.__qualname__)
    function.__module__ = cls.__module__
    return function


# -- resolving annotations and deriving code from them ------------------------------------------------------
def _resolved(cls: type) -> list[FieldSpec]:
    """The fields of `cls`, their annotations resolved to types (once, on first use)."""
    specs: list[FieldSpec] = cls.__dict__["__record_fields__"]
    for spec in specs:
        if isinstance(spec.annotation, str):
            module = sys.modules.get(spec.owner.__module__)
            scope = dict(vars(module)) if module else {}
            try:
                spec.annotation = eval(spec.annotation, scope, dict(vars(spec.owner)))
            except NameError as error:
                raise TypeError(f"{spec.owner.__qualname__}.{spec.name}: cannot resolve its type ({error})") from None
    return specs


def _strip(tp: Any) -> Any:
    """The type under any `Annotated` layers."""
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    return tp


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Record)


def _is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Enum)


def _is_plain(tp: Any) -> bool:
    """A scalar saved as it is (an enum is not: it is saved by value)."""
    tp = _strip(tp)
    if tp in _SCALARS:
        return True
    if get_origin(tp) is Literal:
        return not any(isinstance(arg, Enum) for arg in get_args(tp))
    if get_origin(tp) in _UNIONS:
        return all(_is_plain(arg) for arg in get_args(tp))
    return False


def _is_plain_list(tp: Any) -> bool:
    """A list of scalars saved as they are."""
    tp = _strip(tp)
    return get_origin(tp) is list and _is_plain(get_args(tp)[0])


def _copy_expr(tp: Any, value: str, depth: int = 0) -> str | None:
    """Python expression copying `value` of type `tp`; None when the value is immutable (shared)."""
    tp = _strip(tp)
    origin, args = get_origin(tp), get_args(tp)
    item, key = f"x{depth}", f"k{depth}"
    if tp is Any:
        return f"_deep({value})"
    if _is_record(tp):
        return f"{value}.copy()"
    if _is_plain(tp) or _is_enum(tp) or origin is Literal:
        return None
    if origin in _UNIONS:
        options = [arg for arg in args if _strip(arg) is not type(None)]
        copies = {_copy_expr(arg, item, depth + 1) for arg in options}
        if copies == {None}:
            return None
        if all(_is_plain(arg) or _is_plain_list(arg) for arg in options):  # a flat record's value: inline, no call
            return f"({value}.copy() if {value}.__class__ is list else {value})"
        if len(options) == 1 or all(_is_record(_strip(arg)) for arg in options):
            inner = _copy_expr(options[0], value, depth + 1) if len(options) == 1 else f"{value}.copy()"
            return inner if len(options) == len(args) else f"(None if {value} is None else {inner})"
        return f"_deep({value})"
    if origin is list:
        inner = _copy_expr(args[0], item, depth + 1)
        return f"{value}.copy()" if inner is None else f"[{inner} for {item} in {value}]"
    if origin is dict:
        inner = _copy_expr(args[1], item, depth + 1)
        return f"{value}.copy()" if inner is None else f"{{{key}: {inner} for {key}, {item} in {value}.items()}}"
    if origin is tuple:
        return None if all(_copy_expr(arg, item) is None for arg in args if arg is not Ellipsis) else f"_deep({value})"
    if origin is set:
        return f"{value}.copy()"
    raise TypeError(f"records cannot copy a field of type {tp!r}")


def _snapshot_expr(tp: Any, value: str, depth: int = 0, sort: bool = False) -> str:
    """Python expression of the JSON-ready form of `value` of type `tp`."""
    tp = _strip(tp)
    origin, args = get_origin(tp), get_args(tp)
    item, key = f"x{depth}", f"k{depth}"
    if tp is Any:
        return f"_plain({value})"
    if _is_record(tp):
        return f"{value}.snapshot()"
    if _is_enum(tp):
        return f"{value}.value"
    if _is_plain(tp):
        return value
    if origin is Literal:
        return f"_plain({value})"
    if origin in _UNIONS:
        options = [arg for arg in args if _strip(arg) is not type(None)]
        if len(options) == 1 or all(_is_record(_strip(arg)) for arg in options):
            inner = _snapshot_expr(options[0], value, depth + 1, sort) if len(options) == 1 else f"{value}.snapshot()"
            return inner if len(options) == len(args) else f"(None if {value} is None else {inner})"
        return f"_plain({value})"
    if origin in (list, tuple, set):
        inner = _snapshot_expr(args[0], item, depth + 1)
        if inner == item:
            return f"sorted({value})" if sort or origin is set else f"list({value})"
        return f"[{inner} for {item} in {'sorted(' + value + ')' if sort else value}]"
    if origin is dict:
        inner_key = _snapshot_expr(args[0], key, depth + 1)
        inner = _snapshot_expr(args[1], item, depth + 1)
        items = f"sorted({value}.items())" if sort else f"{value}.items()"
        if inner_key == key and inner == item:
            return f"dict({items})"
        return f"{{{inner_key}: {inner} for {key}, {item} in {items}}}"
    raise TypeError(f"records cannot save a field of type {tp!r}")


def _deep(value: Any) -> Any:
    """A deep copy of an untyped value (lists, dicts, records; scalars shared)."""
    if isinstance(value, list):
        return [_deep(item) for item in value]
    if isinstance(value, dict):
        return {key: _deep(item) for key, item in value.items()}
    if isinstance(value, Record):
        return value.copy()
    return value


def _plain(value: Any) -> Any:
    """The JSON-ready form of an untyped value."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {_plain(key): _plain(item) for key, item in value.items()}
    if isinstance(value, Record):
        return value.snapshot()
    return value


def _field_snapshot(spec: FieldSpec, value: str) -> str:
    if spec.keyed_by is not None:
        inner = _snapshot_expr(get_args(_strip(spec.annotation))[1], "x0", 1)
        return f"[{inner} for k0, x0 in sorted({value}.items())]"
    return _snapshot_expr(spec.annotation, value, sort=spec.sort)


def _snapshot_source(specs: list[FieldSpec], name: str, sorted_keys: bool) -> str:
    """Source of a method `name(self)` returning the snapshot dict of the fields."""
    ordered = sorted(specs, key=lambda spec: spec.name) if sorted_keys else specs
    if not any(spec.absent or spec.omit for spec in ordered):
        entries = ", ".join(f"{spec.name!r}: {_field_snapshot(spec, 'self.' + spec.name)}" for spec in ordered)
        return f"def {name}(self):\n    return {{{entries}}}\n"
    lines = [f"def {name}(self):", "    d = {}"]
    for spec in ordered:
        if spec.absent or spec.omit:
            test = "v is not None" if spec.absent else f"not _omit_{spec.name}(v)"
            lines += [f"    v = self.{spec.name}", f"    if {test}:"]
            lines.append(f"        d[{spec.name!r}] = {_field_snapshot(spec, 'v')}")
        else:
            lines.append(f"    d[{spec.name!r}] = {_field_snapshot(spec, 'self.' + spec.name)}")
    return "\n".join([*lines, "    return d"]) + "\n"


_HELPERS: dict[str, Any] = {"_deep": _deep, "_plain": _plain, "_new": object.__new__}


def _scope(cls: type) -> dict[str, Any]:
    """The names a generated snapshot of `cls` uses: the helpers and each field's `omit` test."""
    specs: list[FieldSpec] = getattr(cls, "__record_fields__", [])
    return {**_HELPERS, **{f"_omit_{spec.name}": spec.omit for spec in specs if spec.omit}}


def _build_copy(cls: type[Record]) -> Callable[[Any], Any]:
    specs = _resolved(cls)
    if not specs:
        source = "def copy(self):\n    return self\n"  # nothing in it can change
    else:
        lines = ["def copy(self):", "    new = _new(_cls)"]
        for spec in specs:
            expr = _copy_expr(spec.annotation, f"self.{spec.name}")
            lines.append(f"    new.{spec.name} = {expr or 'self.' + spec.name}")
        source = "\n".join([*lines, "    return new"]) + "\n"
    function: Callable[[Any], Any] = _compile(source, "copy", {**_HELPERS, "_cls": cls}, cls)
    type.__setattr__(cls, "copy", function)
    return function


def _build_snapshot(cls: type[Record]) -> Callable[[Any], dict[str, Any]]:
    source = _snapshot_source(_resolved(cls), "snapshot", cls.__record_sorted_keys__)
    function: Callable[[Any], dict[str, Any]] = _compile(source, "snapshot", _scope(cls), cls)
    type.__setattr__(cls, "snapshot", function)
    return function


def _lazy_copy(self: Any) -> Any:
    """Generate this class's `copy` on first use, then copy."""
    return _build_copy(type(self))(self)


def _lazy_snapshot(self: Any) -> dict[str, Any]:
    """Generate this class's `snapshot` on first use, then snapshot."""
    return _build_snapshot(type(self))(self)


# -- validation at restore ----------------------------------------------------------------------------------
# Strict: a saved position is untrusted JSON, nothing is coerced (no "3" for 3, no true for 1); enums are
# read from their values.
_CONFIG = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)


def _unique_by(key: str) -> Callable[[list[Any]], list[Any]]:
    def check(items: list[Any]) -> list[Any]:
        if len({getattr(item, key) for item in items}) != len(items):
            raise PydanticCustomError("duplicate_key", "two of them have the same {key}", {"key": key})
        return items

    return check


def _kinds_union(kinds: list[type[Record]]) -> Any:
    """A union of records told apart by their keys: each saved dict goes to the kind whose keys it has."""
    keys = [
        (
            kind,
            {spec.name for spec in _resolved(kind) if spec.required},
            {spec.name for spec in _resolved(kind)},
        )
        for kind in kinds
    ]
    for i, (kind, required, known) in enumerate(keys):
        for other, other_required, other_known in keys[i + 1 :]:
            if required | other_required <= known & other_known:
                raise TypeError(f"{kind.__name__} and {other.__name__} cannot be told apart by their keys")

    def tag(data: Any) -> str | None:
        if isinstance(data, Record):
            return type(data).__name__
        if not isinstance(data, dict):
            return None
        present = set(data)
        for kind, required, known in keys:
            if required <= present <= known:
                return kind.__name__
        return None

    members = tuple(Annotated[kind, Tag(kind.__name__)] for kind in kinds)
    names = ", ".join(kind.__name__ for kind in kinds)
    return Annotated[
        Union[members],  # noqa: UP007 - built from a tuple
        Discriminator(tag, custom_error_type="kind", custom_error_message=f"its keys fit none of {names}"),
    ]


def _validation_type(tp: Any) -> Any:
    """`tp` as pydantic validates it: unions of records become unions told apart by keys."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        return Annotated[(_validation_type(args[0]), *tp.__metadata__)]
    if origin in _UNIONS:
        kinds = [arg for arg in args if _is_record(_strip(arg))]
        if len(kinds) > 1:
            rest = [arg for arg in args if not _is_record(_strip(arg))]
            union = _kinds_union([_strip(kind) for kind in kinds])
            return Union[(union, *rest)] if rest else union
        return Union[tuple(_validation_type(arg) for arg in args)]  # noqa: UP007 - built from a tuple
    if origin in (list, set, tuple, dict) and args:
        return origin[tuple(_validation_type(arg) for arg in args)]
    if _is_enum(tp):
        return Annotated[tp, Strict(False)]  # saved by value
    return tp


def _model(cls: type) -> type[_BaseModel]:
    """The pydantic model of the saved fields of `cls` (built once, on first use)."""
    cached = cls.__dict__.get("__record_model__")
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    definitions: dict[str, Any] = {}
    for spec in _resolved(cls):
        tp = _validation_type(spec.annotation)
        if spec.keyed_by is not None:
            record = get_args(_strip(spec.annotation))[1]
            tp = Annotated[list[_validation_type(record)], AfterValidator(_unique_by(spec.keyed_by))]  # type: ignore[misc]
        if spec.default_factory is not None:
            definitions[spec.name] = (tp, Field(default_factory=spec.default_factory))
        elif spec.default is not _MISSING:
            definitions[spec.name] = (tp, spec.default)
        else:
            definitions[spec.name] = (tp, ...)
    model: type[_BaseModel] = create_model(f"{cls.__name__}Fields", __config__=_CONFIG, **definitions)
    type.__setattr__(cls, "__record_model__", model)
    return model


def _values(cls: type, fields: _BaseModel) -> dict[str, Any]:
    """The field values of a validated model, as the record holds them."""
    values: dict[str, Any] = {}
    for spec in cls.__dict__["__record_fields__"]:
        value = getattr(fields, spec.name)
        if spec.keyed_by is not None:
            value = {getattr(item, spec.keyed_by): item for item in value}
        values[spec.name] = value
    return values


def _from_fields(cls: type[Record], fields: _BaseModel) -> Record:
    new = object.__new__(cls)
    for name, value in _values(cls, fields).items():
        object.__setattr__(new, name, value)
    return new


# -- the bases ----------------------------------------------------------------------------------------------
@dataclass_transform(kw_only_default=True, field_specifiers=(field, FieldSpec))
class RecordMeta(type):
    """Makes a record class: slots for its fields, a keyword-only `__init__`, lazily generated methods."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> RecordMeta:
        specs, own = _collect(name, bases, namespace)
        namespace["__slots__"] = tuple(own)
        namespace["__record_fields__"] = specs
        namespace.setdefault("copy", _lazy_copy)
        namespace.setdefault("snapshot", _lazy_snapshot)
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        for spec in specs:
            if spec.name in own:
                spec.owner = cls
        if "__init__" not in namespace and specs:  # (no fields: object's own, the fastest)
            type.__setattr__(cls, "__init__", _make_init(cls, specs))
        return cls


class Record(metaclass=RecordMeta):
    """A record of state: see the module docstring."""

    __slots__ = ()
    __record_fields__: ClassVar[list[FieldSpec]]
    __record_sorted_keys__: ClassVar[bool] = False

    def copy(self) -> Self:
        """An independent copy (generated per class)."""
        raise NotImplementedError  # replaced in every record class

    def snapshot(self) -> dict[str, Any]:
        """The fields, JSON-ready (generated per class)."""
        raise NotImplementedError  # replaced in every record class

    @classmethod
    def restore(cls, data: Any) -> Self:
        """A record read back from `snapshot()` output; ValueError naming the first bad field."""
        adapter = cls.__dict__.get("__record_adapter__")
        if adapter is None:
            adapter = TypeAdapter(cls)
            type.__setattr__(cls, "__record_adapter__", adapter)
        try:
            return adapter.validate_python(data)  # type: ignore[no-any-return]
        except ValidationError as error:
            raise bad_field(error) from None

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        """Validated as its fields' model, then made a record of this class."""
        return core_schema.no_info_after_validator_function(
            lambda fields: _from_fields(cls, fields), handler(_model(cls))
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, spec.name) == getattr(other, spec.name) for spec in self.__record_fields__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{spec.name}={getattr(self, spec.name, '?')!r}" for spec in self.__record_fields__)
        return f"{type(self).__name__}({shown})"


class Decision(Record):
    """A pending decision of one kind: flat fields, its snapshot's keys in sorted order."""

    __record_sorted_keys__ = True


class NoDecision(Decision):
    """No decision pending; saved as `{}`, and false in a test as the empty dict it stands for was (a decision
    of any other kind is true)."""

    def __bool__(self) -> bool:
        return False


T = TypeVar("T")


def of_kind(value: object, kind: type[T]) -> T:
    """`value`, which the phase says is a `kind` (the decision under way, a step's field); TypeError if it is
    not (a bug: input is validated before it reaches the rules)."""
    if not isinstance(value, kind):
        raise TypeError(f"{kind.__name__} expected, not {type(value).__name__}")
    return value


# -- a game state's own fields --------------------------------------------------------------------------------
class ReadOwn:
    """A game's own fields read back from a save and validated, by attribute (`read.boards`)."""

    __slots__ = ("values",)

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def __getattr__(self, name: str) -> Any:
        try:
            return self.values[name]
        except KeyError:
            raise AttributeError(name) from None


def _build_clone_own(cls: type) -> Callable[[Any, Any], None]:
    lines = ["def _clone_own(self, new):"]
    for spec in _resolved(cls):
        expr = _copy_expr(spec.annotation, f"self.{spec.name}")
        if expr is not None:
            lines.append(f"    new.{spec.name} = {expr}")
    source = "\n".join(lines if len(lines) > 1 else [*lines, "    pass"]) + "\n"
    function: Callable[[Any, Any], None] = _compile(source, "_clone_own", dict(_HELPERS), cls)
    cls._clone_own = function  # type: ignore[attr-defined]
    return function


def _build_snapshot_own(cls: type) -> Callable[[Any], dict[str, Any]]:
    source = _snapshot_source(_resolved(cls), "_snapshot_own", False)
    function: Callable[[Any], dict[str, Any]] = _compile(source, "_snapshot_own", _scope(cls), cls)
    cls._snapshot_own = function  # type: ignore[attr-defined]
    return function


def _lazy_clone_own(self: Any, new: Any) -> None:
    """Generate this class's `_clone_own` on first use, then copy."""
    _build_clone_own(type(self))(self, new)


def _lazy_snapshot_own(self: Any) -> dict[str, Any]:
    """Generate this class's `_snapshot_own` on first use, then snapshot."""
    return _build_snapshot_own(type(self))(self)


class OwnRecord:
    """Mixin for a game's `GameState` subclass (written first: `class S(OwnRecord, GameState)`) whose class
    body declares the game's own fields; see the module docstring."""

    __record_fields__: ClassVar[list[FieldSpec]] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        namespace = dict(cls.__dict__)
        specs, own = _collect(cls.__name__, cls.__bases__, namespace)
        for spec in specs:
            if spec.name in own:
                spec.owner = cls
                if spec.name in cls.__dict__:
                    delattr(cls, spec.name)
                if spec.default is not _MISSING:
                    setattr(cls, spec.name, spec.default)
        cls.__record_fields__ = specs
        if "_clone_own" not in cls.__dict__:
            cls._clone_own = _lazy_clone_own  # type: ignore[attr-defined]
        if "_snapshot_own" not in cls.__dict__:
            cls._snapshot_own = _lazy_snapshot_own  # type: ignore[attr-defined]

    @classmethod
    def read_own(cls, own: Any) -> ReadOwn:
        """The game's own fields of a saved position, validated; ValueError naming the first bad field."""
        try:
            fields = _model(cls).model_validate(own)
        except ValidationError as error:
            raise bad_field(error) from None
        return ReadOwn(_values(cls, fields))

    def set_own(self, read: ReadOwn) -> None:
        """Set the game's own fields from `read_own` output."""
        for name, value in read.values.items():
            setattr(self, name, value)


__all__ = ["Between", "Decision", "FieldSpec", "NoDecision", "OwnRecord", "ReadOwn", "Record", "field", "of_kind"]
