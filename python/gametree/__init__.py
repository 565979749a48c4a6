"""gametree: the harness's games and searches from Python.

    >>> import gametree
    >>> g = gametree.Game("kalah", seeds=4)
    >>> r = gametree.search(g, g.initial_state(), algorithm="sss*", depth=6)
    >>> r.value, r.best_move
    (3, '6')

A search returns the fields of `harness search --json` as attributes (ints, floats, bools, str,
lists); every search runs with the GIL released. A wrong type raises TypeError and a bad value
ValueError, each naming the argument. See docs/guide/python.md.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import tempfile
from typing import Any, Iterable, Mapping, Optional, Union

from . import _core
from ._core import Game, State

__version__: str = _core.__version__

__all__ = ["Game", "State", "Result", "games", "algorithms", "search", "search_many", "solve",
           "perft", "run", "compare", "read_run", "__version__"]

PathLike = Union[str, "os.PathLike[str]"]


class Result:
    """The fields of a `harness ... --json` object as attributes; as_dict() gives them back.

    >>> r = gametree.search(gametree.Game("tictactoe"), None, "alphabeta", 2)
    >>> r.algorithm, r.depth, type(r.nodes)
    ('alphabeta', 2, <class 'int'>)
    >>> sorted(r.as_dict())[:3]
    ['algorithm', 'alloc_ms', 'best_move']
    """

    __slots__ = ("_fields",)

    def __init__(self, fields: dict[str, Any]) -> None:
        if not isinstance(fields, dict):
            raise TypeError(f"fields: expected a dict, got {_type_name(fields)}")
        object.__setattr__(self, "_fields", fields)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Result is read-only")

    def __dir__(self) -> list[str]:
        return list(self._fields)

    def as_dict(self) -> dict[str, Any]:
        """The fields as a new dict (as `--json` prints them).

        >>> gametree.perft(gametree.Game("tictactoe"), None, 1).as_dict()["per_ply"]
        [1, 9]
        """
        return dict(self._fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self._fields == other._fields

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        keys = ("algorithm", "value", "result", "best_move", "depth", "nodes", "total")
        shown = ", ".join(f"{k}={self._fields[k]!r}" for k in keys if k in self._fields)
        return f"gametree.Result({shown})"


def games() -> list[dict[str, Any]]:
    """The games: [{name, description, params, evaluations, default_evaluation}], as
    `harness games --json` lists them.

    >>> "kalah" in [g["name"] for g in gametree.games()]
    True
    """
    return _core.games()


def algorithms() -> list[dict[str, Any]]:
    """The searches and goal solvers: [{name, kind, aliases, description, options}], as
    `harness algorithms --json` lists them.

    >>> sorted(a["name"] for a in gametree.algorithms() if a["kind"] == "goal solver")
    ['alphabeta', 'dfpn', 'dfpn+', 'pn', 'pn+']
    """
    return _core.algorithms()


def search(game: Game, state: Union[State, str, None], algorithm: str, depth: Union[int, str],
           options: Optional[Mapping[str, Union[str, int, float, bool]]] = None,
           eval: Optional[str] = None, max_nodes: int = 0, max_ms: float = 0.0) -> Result:
    """One search of `state` (a State, a position in notation, or None: the start).

    depth: plies, or "max" (to the end: the value is exact when complete; the result's depth is
    then None and to_end True, completed_depth the plies searched). options: the algorithm's
    options as a dict ({"tt": "on"}; True/False are on/off). eval: an evaluation of the game
    (None: its default). max_nodes, max_ms: budgets (0: none). A goal solver (pn, dfpn, ...)
    answers the game's goal instead: depth "max", fields result, main_line, goal.

    >>> g = gametree.Game("tictactoe")
    >>> r = gametree.search(g, None, "alphabeta", "max", options={"tt": True})
    >>> r.value, r.exact
    (0, True)
    """
    return Result(_core.search(game, state, algorithm, depth, options, eval, max_nodes, max_ms))


def search_many(items: Iterable[Mapping[str, Any]], threads: int = 0) -> list[Result]:
    """Searches on oneTBB threads (0: every core, at most 1024), results in the order given:
    items are dicts of search()'s keyword arguments (game, algorithm and depth required).

    >>> g = gametree.Game("random-tree", branching=3, depth=4)
    >>> rs = gametree.search_many([{"game": g, "algorithm": a, "depth": 4}
    ...                            for a in ("alphabeta", "sss*")], threads=2)
    >>> rs[0].value == rs[1].value
    True
    """
    return [Result(r) for r in _core.search_many(items, threads)]


_goal_solvers: Optional[dict[str, str]] = None


def _goal_solver_names() -> dict[str, str]:
    """Every name of a goal solver (aliases too) -> its registry name."""
    global _goal_solvers
    if _goal_solvers is None:
        _goal_solvers = {}
        for a in _core.algorithms():
            if a["kind"] == "goal solver":
                for name in [a["name"], *a.get("aliases", [])]:
                    _goal_solvers[name] = a["name"]
    return _goal_solvers


def solve(game: Game, state: Union[State, str, None] = None, algorithm: str = "dfpn",
          options: Optional[Mapping[str, Union[str, int, float, bool]]] = None,
          max_nodes: int = 0, max_ms: float = 0.0) -> Result:
    """A goal solver's answer (result: proved, disproved or unknown) on the goal the game poses,
    with best_move, main_line and goal. algorithm: a goal solver (alphabeta, pn, pn+, dfpn,
    dfpn+, or an alias); any other raises ValueError (search(game, state, algorithm, "max")
    searches to the end).

    >>> gametree.solve(gametree.Game("tictactoe")).result
    'disproved'
    """
    if not isinstance(algorithm, str):
        raise TypeError(f"algorithm: expected a str, got {_type_name(algorithm)}")
    if algorithm not in _goal_solver_names():
        solvers = ", ".join(sorted(set(_goal_solver_names().values())))
        raise ValueError(f"algorithm: '{algorithm}' is not a goal solver (goal solvers: "
                         f"{solvers}); search(game, state, '{algorithm}', 'max') searches to "
                         "the end")
    return Result(_core.solve(game, state, algorithm, options, max_nodes, max_ms))


def perft(game: Game, state: Union[State, str, None], depth: int) -> Result:
    """Positions at each ply (per_ply), their total and time_ms, as `harness perft --json`.
    depth: 0..64.

    >>> gametree.perft(gametree.Game("tictactoe"), None, 2).per_ply
    [1, 9, 72]
    """
    return Result(_core.perft(game, state, depth))


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _config_command(command: str, config: Union[PathLike, Mapping[str, Any]],
                    out: Optional[PathLike], threads: int, quiet: Optional[bool]) -> dict:
    """`harness COMMAND CONFIG --out OUT` in this process; the run folder as read_run() reads it.

    config: a path, or a dict written to OUT/input.yaml (JSON is YAML; elsewhere when OUT holds a
    run, which the command refuses). Bad input raises
    ValueError with the command's message; other failures RuntimeError."""
    if not isinstance(config, (str, os.PathLike, Mapping)):
        raise TypeError(f"config: expected a path or a dict, got {_type_name(config)}")
    if out is not None and not isinstance(out, (str, os.PathLike)):
        raise TypeError(f"out: expected a path or None, got {_type_name(out)}")
    if not isinstance(threads, int) or isinstance(threads, bool):
        raise TypeError(f"threads: expected an int, got {_type_name(threads)}")
    if not 0 <= threads <= 1024:
        raise ValueError(f"threads: {threads} is out of range (expected 0..1024)")
    if quiet is not None and not isinstance(quiet, bool):
        raise TypeError(f"quiet: expected a bool or None, got {_type_name(quiet)}")
    if quiet is None:
        quiet = not (hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
    if out is None:
        out = tempfile.mkdtemp(prefix=f"gametree-{command}-")
    out = os.fspath(out)
    if isinstance(config, Mapping):
        try:
            text = json.dumps(config)
        except (TypeError, ValueError) as e:
            raise TypeError(f"config: not a JSON-like dict: {e}") from None
        # A folder that holds a run is refused by the command: nothing is written into it.
        held = os.path.exists(os.path.join(out, "run.yaml"))
        folder = tempfile.mkdtemp(prefix="gametree-config-") if held else out
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "input.yaml")
        with open(path, "w") as f:
            f.write(text)
    else:
        path = os.fspath(config)
        if "\0" in path or (os.path.exists(path) and not os.path.isfile(path)):
            raise ValueError(f"config: {path!r} is not a regular file")
    argv = ["harness", command, path, "--out", out, "--quiet"]
    if threads:
        argv += ["--threads", str(threads)]
    rc, printed, err = _core.main(argv)
    if not quiet and printed:
        print(printed, end="")
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


