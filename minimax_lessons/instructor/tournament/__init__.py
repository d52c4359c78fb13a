"""The Connect Four tournament: every submitted bot against the reference bots and each other.

- :mod:`.entries`: each student's bot, loaded from their notebook the way ``grade`` runs it;
- :mod:`.round_robin`: the games, each pair twice with the colours swapped
  (:func:`~.round_robin.run_tournament`);
- :mod:`.standings`: points, Elo and the leaderboard.

``python -m minimax_lessons.instructor tournament SUBMISSIONS/ --out OUT/`` runs it.
"""
