"""A course that remembers the learner: progress across lessons, review aimed at mistakes.

Every answer checked in JupyterLab (``check``, practice on the tree, an animation's quiz)
is written in the learner's logbook on this machine (:mod:`minimax_lessons.logbook`,
written from below this layer). This part only reads it:

- :mod:`.places`: where the course asks each question (lesson, notebook, cell);
- :mod:`.schedule`: a Leitner schedule of the mistakes made, per mistake and kind of
  question (when each comes back);
- :mod:`.summary`: lessons done, misconceptions and the next things to do, as data;
- :mod:`.chart`: the dashboard's picture (SVG text, written directly);
- :mod:`.dashboard`: ``progress()``, the dashboard in a notebook;
- :mod:`.review`: ``review()``, fresh questions and trees aimed at the mistakes, endless.

It sits beside :mod:`minimax_lessons.instructor`, and the two know nothing of each other:
the grader never reads the logbook.
"""

from .dashboard import Progress, progress
from .review import Review, review

__all__ = ["progress", "review", "Progress", "Review"]
