"""No function question accepts an answer that does no work.

Every function question (lesson or graded) is run on answers that return something without
computing it: a constant, ``None``, a random value, the first leaf, a turn counter, a copy
of the utility that says nothing about unfinished positions. Each must be rejected: a
success message names a property, and these answers have none of them.
"""

import pytest

from minimax_lessons.exercises.check import get_question, question_ids
from minimax_lessons.runner.shipping import from_source

SEEDED_RANDOM = "import random\n_rng = random.Random(7)\n\n\n"

#: kind -> {what the answer does: its source, a function called f}.
DEGENERATE = {
    "minimax": {
        "a constant": "def f(node, is_maximizing):\n    return 0\n",
        "None": "def f(node, is_maximizing):\n    return None\n",
        "a random value": SEEDED_RANDOM + "def f(node, is_maximizing):\n"
                                          "    return _rng.randint(-9, 15)\n",
        "the first leaf": "def f(node, is_maximizing):\n    while isinstance(node, list):\n"
                          "        node = node[0]\n    return node\n",
        "a turn counter": "def f(node, is_maximizing):\n    return 1 if is_maximizing else -1\n",
        "the utility, 0 above the leaves": "def f(node, is_maximizing):\n"
                                           "    return 0 if isinstance(node, list) else node\n",
    },
    "alphabeta": {
        "a constant": "def f(node, alpha, beta, is_maximizing):\n    return 0\n",
        "None": "def f(node, alpha, beta, is_maximizing):\n    return None\n",
        "a random value": SEEDED_RANDOM + "def f(node, alpha, beta, is_maximizing):\n"
                                          "    return _rng.randint(0, 10)\n",
        "the first leaf": "def f(node, alpha, beta, is_maximizing):\n"
                          "    while isinstance(node, list):\n        node = node[0]\n"
                          "    return node\n",
        "a turn counter": "def f(node, alpha, beta, is_maximizing):\n"
                          "    return alpha if is_maximizing else beta\n",
        "the utility, 0 above the leaves": "def f(node, alpha, beta, is_maximizing):\n"
                                           "    return 0 if isinstance(node, list) else node\n",
    },
    "best_move": {
        "a constant (the first move)": "def f(node):\n    return 0\n",
        "None": "def f(node):\n    return None\n",
        "a random move": SEEDED_RANDOM + "def f(node):\n    return _rng.randrange(len(node))\n",
        "the last move": "def f(node):\n    return len(node) - 1\n",
        "the move to the largest first leaf": (
            "def f(node):\n    firsts = []\n    for child in node:\n"
            "        while isinstance(child, list):\n            child = child[0]\n"
            "        firsts.append(child)\n    return firsts.index(max(firsts))\n"),
    },
    "best_move_either": {
        "a constant (the first move)": "def f(node, is_maximizing):\n    return 0\n",
        "None": "def f(node, is_maximizing):\n    return None\n",
        "a random move": SEEDED_RANDOM + "def f(node, is_maximizing):\n"
                                         "    return _rng.randrange(len(node))\n",
        "a turn counter": "def f(node, is_maximizing):\n    return 0 if is_maximizing else 1\n",
        "the move to the largest first leaf": (
            "def f(node, is_maximizing):\n    firsts = []\n    for child in node:\n"
            "        while isinstance(child, list):\n            child = child[0]\n"
            "        firsts.append(child)\n    return firsts.index(max(firsts))\n"),
    },
    "minimax_line": {
        "a constant": "def f(node, is_maximizing):\n    return (0, [])\n",
        "None": "def f(node, is_maximizing):\n    return None\n",
        "a random value": SEEDED_RANDOM + "def f(node, is_maximizing):\n"
                                          "    return (_rng.randint(-9, 15), [])\n",
        "the first leaf, down the first children": (
            "def f(node, is_maximizing):\n    line = []\n"
            "    while isinstance(node, list):\n        node, line = node[0], line + [0]\n"
            "    return (node, line)\n"),
        "a turn counter": "def f(node, is_maximizing):\n"
                          "    return (1 if is_maximizing else -1, [])\n",
        "the utility, 0 above the leaves": "def f(node, is_maximizing):\n"
                                           "    return (0 if isinstance(node, list) else node, [])\n",
    },
    "alphabeta_search": {
        "a constant": "def f(node, is_maximizing):\n    return (0, 0, 0)\n",
        "None": "def f(node, is_maximizing):\n    return None\n",
        "a random value": SEEDED_RANDOM + "def f(node, is_maximizing):\n"
                                          "    return (_rng.randint(0, 10), 0, 1)\n",
        "the first leaf": ("def f(node, is_maximizing):\n    move = 0 if isinstance(node, list) "
                           "else None\n    while isinstance(node, list):\n        node = node[0]\n"
                           "    return (node, move, 1)\n"),
        "a turn counter": "def f(node, is_maximizing):\n"
                          "    return (1 if is_maximizing else -1, 0, 0)\n",
        "the utility, 0 above the leaves": (
            "def f(node, is_maximizing):\n"
            "    if isinstance(node, list):\n        return (0, 0, 0)\n    return (node, None, 1)\n"),
    },
    "game_minimax": {
        "a constant": "def f(game, state):\n    return 0\n",
        "None": "def f(game, state):\n    return None\n",
        "a random value": SEEDED_RANDOM + "def f(game, state):\n    return _rng.choice([-1, 0, 1])\n",
        "the first leaf": "def f(game, state):\n    while not game.is_terminal(state):\n"
                          "        state = game.result(state, game.actions(state)[0])\n"
                          "    return game.utility(state)\n",
        "a turn counter": "def f(game, state):\n    return 1 if game.to_move(state) == 'max' else -1\n",
        "the utility, 0 elsewhere": "def f(game, state):\n"
                                    "    return game.utility(state) if game.is_terminal(state) else 0\n",
    },
    "board_minimax": {
        "a constant": "def f(board, player):\n    return 0\n",
        "None": "def f(board, player):\n    return None\n",
        "a random value": SEEDED_RANDOM + "def f(board, player):\n    return _rng.choice([-1, 0, 1])\n",
        "the first leaf": (
            "LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),\n"
            "         (0, 4, 8), (2, 4, 6)]\n\n\n"
            "def f(board, player):\n    board = list(board)\n    while True:\n"
            "        for a, b, c in LINES:\n"
            "            if board[a] != '.' and board[a] == board[b] == board[c]:\n"
            "                return 1 if board[a] == 'X' else -1\n"
            "        if '.' not in board:\n            return 0\n"
            "        board[board.index('.')] = player\n"
            "        player = 'O' if player == 'X' else 'X'\n"),
        "a turn counter": "def f(board, player):\n    return 1 if player == 'X' else -1\n",
        "the utility, 0 elsewhere": (
            "LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),\n"
            "         (0, 4, 8), (2, 4, 6)]\n\n\n"
            "def f(board, player):\n    for a, b, c in LINES:\n"
            "        if board[a] != '.' and board[a] == board[b] == board[c]:\n"
            "            return 1 if board[a] == 'X' else -1\n    return 0\n"),
    },
    "evaluate": {
        "a constant": "def f(board):\n    return 0\n",
        "None": "def f(board):\n    return None\n",
        "a random value": SEEDED_RANDOM + "def f(board):\n    return _rng.uniform(-0.5, 0.5)\n",
        "a turn counter (pieces of X minus O)": "def f(board):\n"
                                                "    return (board.count('X') - board.count('O')) / 10\n",
        "a move counter (empty squares)": "def f(board):\n    return board.count('.') / 10\n",
        "the utility, 0 on unfinished boards": (
            "LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),\n"
            "         (0, 4, 8), (2, 4, 6)]\n\n\n"
            "def f(board):\n    for a, b, c in LINES:\n"
            "        if board[a] != '.' and board[a] == board[b] == board[c]:\n"
            "            return 0.9 if board[a] == 'X' else -0.9\n    return 0\n"),
    },
    "backup": {
        "nothing at all": "def f(path, utility):\n    return None\n",
        "visits only": "def f(path, utility):\n    for node in path:\n        node['visits'] += 1\n",
        "the utility everywhere": "def f(path, utility):\n    for node in path:\n"
                                  "        node['visits'] += 1\n        node['wins'] += utility\n",
        "the new node only": "def f(path, utility):\n    path[0]['visits'] += 1\n"
                             "    path[0]['wins'] += utility\n",
    },
}