def run(config: Union[PathLike, Mapping[str, Any]], out: Optional[PathLike] = None,
        threads: int = 0, quiet: Optional[bool] = None) -> dict[str, Any]:
    """`harness run CONFIG`: a tournament; returns read_run(out) (out: None for a new temporary
    folder). quiet: no standings printed (None: quiet unless stdout is a terminal).

    >>> t = gametree.run("configs/tictactoe.yaml", quiet=True)  # doctest: +SKIP
    >>> t["standings"][["player", "score"]]  # doctest: +SKIP
    """
    return _config_command("run", config, out, threads, quiet)


def compare(config: Union[PathLike, Mapping[str, Any]], out: Optional[PathLike] = None,
            threads: int = 0, quiet: Optional[bool] = None) -> dict[str, Any]:
    """`harness compare CONFIG`: algorithms side by side; returns read_run(out). A disagreement
    (exit 1) still returns the folder: its CSVs say where. quiet: no summary table printed
    (None: quiet unless stdout is a terminal).

    >>> c = gametree.compare("configs/compare-random-trees.yaml")  # doctest: +SKIP
    >>> c["summary"][["algorithm", "depth", "leaves_mean"]]  # doctest: +SKIP
    """
    return _config_command("compare", config, out, threads, quiet)


# The text columns of each CSV of docs/reference/run-folder.md: read as str ("" when empty) so
# that a column that is empty in one run has the dtype it has in another.
TEXT_COLUMNS: dict[str, frozenset[str]] = {
    "games": frozenset({"first", "second", "result", "termination", "forfeit", "reason",
                        "final_position", "opening_position"}),
    "moves": frozenset({"player", "move", "pv"}),
    "standings": frozenset({"player", "rating_status"}),
    "crosstable_long": frozenset({"player", "opponent"}),
    "pairs": frozenset({"player_a", "player_b"}),
    "compare": frozenset({"input", "set", "algorithm", "variant", "best_move", "error"}),
    "summary": frozenset({"group", "set", "algorithm", "variant", "solver"}),
    "inputs": frozenset({"input", "set", "group", "game", "position"}),
    "solve": frozenset({"problem", "algorithm", "result", "best_move"}),
    "tune": frozenset({"candidate", "source", "rating_status"}),
    "verify": frozenset({"verdict"}),
}
# crosstable.csv is text throughout (points/games cells).
_ALL_TEXT = frozenset({"crosstable"})
# Columns that are floats even when every value is whole: tune.csv's weights (w1..wN).
_FLOAT_COLUMNS = {"tune": re.compile(r"w\d+")}


