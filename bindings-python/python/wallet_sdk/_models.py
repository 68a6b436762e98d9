"""Result models: one class per result type of the core, built from its schema.

Every model has typed, read-only attributes (see the stubs and ``help()``); amounts are
``decimal.Decimal`` LTC with an ``<name>_litoshis`` int beside them; secret fields are
``wallet_sdk.Secret`` objects (call ``.reveal()`` on purpose). ``repr()`` never shows a secret.
Result models (what an operation returns) also have ``.raw``: the response's ``data`` JSON as a
dict, with secret fields redacted.
"""

from __future__ import annotations

from decimal import Decimal

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only (``from __future__ import annotations``): ``typing`` is slow to import
    from typing import Any, Dict, Tuple, Type

from . import _native

__all__ = ["Model", "ResultModel"]


class Model:
    """Base class of the SDK's models (read-only; compare equal by value)."""

    # The values in `_field_names` order: a tuple, not a dict, because a page holds thousands of
    # models (a dict per model was a third of a 15 MiB page's memory).
    __slots__ = ("_values",)
    _field_names: Tuple[str, ...] = ()

    def __init__(self, **values: Any) -> None:
        unknown = sorted(set(values) - set(self._field_names))
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {unknown[0]!r}")
        object.__setattr__(self, "_values", tuple(values.get(name) for name in self._field_names))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def to_dict(self) -> Dict[str, Any]:
        """The fields as a dict (models nested inside stay model objects; secrets stay
        ``Secret``)."""
        return dict(zip(self._field_names, self._values))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values == other._values  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}"
            for name, value in zip(self._field_names, self._values)
            if not name.endswith("_litoshis")
        )
        return f"{type(self).__name__}({shown})"

    __str__ = __repr__


def _json_loads(text: str) -> Any:
    """JSON text to Python as the SDK reads it: ``int`` for whole numbers, ``Decimal`` (exact) for
    the others."""
    import json  # on first use: most programs never read a raw JSON

    return json.loads(text, parse_float=Decimal)


class ResultModel(Model):
    """Base class of the results of operations: adds ``raw`` and ``raw_json``."""

    __slots__ = ("_raw_json", "_raw")

    @property
    def raw_json(self) -> str:
        """The response's ``data`` as JSON text (the service's numbers and key order), with
        secret fields replaced by ``"[REDACTED]"``."""
        text = self._raw_json
        if text is not None and type(text) is not str:
            # the native text, copied into a str on first read (see `RawText` in convert.rs)
            text = text.text()
            object.__setattr__(self, "_raw_json", text)
        return text  # type: ignore[no-any-return]

    @property
    def raw(self) -> Any:
        """The response's ``data`` JSON (dicts, lists, str, int, ``Decimal`` for fractional
        numbers), with secret fields replaced by ``"[REDACTED]"``; parsed on first read."""
        try:
            return self._raw
        except AttributeError:
            raw = _json_loads(self.raw_json)
            object.__setattr__(self, "_raw", raw)
            return raw

    def __reduce__(self) -> Any:
        raise TypeError(f"{type(self).__name__} cannot be pickled (it may hold secrets)")


def _field(index: int, doc: str) -> property:
    return property(lambda self: self._values[index], doc=doc)


_CLASSES: Dict[str, Type[Model]] = {}

for _name, _doc, _fields, _is_result in _native._model_schemas():
    _ns: Dict[str, Any] = {
        "__slots__": (),
        "__doc__": _doc or f"{_name}.",
        "__module__": "wallet_sdk",
        "_field_names": tuple(f for f, _t, _d in _fields),
        "__annotations__": {f: t for f, t, _d in _fields},
    }
    for _i, (_f, _t, _d) in enumerate(_fields):
        _ns[_f] = _field(_i, f"{_d} ({_t})" if _d else _t)
    _CLASSES[_name] = type(_name, (ResultModel if _is_result else Model,), _ns)
    globals()[_name] = _CLASSES[_name]
    __all__.append(_name)

