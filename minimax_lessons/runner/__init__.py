"""Runner: run code that is not ours (a student's function, a bot) in another process.

- :mod:`.shipping`: a function as data another Python process can rebuild;
- :mod:`.codec`: plain-data encoding of answers and results (JSON, never pickle);
- :mod:`.sandbox`: a disposable worker process with time and memory limits;
- :mod:`._worker`: the worker itself (``python -m minimax_lessons.runner._worker``);
- :mod:`.guard`: notices an answer that gets its result from the package's searches;
- :mod:`.copies`: notices an answer that is, but for its names, code the course ships.

Imports nothing else of ``minimax_lessons``: the exercises and the bots' arena build on it.
"""
