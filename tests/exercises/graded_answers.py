"""Straightforward answers to the graded function questions (q3.14, q3.15, q6.14), as a
student writes them, and one mistake of each: for the tests only (none of this is in the
package, which students receive: issue 19)."""

import math


def minimax_line(node, is_maximizing):
    if not isinstance(node, list):
        return node, []
    best = None
    for index, child in enumerate(node):
        value, line = minimax_line(child, not is_maximizing)
        if best is None or (value > best[0] if is_maximizing else value < best[0]):
            best = (value, [index] + line)
    return best


def minimax_line_max_everywhere(node, is_maximizing):
    """The mistake max-at-every-level, with a line."""
    if not isinstance(node, list):
        return node, []
    pairs = [minimax_line_max_everywhere(child, not is_maximizing) for child in node]
    best = max(range(len(pairs)), key=lambda i: pairs[i][0])
    return pairs[best][0], [best] + pairs[best][1]


def alphabeta_search(node, is_maximizing):
    """Prunes when alpha >= beta (q3.15)."""
    return _search(node, is_maximizing, prune_ties=True)


def alphabeta_search_strict(node, is_maximizing):
    """Prunes only when alpha > beta (q6.14)."""
    return _search(node, is_maximizing, prune_ties=False)


def _search(root, root_is_max, *, prune_ties):
    leaves = 0

    def search(node, alpha, beta, is_maximizing):
        nonlocal leaves
        if not isinstance(node, list):
            leaves += 1
            return node, None
        best, move = (-math.inf if is_maximizing else math.inf), None
        for index, child in enumerate(node):
            value, _ = search(child, alpha, beta, not is_maximizing)
            if (value > best) if is_maximizing else (value < best):
                best, move = value, index
            if is_maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha > beta or (prune_ties and alpha == beta):
                break
        return best, move

    value, move = search(root, -math.inf, math.inf, root_is_max)
    return value, move, leaves
