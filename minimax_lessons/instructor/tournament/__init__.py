"""The Connect Four tournament: every submitted bot against the reference bots and each other.

- :mod:`.entries`: each student's bot, loaded from their notebook the way ``grade`` runs it;
- :mod:`.round_robin`: the games, each pair twice with the colours swapped
  (:func:`~.round_robin.run_tournament`);
- :mod:`.standings`: points, Elo and the leaderboard.

``python -m minimax_lessons.instructor tournament SUBMISSIONS/ --out OUT/`` runs it. The
old module ``minimax_lessons.instructor.tournament`` is this package: its names are here.
"""

from .entries import CAPSTONE, find_entries, functions_recorded, load_student
from .round_robin import Tournament, run_tournament, schedule

__all__ = ["run_tournament", "schedule", "find_entries", "load_student", "functions_recorded",
           "Tournament", "CAPSTONE"]
