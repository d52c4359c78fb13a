"""Practice on the tree: every answer the key accepts is the search's answer, and each
diagnosis fires on the mistake it names.

The right answers are recomputed here by small searches written in this file (a
minimax with chance nodes, an alpha-beta that records the leaves it evaluates and the
window it enters each node with), and compared with both the package's searches and
the key the browser judges with (``PracticeTree.key()``).
"""

import math

import pytest

from minimax_lessons import alphabeta, minimax
from minimax_lessons.exercises.variants import DIAGNOSES
from minimax_lessons.exercises.answers import canon
from minimax_lessons.exercises.practising import KINDS, LEVELS, practice, practice_tree
from minimax_lessons.exercises.practising.levels import HINT
from minimax_lessons.pictures.jupyter import with_hint

TREES = 1000
INF = math.inf


# -- independent searches ---------------------------------------------------------------

def value_of(game, node):
    """The value of ``node``: max, min, or the probability-weighted average."""
    if game.is_terminal(node):
        return game.utility(node)
    player = game.to_move(node)
    if player == "chance":
        return sum(p * value_of(game, game.result(node, a)) for a, p in game.chances(node))
    values = [value_of(game, c) for c in game.children(node)]
    return max(values) if player == "max" else min(values)


def textbook_alphabeta(game, prune_ties):
    """(leaves evaluated, window on entry to each inner node), pruning on alpha >= beta
    when ``prune_ties`` else only on alpha > beta."""
    evaluated, windows = [], {}
    cut = (lambda a, b: a >= b) if prune_ties else (lambda a, b: a > b)

    def search(node, alpha, beta):
        if game.is_terminal(node):
            evaluated.append(node)
            return game.utility(node)
        windows[node] = (alpha, beta)
        if game.to_move(node) == "max":
            value = -INF
            for child in game.children(node):
                value = max(value, search(child, alpha, beta))
                alpha = max(alpha, value)
                if cut(alpha, beta):
                    break
            return value
        value = INF
        for child in game.children(node):
            value = min(value, search(child, alpha, beta))
            beta = min(beta, value)
            if cut(alpha, beta):
                break
        return value

    search(game.root, -INF, INF)
    return evaluated, windows


def key_items(tree, stage, key=None):
    """The key's items for ``stage``, by node name (what the browser judges with)."""
    key = key or tree.key()
    found = next(s for s in key["stages"] if s["stage"] == stage)
    return {item["name"]: item for item in found["items"].values()}


def many(kind, **options):
    return (practice_tree(kind, level=1 + i % len(LEVELS), seed=i, **options)
            for i in range(TREES))


# -- the key agrees with the searches on 1,000 trees ---------------------------------------

def test_every_value_the_key_accepts_is_the_value_of_that_subtree():
    chance_trees = 0
    for tree in many("values"):
        game = tree.game
        items = key_items(tree, "values")
        inner = [n for n in game.nodes if not game.is_terminal(n)]
        assert set(items) == set(inner)
        chance_trees += any(game.to_move(n) == "chance" for n in inner)
        for name in inner:
            right = value_of(game, name)
            assert math.isclose(float(items[name]["answer"]), right, abs_tol=1e-9)
            assert tree.judge("values", name, right).right
            assert canon(right) not in items[name]["wrong"]
            if "chance" not in {game.to_move(n) for n in game.subtree_nodes(name)
                                if not game.is_terminal(n)}:
                assert right == minimax(game, name).value
    assert chance_trees > TREES // 5  # levels 4 and 5 have chance nodes


