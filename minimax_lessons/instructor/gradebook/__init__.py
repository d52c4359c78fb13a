"""The gradebook: what the grader produced, each student's final grade, the files written from
them once per run, and the class at a glance.

- :mod:`.records`: a student's automatic result, stored signed (``results/<student>.json``);
- :mod:`.late`: the late policy (due date, penalty per period, cap, extensions);
- :mod:`.adjustments`: the instructor's manual adjustments (``adjustments.csv``);
- :mod:`.tables`: ``grades.csv``, ``totals.csv``, ``notebooks.csv``, ``students.csv``;
- :mod:`.feedback`: a student's feedback page;
- :mod:`.final`: the automatic grade, less lateness, plus adjustments, signed; the report
  step that writes every table and page once (:func:`~.final.finish`);
- :mod:`.report`: ``report.html``, the class's scores, questions and misconceptions.
"""
