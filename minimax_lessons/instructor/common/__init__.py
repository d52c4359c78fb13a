"""What the instructor's tools share, one job a module:

- :mod:`.files`: file names from student ids, atomic writes, CSV no spreadsheet runs;
- :mod:`.privacy`: the grader's own paths, taken out of every text a student receives;
- :mod:`.environment`: the environment a student's code runs in (no tokens, no passwords);
- :mod:`.children`: child Pythons that take a job and answer once, with a token;
- :mod:`.pages`: the instructor's HTML pages, from the templates in ``instructor/templates``.
"""