@pytest.mark.parametrize("prune_ties", [True, False])
def test_the_leaves_the_key_calls_pruned_are_those_alphabeta_never_evaluates(prune_ties):
    differ = 0
    for tree in many("pruning", prune_ties=prune_ties):
        game = tree.game
        evaluated, windows = textbook_alphabeta(game, prune_ties)
        never = set(game.leaves) - set(evaluated)
        from_search = {leaf for top in alphabeta(game, prune_ties=prune_ties).pruned
                       for leaf in game.subtree_nodes(top) if game.is_terminal(leaf)}
        key = tree.key()
        items = key_items(tree, "pruned", key)
        assert {name for name, item in items.items() if item["answer"]} == never == from_search
        assert never, "a pruning tree always has something to prune"
        entry = key_items(tree, "windows", key)
        assert set(entry) == set(windows) - {game.root}
        trace = {s.state: (s.alpha, s.beta) for s in
                 alphabeta(game, trace=True, prune_ties=prune_ties).trace.of_kind("visit")}
        for name, item in entry.items():
            assert item["answer"] == canon(windows[name]) == canon(trace[name])
            assert tree.judge("windows", name, windows[name]).right
        differ += never != set(game.leaves) - set(textbook_alphabeta(game, not prune_ties)[0])
    assert differ > 20  # ties matter on some trees, so both rules are really tested


def test_the_best_move_the_key_accepts_is_the_roots_first_best_child():
    for tree in many("best-move"):
        game = tree.game
        kids = game.children(game.root)
        values = [value_of(game, c) for c in kids]
        best = (max if game.to_move(game.root) == "max" else min)(values)
        items = key_items(tree, "move")
        assert [name for name, item in items.items() if item["answer"]] == \
            [kids[values.index(best)]] == [game.result(game.root, minimax(game).move)]


def test_every_diagnosis_in_a_key_is_one_the_course_already_names():
    ids = set()
    for i in range(60):
        for kind in KINDS:
            key = practice_tree(kind, level=1 + i % 5, seed=i, prune_ties=i % 2 == 0).key()
            for stage in key["stages"]:
                for item in stage["items"].values():
                    ids.update(item["otherwise"][0].split(" or "))
                    for wrong in item.get("wrong", {}).values():
                        ids.update(wrong[0].split(" or "))
            ids.update([key["none"][0]] if "none" in key else [])
            ids.update(vid for vid, _, _ in key.get("sets", []))
    assert ids <= set(DIAGNOSES), ids - set(DIAGNOSES)
    assert {"max-at-every-level", "players-swapped", "chance-as-min", "prune-strict",
            "prune-non-strict", "no-pruning", "pruned-too-many", "pruned-too-few",
            "window-after", "window-reset", "alpha-beta-swapped", "rightmost-on-ties"} <= ids


# -- each diagnosis fires on the mistake it names -------------------------------------------

def first_tree(kind, test, *, prune_ties=True, levels=(1, 2, 3, 4, 5)):
    for i in range(400):
        tree = practice_tree(kind, level=levels[i % len(levels)], seed=i, prune_ties=prune_ties)
        found = test(tree)
        if found:
            return tree, found
    raise AssertionError("no tree shows this mistake")


def every_level(game, node, choose):
    """A node's value with ``choose`` (max or min) at every level."""
    if game.is_terminal(node):
        return game.utility(node)
    return choose(every_level(game, c, choose) for c in game.children(node))


@pytest.mark.parametrize("choose, diagnosis", [(max, "max-at-every-level"),
                                                (min, "min-at-every-level")])
def test_one_player_at_every_level_is_named(choose, diagnosis):
    def shows(tree):
        root = tree.game.root
        wrong = every_level(tree.game, root, choose)
        return wrong if wrong != tree.values[root] else None

    tree, wrong = first_tree("values", shows, levels=(1, 2, 3))
    verdict = tree.judge("values", tree.game.root, wrong)
    assert not verdict.right and diagnosis in verdict.diagnosis.split(" or ")
    assert verdict.sentence.startswith("That is what taking the")


def test_taking_the_max_at_a_min_node_is_named_players_swapped():
    def shows(tree):
        game = tree.game
        for node in game.nodes:
            if not game.is_terminal(node) and game.to_move(node) == "min":
                wrong = max(tree.values[c] for c in game.children(node))
                if wrong != tree.values[node]:
                    return node, wrong

    tree, (node, wrong) = first_tree("values", shows, levels=(3,))
    verdict = tree.judge("values", node, wrong)
    assert "players-swapped" in verdict.diagnosis.split(" or ")


