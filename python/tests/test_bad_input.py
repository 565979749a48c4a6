"""No input takes the interpreter down: every public callable, given None, a wrong type, an unknown
name, a bad position or a number out of range, raises TypeError or ValueError whose message names
the argument in Python's terms (no command-line flag). Each callable's table runs in a subprocess
of its own, so that a crash (a segmentation fault, an abort, a hang) fails the test and names the
case it died in."""

import json
import os
import subprocess
import sys

import pytest

# What every case may use.
SETUP = """
import math
import gametree
from gametree import _core
g = gametree.Game("tictactoe")
k = gametree.Game("kalah")
s = g.initial_state()
over = s
while not over.is_terminal():
    over = over.play(over.legal_moves()[0])
ok = {"game": g, "algorithm": "alphabeta", "depth": 2}
"""

# Runs the cases it reads from stdin (one expression each) and writes one JSON line per case as it
# finishes it: the exception's type and message, or the repr of what the expression returned.
WORKER = SETUP + """
import json, sys
for i, case in enumerate(json.load(sys.stdin)):
    try:
        got = {"returned": repr(eval(case))}
    except Exception as e:
        got = {"raised": type(e).__name__, "message": str(e)}
    print(json.dumps(got), flush=True)
"""

T, V = "TypeError", "ValueError"

