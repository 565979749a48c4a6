"""run(), compare() and read_run(): the same run folder as the CLI's, read back as tables."""

import json

import pytest

import gametree

COMPARE = {
    "name": "py-compare",
    "inputs": [{"name": "b3", "game": {"name": "random-tree", "params": {"branching": 3,
                                                                         "depth": 5}},
                "sweep": {"seed": "1..3"}}],
    "algorithms": [{"name": "ab", "algorithm": "alphabeta"},
                   {"name": "sss", "algorithm": "sss*"},
                   {"name": "mm", "algorithm": "minimax"}],
}

RUN = {
    "name": "py-run",
    "game": {"name": "tictactoe"},
    "players": [{"name": "ab", "algorithm": "alphabeta", "depth": 2},
                {"name": "mm", "algorithm": "minimax", "depth": 1}],
    "openings": {"kind": "start"},
    "tournament": {"format": "round-robin", "pairs": 2},
    "seed": 3,
}


def searched(table):
    """A compare.csv's columns that do not measure time, as records."""
    keep = [c for c in table.columns if not any(t in c for t in ("cpu", "ms", "us", "ns"))]
    return table[keep].fillna("").to_dict("records")


def test_compare_writes_the_clis_folder(cli, tmp_path):
    folder = gametree.compare(COMPARE, out=tmp_path / "py")
    assert {"compare", "inputs", "summary", "run.yaml"} <= folder.keys()
    config = tmp_path / "config.yaml"
    config.write_text(json.dumps(COMPARE))
    rc, _, err = cli.run("compare", str(config), "--out", str(tmp_path / "cli"), "--quiet")
    assert rc == 0, err
    theirs = gametree.read_run(tmp_path / "cli")
    assert searched(folder["compare"]) == searched(theirs["compare"])
    assert len(folder["compare"]) == 9 and set(folder["compare"]["agrees"]) == {True}


def test_run_plays_the_tournament(tmp_path):
    folder = gametree.run(RUN, out=tmp_path / "run", threads=1)
    games = folder["games"]
    assert len(games) == 4  # two pairs, sides swapped
    assert set(games["first"]) == {"ab", "mm"}
    assert "games_done: 4" in folder["run.yaml"]


def test_a_bad_config_raises_the_clis_message(cli, tmp_path):
    config = tmp_path / "bad.yaml"
    config.write_text(json.dumps({**COMPARE, "inputs": []}))
    with pytest.raises(ValueError) as e:
        gametree.compare(config, out=tmp_path / "py")
    assert str(e.value) == cli.error("compare", str(config), "--out", str(tmp_path / "cli"))


def test_another_kinds_folder_is_refused_and_left_as_it_was(tmp_path):
    tournament = tmp_path / "t"
    gametree.run(RUN, out=tournament, threads=1, quiet=True)
    # (the folder's .lock records who last held it)
    def files():
        return {f.name: f.read_bytes() for f in tournament.iterdir() if f.name[0] != "."}
    before = files()
    with pytest.raises(ValueError, match="already holds a run of `harness run`"):
        gametree.compare(COMPARE, out=tournament)
    compared = tmp_path / "c"
    gametree.compare(COMPARE, out=compared)
    with pytest.raises(ValueError, match="already holds a run of `harness compare`"):
        gametree.run(RUN, out=compared, threads=1)
    assert files() == before


def test_read_run_refuses_what_is_no_run_folder(tmp_path):
    with pytest.raises(ValueError, match="not a run folder"):
        gametree.read_run(tmp_path)


def test_read_run_types_the_columns_and_refuses_an_older_format(tmp_path):
    folder = gametree.compare(COMPARE, out=tmp_path / "py")
    rows = folder["compare"]
    assert rows["agrees"].dtype == bool and rows["to_end"].dtype == bool
    assert rows["nodes"].dtype.kind == "i" and rows["cpu_us"].dtype.kind == "f"
    run_yaml = tmp_path / "py" / "run.yaml"
    run_yaml.write_text(run_yaml.read_text().replace("  format: 3\n", ""))
    with pytest.raises(ValueError, match="a run folder of format 2"):
        gametree.read_run(tmp_path / "py")


def test_read_run_reads_a_running_folder_as_far_as_it_goes(tmp_path):
    gametree.run(RUN, out=tmp_path / "run", threads=1)
    folder = tmp_path / "run"
    # As the run left it mid-way: status running, a game's line half written.
    run_yaml = folder / "run.yaml"
    run_yaml.write_text(run_yaml.read_text().replace("status: finished", "status: running"))
    with open(folder / "games.csv", "a") as f:
        f.write("4,2,0,0,ab,mm")
    tables = gametree.read_run(folder)
    assert len(tables["games"]) == 4
    assert tables["progress"] == {"status": "running", "unit": "games", "done": 4, "total": 4}