def test_a_chance_node_taken_as_min_or_with_equal_odds_is_named():
    def shows(tree):
        game = tree.game
        for node in game.nodes:
            if not game.is_terminal(node) and game.to_move(node) == "chance":
                odds = [p for _, p in game.chances(node)]
                if len(set(odds)) > 1:
                    return node
    tree, node = first_tree("values", shows, levels=(4, 5))
    game = tree.game
    kids = [tree.values[c] for c in game.children(node)]
    if min(kids) != tree.values[node]:
        assert tree.judge("values", node, min(kids)).diagnosis == "chance-as-min"
    plain = sum(kids) / len(kids)
    if plain != tree.values[node] and plain not in kids:
        assert tree.judge("values", node, plain).diagnosis == "ignores-probabilities"


def pruned_only_by(tree, rule):
    """Leaves pruned under ``rule`` but evaluated under the other tie rule."""
    game = tree.game
    mine = set(game.leaves) - set(textbook_alphabeta(game, rule)[0])
    other = set(game.leaves) - set(textbook_alphabeta(game, not rule)[0])
    return sorted(mine - other)


def test_missing_a_leaf_pruned_only_on_a_tie_is_named_prune_strict():
    tree, leaves = first_tree("pruning", lambda t: pruned_only_by(t, True), prune_ties=True)
    verdict = tree.judge("pruned", leaves[0], False)
    assert (verdict.right, verdict.diagnosis) == (False, "prune-strict")


def test_marking_a_tie_leaf_when_ties_do_not_prune_is_named_prune_non_strict():
    def shows(tree):
        game = tree.game
        strict = set(game.leaves) - set(textbook_alphabeta(game, False)[0])
        loose = set(game.leaves) - set(textbook_alphabeta(game, True)[0])
        return sorted(loose - strict)

    tree, leaves = first_tree("pruning", shows, prune_ties=False)
    verdict = tree.judge("pruned", leaves[0], True)
    assert (verdict.right, verdict.diagnosis) == (False, "prune-non-strict")


def test_marking_an_evaluated_leaf_says_it_is_needed_and_missing_one_says_too_few():
    tree = practice_tree("pruning", level=1, seed=0)
    evaluated = textbook_alphabeta(tree.game, True)[0]
    verdicts = [tree.judge("pruned", leaf, True) for leaf in evaluated]
    assert all(not v.right and f"{leaf} is needed" in v.sentence
               for leaf, v in zip(evaluated, verdicts))
    assert "pruned-too-many" in {v.diagnosis for v in verdicts}
    tree, leaves = first_tree("pruning", lambda t: sorted(
        set(t.pruned_leaves) - set(pruned_only_by(t, True))))
    assert tree.judge("pruned", leaves[0], False).diagnosis == "pruned-too-few"
    assert tree.key()["none"][0] == "no-pruning"


def mistaken_alphabeta(game, mistake):
    """The leaves a mistaken alpha-beta evaluates: ``"window-reset"`` passes every child
    the node's incoming window; ``"swapped-call"`` passes (beta, alpha) down;
    ``"swapped-tests"`` tests MAX against alpha and MIN against beta."""
    evaluated = []

    def search(node, alpha, beta):
        if game.is_terminal(node):
            evaluated.append(node)
            return game.utility(node)
        is_max = game.to_move(node) == "max"
        value = -INF if is_max else INF
        for child in game.children(node):
            if mistake == "swapped-call":
                v = search(child, beta, alpha)
            else:
                v = search(child, alpha, beta)
            value = max(value, v) if is_max else min(value, v)
            if mistake == "window-reset":
                if (value >= beta) if is_max else (value <= alpha):
                    break
            elif mistake == "swapped-tests":
                if (value <= alpha) if is_max else (value >= beta):
                    break
                alpha, beta = (max(alpha, value), beta) if is_max else (alpha, min(beta, value))
            else:
                alpha, beta = (max(alpha, value), beta) if is_max else (alpha, min(beta, value))
                if alpha >= beta:
                    break
        return value

    search(game.root, -INF, INF)
    return evaluated


