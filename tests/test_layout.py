"""The layout module: which nodes a picture shows, the same for every picture, and
the one-way flow of imports (game -> search -> trace -> frames -> layout/draw -> widgets)."""

import ast
from pathlib import Path

import pytest

import minimax_lessons
from minimax_lessons import (FIGURE_5_2, GameTree, Nim, TicTacToe, alphabeta, animate, draw_tree,
                             examples, minimax)
from minimax_lessons.frames import build_frames
from minimax_lessons.layout import MAX_NODES, Plan, TreeTooLargeError, plan

PACKAGE = Path(minimax_lessons.__file__).parent
PICTURE_MODULES = ("tree", "draw", "frames", "layout", "animate")


# -- the import graph --------------------------------------------------------------

def module_name(path, root):
    """``minimax_lessons.exercises.check`` for ``<root>/exercises/check.py``."""
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((root.name,) + parts)


def imported_modules(path, root, known):
    """Every package module ``path`` imports, at module level or inside a function.

    ``from .draw import x`` and ``from . import draw`` import the module ``draw``;
    ``from minimax_lessons import draw_tree`` imports the package itself.
    """
    me = module_name(path, root)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # a name defined in a module: that module
                target = target.rpartition(".")[0]
            if target and target != me:
                found.add(target)
    return found


def import_graph(root):
    """{module: set of package modules it imports}, for the package in directory ``root``."""
    root = Path(root)
    files = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    return {name: imported_modules(path, root, set(files)) for name, path in files.items()}


def reachable(graph, start):
    """Modules that importing ``start`` can lead to (not counting ``start`` itself unless a
    chain of imports comes back to it)."""
    seen, todo = set(), list(graph.get(start, ()))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, ()))
    return seen


def cycle_through(graph, start):
    """One chain of imports from ``start`` back to itself, or None."""
    paths, todo = {start: [start]}, [start]
    while todo:
        name = todo.pop()
        for nxt in sorted(graph.get(name, ())):
            if nxt == start:
                return paths[name] + [start]
            if nxt not in paths:
                paths[nxt] = paths[name] + [nxt]
                todo.append(nxt)
    return None


@pytest.fixture(scope="module")
def graph():
    return import_graph(PACKAGE)


@pytest.mark.parametrize("module", PICTURE_MODULES)
def test_no_chain_of_imports_leads_from_a_picture_module_back_to_itself(graph, module):
    name = f"minimax_lessons.{module}"
    assert name in graph
    assert cycle_through(graph, name) is None, " -> ".join(cycle_through(graph, name))


def test_layout_imports_no_drawing_frames_or_widgets_even_inside_functions(graph):
    below = reachable(graph, "minimax_lessons.layout")
    assert "minimax_lessons.tree" in below  # it does read trees
    for above in ("draw", "frames", "animate", "render", "raster"):
        assert f"minimax_lessons.{above}" not in below
    assert "minimax_lessons" not in below  # nor the package, which imports everything


def test_the_tree_model_imports_no_drawing_or_frames(graph):
    below = reachable(graph, "minimax_lessons.tree")
    assert not below & {f"minimax_lessons.{m}" for m in ("draw", "frames", "layout", "animate")}


def test_drawing_and_animation_lay_out_through_the_layout_module(graph):
    assert "minimax_lessons.layout" in graph["minimax_lessons.draw"]
    assert "minimax_lessons.layout" in reachable(graph, "minimax_lessons.animate")


