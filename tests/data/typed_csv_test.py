"""Every CSV of every run kind, and `harness search --json`, read by pandas with typed columns.

    python3 tests/data/typed_csv_test.py HARNESS SOURCE_DIR

Runs a tournament (round robin, with moves), a gauntlet (with a player that searches to the end),
one with a perfect score (no finite rating: missing values),
a compare (and one of move accuracy), a solve and a tune (SPSA, and a round robin of candidates) into a temporary folder, reads every CSV with pandas.read_csv (no
options: what a user types), and checks: a column that is not text (TEXT below) has a numeric
dtype, a boolean column (BOOLEAN) reads as bool (object only where a cell is empty, its values
True/False), no cell reads 'inf', 'nan', 'yes' or 'no', and no depth is a sentinel. Exit 1 naming
every file and column at fault.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import pandas

HARNESS, SOURCE = sys.argv[1], sys.argv[2]

# Columns that hold names, notations or categories: text by design.
TEXT = {"input", "set", "group", "game", "position", "algorithm", "variant", "best_move", "error",
        "player", "opponent", "move", "pv", "first", "second", "result", "termination", "forfeit",
        "reason", "final_position", "opening_position", "rating_status", "player_a", "player_b",
        "problem", "expected", "candidate", "source", "verdict", "budget_unit"}
BOOLEAN = {"to_end", "agrees", "complete", "exact", "searched", "correct", "best", "optimal"}
# crosstable.csv is the printable matrix of "points/games" cells; crosstable_long.csv its data.
NOT_DATA = {"crosstable.csv"}
WORDS = {"inf", "-inf", "nan", "-nan", "yes", "no", "max"}

SMALL_TUNE = """name: tn
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 1}
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
spsa: {iterations: 3, pairs: 2}
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 8, batch_pairs: 2}
seed: 1
"""
SMALL_ROUND_ROBIN = """name: rr
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 1}
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
method: round-robin
round_robin:
  candidates: [[0.5, 0.5, 0.5, 0.5, 1, -0.5, -0.5, -0.5, -0.5, -1]]
  sample: {count: 1, spread: 0.3}
  pairs: 2
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 8, batch_pairs: 2}
seed: 3
"""
# Alpha-beta wins every game against the random player: no finite rating exists (empty cells).
PERFECT_SCORE = """name: sweep
game: {name: kalah, params: {pits: 4, seeds: 3}}
players:
  - {name: ab, algorithm: alphabeta, depth: 4}
  - {name: random, algorithm: random, depth: 1}
openings: {kind: random, count: 3, plies: 2}
tournament: {pairs: 1}
seed: 1
"""
SMALL_COMPARE = """name: cmp
inputs:
  - name: tree
    game: {name: random-tree, params: {depth: 4}}
    sweep: {seed: [1, 2], branching: [2, 3]}
    depths: [2, max]
  - name: ttt
    game: tictactoe
    positions: {list: ["XO./.../...:X", "O../.X./...:X"]}
    depths: [2, max]
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: ab-cut, algorithm: alphabeta, options: {id: on}, nodes: 20}
  - {name: sss, algorithm: sss*}
baseline: ab
"""
SMALL_ACCURACY = """name: acc
inputs:
  - {name: ttt, game: tictactoe, positions: {sample: 4, plies: 1..3}}
  - name: tree
    game: {name: random-tree, params: {depth: 4}}
    sweep: {seed: [1, 2], branching: [2, 3]}
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: mtdf, algorithm: mtdf}
accuracy: {budgets: [1, 100]}
"""


def run(kind, config, out):
    p = subprocess.run([HARNESS, kind, config, "--out", out, "--quiet", "--threads", "2"],
                       capture_output=True, text=True, timeout=600)
    # compare exits 1 for the budgeted algorithm's disagreement: its rows are what is checked.
    if p.returncode not in (0, 1) or not os.path.exists(os.path.join(out, "run.yaml")):
        sys.exit(f"harness {kind} {config}: exit {p.returncode}: {p.stderr}")


def problems_of(path):
    """What is wrong with the CSV's columns, one line each."""
    table = pandas.read_csv(path)
    raw = pandas.read_csv(path, dtype=str, keep_default_na=False)
    name = os.path.basename(path)
    out = []
    for column in table.columns:
        series = table[column]
        where = f"{path}: column {column} ({series.dtype})"
        text = series.dropna().astype(str)
        # As written, before pandas reads "nan" or "inf" as a number.
        cells = raw[column]
        bad = sorted(set(cells[cells.str.lower().isin(WORDS)]))
        if bad and column not in TEXT:
            out.append(f"{where}: cells {bad}")
        if column in TEXT:
            continue
        if column in BOOLEAN or (column.startswith("param_") and series.dtype == bool):
            values = set(series.dropna())
            if series.dtype != bool and not (series.dtype == object and values <= {True, False}):
                out.append(f"{where}: not a boolean column (values {sorted(map(str, values))[:4]})")
            elif series.dtype == object and not series.isna().any():
                out.append(f"{where}: a boolean column without empty cells read as object")
            continue
        if column.startswith("param_") and series.dtype == object:
            continue  # a swept choice parameter: its values as the config writes them
        if not pandas.api.types.is_numeric_dtype(series) or series.dtype == bool:
            out.append(f"{where}: not numeric (first values {list(text[:3])})")
        elif "depth" in column and (series.dropna() >= 1 << 20).any():
            out.append(f"{where}: a sentinel depth")
    if name in ("games.csv", "moves.csv", "standings.csv", "compare.csv", "summary.csv"):
        for column in table.columns:
            if "cpu" in column and column.endswith("_ms") or column.endswith("cpu_ms_per_move"):
                out.append(f"{path}: column {column}: CPU time in ms (every file gives it in µs)")
    return out


