"""The assignment: what the instructor hands out, and to whom.

- :mod:`.release`: student versions of the exercise notebooks, and the key (keep it away
  from students);
- :mod:`.class_list`: who is in the class, read from a Canvas gradebook, a Moodle
  participants download or a plain CSV;
- :mod:`.variants`: each student's own trees, fixed by the key's secret, and the
  signatures the key gives the grader's records.
"""
