"""Pictures: game trees and searches drawn with Graphviz, as still images.

From the bottom up:

- :mod:`.layout`: which nodes of a game a picture shows, and their ids (``plan``);
- :mod:`.frames`, :mod:`.mcts_frames`: what a search knew after each of its steps;
- :mod:`.lecture`: the lecture view (large fonts, thick lines) for a projector;
- :mod:`.style`: the palette, the named sizes, and the look of a node in each state;
- :mod:`.labels`: what nodes say (values, windows, names, moves, boards), as plain text;
- :mod:`.scene`: what every node shows in one frame, for stills and animations alike;
- :mod:`.dot`: DOT statements from plain text, the one place text is escaped;
- :mod:`.legend`: the key of a drawing;
- :mod:`.draw`: a game (and a search's frame) to Graphviz DOT text: ``draw_tree``;
- :mod:`.render`: DOT text to SVG (the embedded WebAssembly Graphviz, or ``dot``);
- :mod:`.texts`, :mod:`.finish`: where a drawing's texts stand in its SVG, and the one
  step that finishes every picture's SVG (dense dots, the current node's double outline,
  the slots a player or a practice tree writes);
- :mod:`.raster`: SVG to PNG, for notebooks opened untrusted (at most 4,000 px wide);
- :mod:`.jupyter`: how things show in Jupyter: display bundles made lazily, widget
  classes, self-contained HTML pages (used by drawings, animations, boards, practice).
- :mod:`.reveal`: a result shown closed (``<details>``) until the student opens it, so
  that a prediction's answer stays out of sight.

Imports only :mod:`minimax_lessons.games` and :mod:`minimax_lessons.search`.
"""