@pytest.mark.parametrize("mistake, diagnosis", [("swapped-call", "alpha-beta-swapped"),
                                                ("swapped-tests", "alpha-beta-swapped")])
def test_checking_the_leaves_a_mistaken_alphabeta_skips_names_that_mistake(mistake, diagnosis):
    """(Passing every child the incoming window, from the full window at the root, prunes
    nothing at all: on these trees it is the no-pruning answer.)"""
    named = 0
    for i in range(200):
        tree = practice_tree("pruning", level=1 + i % 5, seed=i)
        game = tree.game
        skipped = set(game.leaves) - set(mistaken_alphabeta(game, mistake))
        earlier = [set(tree.pruned_leaves), set(), set(game.leaves) - set(
            textbook_alphabeta(game, False)[0])]
        if mistake == "swapped-tests":
            earlier.append(set(game.leaves) - set(mistaken_alphabeta(game, "swapped-call")))
        if skipped in earlier:
            continue
        assert tree.judge_marked(skipped).diagnosis == diagnosis
        named += 1
    assert named > 10


def test_checking_with_nothing_marked_or_the_right_leaves():
    tree = practice_tree("pruning", level=2, seed=3)
    assert tree.judge_marked(set()).diagnosis == "no-pruning"
    assert tree.judge_marked(tree.pruned_leaves).right
    missing = tree.pruned_leaves[0]
    assert tree.judge_marked(set(tree.pruned_leaves) - {missing}).diagnosis in (
        "pruned-too-few", "prune-strict", *(vid for vid, _, _ in tree.mistaken_sets))


@pytest.mark.parametrize("diagnosis", ["alpha-beta-swapped", "window-reset", "window-after"])
def test_each_window_mistake_is_named(diagnosis):
    def shows(tree):
        game = tree.game
        entry = textbook_alphabeta(game, True)[1]
        after = {s.state: (s.alpha, s.beta) for s in tree.search.trace.of_kind("return")}
        for node, right in entry.items():
            if node == game.root:
                continue
            wrong = {"alpha-beta-swapped": right[::-1],
                     "window-reset": entry[game.parent(node)],
                     "window-after": after[node]}[diagnosis]
            earlier = {"alpha-beta-swapped": [], "window-reset": [right[::-1]],
                       "window-after": [right[::-1], entry[game.parent(node)]]}[diagnosis]
            if wrong != right and wrong not in earlier:
                return node, wrong

    tree, (node, wrong) = first_tree("pruning", shows, levels=(3, 4, 5))
    verdict = tree.judge("windows", node, wrong)
    assert (verdict.right, verdict.diagnosis) == (False, diagnosis)
    assert verdict.sentence == tree.key()["stages"][1]["items"][tree.ids[node]]["wrong"][
        canon(wrong)][1]


def test_half_right_windows_say_which_half():
    tree, node = first_tree("pruning", lambda t: next(iter(t.items("windows")), None),
                            levels=(3,))
    alpha, beta = tree.answer(node, "windows")
    assert tree.judge("windows", node, (alpha, 99)).sentence.startswith("Alpha is right")
    assert tree.judge("windows", node, (-99, beta)).sentence.startswith("Beta is right")


def test_best_move_mistakes_are_named():
    def swapped(tree):
        game = tree.game
        kids = game.children(game.root)
        values = [tree.values[c] for c in kids]
        other = (min if game.to_move(game.root) == "max" else max)(values)
        pick = kids[values.index(other)]
        return pick if other not in ((max if game.to_move(game.root) == "max" else min)(values),
                                     ) else None

    tree, child = first_tree("best-move", swapped, levels=(1,))
    verdict = tree.judge("move", tree.game.root, child)
    assert not verdict.right and "players-swapped" in verdict.diagnosis.split(" or ")

    def tie(tree):
        game = tree.game
        kids = game.children(game.root)
        values = [tree.values[c] for c in kids]
        best = (max if game.to_move(game.root) == "max" else min)(values)
        tied = [c for c, v in zip(kids, values) if v == best]
        return tied[1] if len(tied) > 1 else None

    tree, child = first_tree("best-move", tie, levels=(4, 5))
    assert tree.judge("move", tree.game.root, child).diagnosis == "rightmost-on-ties"


