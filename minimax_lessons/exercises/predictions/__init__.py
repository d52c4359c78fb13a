"""The old home of the lessons' predictions, kept so that old imports still work.

Each lesson's predictions (``p<lesson>.<n>``) now live with its exercises in
:mod:`minimax_lessons.exercises.banks` (``banks/lesson1.py`` ... ``banks/lesson9.py``);
``minimax_lessons.exercises.predictions.lessonN`` is that same module (see
:data:`minimax_lessons._aliases.OLD_PATHS`).

>>> from minimax_lessons.exercises.predictions import lesson2
>>> lesson2.__name__
'minimax_lessons.exercises.banks.lesson2'
"""

from ..banks import (lesson1, lesson2, lesson3, lesson4, lesson5, lesson6,  # noqa: F401
                     lesson7, lesson8, lesson9)

__all__ = [f"lesson{n}" for n in range(1, 10)]
