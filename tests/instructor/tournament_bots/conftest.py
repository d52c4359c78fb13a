"""The sample bots are the code of a notebook cell, not modules to import: never collected."""

collect_ignore_glob = ["*.py"]