def write_package(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_check_sees_a_cycle_made_by_an_import_inside_a_function(tmp_path):
    pkg = write_package(tmp_path / "pkg", {
        "__init__.py": "",
        "tree.py": "def show():\n    from .draw import draw\n    return draw\n",
        "draw.py": "from .tree import Tree\n",
        "sub/__init__.py": "",
        "sub/deep.py": "from ..tree import Tree\nimport pkg.draw\n",
    })
    graph = import_graph(pkg)
    assert graph["pkg.tree"] == {"pkg.draw"} and graph["pkg.draw"] == {"pkg.tree"}
    assert graph["pkg.sub.deep"] == {"pkg.tree", "pkg.draw"}
    assert cycle_through(graph, "pkg.tree") == ["pkg.tree", "pkg.draw", "pkg.tree"]
    assert cycle_through(graph, "pkg.sub.deep") is None


def test_the_check_sees_a_cycle_through_the_package_itself(tmp_path):
    pkg = write_package(tmp_path / "pkg", {
        "__init__.py": "from .draw import draw\n",
        "draw.py": "def draw():\n    from . import layout\n",
        "layout.py": "def plan():\n    from pkg import draw\n    from pkg import draw_it\n",
    })
    graph = import_graph(pkg)
    assert graph["pkg.draw"] == {"pkg.layout"}
    assert graph["pkg.layout"] == {"pkg.draw", "pkg"}
    assert cycle_through(graph, "pkg.layout") is not None


# -- what a picture shows ------------------------------------------------------------

def test_a_plan_without_a_search_is_the_game_from_a_state_down_a_depth():
    p = plan(FIGURE_5_2, state="C", depth=1)
    assert p == Plan("C", (), p.spots)
    assert [s.state for s in p.spots] == ["C", "C1", "C2", "C3"]
    assert [s.id for s in p.spots] == ["n", "n_0", "n_1", "n_2"]


def test_a_picture_of_part_of_a_searched_tree_knows_where_it_sits_in_the_search():
    p = plan(FIGURE_5_2, state="C", search_root="A", reached=[(), (0,), (1,)])
    assert p.prefix == (1,)  # C is the root's second child
    assert [s.state for s in p.spots] == ["C", "C1", "C2", "C3"]  # a tree is drawn whole
    assert plan(FIGURE_5_2, search_root="A").root == "A"


def test_a_picture_of_a_search_on_a_game_stops_where_the_search_stopped():
    game = Nim((2, 2))
    last = build_frames(game, alphabeta(game, trace=True))[-1]
    pruned = [path for path, view in last.nodes.items() if view.status == "pruned"]
    assert pruned  # alpha-beta skips two moves of this game
    p = plan(game, search_root=last.root, reached=last.nodes, pruned=pruned)
    assert {s.path for s in p.spots} == set(last.nodes)  # no deeper, no node never reached
    folded = [s for s in p.spots if s.path in pruned]
    assert folded and all(s.cut or s.terminal for s in folded)
    unfolded = plan(game, search_root=last.root, reached=last.nodes)
    assert len(unfolded.spots) > len(p.spots)  # the pruned moves have moves below them


def test_a_game_picture_cannot_start_below_the_search_root():
    game = TicTacToe("XXOOO.X..")
    with pytest.raises(ValueError, match="not the root of the search"):
        plan(game, state="XXOOOXX..", search_root=game.initial_state())


def test_a_tree_picture_cannot_start_outside_the_searched_subtree():
    with pytest.raises(ValueError, match="'B2' is not below the search's root 'C'"):
        plan(FIGURE_5_2, state="B2", search_root="C")


def test_a_picture_too_large_is_refused_with_what_to_draw_instead():
    with pytest.raises(TreeTooLargeError, match="depth=3 draws the first 3 plies"):
        plan(TicTacToe())
    assert len(plan(TicTacToe(), depth=3).spots) < MAX_NODES


GAMES = [FIGURE_5_2, examples.SUBTREE_PRUNED, examples.TIES, examples.TWO_OPPONENTS,
         GameTree.random((1, 3), 4, seed=11), Nim((2, 2)), TicTacToe("XO.OX....")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: repr(g)[:30])
def test_every_picture_of_a_search_lays_out_the_same_nodes(game):
    for search in (minimax, alphabeta):
        animation = animate(search, game)
        ids = [s.id for s in animation.spots]
        drawing = draw_tree(game, result=animation.result)
        assert [s.id for s in drawing.spots] == ids
        assert [s.path for s in drawing.spots] == [s.path for s in animation.spots]
        last = draw_tree(game, frame=animation.frames[-1])
        assert [s.id for s in last.spots] == ids
        if isinstance(game, GameTree):  # a tree is drawn whole at every step
            for frame in animation.frames[::5]:
                assert [s.id for s in draw_tree(game, frame=frame).spots] == ids
