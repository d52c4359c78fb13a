"""Words: how numbers, states and lists of names read in the sentences the course writes.

Captions, feedback, quizzes and traces all speak of values and nodes; they say them the
same way because they say them with these functions.

>>> show_number(3.0), show_number(float("-inf")), show_number(2.5)
('3', '-inf', '2.5')
>>> join_names(["A", "B", "C"])
'A, B and C'
>>> counted(2, "leaf", "leaves"), counted(1, "point")
('2 leaves', '1 point')
"""

from __future__ import annotations

import math


def show_number(x) -> str:
    """A value as a student writes it: ``3``, ``2.5``, ``+inf``, ``-inf`` (``?`` for None).

    >>> show_number(3.0), show_number(-math.inf), show_number(0.25), show_number(None)
    ('3', '-inf', '0.25', '?')
    """
    if x is None:
        return "?"
    if isinstance(x, float):
        if math.isinf(x):
            return "+inf" if x > 0 else "-inf"
        if x.is_integer():
            return str(int(x))
        return f"{x:.4g}"
    return str(x)


def state_name(game, state) -> str:
    """A state as a caption names it: a tree node's name, a board on one line in brackets.

    >>> from minimax_lessons import TicTacToe
    >>> state_name(TicTacToe(), "X........")
    '[X../.../...]'
    >>> state_name(None, "B")
    'B'
    """
    text = str(game.text(state)) if hasattr(game, "text") else str(state)
    return text if "\n" not in text else "[" + text.replace("\n", "/") + "]"


def join_names(names) -> str:
    """Names joined as a sentence joins them: ``A``, ``A and B``, ``A, B and C``.

    >>> join_names([]), join_names(["A"]), join_names(["A", "B"])
    ('', 'A', 'A and B')
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def counted(n, word, words=None) -> str:
    """``n`` and the word for one or for several: ``1 leaf``, ``2 leaves``, ``0.5 points``.

    >>> counted(1, "line"), counted(3, "line"), counted(0, "child", "children")
    ('1 line', '3 lines', '0 children')
    """
    return f"{show_number(n)} {word if n == 1 else (words or word + 's')}"


__all__ = ["show_number", "state_name", "join_names", "counted"]
