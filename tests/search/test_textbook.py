"""The textbook searches agree with the engine: values, moves and alpha-beta's leaf order."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import FIGURE_5_2, GameTree, Nim, textbook
from minimax_lessons import search as engine
from minimax_lessons.games.examples import CHANCE_TREE, HEURISTIC_TREE, TIES
from minimax_lessons.games.game import Game


class LoggedGame(Game):
    """A game that records every state whose utility is asked for, in order."""

    def __init__(self, game):
        self.game = game
        self.scored = []

    def initial_state(self):
        return self.game.initial_state()

    def to_move(self, state):
        return self.game.to_move(state)

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def is_terminal(self, state):
        return self.game.is_terminal(state)

    def utility(self, state):
        self.scored.append(state)
        return self.game.utility(state)

    def chances(self, state):
        return self.game.chances(state)


# Random trees: varied shape and depth, both roots, small leaf ranges for many ties.
trees = st.builds(
    GameTree.random,
    branching=st.sampled_from([1, 2, 3, (1, 3), (2, 4)]),
    depth=st.integers(0, 5),
    seed=st.integers(0, 10**6),
    low=st.integers(-3, 0),
    high=st.integers(0, 3),
    root=st.sampled_from(["max", "min"]),
)


def chance_spec(rng, depth, player):
    """A random tree description with MAX, MIN and chance nodes (probabilities given or not)."""
    if depth == 0 or rng.random() < 0.2:
        return {"value": rng.randint(-4, 4)}
    kids = [chance_spec(rng, depth - 1, rng.choice(["max", "min", "chance"]))
            for _ in range(rng.randint(1, 3))]
    if player == "chance" and rng.random() < 0.5:
        weights = [rng.randint(1, 4) for _ in kids]
        for kid, w in zip(kids, weights):
            kid["probability"] = w / sum(weights)
    return {"player": player, "children": kids}


# -- values and moves -------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(trees)
def test_textbook_minimax_gives_the_engines_value(tree):
    assert textbook.minimax(tree, tree.root) == engine.minimax(tree).value


@settings(max_examples=200, deadline=None)
@given(trees.filter(lambda t: t.height > 0))
def test_minimax_decision_is_the_engines_leftmost_best_move(tree):
    assert textbook.minimax_decision(tree, tree.root) == engine.minimax(tree).move


@settings(max_examples=200, deadline=None)
@given(trees, st.integers(0, 5), st.integers(0, 10**6))
def test_depth_limited_minimax_gives_the_engines_value_with_the_same_estimates(tree, depth, seed):
    rng = random.Random(seed)
    estimates = {name: rng.randint(-5, 5) for name in tree}
    expected = engine.minimax(tree, depth=depth, evaluate=estimates.__getitem__).value
    assert textbook.depth_limited_minimax(tree, tree.root, depth, estimates.__getitem__) == expected


@settings(max_examples=200, deadline=None)
@given(trees, st.integers(0, 5), st.integers(0, 10**6))
def test_wikipedias_form_is_the_engine_when_its_heuristic_scores_finished_states_right(
        tree, depth, seed):
    rng = random.Random(seed)
    estimates = {name: rng.randint(-5, 5) for name in tree}

    def heuristic(state):  # EVAL = UTILITY at a terminal state, as AIMA asks
        return tree.utility(state) if tree.is_terminal(state) else estimates[state]

    expected = engine.minimax(tree, depth=depth, evaluate=estimates.__getitem__).value
    assert textbook.heuristic_minimax(tree, tree.root, depth, heuristic) == expected


def test_in_wikipedias_form_a_heuristic_blind_to_wins_passes_a_win_up():
    from minimax_lessons import TicTacToe
    from minimax_lessons.games.tictactoe import open_lines, winner

    game = TicTacToe()
    trap = game.parse("XOX\nOX.\nO..")           # X wins at 8

    def knows_wins(board):
        return {"X": 100, "O": -100}.get(winner(board), open_lines(board))

    def move(heuristic):
        values = {a: textbook.heuristic_minimax(game, game.result(trap, a), 0, heuristic)
                  for a in game.actions(trap)}
        return max(values, key=values.get)

    assert move(open_lines) == 7 and move(knows_wins) == 8


def test_depth_limited_minimax_uses_estimates_only_at_the_cut_off():
    assert textbook.depth_limited_minimax(HEURISTIC_TREE, "A", 1, HEURISTIC_TREE.heuristic) == 6
    assert textbook.depth_limited_minimax(HEURISTIC_TREE, "A", 2, HEURISTIC_TREE.heuristic) == 4
    terminal = GameTree.from_nested([7, [1, 2]])
    assert textbook.depth_limited_minimax(terminal, "A", 1, lambda s: -100) == 7


@settings(max_examples=200, deadline=None)
@given(trees)
def test_textbook_alphabeta_gives_the_engines_value_and_evaluates_the_same_leaves_in_order(tree):
    book, core = LoggedGame(tree), LoggedGame(tree)
    value = textbook.alphabeta(book, tree.root)
    result = engine.alphabeta(core)
    assert value == result.value == engine.minimax(tree).value
    assert book.scored == core.scored


def test_textbook_alphabeta_evaluates_the_seven_leaves_of_figure_5_2():
    game = LoggedGame(FIGURE_5_2)
    assert textbook.alphabeta(game, "A") == 3
    assert game.scored == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]


def test_textbook_alphabeta_prunes_on_ties_like_the_engines_default_rule():
    book, ties, strict = LoggedGame(TIES), LoggedGame(TIES), LoggedGame(TIES)
    textbook.alphabeta(book, "A")
    engine.alphabeta(ties)
    engine.alphabeta(strict, prune_ties=False)
    assert "C2" not in book.scored and "C2" in strict.scored
    assert book.scored == ties.scored


@settings(max_examples=200, deadline=None)
@given(trees.filter(lambda t: t.height > 0))
def test_alphabeta_decision_is_the_engines_move_and_minimaxs(tree):
    move = textbook.alphabeta_decision(tree, tree.root)
    assert move == engine.alphabeta(tree).move == engine.minimax(tree).move


def test_switching_the_root_move_on_a_tie_would_pick_a_worse_move():
    trap = GameTree.from_nested([[3], [3, 1]])
    assert textbook.alphabeta(trap, "C", 3) == 3  # pruned after C1: a bound, not C's value
    assert textbook.minimax(trap, "C") == 1
    assert textbook.alphabeta_decision(trap, "A") == 0 == engine.minimax(trap).move

    def decision_switching_on_ties(game, state):
        alpha, move = -float("inf"), None
        for a in game.actions(state):
            value = textbook.alphabeta(game, game.result(state, a), alpha)
            if value >= alpha:
                alpha, move = value, a
        return move

    assert decision_switching_on_ties(trap, "A") == 1


@settings(max_examples=200, deadline=None)
@given(trees)
def test_negamax_gives_the_engines_value_from_maxs_side(tree):
    assert textbook.negamax(tree, tree.root) == engine.negamax(tree).value


def test_negamax_on_nim_agrees_with_minimax():
    game = Nim([1, 2, 2])
    assert textbook.negamax(game, game.initial_state()) == engine.minimax(game).value


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4), st.sampled_from(["max", "min", "chance"]))
def test_expectiminimax_gives_the_engines_value_on_chance_trees(seed, depth, root):
    tree = GameTree.from_dict(chance_spec(random.Random(seed), depth, root))
    assert textbook.expectiminimax(tree, tree.root) == pytest.approx(
        engine.expectiminimax(tree).value, abs=1e-12)


def test_expectiminimax_weighs_the_coin_flips_of_the_chance_tree():
    assert textbook.expectiminimax(CHANCE_TREE, "safe") == 2
    assert textbook.expectiminimax(CHANCE_TREE, "risky") == pytest.approx(1.25)
    assert textbook.expectiminimax(CHANCE_TREE, "A") == 2


@settings(max_examples=100, deadline=None)
@given(trees)
def test_expectiminimax_without_chance_nodes_is_minimax(tree):
    assert textbook.expectiminimax(tree, tree.root) == textbook.minimax(tree, tree.root)


# -- showing the code ---------------------------------------------------------------


@pytest.mark.parametrize("name", textbook.__all__[:-2])
def test_every_textbook_search_is_short_and_has_a_one_line_summary(name):
    fn = getattr(textbook, name)
    lines = show_lines(fn)
    body = [ln for ln in code_without_docstring(fn) if ln.strip()]
    assert len(body) <= 15, f"{name} has {len(body)} lines of code"
    assert fn.__doc__.strip().splitlines()[0].strip()
    assert lines[0].startswith(f"def {name}(game, state")


def show_lines(fn):
    return textbook.show(fn).text.splitlines()


def code_without_docstring(fn):
    text = textbook.show(fn).text
    start = text.index('"""')
    end = text.index('"""', start + 3) + 3
    return (text[:start] + text[end:]).splitlines()[1:]


