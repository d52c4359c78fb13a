"""The course's questions, lesson by lesson: ``lesson1.py`` to ``lesson11.py`` beside this file.

Vocabulary
----------
- A lesson's module holds its *predictions* (``PREDICTIONS``, ids ``p<lesson>.<n>``),
  asked in the body of the lesson before the answer is shown, on a fixed tree or
  position (so they take no seed), and its *exercises* (``QUESTIONS``, ids
  ``q<lesson>.<n>``), asked at its end in three tiers (★ checks that you followed the
  lesson, ★★ is practice, ★★★ a challenge), most drawing their own tree, board or
  numbers from the seed. Lessons 3 and 6 also hold the questions of their graded
  notebooks. :mod:`.common` holds what several lessons draw with.
- The right answers are *recomputed* from each variant with the package's searches; the
  few fixed answers (q3.8, q4.1, q5.2, q6.12, p7.3) are stored as salted hashes.
- Importing this package registers every question, in the order ``question_ids()`` has
  always listed them: lesson 3's exercises (the course's first bank), the other lessons'
  exercises, then every lesson's predictions.

>>> from minimax_lessons.exercises import check
>>> check("p2.1", ...).diagnosis
'not-answered'
"""

from ..check import register
from . import (lesson1, lesson2, lesson3, lesson4, lesson5, lesson6, lesson7, lesson8, lesson9,
               lesson10, lesson11)

LESSONS = (lesson1, lesson2, lesson3, lesson4, lesson5, lesson6, lesson7, lesson8, lesson9,
           lesson10, lesson11)

for _lesson in (lesson3,) + tuple(lesson for lesson in LESSONS if lesson is not lesson3):
    register(*_lesson.QUESTIONS)
for _lesson in LESSONS:
    register(*_lesson.PREDICTIONS)

__all__ = ["LESSONS"] + [f"lesson{n}" for n in range(1, 12)]
