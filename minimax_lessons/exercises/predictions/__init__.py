"""Predictions asked in the body of the lessons, before the answer is shown.

Each lesson's predictions live in their own module, ``lesson<N>.py`` beside this
file, and are registered with ids ``p<lesson>.<n>`` (``p2.1``, ``p2.2``, ...), apart
from the end-of-lesson exercises (``q<lesson>.<n>``). A prediction is asked on a
fixed tree or position (the lesson reveals the answer in the next cells), so it
takes no seed; ``check("p2.1", answer)`` judges it and names the likely mistake.

>>> from minimax_lessons.exercises import check
>>> check("p2.1", ...).diagnosis
'not-answered'
"""

import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.name.startswith("lesson"):
        importlib.import_module(f"{__name__}.{_info.name}")
