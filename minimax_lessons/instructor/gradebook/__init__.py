"""The gradebook: each student's final grade, and the class at a glance.

- :mod:`.late`: the late policy (due date, penalty per period, cap, extensions);
- :mod:`.adjustments`: the instructor's manual adjustments (``adjustments.csv``);
- :mod:`.final`: the automatic grade, less lateness, plus adjustments, signed;
- :mod:`.report`: ``report.html``, the class's scores, questions and misconceptions.
"""
