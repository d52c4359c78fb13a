"""Plain-data encoding of answers and results (JSON, never pickle, on the way in).

Whatever comes back from student code, or from a student's notebook during
grading, is turned into JSON-compatible data by :func:`encode` and read back by
:func:`decode`. Decoding never runs code, so a graded notebook cannot take over
the grader through its answers.

Supported: None, bools, ints, floats (also inf and nan), strings, lists,
tuples, dicts, sets, exception classes (an answer "it raises TypeError") and
student functions (kept as :class:`~minimax_lessons.runner.shipping.Shipped`
code). Anything else becomes an :class:`Opaque` that records its type and repr.

>>> decode(encode([1, (2.5, "x"), {3}, None]))
[1, (2.5, 'x'), {3}, None]
>>> decode(encode(TypeError))
Raises('TypeError')
>>> decode(encode(object()))  # doctest: +ELLIPSIS
Opaque('object', '<object object at 0x...>')
"""

from __future__ import annotations

import builtins
import math
import numbers
from dataclasses import dataclass

MAX_DEPTH = 60
MAX_ITEMS = 100_000


@dataclass(frozen=True)
class Opaque:
    """A value that could not be carried across: its type name and (short) repr."""

    type: str
    repr: str

    def __repr__(self):
        return f"Opaque({self.type!r}, {self.repr!r})"


@dataclass(frozen=True)
class Raises:
    """An exception given as an answer (``TypeError`` or ``"TypeError"``)."""

    name: str

    def __repr__(self):
        return f"Raises({self.name!r})"


def _opaque(obj) -> Opaque:
    try:
        text = repr(obj)
    except BaseException:  # a broken __repr__ in student code
        text = "<unprintable>"
    return Opaque(type(obj).__name__, text[:300])


def encode(obj, _depth=0, _count=None):
    """``obj`` as JSON-compatible data (see the module docstring)."""
    count = _count if _count is not None else [0]
    count[0] += 1
    if _depth > MAX_DEPTH or count[0] > MAX_ITEMS:
        return {"$opaque": ["too-big", "a value nested too deeply or too large to check"]}
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, int):
        return obj if type(obj) is int else int(obj)
    if isinstance(obj, numbers.Real) and not isinstance(obj, float):  # numpy, Fraction...
        try:
            obj = int(obj) if isinstance(obj, numbers.Integral) else float(obj)
        except Exception:
            return {"$opaque": [_opaque(obj).type, _opaque(obj).repr]}
        return encode(obj, _depth, count)
    if isinstance(obj, float):
        if math.isfinite(obj):
            return float(obj)
        return {"$float": "nan" if math.isnan(obj) else ("inf" if obj > 0 else "-inf")}
    if type(obj) in (list, tuple):
        items = [encode(x, _depth + 1, count) for x in obj]
        return items if type(obj) is list else {"$tuple": items}
    if type(obj) in (set, frozenset):
        return {"$set": [encode(x, _depth + 1, count) for x in _sorted(obj)]}
    if type(obj) is dict:
        return {"$dict": [[encode(k, _depth + 1, count), encode(v, _depth + 1, count)]
                          for k, v in obj.items()]}
    if isinstance(obj, Raises):
        return {"$raises": obj.name}
    if isinstance(obj, type) and issubclass(obj, BaseException):
        return {"$raises": obj.__name__}
    if isinstance(obj, Opaque):
        return {"$opaque": [obj.type, obj.repr]}
    from .shipping import Shipped  # local: shipping imports this module

    if isinstance(obj, Shipped):
        return {"$code": obj.to_data()}
    return {"$opaque": [_opaque(obj).type, _opaque(obj).repr]}


def _sorted(items):
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=repr)


def decode(data):
    """The value :func:`encode` wrote (tuples, sets and special floats restored)."""
    if isinstance(data, list):
        return [decode(x) for x in data]
    if not isinstance(data, dict):
        return data
    if "$float" in data:
        return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}[data["$float"]]
    if "$tuple" in data:
        return tuple(decode(x) for x in data["$tuple"])
    if "$set" in data:
        items = [decode(x) for x in data["$set"]]
        try:
            return set(items)
        except TypeError:
            return Opaque("set", repr(items))
    if "$dict" in data:
        try:
            return {decode(k): decode(v) for k, v in data["$dict"]}
        except TypeError:
            return Opaque("dict", repr(data["$dict"])[:300])
    if "$raises" in data:
        return Raises(str(data["$raises"]))
    if "$opaque" in data:
        kind, text = data["$opaque"]
        return Opaque(str(kind), str(text))
    if "$code" in data:
        from .shipping import Shipped

        return Shipped.from_data(data["$code"])
    raise ValueError(f"cannot decode {data!r}")


def exception_name(answer) -> str | None:
    """The exception an answer names, or None: ``TypeError``, ``"TypeError"``, ``Raises``.

    >>> exception_name(KeyError), exception_name("ZeroDivisionError"), exception_name(3)
    ('KeyError', 'ZeroDivisionError', None)
    """
    if isinstance(answer, Raises):
        return answer.name
    if isinstance(answer, type) and issubclass(answer, BaseException):
        return answer.__name__
    if isinstance(answer, BaseException):
        return type(answer).__name__
    if isinstance(answer, str):
        word = answer.strip().split(":")[0].strip()
        known = getattr(builtins, word, None)
        if isinstance(known, type) and issubclass(known, BaseException):
            return word
    return None


__all__ = ["encode", "decode", "Opaque", "Raises", "exception_name"]
