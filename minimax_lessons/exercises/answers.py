"""Reading and comparing answers: the rules every check uses, in one place.

Vocabulary
----------
- Two numbers are the *same number* (:func:`same_number`) when they are equal up to the
  rounding of floats (1e-9), so 0.1 + 0.2 is 0.3; infinities are only themselves. Two
  answers (a value, a window ``(alpha, beta)``) are the *same answer*
  (:func:`same_answer`) when their numbers are the same, one by one.
- A number *worked out by hand* to two decimals is a looser rule, and a deliberate one:
  a question says so with ``ValueQuestion(tolerance=TWO_DECIMALS)`` (a value rounded to
  two decimals is at most 0.005 away; 0.006 leaves room for the float that holds it), and
  a quiz in an animation accepts ``TOLERANCE`` (:mod:`minimax_lessons.animation.quiz`)
  around a value that is not whole.
- :func:`as_number` reads a number the student typed: ``7``, ``"7"``, ``"2.5"``,
  ``"-inf"``, ``"\u22123"`` (a typographic minus); a bool is not a number.
- An answer is written three ways, for three jobs, and they differ on purpose:
  :func:`~minimax_lessons.words.show_number` *shows* a number in a sentence (``+inf``,
  four significant digits: ``0.3333``); :func:`canon` is the *key* under which practice
  compares answers in Python and in the browser (``practice.js`` has the same function:
  ``inf``, six decimals, so that 1/3 and 0.3333 stay apart); :func:`canonical` is what a
  fixed answer is *hashed* from (case and spaces do not count; the stored hashes of the
  question banks depend on it, so it never changes).

>>> same_number(0.1 + 0.2, 0.3), same_answer((3, math.inf), [3.0, math.inf])
(True, True)
>>> as_number(" 2.5 "), canon(1 / 3), canonical(" B ")
(2.5, '0.333333', 'b')
"""

from __future__ import annotations

import math
import numbers


#: How far an answer worked out by hand to two decimals may be from the value.
TWO_DECIMALS = 0.006


def is_number(value) -> bool:
    """A real number, not a bool and not NaN."""
    return (isinstance(value, numbers.Real) and not isinstance(value, bool)
            and not (isinstance(value, float) and math.isnan(value)))


def same_number(a, b) -> bool:
    """Equal numbers (with a tolerance for floats; infinities compare exactly); anything
    else is the same when it is equal and of the same type."""
    if not (is_number(a) and is_number(b)):
        return a == b and type(a) is type(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def same_answer(a, b) -> bool:
    """Two answers with the same numbers: a number, or a pair (a window) number by number.

    >>> same_answer((2, 5), (2.0, 5)), same_answer(True, 1), same_answer("3", 3)
    (True, False, False)
    """
    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        return (isinstance(a, (tuple, list)) and isinstance(b, (tuple, list))
                and len(a) == len(b) and all(same_answer(x, y) for x, y in zip(a, b)))
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        return False
    return same_number(a, b)


def as_number(answer):
    """The number a student typed or gave (None when it is not one)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (int, float)):
        return answer
    if isinstance(answer, str):
        text = answer.strip().lower().replace("\u2212", "-")
        if text in ("inf", "+inf", "infinity", "+infinity", "-inf", "-infinity"):
            return float(text.replace("infinity", "inf"))
        try:
            return int(text)
        except ValueError:
            try:
                return float(text)
            except ValueError:
                return None
    return None


def canon(value) -> str:
    """An answer as the text both Python and the browser compare: ``3``, ``2.5``, ``inf``.

    >>> canon(3.0), canon(-math.inf), canon((3, math.inf))
    ('3', '-inf', '3|inf')
    """
    if isinstance(value, (tuple, list)):
        return "|".join(canon(v) for v in value)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if float(value).is_integer():
            return str(int(value))
        return repr(round(float(value), 6))
    return str(value)


def canonical(answer):
    """A fixed answer as it is hashed: text stripped and in lower case, 3.0 as 3."""
    if isinstance(answer, str):
        return answer.strip().lower()
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    return answer


__all__ = ["is_number", "same_number", "same_answer", "as_number", "canon", "canonical",
           "TWO_DECIMALS"]
