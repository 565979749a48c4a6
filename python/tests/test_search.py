"""Every game and algorithm reachable from search(), with the CLI's values, counters and errors."""

import pytest

import gametree
from conftest import untimed

GAMES = [g["name"] for g in gametree.games()]
SEARCHES = [a["name"] for a in gametree.algorithms() if a["kind"] == "search"]
SOLVERS = [a["name"] for a in gametree.algorithms() if a["kind"] == "goal solver"]


def python_side(game, *args, **kwargs):
    """search()'s fields, or the message of the ValueError it raised."""
    try:
        return untimed(gametree.search(gametree.Game(game), *args, **kwargs).as_dict())
    except ValueError as e:
        return str(e)


def cli_side(cli, *args):
    rc, out, err = cli.run("search", *args, "--json")
    if rc == 0:
        import json
        return untimed(json.loads(out))
    assert rc == 2, err
    return err[len("error: "):].rstrip("\n")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("algorithm", SEARCHES)
def test_search_equals_the_cli(cli, game, algorithm):
    py = python_side(game, None, algorithm, 2)
    assert py == cli_side(cli, "--game", game, "--algorithm", algorithm, "--depth", "2")
    if isinstance(py, dict):
        assert py["algorithm"] == algorithm and py["depth"] == 2 and py["to_end"] is False
        assert type(py["completed_depth"]) is int and all(
            type(v) in (int, bool, str) for v in py["params"].values())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("solver", SOLVERS)
def test_goal_solver_equals_the_cli(cli, game, solver):
    py = python_side(game, None, solver, "max", max_nodes=3000)
    assert py == cli_side(cli, "--game", game, "--algorithm", solver, "--depth", "max",
                          "--max-nodes", "3000")


def test_kalah_value_exact_with_typed_counters(cli):
    g = gametree.Game("kalah", pits=3, seeds=2)
    s = g.initial_state().play(g.initial_state().legal_moves()[0])
    r = gametree.search(g, s, algorithm="mt-sss*", depth="max")
    fields = r.as_dict()
    assert fields.keys() >= {"value", "best_move", "pv", "exact", "nodes", "leaves", "interior",
                             "cutoffs", "tt_probes", "tt_hits", "peak_open", "peak_bytes"}
    assert r.exact is True and isinstance(r.value, int)
    assert r.depth is None and r.to_end is True and 1 <= r.completed_depth < 100
    assert r.params["pits"] == 3 and r.params["seeds"] == 2
    for k in ("nodes", "leaves", "interior", "cutoffs", "tt_probes", "tt_hits", "peak_bytes"):
        assert type(fields[k]) is int, k
    assert type(fields["time_ms"]) is float and type(fields["cpu_us"]) is int
    assert r.best_move == r.pv[0] and r.best_move in s.legal_moves()
    ref = cli.json("search", "--game", "kalah", "--param", "pits=3", "--param", "seeds=2",
                   "--position", s.to_string(), "--algorithm", "minimax", "--depth", "max")
    assert r.value == ref["value"]
    assert untimed(fields) == untimed(cli.json(
        "search", "--game", "kalah", "--param", "pits=3", "--param", "seeds=2", "--position",
        s.to_string(), "--algorithm", "mt-sss*", "--depth", "max"))


def test_options_eval_and_budgets_reach_the_search(cli):
    g = gametree.Game("random-tree", branching=3, depth=6, seed=7)
    r = gametree.search(g, None, "alphabeta", 6, options={"ordering": "none", "tt": False},
                        max_nodes=50)
    ref = cli.json("search", "--game", "random-tree", "--param", "branching=3", "--param",
                   "depth=6", "--param", "seed=7", "--algorithm", "alphabeta", "--option",
                   "ordering=none", "--option", "tt=off", "--depth", "6", "--max-nodes", "50")
    assert untimed(r.as_dict()) == untimed(ref)
    assert r.options["tt"] is False and r.params["branching"] == 3
    assert r.complete is False  # the budget stopped it


def test_typed_params_go_back_in():
    """A result's params make the game again: a yes/no choice's boolean is yes/no."""
    g = gametree.Game("random-tree", branching=3, depth=4, distinct=False)
    r = gametree.search(g, None, "alphabeta", 4)
    assert r.params["distinct"] is False and r.params["depth"] == 4
    again = gametree.search(gametree.Game("random-tree", **r.params), None, "alphabeta", 4)
    assert again.value == r.value and again.params == r.params


def test_solve_answers_the_goal(cli):
    g = gametree.Game("tictactoe")
    r = gametree.solve(g, None, "dfpn")
    assert r.result in ("proved", "disproved") and r.complete
    assert untimed(r.as_dict()) == untimed(cli.json(
        "search", "--game", "tictactoe", "--algorithm", "dfpn", "--depth", "max"))


def test_search_many_equals_one_by_one():
    g = gametree.Game("random-tree", branching=4, depth=6)
    items = [{"game": g, "state": None, "algorithm": a, "depth": 6, "options": {}}
             for a in ("alphabeta", "sss*", "mt-sss*", "minimax")] * 3
    many = gametree.search_many(items, threads=2)
    one = [gametree.search(**{**i}) for i in items]
    assert [untimed(r.as_dict()) for r in many] == [untimed(r.as_dict()) for r in one]
    assert len({r.value for r in many}) == 1  # every algorithm finds the minimax value


