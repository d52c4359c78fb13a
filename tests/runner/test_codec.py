"""The codec reads back what it wrote, and refuses anything else with one error, DecodeError.

Whatever JSON comes back from a student's process or a bot, decoding it either gives
a value or raises :class:`DecodeError` (a ``ValueError``): never ``KeyError``,
``TypeError`` or ``RecursionError``, which the grader and the arena would not expect
(issue 19: ``{"$float": "zz"}`` raised ``KeyError`` and stopped a tournament).
"""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons.runner.codec import DECODE_DEPTH, DecodeError, Opaque, Raises, decode, \
    encode

#: JSON values of every shape, with the codec's own keys among the dict keys.
KEYS = st.sampled_from(["$float", "$tuple", "$set", "$dict", "$raises", "$opaque", "$code",
                        "x", "parts", "name"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS | st.text(max_size=4),
                                                               inner, max_size=3),
    max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(JSON)
def test_decoding_any_json_gives_a_value_or_a_decode_error(data):
    try:
        decode(json.loads(json.dumps(data)))
    except DecodeError:
        pass


@pytest.mark.parametrize("data", [
    {"$float": "zz"}, {"$float": []}, {"$tuple": 5}, {"$set": 3}, {"$dict": [[1]]},
    {"$dict": 1}, {"$opaque": [1]}, {"$code": 1}, {"$code": {"name": "f", "parts": [[1]]}},
    {}, {"a": 1},
])
def test_malformed_data_is_a_decode_error_that_says_what_is_wrong(data):
    with pytest.raises(DecodeError) as caught:
        decode(data)
    assert isinstance(caught.value, ValueError) and str(caught.value)


def test_data_nested_deeper_than_the_codec_writes_is_refused_not_a_recursion_error():
    deep = 0
    for _ in range(DECODE_DEPTH + 5):
        deep = {"$tuple": [deep]}
    with pytest.raises(DecodeError):
        decode(deep)
    deep = []
    for _ in range(50_000):
        deep = [deep]
    with pytest.raises(DecodeError):
        decode(deep)


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6)
    | st.sampled_from([math.inf, -math.inf]),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.frozensets(st.integers(), max_size=3).map(set)
    | st.dictionaries(st.integers() | st.text(max_size=3), inner, max_size=3),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_what_encode_writes_decode_reads_back(value):
    assert decode(json.loads(json.dumps(encode(value)))) == value


def test_special_values_come_back_as_what_they_were():
    assert math.isnan(decode(encode(math.nan)))
    assert decode(encode(KeyError)) == Raises("KeyError")
    assert decode(encode(object())).type == "object"
    assert decode({"$set": [[1], [2]]}) == Opaque("set", "[[1], [2]]")


def test_a_forged_record_of_colliding_numbers_is_refused_at_once():
    """Issue 31: 60,000 distinct ints with one hash made one set take a minute to build
    (each insertion compares with every key already there); decoding now stays linear."""
    import json

    from minimax_lessons.runner.codec import DecodeError

    collide = [i * (2 ** 61 - 1) for i in range(1, 30_001)]
    for forged in ({"$set": collide}, {"$dict": [[n, 0] for n in collide]}, collide,
                   {"$tuple": collide}):
        with pytest.raises(DecodeError, match="share one hash"):
            decode(json.loads(json.dumps(forged)))
    assert decode([7] * 60_000) == [7] * 60_000, "equal values are no collision"
