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


class DecodeError(ValueError):
    """Data :func:`encode` never writes (a bot's or a forged answer): what is wrong with it."""


#: Nesting :func:`decode` follows (``encode`` stops at :data:`MAX_DEPTH`; a little room).
DECODE_DEPTH = MAX_DEPTH + 8
_FLOATS = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


def decode(data):
    """The value :func:`encode` wrote (tuples, sets and special floats restored).

    Anything else raises :class:`DecodeError` (a ``ValueError``), never another error,
    whatever JSON it is given:

    >>> decode({"$float": "zz"})
    Traceback (most recent call last):
    ...
    minimax_lessons.runner.codec.DecodeError: {"$float": ...} must be "nan", "inf" or "-inf", not 'zz'
    """
    return _decode(data, 0, [0])


def _decode(data, depth, count):
    count[0] += 1
    if depth > DECODE_DEPTH or count[0] > MAX_ITEMS:
        raise DecodeError("nested too deeply or too large to read")
    if isinstance(data, list):
        items = [_decode(x, depth + 1, count) for x in data]
        _few_collisions(items)  # (a list a question may turn into a set)
        return items
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if not isinstance(data, dict):
        raise DecodeError(f"not JSON data: a {type(data).__name__}")
    if "$float" in data:
        word = data["$float"]
        if not isinstance(word, str) or word not in _FLOATS:
            raise DecodeError('{"$float": ...} must be "nan", "inf" or "-inf", not '
                              f"{_short(word)}")
        return _FLOATS[word]
    if "$tuple" in data:
        items = tuple(_decode(x, depth + 1, count) for x in _items(data, "$tuple"))
        _few_collisions(items)
        return items
    if "$set" in data:
        items = [_decode(x, depth + 1, count) for x in _items(data, "$set")]
        try:
            _few_collisions(items)
            return set(items)
        except TypeError:
            return Opaque("set", repr(items)[:300])
    if "$dict" in data:
        pairs = _items(data, "$dict")
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise DecodeError('{"$dict": ...} must hold [key, value] pairs')
        pairs = [(_decode(k, depth + 1, count), _decode(v, depth + 1, count)) for k, v in pairs]
        try:
            _few_collisions([k for k, _ in pairs])
            return dict(pairs)
        except TypeError:
            return Opaque("dict", repr(pairs)[:300])
    if "$raises" in data:
        return Raises(str(data["$raises"])[:200])
    if "$opaque" in data:
        pair = data["$opaque"]
        if not (isinstance(pair, list) and len(pair) == 2):
            raise DecodeError('{"$opaque": ...} must be [type, text]')
        return Opaque(str(pair[0])[:200], str(pair[1])[:300])
    if "$code" in data:
        from .shipping import Shipped, ShippingError

        try:
            return Shipped.from_data(data["$code"])
        except (ShippingError, TypeError, ValueError, AttributeError) as exc:
            raise DecodeError(f"a function that cannot be read ({exc})") from None
    raise DecodeError(f"cannot decode {_short(data)}")


#: The most distinct keys of one set or dict that may share a hash value. Numbers' hashes
#: are not random (``hash(n) == n % (2**61 - 1)``): a record of 60,000 ints that all
#: collide made building one set take a minute (each insertion compares with every key
#: already there); distinct values that collide this often are made, never met.
MAX_COLLISIONS = 64


def _few_collisions(keys):
    """Raise :class:`DecodeError` when more than :data:`MAX_COLLISIONS` distinct ``keys``
    share a hash (so that building a set or dict of them stays linear in their number;
    unhashable keys are left out).

    >>> _few_collisions([1, 2, 1, [3]])
    >>> _few_collisions([i * (2 ** 61 - 1) for i in range(100)])
    Traceback (most recent call last):
    ...
    minimax_lessons.runner.codec.DecodeError: 100 values share one hash (more than 64): a forged record
    """
    if len(keys) <= MAX_COLLISIONS:
        return
    buckets = {}
    for key in keys:
        try:
            buckets.setdefault(hash(key), []).append(key)
        except TypeError:
            continue
    for same in buckets.values():
        if len(same) > MAX_COLLISIONS:
            distinct = _distinct(same)
            if distinct > MAX_COLLISIONS:
                raise DecodeError(f"{distinct} values share one hash (more than "
                                  f"{MAX_COLLISIONS}): a forged record")


def _distinct(same) -> int:
    """How many distinct values a list of values with one hash holds (sorted where they
    sort, which is quick; else one past the limit at most is looked for)."""
    try:
        ordered = sorted(same)
        return 1 + sum(1 for a, b in zip(ordered, ordered[1:]) if a != b)
    except TypeError:
        found = []
        for value in same:
            if all(value != other for other in found):
                found.append(value)
                if len(found) > MAX_COLLISIONS:
                    break
        return len(found)


def _items(data, key) -> list:
    items = data[key]
    if not isinstance(items, list):
        raise DecodeError(f'{{"{key}": ...}} must hold a list, not {_short(items)}')
    return items


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def as_written(data) -> str:
    """Data :func:`encode` wrote, as a person writes the value in Python: sets in braces,
    tuples in brackets, strings quoted (for a report; decoding is not needed, so no value
    of an unknown shape is ever built).

    >>> as_written({"$set": ["D2", "D3"]}), as_written({"$dict": []}), as_written([1, None])
    ("{'D2', 'D3'}", '{}', '[1, None]')
    >>> as_written({"$tuple": [2]}), as_written({"$raises": "KeyError"}), as_written(2.0)
    ('(2,)', 'KeyError', '2.0')
    """
    return _written(data, 0)


def _written(data, depth) -> str:
    if depth > DECODE_DEPTH:
        return "…"
    if isinstance(data, list):
        return "[" + ", ".join(_written(x, depth + 1) for x in data) + "]"
    if data is None or isinstance(data, (bool, int, float, str)):
        return repr(data)
    if not isinstance(data, dict) or len(data) != 1:
        return repr(data)
    [(kind, body)] = data.items()
    items = body if isinstance(body, list) else None
    if kind == "$tuple" and items is not None:
        inner = ", ".join(_written(x, depth + 1) for x in items)
        return f"({inner},)" if len(items) == 1 else f"({inner})"
    if kind == "$set" and items is not None:
        return "{" + ", ".join(_written(x, depth + 1) for x in items) + "}" if items \
            else "set()"
    if kind == "$dict" and items is not None and all(
            isinstance(p, list) and len(p) == 2 for p in items):
        return "{" + ", ".join(f"{_written(k, depth + 1)}: {_written(v, depth + 1)}"
                               for k, v in items) + "}"
    if kind == "$float" and body in _FLOATS:
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}[body]
    if kind == "$raises":
        return str(body)
    if kind == "$opaque" and items is not None and len(items) == 2:
        return str(items[1])
    if kind == "$code" and isinstance(body, dict):
        return f"a function {body.get('name', '')}".rstrip()
    return repr(data)


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


__all__ = ["encode", "decode", "as_written", "DecodeError", "Opaque", "Raises",
           "exception_name"]