FUNCTION_QUESTIONS = [q for q in question_ids() if get_question(q).kind == "function"]


def test_every_kind_of_function_question_has_degenerate_answers_to_try():
    kinds = {get_question(q).function_kind for q in FUNCTION_QUESTIONS}
    assert kinds <= set(DEGENERATE), f"no degenerate answers for {kinds - set(DEGENERATE)}"
    assert {"q3.5", "q5.5", "q8.3"} <= set(FUNCTION_QUESTIONS)


@pytest.mark.parametrize("qid", FUNCTION_QUESTIONS)
def test_a_function_question_rejects_every_answer_that_does_no_work(qid):
    question = get_question(qid)
    accepted = [what for what, source in DEGENERATE[question.function_kind].items()
                if question.check(from_source(source, "f")).passed]
    assert not accepted, f"{qid} accepts {accepted}"


def test_q5_5_names_why_a_constant_and_a_turn_counter_fail():
    q55 = get_question("q5.5")
    for what in ("a constant", "a turn counter (pieces of X minus O)",
                 "a move counter (empty squares)", "the utility, 0 on unfinished boards"):
        verdict = q55.check(from_source(DEGENERATE["evaluate"][what], "f"))
        assert verdict.diagnosis == "misses-better-board", what
        assert "the same pieces but one" in verdict.message
