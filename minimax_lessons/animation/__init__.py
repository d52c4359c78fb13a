"""Animation: step through a search, one picture per step, in JupyterLab or a saved page.

- :mod:`.player`: ``animate(search, game)`` and its player widget (``Animation``);
- :mod:`.quiz`: the questions a quiz animation stops to ask before it shows the answer;
- :mod:`.mcts_player`: Monte Carlo tree search, still and round by round;
- :mod:`.iframe`: a player inside an ``<iframe>``, sized for a 1280x720 slide.

Imports only the layers below: games, search and pictures.
"""
