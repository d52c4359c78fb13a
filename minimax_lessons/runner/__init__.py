"""Runner: run code that is not ours (a student's function, a bot) in another process.

- :mod:`.shipping`: a function as data another Python process can rebuild;
- :mod:`.codec`: plain-data encoding of answers and results (JSON, never pickle);
- :mod:`.sandbox`: a disposable worker process with time and memory limits;
- :mod:`._worker`: the worker itself (``python -m minimax_lessons.runner._worker``);
- :mod:`.guard`: notices an answer that gets its result from the package's searches;
- :mod:`.copies`: notices an answer that is, but for its names, code the course ships;
- :mod:`.boundary`: the one table of what an answer may use of the package, what may run
  while it runs, and what the worker holds (read by the guard, the lock, the worker's jail
  and the copy check).

Imports nothing else of ``minimax_lessons``: the exercises and the bots' arena build on it.
"""
