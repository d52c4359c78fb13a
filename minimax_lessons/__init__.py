"""minimax-lessons: game trees you can see, and the searches behind them.

>>> from minimax_lessons import GameTree, minimax, alphabeta
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> minimax(tree).value, alphabeta(tree).pruned
(3, ('C2', 'C3'))
"""

from .games import CHANCE, MAX, MIN, Game, GameError
from .tree import GameTree, Node, TreeError
from .tictactoe import TicTacToe
from .nim import Nim
from .connectfour import ConnectFour
from .search import (SearchError, SearchResult, alphabeta, best_first, best_move,
                     expectiminimax, iterative_deepening, minimax, negamax, shuffled, solve)
from .engine import TranspositionTable, analyse, centre_first, column_values, deepen, table_search
from .trace import Step, Trace
from .mcts import MCTSResult, mcts
from .render import dot_to_svg
from .draw import MAX_NODES, TreeDrawing, TreeTooLargeError, draw_tree
from .frames import Frame, NodeView, build_frames
from .quiz import Question, quiz_questions
from .animate import Animation, animate
from .practice import Practice, practice
from .lecture import lecture_mode
from .play import TicTacToeBoard
from .play_connectfour import ConnectFourBoard
from .exercises import FOREVER, Feedback, FunctionCheck, check, check_function, estimate, question
from . import examples, textbook
from .examples import FIGURE_5_2

__all__ = [
    "Game", "GameError", "MAX", "MIN", "CHANCE",
    "GameTree", "Node", "TreeError", "TicTacToe", "Nim", "ConnectFour",
    "minimax", "alphabeta", "negamax", "expectiminimax", "best_move", "solve",
    "iterative_deepening", "best_first", "shuffled", "SearchResult", "SearchError",
    "mcts", "MCTSResult",
    "centre_first", "table_search", "deepen", "column_values", "analyse", "TranspositionTable",
    "Step", "Trace", "examples", "textbook", "FIGURE_5_2",
    "dot_to_svg", "draw_tree", "TreeDrawing", "TreeTooLargeError", "MAX_NODES", "animate",
    "Animation", "build_frames", "Frame", "NodeView", "quiz_questions", "Question",
    "practice", "Practice", "lecture_mode",
    "TicTacToeBoard", "ConnectFourBoard",
    "check", "check_function", "question", "FunctionCheck", "Feedback", "FOREVER", "estimate",
]
