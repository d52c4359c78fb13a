"""The lecturer's kit: slides, offline decks and the misconception guide.

- :mod:`.slides`: which cell of a lesson starts a slide (``python -m
  minimax_lessons.instructor.teaching.slides``, ``make slide-metadata``);
- :mod:`.decks`: each lesson as an offline reveal.js deck that plays its animations
  (``make slides``);
- :mod:`.guide`: the misconception guide for lecturers, generated from the checker's
  diagnoses (``make teaching-guide``).
"""