def test_show_displays_the_real_source_as_a_python_code_block():
    shown = textbook.show(textbook.alphabeta)
    bundle = shown._repr_mimebundle_()
    assert bundle["text/plain"] == shown.text
    assert bundle["text/markdown"].startswith("```python\ndef alphabeta(game, state,")
    assert bundle["text/markdown"].endswith("\n```")
    assert "if alpha >= beta:" in shown.text
    assert repr(shown) == str(shown) == shown.text


def test_show_is_deterministic_and_joins_several_functions():
    assert textbook.show(textbook.minimax) == textbook.show(textbook.minimax)
    both = textbook.show(textbook.minimax, textbook.negamax).text
    assert both.index("def minimax(") < both.index("def negamax(")


def test_show_uses_a_longer_fence_when_the_code_holds_backticks():
    def quoted():
        return "```"

    assert textbook.show(quoted).markdown().startswith("````python\n")


def test_show_explains_what_it_cannot_show():
    with pytest.raises(TypeError, match="needs a function"):
        textbook.show()
    with pytest.raises(TypeError, match="can only show functions"):
        textbook.show(3)


def test_the_package_exports_the_textbook_module():
    import minimax_lessons

    assert "textbook" in minimax_lessons.__all__
    assert minimax_lessons.search.textbook.minimax(FIGURE_5_2, "A") == 3


# -- which way the imports go inside the search layer ------------------------------------

def test_the_textbook_stands_alone_and_the_engine_builds_on_it():
    """Students read code that imports only the game interface; the engine reuses the
    textbook's bound_flag (lesson 9 shows the function that runs), never the reverse."""
    from ..test_layers import PACKAGE, import_graph

    graph = import_graph(PACKAGE)
    search = "minimax_lessons.search."
    assert {m for m in graph[search + "textbook"] if m.startswith(search)} == set()
    assert search + "textbook" in graph[search + "engine"]
    assert graph[search + "trace"] <= {"minimax_lessons.words"}