def _column_types(name: str, header: list[str]) -> dict[str, Any]:
    """pandas dtypes for the documented columns of NAME.csv whose header is `header`."""
    if name in _ALL_TEXT:
        return {c: str for c in header}
    types: dict[str, Any] = {c: str for c in header if c in TEXT_COLUMNS.get(name, ())}
    if name in _FLOAT_COLUMNS:
        types.update({c: float for c in header if _FLOAT_COLUMNS[name].fullmatch(c)})
    return types


def read_run(path: PathLike) -> dict[str, Any]:
    """A run folder's CSV files as {name: table} (name without .csv), and "run.yaml" as its text.

    Tables are pandas DataFrames when pandas is installed, typed as docs/reference/run-folder.md
    says: numbers, true/false as bool, empty numbers NaN, text columns str ("" when empty),
    tune.csv's weights float; else lists of dicts of strings. A folder of an older format raises
    ValueError, as `harness report` refuses it. A run in progress (run.yaml: status running) is
    read as far as it goes, and "progress" says how far: {"status", "unit", "done", "total"}.

    >>> tables = gametree.read_run("results/my-run")  # doctest: +SKIP
    >>> tables["games"].dtypes["forfeit"]  # doctest: +SKIP
    dtype('O')
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path: expected a path, got {_type_name(path)}")
    try:
        import pandas
    except ImportError:
        pandas = None
    folder = os.fspath(path)
    if not os.path.isfile(os.path.join(folder, "run.yaml")):
        raise ValueError(f"{folder}: not a run folder (no run.yaml)")
    _check_format(folder)
    with open(os.path.join(folder, "run.yaml")) as f:
        run_yaml = f.read()
    # A run in progress (run.yaml: status running) is read as far as it goes: each file's complete
    # lines, the one being written left out; "progress" says how far it is.
    running = re.search(r"^  status: running$", run_yaml, re.MULTILINE) is not None
    tables: dict[str, Any] = {}
    for name in sorted(os.listdir(folder)):
        file = os.path.join(folder, name)
        if not name.endswith(".csv") or not os.path.isfile(file):
            continue
        with open(file, newline="") as f:
            content = f.read()
        if running:
            content = content[: content.rfind("\n") + 1]
        if pandas is not None:
            header = next(csv.reader(io.StringIO(content)), [])
            types = _column_types(name[:-4], header)
            table = pandas.read_csv(io.StringIO(content), dtype=types)
            text = [c for c, t in types.items() if t is str]
            if text:
                table[text] = table[text].fillna("")
            tables[name[:-4]] = table
        else:
            tables[name[:-4]] = list(csv.DictReader(io.StringIO(content)))
    tables["run.yaml"] = run_yaml
    if running:
        tables["progress"] = _progress(folder, run_yaml)
    return tables


def _progress(folder: str, run_yaml: str) -> dict[str, Any]:
    """How far a run in progress is: its unit, records journaled so far and run.yaml's total."""
    total = re.search(r"^  (\w+)_total: (\d+)$", run_yaml, re.MULTILINE)
    unit = total.group(1) if total else "jobs"
    journal = os.path.join(folder, "results.log")
    skip = 0
    if not os.path.isfile(journal):
        journal, skip = os.path.join(folder, "games.csv"), 1  # its header
    done = 0
    if os.path.isfile(journal):
        with open(journal, newline="") as f:
            done = max(0, f.read().count("\n") - skip)
    return {"status": "running", "unit": unit, "done": done,
            "total": int(total.group(2)) if total else None}


RUN_FOLDER_FORMAT = 3  # harness/pipeline/run_folder.h, kRunFolderFormat


def _check_format(folder: str) -> None:
    """ValueError naming the format of a run folder older than RUN_FOLDER_FORMAT."""
    with open(os.path.join(folder, "run.yaml")) as f:
        found = re.search(r"^  format: (\d+)$", f.read(), re.MULTILINE)
    fmt = int(found.group(1)) if found else 2
    if fmt < RUN_FOLDER_FORMAT:
        raise ValueError(f"{folder}/run.yaml: a run folder of format {fmt} (gametree-harness "
                         f"{'0.1' if fmt <= 1 else '0.2'}); this module reads format "
                         f"{RUN_FOLDER_FORMAT}: read it with the build that wrote it, or run it "
                         "again")