# -- seeds, sets of trees and errors --------------------------------------------------------

def test_the_same_seed_gives_the_same_tree_and_key():
    a = practice_tree("pruning", level=3, seed=7)
    b = practice_tree("pruning", level=3, seed=7)
    assert a.game == b.game and a.key() == b.key()
    assert practice_tree("pruning", level=3, seed=8).game != a.game


def test_a_practice_holds_trees_for_every_level_and_its_data_carries_svgs():
    p = practice("best-move", level=2, trees=2)
    assert [t.level for t in p.trees] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    data = p.data()
    assert data["level"] == 2 and len(data["trees"]) == 10
    tree = data["trees"][0]
    for node_id in tree["order"]:
        assert f'id="{node_id}"' in tree["svg"]


def test_the_saved_page_is_one_file_with_no_outside_references(tmp_path):
    path = practice("values").save(tmp_path / "p.html", trees=2)
    page = path.read_text(encoding="utf-8")
    assert page.count('"svg":') == 2 * len(LEVELS)
    assert "http://" not in page.replace("http://www.w3.org", "")
    assert "https://" not in page and "<script src" not in page and "<link" not in page


def test_the_cell_output_carries_a_still_picture_of_the_first_tree():
    p = practice("values", level=3, trees=1)
    bundle = p._repr_mimebundle_()
    assert bundle["image/svg+xml"] == with_hint(p.trees_at(3)[0].svg, HINT)
    assert "application/vnd.jupyter.widget-view+json" in bundle


@pytest.mark.parametrize("call, words", [
    (lambda: practice("minimax"), ["'minimax'", "'values'", "'pruning'", "'best-move'"]),
    (lambda: practice("values", level=6), ["6", "1 to 5"]),
    (lambda: practice_tree("values", level=0), ["0", "1 to 5"]),
    (lambda: practice("values", trees=0), ["trees", "0"]),
    (lambda: practice_tree("pruning", prune_ties="yes"), ["prune_ties", "'yes'"]),
    (lambda: practice_tree("values").judge("pruned", "A", True), ["values", "'pruned'"]),
    (lambda: practice_tree("values").judge("values", "Z", 1), ["'Z'", "A"]),
])
def test_bad_input_gets_a_clear_error(call, words):
    with pytest.raises(ValueError) as error:
        call()
    assert all(w in str(error.value) for w in words), str(error.value)


# -- colours: WCAG AA, as the palette test checks the drawings --------------------------------

def practice_css_rules():
    import re

    from minimax_lessons.pictures.jupyter import STATIC

    css = re.sub(r"/\*.*?\*/", "", (STATIC / "practice.css").read_text(), flags=re.S)
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        props = dict(re.findall(r"([\w-]+)\s*:\s*([^;]+);?", body))
        yield selector.strip(), {k: v.strip() for k, v in props.items()}


def test_the_practice_texts_and_outlines_meet_wcag_aa_on_their_card():
    import re

    from ..pictures.test_palette import MARK, TEXT, WHITE, contrast

    texts = lines = 0
    for selector, props in practice_css_rules():
        background = props.get("background", WHITE)
        background = background if background.startswith("#") else WHITE
        if props.get("color", "").startswith("#"):
            assert contrast(props["color"], background) >= TEXT, selector
            texts += 1
        for name in ("border", "border-color", "border-left", "outline", "filter"):
            for colour in re.findall(r"#[0-9a-fA-F]{6}\b", props.get(name, "")):
                assert contrast(colour, WHITE) >= MARK, (selector, name, colour)
                lines += 1
    assert texts >= 5 and lines >= 4