BAD = [
    (lambda: gametree.Game("chess"), ("search", "--game", "chess", "--algorithm", "minimax",
                                      "--depth", "1")),
    (lambda: gametree.Game("kalah", seeds=99), ("search", "--game", "kalah", "--param",
                                                "seeds=99", "--algorithm", "minimax",
                                                "--depth", "1")),
    (lambda: gametree.search(gametree.Game("kalah"), None, "nosuch", 1),
     ("search", "--game", "kalah", "--algorithm", "nosuch", "--depth", "1")),
    (lambda: gametree.search(gametree.Game("kalah"), None, "alphabeta", 1,
                             options={"fail": "maybe"}),
     ("search", "--game", "kalah", "--algorithm", "alphabeta", "--option", "fail=maybe",
      "--depth", "1")),
    (lambda: gametree.search(gametree.Game("kalah"), None, "alphabeta", "deep"),
     ("search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "deep")),
    (lambda: gametree.search(gametree.Game("kalah"), None, "alphabeta", 2, eval="nosuch"),
     ("search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "2", "--eval",
      "nosuch")),
    (lambda: gametree.search(gametree.Game("tictactoe"), "xxxxxxxxxxxx", "alphabeta", 2),
     ("search", "--game", "tictactoe", "--position", "xxxxxxxxxxxx", "--algorithm", "alphabeta",
      "--depth", "2")),
    (lambda: gametree.search(gametree.Game("kalah"), None, "dfpn", 3),
     ("search", "--game", "kalah", "--algorithm", "dfpn", "--depth", "3")),
    (lambda: gametree.search(gametree.Game("kalah"), None, "dfpn", "max", eval="store-diff"),
     ("search", "--game", "kalah", "--algorithm", "dfpn", "--depth", "max", "--eval",
      "store-diff")),
]


def python_terms(message):
    """The CLI's message with its flags written as search()'s arguments."""
    for flag, name in (("--position", "state"), ("--depth", "depth"), ("--eval", "eval"),
                       ("--option", "options"), ("--param", "params"),
                       ("`harness games`", "gametree.games()"),
                       ("`harness algorithms`", "gametree.algorithms()")):
        message = message.replace(flag, name)
    return message


@pytest.mark.parametrize("call,args", BAD)
def test_bad_input_raises_the_clis_message(cli, call, args):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == python_terms(cli.error(*args))
    assert "--" not in str(e.value)


def test_bad_moves_and_states_raise_value_error():
    g = gametree.Game("tictactoe")
    with pytest.raises(ValueError):
        g.initial_state().play("z9")
    with pytest.raises(ValueError):
        g.state("not a position")
    with pytest.raises(ValueError):
        gametree.search(g, gametree.Game("kalah").initial_state(), "minimax", 1)
    with pytest.raises(ValueError):
        gametree.search_many([{"game": g, "algorithm": "minimax"}])
    with pytest.raises(ValueError):
        g.initial_state().final_value()


def test_mcts_through_the_registry(cli):
    """mcts proves tic-tac-toe a draw, and under a node budget reports its own counters as the
    CLI does."""
    g = gametree.Game("tictactoe")
    r = gametree.search(g, g.initial_state(), algorithm="mcts", depth="max")
    assert r.exact is True and r.value == 0 and r.best_move in g.initial_state().legal_moves()
    assert r.as_dict()["iterations"] > 0
    options = {"solver": "off", "seed": "3"}
    b = gametree.search(gametree.Game("connect-four"), None, "mcts", "max", options=options,
                        max_nodes=5000)
    fields = b.as_dict()
    assert b.exact is False and fields["nodes"] <= 5000 and fields["playout_plies"] > 0
    assert untimed(fields) == cli_side(cli, "--game", "connect-four", "--algorithm", "mcts",
                                       "--option", "solver=off", "--option", "seed=3",
                                       "--depth", "max", "--max-nodes", "5000")


def test_mcts_root_parallelisation(cli):
    """parallel=root reaches mcts from Python as from the CLI: a tree a thread, exactly the
    iterations asked for, the same counts for the same seed; a bad value is refused."""
    options = {"solver": "off", "threads": 2, "parallel": "root", "iterations": 2001, "seed": 4}
    r = gametree.search(gametree.Game("kalah"), None, "mcts", "max", options=options)
    fields = r.as_dict()
    assert fields["iterations"] == 2001 and len(fields["thread_nodes"]) == 2
    assert untimed(fields) == cli_side(cli, "--game", "kalah", "--algorithm", "mcts",
                                       "--option", "solver=off", "--option", "threads=2",
                                       "--option", "parallel=root", "--option", "iterations=2001",
                                       "--option", "seed=4", "--depth", "max")
    with pytest.raises(ValueError, match="'parallel' must be one of tree|root"):
        gametree.search(gametree.Game("kalah"), None, "mcts", "max",
                        options={"parallel": "leaf", "iterations": 10})