# callable: [(expression, exception or "returned VALUE", text its message holds)]
CASES = {
    "games/algorithms": [
        ("gametree.games(None)", T, "games()"),
        ("gametree.algorithms(1)", T, "algorithms()"),
    ],
    "Game": [
        ("gametree.Game(None)", T, "name: str"),
        ("gametree.Game(5)", T, "name: str"),
        ("gametree.Game('chess')", V, "chess"),
        ("gametree.Game('')", V, "game"),
        ("gametree.Game('kalah', seeds=None)", T, "params['seeds']"),
        ("gametree.Game('kalah', seeds=[4])", T, "params['seeds']"),
        ("gametree.Game('kalah', seeds=-1)", V, "seeds"),
        ("gametree.Game('kalah', seeds=10**30)", V, "seeds"),
        ("gametree.Game('kalah', seeds=float('nan'))", V, "seeds"),
        ("gametree.Game('kalah', nosuch=1)", V, "nosuch"),
        ("gametree.Game('go-capture', file='/dev/zero')", V, "not a regular file"),
        ("gametree.Game('go-capture', file='/')", V, "not a regular file"),
        ("gametree.Game('go-capture', file='/no/such.sgf')", V, "/no/such.sgf"),
        ("gametree.Game('go-capture', file=None)", T, "params['file']"),
        ("gametree.Game.initial_state(None)", T, "gametree.Game"),
        ("gametree.Game.__new__(gametree.Game).label", T, "not initialised"),
        ("gametree.Game.__new__(gametree.Game).params", T, "not initialised"),
        ("repr(gametree.Game.__new__(gametree.Game))", T, "not initialised"),
        ("gametree.Game.__new__(gametree.Game).initial_state()", T, "self"),
        ("gametree.Game.__new__(gametree.Game).parse('x')", T, "self"),
    ],
    "Game.parse/state": [
        ("g.parse(None)", T, "text: str"),
        ("g.parse(5)", T, "text: str"),
        ("g.parse('not a position')", V, "text"),
        ("g.parse('x' * 100000)", V, "text"),
        ("g.state(None)", T, "text: str"),
        ("g.state('xxxxxxxxxxxx')", V, "text"),
        ("gametree.Game('connect-four').parse('9')", V, "text"),
        ("gametree.Game('kalah').parse('-1')", V, "text"),
    ],
    "State": [
        ("s.play(None)", T, "move: str"),
        ("s.play(5)", T, "move: str"),
        ("s.play('z9')", V, "z9"),
        ("s.play('')", V, ""),
        ("over.play('c3')", V, ""),
        ("s.legal_moves(None)", T, "order: str"),
        ("s.legal_moves(order='random')", V, "order"),
        ("s.final_value()", V, "final_value"),
        ("s == 5", "returned False", ""),
        ("s == None", "returned False", ""),
        ("s != 'x'", "returned True", ""),
        ("s == k.initial_state()", "returned False", ""),
        ("gametree.State.play(None, 'a1')", T, "gametree.State"),
        ("gametree.State()", T, ""),
        ("gametree.State.__new__(gametree.State).to_string()", T, "not initialised"),
        ("gametree.State.__new__(gametree.State).legal_moves()", T, "not initialised"),
        ("gametree.State.__new__(gametree.State).play('a1')", T, "not initialised"),
        ("hash(gametree.State.__new__(gametree.State))", T, "not initialised"),
        ("gametree.State.__new__(gametree.State) == s", T, "not initialised"),
        ("gametree.search(g, gametree.State.__new__(gametree.State), 'alphabeta', 2)", T,
         "state"),
    ],
    "search": [
        ("gametree.search(None, None, 'alphabeta', 3)", T, "game"),
        ("gametree.search('tictactoe', None, 'alphabeta', 3)", T, "game"),
        ("gametree.search(gametree.Game.__new__(gametree.Game), None, 'alphabeta', 3)", T,
         "game"),
        ("gametree.search(g, 5, 'alphabeta', 3)", T, "state"),
        ("gametree.search(g, k.initial_state(), 'alphabeta', 3)", V, "state"),
        ("gametree.search(g, 'not a position', 'alphabeta', 3)", V, "state"),
        ("gametree.search(g, '', 'alphabeta', 3)", V, "state"),
        ("gametree.search(g, None, None, 3)", T, "algorithm"),
        ("gametree.search(g, None, 5, 3)", T, "algorithm"),
        ("gametree.search(g, None, 'nosuch', 3)", V, "nosuch"),
        ("gametree.search(g, None, 'alphabeta', None)", T, "depth"),
        ("gametree.search(g, None, 'alphabeta', 2.5)", T, "depth"),
        ("gametree.search(g, None, 'alphabeta', True)", T, "depth"),
        ("gametree.search(g, None, 'alphabeta', -1)", V, "depth"),
        ("gametree.search(g, None, 'alphabeta', 10**30)", V, "depth"),
        ("gametree.search(g, None, 'alphabeta', 'deep')", V, "depth"),
        ("gametree.search(g, None, 'alphabeta', 2, options=5)", T, "options"),
        ("gametree.search(g, None, 'alphabeta', 2, options=[('tt', 'on')])", T, "options"),
        ("gametree.search(g, None, 'alphabeta', 2, options={'tt': None})", T, "options['tt']"),
        ("gametree.search(g, None, 'alphabeta', 2, options={1: 'on'})", T, "options"),
        ("gametree.search(g, None, 'alphabeta', 2, options={'nosuch': 1})", V, "nosuch"),
        ("gametree.search(g, None, 'alphabeta', 2, options={'tt': 'maybe'})", V, "tt"),
        ("gametree.search(g, None, 'sss*', 2, options={'tt': 'on'})", V, "tt"),
        ("gametree.search(g, None, 'alphabeta', 2, eval=5)", T, "eval"),
        ("gametree.search(g, None, 'alphabeta', 2, eval='nosuch')", V, "nosuch"),
        ("gametree.search(g, None, 'alphabeta', 2, max_nodes=None)", T, "max_nodes"),
        ("gametree.search(g, None, 'alphabeta', 2, max_nodes=1.5)", T, "max_nodes"),
        ("gametree.search(g, None, 'alphabeta', 2, max_nodes=-1)", V, "max_nodes"),
        ("gametree.search(g, None, 'alphabeta', 2, max_nodes=2**64)", V, "max_nodes"),
        ("gametree.search(g, None, 'alphabeta', 2, max_ms=None)", T, "max_ms"),
        ("gametree.search(g, None, 'alphabeta', 2, max_ms='5')", T, "max_ms"),
        ("gametree.search(g, None, 'alphabeta', 2, max_ms=-1)", V, "max_ms"),
        ("gametree.search(g, None, 'alphabeta', 2, max_ms=float('inf'))", V, "max_ms"),
        ("gametree.search(g, None, 'alphabeta', 2, max_ms=float('nan'))", V, "max_ms"),
        ("gametree.search(g, None, 'dfpn', 3)", V, "depth"),
        ("_core.search(None, None, 'alphabeta', 3)", T, "game"),
    ],
    "search_many": [
        ("gametree.search_many(None)", T, "items"),
        ("gametree.search_many(5)", T, "items"),
        ("gametree.search_many('abc')", T, "items"),
        ("gametree.search_many({'game': g})", T, "items"),
        ("gametree.search_many([None])", T, "items[0]"),
        ("gametree.search_many([ok, {**ok, 'game': None}])", T, "items[1]: game"),
        ("gametree.search_many([{'game': g}])", V, "items[0]"),
        ("gametree.search_many([{**ok, 'bogus': 1}])", V, "bogus"),
        ("gametree.search_many([{1: 2}])", V, "items[0]"),
        ("gametree.search_many([{**ok, 'depth': -1}])", V, "items[0]: depth"),
        ("gametree.search_many([{**ok, 'max_ms': math.inf}])", V, "items[0]: max_ms"),
        ("gametree.search_many([{**ok, 'state': 'zz'}])", V, "items[0]: state"),
        ("gametree.search_many([ok], threads=100000)", V, "threads"),
        ("gametree.search_many([ok], threads=-1)", V, "threads"),
        ("gametree.search_many([ok], threads=2**70)", V, "threads"),
        ("gametree.search_many([ok], threads=None)", T, "threads"),
        ("gametree.search_many([ok], threads=1.0)", T, "threads"),
        ("len(gametree.search_many([ok] * 3, threads=1024))", "returned 3", ""),
        ("len(gametree.search_many([ok] * 300, threads=1024))", "returned 300", ""),
        ("gametree.search_many([])", "returned []", ""),
    ],
    "solve": [
        ("gametree.solve(None)", T, "game"),
        ("gametree.solve(g, 5)", T, "state"),
        ("gametree.solve(g, None, None)", T, "algorithm"),
        ("gametree.solve(g, None, 'minimax')", V, "not a goal solver"),
        ("gametree.solve(g, None, 'negascout')", V, "not a goal solver"),
        ("gametree.solve(g, None, 'alphabeta').result", "returned 'disproved'", ""),
        ("gametree.solve(g, None, 'nosuch')", V, "not a goal solver"),
        ("gametree.solve(g, None, 'dfpn', options=5)", T, "options"),
        ("gametree.solve(g, None, 'dfpn', options={'nosuch': 1})", V, "nosuch"),
        ("gametree.solve(g, None, 'dfpn', max_nodes=-1)", V, "max_nodes"),
        ("gametree.solve(g, None, 'dfpn', max_ms=math.inf)", V, "max_ms"),
        ("gametree.solve(g, None, 'pn').result", "returned 'disproved'", ""),
    ],
    "perft": [
        ("gametree.perft(None, None, 2)", T, "game"),
        ("gametree.perft(g, 5, 2)", T, "state"),
        ("gametree.perft(g, 'zz', 2)", V, "state"),
        ("gametree.perft(g, None, None)", T, "depth"),
        ("gametree.perft(g, None, '2')", T, "depth"),
        ("gametree.perft(g, None, -1)", V, "depth"),
        ("gametree.perft(g, None, 65)", V, "depth"),
        ("gametree.perft(g, None, 10**30)", V, "depth"),
        ("_core.perft(None, None, 2)", T, "game"),
    ],
    "run/compare": [
        ("gametree.run(None)", T, "config"),
        ("gametree.run(5)", T, "config"),
        ("gametree.run('/dev/zero')", V, "not a regular file"),
        ("gametree.run('/')", V, "not a regular file"),
        ("gametree.run('/no/such.yaml')", V, "/no/such.yaml"),
        ("gametree.run({'a': object()})", T, "config"),
        ("gametree.run('configs/tictactoe.yaml', out=5)", T, "out"),
        ("gametree.run('configs/tictactoe.yaml', threads=100000)", V, "threads"),
        ("gametree.run('configs/tictactoe.yaml', threads=None)", T, "threads"),
        ("gametree.run('configs/tictactoe.yaml', quiet='yes')", T, "quiet"),
        ("gametree.compare(None)", T, "config"),
        ("gametree.compare('/dev/zero')", V, "not a regular file"),
        ("gametree.compare({'nosuch': 1})", V, "nosuch"),
        ("gametree.compare('configs/compare-random-trees.yaml', threads=-1)", V, "threads"),
    ],
    "read_run/Result": [
        ("gametree.read_run(None)", T, "path"),
        ("gametree.read_run(5)", T, "path"),
        ("gametree.read_run('/dev/zero')", V, "not a run folder"),
        ("gametree.read_run('/no/such')", V, "not a run folder"),
        ("gametree.Result(None)", T, "fields"),
        ("gametree.Result({}).nosuch", "AttributeError", "nosuch"),
    ],
}


