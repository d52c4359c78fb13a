"""minimax-lessons: game trees you can see, and the searches behind them.

>>> from minimax_lessons import GameTree, minimax, alphabeta
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> minimax(tree).value, alphabeta(tree).pruned
(3, ('C2', 'C3'))

The package is a house in layers; each imports only from the layers below it
(``tests/test_layers.py`` holds the table and checks every import):

==============  ==============================================================
``instructor``  student versions, grading, the tournament, slides, the guide
``progress``    the learner's dashboard and review (beside ``instructor``)
``exercises``   checked answers that name the mistake; practice on the picture
``play``        boards against the program, bots, games between bots
``animation``   step through a search: players, quizzes, MCTS round by round
``pictures``    trees drawn with Graphviz: layout, frames, DOT, SVG, PNG
``search``      minimax, alpha-beta, ..., traces, the engine, MCTS, textbook
``games``       the ``Game`` interface, trees, tic-tac-toe, Nim, Connect Four
``runner``      run a student's code or a bot in a process of its own
``words``       how numbers, states and lists read in sentences; the learner's ``logbook``
==============  ==============================================================

``experiments`` and ``plots`` (the lessons' measurements and their charts) sit on
top, beside this file, which gathers the names students use (``__all__``).
"""

from .games.game import CHANCE, MAX, MIN, Game, GameError
from .games.tree import GameTree, Node, TreeError
from .games.multiplayer import MultiplayerTree
from .games.tictactoe import TicTacToe
from .games.nim import Nim
from .games.connectfour import ConnectFour
from .search.adversarial import (SearchError, SearchResult, alphabeta, best_first, best_move,
                     expectiminimax, iterative_deepening, maxn, minimax, negamax, shuffled, solve)
from .search.engine import TranspositionTable, analyse, centre_first, column_values, deepen, table_search
from .search.trace import Step, Trace
from .search.mcts import MCTSResult, mcts
from .pictures.render import dot_to_svg
from .pictures.draw import MAX_NODES, TreeDrawing, TreeTooLargeError, draw_tree
from .pictures.frames import Frame, NodeView, build_frames
from .pictures.reveal import Reveal, reveal
from .animation.quiz import Question, QuizQuestion, quiz_questions
from .animation.player import Animation, animate
from .exercises.practising import Practice, practice
from .pictures.lecture import lecture_mode
from .play.tictactoe_board import TicTacToeBoard
from .play.connectfour_board import ConnectFourBoard
from .exercises import FOREVER, Feedback, FunctionCheck, check, check_function, estimate, question
from .progress import progress, review
from . import logbook
from .games import examples
from .search import textbook
from .games.examples import FIGURE_5_2

__all__ = [
    "Game", "GameError", "MAX", "MIN", "CHANCE",
    "GameTree", "Node", "TreeError", "TicTacToe", "Nim", "ConnectFour", "MultiplayerTree",
    "minimax", "alphabeta", "negamax", "expectiminimax", "maxn", "best_move", "solve",
    "iterative_deepening", "best_first", "shuffled", "SearchResult", "SearchError",
    "mcts", "MCTSResult",
    "centre_first", "table_search", "deepen", "column_values", "analyse", "TranspositionTable",
    "Step", "Trace", "examples", "textbook", "FIGURE_5_2",
    "dot_to_svg", "draw_tree", "TreeDrawing", "TreeTooLargeError", "MAX_NODES", "animate",
    "reveal", "Reveal",
    "Animation", "build_frames", "Frame", "NodeView", "quiz_questions", "QuizQuestion",
    "Question",  # QuizQuestion's old name
    "practice", "Practice", "lecture_mode",
    "TicTacToeBoard", "ConnectFourBoard",
    "check", "check_function", "question", "FunctionCheck", "Feedback", "FOREVER", "estimate",
    "progress", "review", "logbook",
]

from . import _aliases  # noqa: E402  (old module paths, after everything is imported)

_aliases.register()
