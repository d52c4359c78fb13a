"""Learning platforms (Canvas, Moodle, Gradescope): what they hand over, and what they take back.

- :mod:`.archives`: a download (a zip, or the folder it was unpacked to), read without
  trusting it;
- :mod:`.platforms`: what each platform's download says about a file: whose it is and
  when it came;
- :mod:`.collect`: a class's notebooks filed as ``grade`` reads them, and who handed in what;
- :mod:`.export`: grades in the files each platform imports (and graded shards joined);
- :mod:`.feedback_release`: the feedback pages handed back, with an index and upload
  layouts.

The Gradescope autograder, which grades inside Gradescope's own container, is
:mod:`minimax_lessons.instructor.gradescope`.
"""