def run_cases(cases):
    """Each case's outcome as the worker reports it; fails naming the case a crash happened in."""
    env = dict(os.environ, PYTHONFAULTHANDLER="1")
    p = subprocess.run([sys.executable, "-c", WORKER], input=json.dumps([c[0] for c in cases]),
                       capture_output=True, text=True, timeout=300, env=env,
                       cwd=os.environ.get("GTS_SOURCE_DIR", "."))
    outcomes = [json.loads(line) for line in p.stdout.splitlines()]
    if p.returncode != 0 or len(outcomes) != len(cases):
        died = cases[len(outcomes)][0] if len(outcomes) < len(cases) else "after the last case"
        pytest.fail(f"the interpreter ended with exit {p.returncode} at `{died}`:\n"
                    f"{p.stderr[-3000:]}")
    # Nothing raw on stderr either (oneTBB's "TBB Warning: The number of workers is ...").
    assert "Warning" not in p.stderr, p.stderr
    return outcomes


@pytest.mark.parametrize("callable_name", list(CASES))
def test_bad_input_raises_and_never_crashes(callable_name):
    cases = CASES[callable_name]
    wrong = []
    for (expression, expected, text), got in zip(cases, run_cases(cases)):
        if expected.startswith("returned "):
            ok = got.get("returned") == expected[len("returned "):]
        else:
            message = got.get("message", "")
            ok = (got.get("raised") == expected and text in message and
                  "--" not in message.replace("-->", ""))
        if not ok:
            wrong.append(f"{expression}: expected {expected} naming {text!r}, got {got}")
    assert not wrong, "\n".join(wrong)
