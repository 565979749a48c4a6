"""games() and algorithms() list what the CLI lists; every game's states behave."""

import gametree


def test_games_are_the_clis(cli):
    assert gametree.games() == cli.json("games")


def test_algorithms_are_the_clis(cli):
    listed = gametree.algorithms()
    assert listed == cli.json("algorithms")
    kinds = {a["kind"] for a in listed}
    assert kinds == {"search", "goal solver"}


def test_game_parameters_and_labels():
    g = gametree.Game("kalah", seeds=3, pits=4)
    assert g.name == "kalah"
    assert g.params["seeds"] == "3" and g.params["pits"] == "4"
    assert "seeds=3" in g.label
    assert g.default_evaluation in g.evaluations


def test_tictactoe_states():
    g = gametree.Game("tictactoe")
    s = g.initial_state()
    assert len(s.legal_moves()) == 9
    assert not s.is_terminal()
    assert s.to_move() == 0
    t = s.play(s.legal_moves()[4])
    assert len(t.legal_moves()) == 8 and t.to_move() == 1
    assert len(s.legal_moves()) == 9  # play() leaves its state unchanged
    assert g.state(t.to_string()) == t  # the notation round-trips
    assert str(t) == t.to_string()
    while not t.is_terminal():
        t = t.play(t.legal_moves()[0])
    assert t.legal_moves() == []
    assert t.final_value() in (-1, 0, 1)


def test_every_game_plays_to_the_end():
    for info in gametree.games():
        g = gametree.Game(info["name"])
        s = g.initial_state()
        for _ in range(400):
            if s.is_terminal():
                break
            moves = s.legal_moves()
            assert moves, info["name"]
            s = s.play(moves[len(moves) // 2])
            assert g.state(s.to_string()) == s, info["name"]
        assert s.draw()


def test_perft_counts_tictactoe():
    g = gametree.Game("tictactoe")
    r = gametree.perft(g, None, 4)
    assert r.per_ply == [1, 9, 72, 504, 3024]
    assert r.total == 3610
    assert isinstance(r.time_ms, float)