def check_search_json():
    out = []
    p = subprocess.run([HARNESS, "search", "--game", "random-tree", "--param", "branching=3",
                        "--param", "depth=5", "--algorithm", "alphabeta", "--option", "tt=on",
                        "--depth", "max", "--json"], capture_output=True, text=True, timeout=60)
    j = json.loads(p.stdout)
    for key in ("depth", "completed_depth", "nodes", "leaves", "value", "cpu_us", "time_ms"):
        if isinstance(j[key], str):
            out.append(f"search --json: {key} is text: {j[key]!r}")
    if j["depth"] is not None or j["to_end"] is not True or j["completed_depth"] != 5:
        out.append(f"search --json: depth {j['depth']!r}, to_end {j['to_end']!r}, "
                   f"completed_depth {j['completed_depth']!r} for a search to the end of depth 5")
    if j["params"]["branching"] != 3 or j["options"]["tt"] is not True:
        out.append(f"search --json: params {j['params']}, options {j['options']}: not typed")
    return out


def main():
    work = tempfile.mkdtemp(prefix="typed-csv-")
    configs = os.path.join(SOURCE, "configs")
    with open(os.path.join(configs, "tictactoe.yaml")) as f:
        gauntlet = f.read() + "output: {moves: true}\n"
    written = {"gauntlet.yaml": gauntlet, "compare.yaml": SMALL_COMPARE,
               "accuracy.yaml": SMALL_ACCURACY, "tune.yaml": SMALL_TUNE,
               "round-robin.yaml": SMALL_ROUND_ROBIN, "perfect.yaml": PERFECT_SCORE}
    for name, text in written.items():
        with open(os.path.join(work, name), "w") as f:
            f.write(text)
    runs = [("run", os.path.join(configs, "quickstart.yaml"), "tournament"),
            ("run", os.path.join(work, "gauntlet.yaml"), "gauntlet"),
            ("run", os.path.join(work, "perfect.yaml"), "perfect"),
            ("compare", os.path.join(work, "compare.yaml"), "compare"),
            ("compare", os.path.join(work, "accuracy.yaml"), "accuracy"),
            ("solve", os.path.join(configs, "solve-tictactoe.yaml"), "solve"),
            ("tune", os.path.join(work, "tune.yaml"), "tune"),
            ("tune", os.path.join(work, "round-robin.yaml"), "round-robin")]
    problems, files = [], 0
    for kind, config, folder in runs:
        out = os.path.join(work, folder)
        run(kind, config, out)
        names = sorted(n for n in os.listdir(out) if n.endswith(".csv") and n not in NOT_DATA)
        if not names:
            problems.append(f"{out}: no CSV")
        for name in names:
            files += 1
            problems += problems_of(os.path.join(out, name))
    # The run that exists for it holds the missing values it is meant to show.
    standings = pandas.read_csv(os.path.join(work, "perfect", "standings.csv"))
    if not standings["elo"].isna().any():
        problems.append(f"{work}/perfect/standings.csv: every player rated (no missing value)")
    problems += check_search_json()
    for line in problems:
        print(line)
    print(f"{files} CSV files of {len(runs)} runs read: {len(problems)} problems")
    if problems:
        print(f"the runs are kept in {work}")
        return 1
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
