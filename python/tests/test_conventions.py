"""The package's conventions: moves in board order (the search order on request), every game's
start position written and read back, quiet runs, solve() refusing value searches, and
read_run's column types."""

import pytest

import gametree

GAMES = [g["name"] for g in gametree.games()]


def test_connect_four_moves_in_board_order():
    s = gametree.Game("connect-four").initial_state()
    assert s.legal_moves() == ["1", "2", "3", "4", "5", "6", "7"]
    assert s.legal_moves(order="board") == s.legal_moves()
    assert s.legal_moves(order="search")[0] == "4"  # the centre first


@pytest.mark.parametrize("game", GAMES)
def test_both_orders_hold_the_same_moves(game):
    s = gametree.Game(game).initial_state()
    for _ in range(6):
        if s.is_terminal():
            break
        board, searched = s.legal_moves(), s.legal_moves(order="search")
        assert sorted(board) == sorted(searched) and len(set(board)) == len(board)
        s = s.play(board[len(board) // 3])


@pytest.mark.parametrize("game", GAMES)
def test_the_start_position_round_trips(game):
    g = gametree.Game(game)
    start = g.initial_state()
    again = g.parse(start.to_string())
    assert again == start and again.to_string() == start.to_string()
    assert again.legal_moves() == start.legal_moves() and again.to_move() == start.to_move()
    assert gametree.search(g, start.to_string(), "alphabeta", 1).value == \
        gametree.search(g, None, "alphabeta", 1).value


COMPARE = {
    "name": "py-quiet",
    "inputs": [{"name": "b2", "game": {"name": "random-tree", "params": {"branching": 2,
                                                                         "depth": 3}}}],
    "algorithms": [{"name": "ab", "algorithm": "alphabeta"}],
}


def test_compare_is_quiet_unless_asked(tmp_path, capsys):
    gametree.compare(COMPARE, out=tmp_path / "a", quiet=True)
    assert capsys.readouterr().out == ""
    gametree.compare(COMPARE, out=tmp_path / "b")  # pytest's stdout is no terminal
    assert capsys.readouterr().out == ""
    gametree.compare(COMPARE, out=tmp_path / "c", quiet=False)
    assert "variant" in capsys.readouterr().out  # the summary table's header


def test_solve_takes_goal_solvers_only():
    g = gametree.Game("tictactoe")
    with pytest.raises(ValueError, match="'minimax' is not a goal solver.*dfpn"):
        gametree.solve(g, None, "minimax")
    r = gametree.solve(g, None, "pn")
    assert r.result == "disproved" and r.main_line is not None
    for a in gametree.algorithms():
        if a["kind"] == "goal solver":
            for name in a["aliases"]:
                assert gametree.solve(g, None, name, max_nodes=100).algorithm == a["name"]


def write_folder(folder, files):
    folder.mkdir()
    (folder / "run.yaml").write_text("run:\n  format: 3\n")
    for name, text in files.items():
        (folder / name).write_text(text)


def test_read_run_types_the_documented_columns(tmp_path):
    pandas = pytest.importorskip("pandas")
    write_folder(tmp_path / "r", {
        "games.csv": "game,first,second,result,forfeit,reason,plies\n0,ab,mm,1-0,,,7\n",
        "moves.csv": "game,ply,player,move,value\n0,0,ab,4,3\n",
        "tune.csv": "iteration,w1,w2,wins\n0,1,2,0\n1,2,3,1\n",
        "compare.csv": "input,algorithm,value,error\nb2,ab,3,\n",
    })
    t = gametree.read_run(tmp_path / "r")
    assert t["games"]["forfeit"].dtype == object and t["games"]["forfeit"][0] == ""
    assert t["games"]["reason"].tolist() == [""] and t["games"]["plies"].dtype.kind == "i"
    assert t["moves"]["move"].tolist() == ["4"] and t["moves"]["value"].dtype.kind == "i"
    assert t["tune"]["w1"].dtype == "float64" and t["tune"]["w2"].tolist() == [2.0, 3.0]
    assert t["tune"]["wins"].dtype.kind == "i"
    assert t["compare"]["error"].tolist() == [""]
    assert isinstance(t["compare"], pandas.DataFrame)
