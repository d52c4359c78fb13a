"""Lesson 9's predictions, asked before the lesson shows the answer.

========  ===================================================================
id        the student predicts
========  ===================================================================
========  ===================================================================
"""

from __future__ import annotations

#: The small board of the lesson's exhaustive searches: 4 rows, 5 columns.
SMALL = (4, 5)
#: On the SMALL board, O to move: a draw, which a table storing bounds as exact
#: values calls a win for X.
BUGGY_TABLE = "001110331"
#: On the full board, X to move: every move but column 2 loses within 3 plies;
#: column 2 makes a threat O must block, which pushes the loss past the horizon.
HORIZON = "01140331535310"
