"""gametree: the harness's games and searches from Python.

    import gametree
    g = gametree.Game("kalah", seeds=4)
    r = gametree.search(g, g.initial_state(), algorithm="sss*", depth=6)
    r.value, r.best_move, r.pv, r.nodes

A search returns the fields of `harness search --json` as attributes (ints, floats, bools, str,
lists); every search runs with the GIL released. Bad input raises ValueError with the CLI's
one-line message. See docs/guide/python.md.
"""

from . import _core
from ._core import Game, State

__all__ = ["Game", "State", "Result", "games", "algorithms", "search", "search_many", "solve",
           "perft"]


class Result:
    """The fields of a `harness ... --json` object as attributes; as_dict() gives them back."""

    __slots__ = ("_fields",)

    def __init__(self, fields):
        object.__setattr__(self, "_fields", fields)

    def __getattr__(self, name):
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        raise AttributeError("a Result is read-only")

    def __dir__(self):
        return list(self._fields)

    def as_dict(self):
        return dict(self._fields)

    def __eq__(self, other):
        return isinstance(other, Result) and self._fields == other._fields

    def __repr__(self):
        keys = ("algorithm", "value", "result", "best_move", "depth", "nodes", "total")
        shown = ", ".join(f"{k}={self._fields[k]!r}" for k in keys if k in self._fields)
        return f"gametree.Result({shown})"


def games():
    """The games: [{name, description, params, evaluations, default_evaluation}]."""
    return _core.games()


def algorithms():
    """The searches and goal solvers: [{name, kind, aliases, description, options}]."""
    return _core.algorithms()


def search(game, state, algorithm, depth, options=None, eval="", max_nodes=0, max_ms=0.0):
    """One search of `state` (a State, a position in notation, or None: the start).

    depth: plies, or "max" (to the end: the value is exact when complete). options: the
    algorithm's options as a dict ({"tt": "on"}; True/False are on/off). A goal solver (pn, dfpn,
    ...) answers the game's goal instead: depth "max", fields result, main_line, goal.
    """
    return Result(_core.search(game, state, algorithm, depth, options or {}, eval or "",
                               max_nodes, max_ms))


def search_many(items, threads=0):
    """Searches on oneTBB threads (0: every core): items are dicts of search()'s arguments."""
    return [Result(r) for r in _core.search_many(list(items), threads)]


def solve(game, state=None, algorithm="dfpn", options=None, max_nodes=0, max_ms=0.0):
    """A goal solver's answer (proved, disproved, unknown) on the goal the game poses."""
    return search(game, state, algorithm, "max", options, "", max_nodes, max_ms)


def perft(game, state, depth):
    """Positions at each ply (per_ply), their total and time_ms, as `harness perft --json`."""
    return Result(_core.perft(game, state, depth))
