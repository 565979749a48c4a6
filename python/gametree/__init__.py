"""gametree: the harness's games and searches from Python.

    import gametree
    g = gametree.Game("kalah", seeds=4)
    r = gametree.search(g, g.initial_state(), algorithm="sss*", depth=6)
    r.value, r.best_move, r.pv, r.nodes

A search returns the fields of `harness search --json` as attributes (ints, floats, bools, str,
lists); every search runs with the GIL released. Bad input raises ValueError with the CLI's
one-line message. See docs/guide/python.md.
"""

import csv
import json
import os
import re
import sys
import tempfile

from . import _core
from ._core import Game, State

__all__ = ["Game", "State", "Result", "games", "algorithms", "search", "search_many", "solve",
           "perft", "run", "compare", "read_run"]


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

    depth: plies, or "max" (to the end: the value is exact when complete; the result's depth is
    then None and to_end True, completed_depth the plies searched). options: the
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


def _config_command(command, config, out, threads, extra):
    """`harness COMMAND CONFIG --out OUT` in this process; the run folder as read_run() reads it.

    config: a path, or a dict written to OUT/input.yaml (JSON is YAML). Bad input raises
    ValueError with the command's message; other failures RuntimeError."""
    if out is None:
        out = tempfile.mkdtemp(prefix=f"gametree-{command}-")
    out = os.fspath(out)
    if isinstance(config, dict):
        os.makedirs(out, exist_ok=True)
        path = os.path.join(out, "input.yaml")
        with open(path, "w") as f:
            json.dump(config, f)
    else:
        path = os.fspath(config)
    argv = ["harness", command, path, "--out", out, "--quiet", *extra]
    if threads:
        argv += ["--threads", str(threads)]
    rc, err = _core.main(argv)
    lines = [line for line in err.splitlines() if line]
    for line in lines[:-1] if rc else lines:
        print(line, file=sys.stderr)
    message = lines[-1].removeprefix("error: ") if lines else f"harness {command}: exit {rc}"
    if rc == 2:
        raise ValueError(message)
    if rc == 130:
        raise KeyboardInterrupt(message)
    if rc not in (0, 1) or (rc == 1 and not os.path.exists(os.path.join(out, "run.yaml"))):
        raise RuntimeError(message)
    return read_run(out)


def run(config, out=None, threads=0):
    """`harness run CONFIG`: a tournament; returns read_run(out) (out: a new temporary folder)."""
    return _config_command("run", config, out, threads, [])


def compare(config, out=None, threads=0):
    """`harness compare CONFIG`: algorithms side by side; returns read_run(out). A disagreement
    (exit 1) still returns the folder: its CSVs say where."""
    return _config_command("compare", config, out, threads, [])


def read_run(path):
    """A run folder's CSV files as {name: table} (name without .csv), and "run.yaml" as its text.

    Tables are pandas DataFrames when pandas is installed (numbers, true/false as bool, empty cells
    NaN), else lists of dicts of strings. A folder of an older format raises ValueError, as
    `harness report` refuses it."""
    try:
        import pandas
    except ImportError:
        pandas = None
    folder = os.fspath(path)
    if not os.path.isfile(os.path.join(folder, "run.yaml")):
        raise ValueError(f"{folder}: not a run folder (no run.yaml)")
    _check_format(folder)
    tables = {}
    for name in sorted(os.listdir(folder)):
        file = os.path.join(folder, name)
        if not name.endswith(".csv") or not os.path.isfile(file):
            continue
        if pandas is not None:
            tables[name[:-4]] = pandas.read_csv(file)
        else:
            with open(file, newline="") as f:
                tables[name[:-4]] = list(csv.DictReader(f))
    with open(os.path.join(folder, "run.yaml")) as f:
        tables["run.yaml"] = f.read()
    return tables


RUN_FOLDER_FORMAT = 3  # harness/pipeline/run_folder.h, kRunFolderFormat


def _check_format(folder):
    """ValueError naming the format of a run folder older than RUN_FOLDER_FORMAT."""
    with open(os.path.join(folder, "run.yaml")) as f:
        found = re.search(r"^  format: (\d+)$", f.read(), re.MULTILINE)
    fmt = int(found.group(1)) if found else 2
    if fmt < RUN_FOLDER_FORMAT:
        raise ValueError(f"{folder}/run.yaml: a run folder of format {fmt} (gametree-harness "
                         f"{'0.1' if fmt <= 1 else '0.2'}); this module reads format "
                         f"{RUN_FOLDER_FORMAT}: read it with the build that wrote it, or run it "
                         "again")
