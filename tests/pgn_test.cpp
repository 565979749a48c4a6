// games.pgn: the PGN reader on text written by hand (escapes, move numbers, comments, variations,
// each error at its line and column), the TimeControl and Termination values, and a tournament's
// games.pgn read back: every game is its games.csv and moves.csv record, tag for tag and move for
// move, and replays from its FEN to the final position and result games.csv records.
#include "harness/tournament/pgn.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "harness/registry.h"
#include "harness/strf.h"
#include "harness/tournament/game_records.h"
#include "harness/tournament/journal.h"
#include "harness/pipeline/run_folder.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

TEST(Pgn, TimeControlAndTerminationAreThePgnStandardsWords) {
  EXPECT_EQ(pgn_time_control({60'000, 600}, 0), "60+0.6");
  EXPECT_EQ(pgn_time_control({10'000, 0}, 0), "10");
  EXPECT_EQ(pgn_time_control({10'000, 100}, 50), "10+0.1");  // the clock rules
  EXPECT_EQ(pgn_time_control({}, 100), "0.1/move");
  EXPECT_EQ(pgn_time_control({}, 0), "-");
  EXPECT_EQ(pgn_termination("normal"), "normal");
  EXPECT_EQ(pgn_termination("adjudicated"), "adjudication");
  EXPECT_EQ(pgn_termination("max_plies"), "adjudication");
  EXPECT_EQ(pgn_termination("illegal_move"), "rules infraction");
  EXPECT_EQ(pgn_termination("budget"), "rules infraction");
  EXPECT_EQ(pgn_termination("timeout"), "time forfeit");
  EXPECT_EQ(pgn_termination("error"), "abandoned");
}

TEST(Pgn, ReadsWhatThePgnStandardAllows) {
  const PgnText pgn = parse_pgn(
      "[Event \"a \\\"quoted\\\" \\\\ name\"]\n"
      "[Round \"1\"]\n"
      "[Result \"1/2-1/2\"]\n"
      "\n"
      "{before} 1. d {+1/2 0.1s} 1... c $1 ; to the end of the line\n"
      "2.e (2. f {in it} (2. g)) 2... h {x}\n"
      "1/2-1/2\n"
      "\n"
      "[Round \"2\"]\n"
      "*\n");
  EXPECT_EQ(pgn.error, "");
  ASSERT_EQ(pgn.games.size(), 2u);
  const PgnGame& g = pgn.games[0];
  EXPECT_EQ(g.line, 1);
  ASSERT_NE(g.tag("Event"), nullptr);
  EXPECT_EQ(*g.tag("Event"), "a \"quoted\" \\ name");
  EXPECT_EQ(g.tag("White"), nullptr);
  EXPECT_EQ(g.moves, (std::vector<std::string>{"d", "c", "e", "h"}));
  EXPECT_EQ(g.comments, (std::vector<std::string>{"+1/2 0.1s", "", "", "x"}));
  EXPECT_EQ(g.result, "1/2-1/2");
  EXPECT_EQ(pgn.games[1].line, 9);
  EXPECT_TRUE(pgn.games[1].moves.empty());
  EXPECT_EQ(pgn.games[1].result, "*");
}

TEST(Pgn, EachErrorIsNamedAtItsLineAndColumn) {
  struct Case {
    std::string text;
    int line, column;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"[Round \"1\"]\n\n1. a {no end\n", 3, 6, "a comment without its closing '}'"},
      {"[Round \"1\"]\n\n1. a 1... b\n", 4, 1,
       "the file ends inside the game that starts at line 1 (no result after its moves)"},
      {"[Round \"1\"]\n\n1. a\n[Round \"2\"]\n1-0\n", 4, 1,
       "tags inside the moves of the game that starts at line 1 (its result is missing)"},
      {"[Round \"1]\n1-0\n", 1, 1, "tag Round's value does not end on its line"},
      {"[Round 1]\n1-0\n", 1, 1, "tag Round has no quoted value"},
      {"[\"1\"]\n1-0\n", 1, 1, "a tag without a name (a tag is [Name \"value\"])"},
      {"1. a 1-0\n", 1, 1, "a game's record starts with its tags ('[')"},
      {"[Round \"1\"]\n1. a ) 1-0\n", 2, 6, "')' where a move belongs"},
      {"[Round \"1\"]\n1. a (1. b\n", 2, 6, "a variation without its closing ')'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    const PgnText pgn = parse_pgn(c.text);
    EXPECT_EQ(pgn.error, c.error);
    EXPECT_EQ(pgn.error_line, c.line);
    EXPECT_EQ(pgn.error_column, c.column);
    EXPECT_TRUE(pgn.games.empty());
  }
}

const char* kConfig = R"(
name: pgn-run
game: {name: kalah, params: {pits: 6, seeds: 3}}
players:
  - {name: ab, algorithm: alphabeta, depth: 3, options: {ordering: static}}
  - {name: quick, algorithm: alphabeta, time_ms: 2}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 2, plies: 2}
tournament: {pairs: 1, max_plies: 200}
seed: 3
)";

// A tournament's games.pgn read back is its games.csv and moves.csv, and every game replays.
TEST(Pgn, ATournamentsGamesReadBackAndReplay) {
  const std::string dir = testing::make_temp_dir();
  const std::string config = testing::write_config(dir, "pgn.yaml", kConfig);
  const std::string out = dir + "/run";
  const auto run = testing::run_harness({"run", config, "--out", out, "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;

  const PgnText pgn = parse_pgn(read_file_text(out + "/games.pgn"));
  EXPECT_EQ(pgn.error, "");
  std::vector<GameRow> rows = read_games_csv(out + "/games.csv");
  ASSERT_EQ(rows.size(), 12u);  // 3 pairings x 2 openings x 2 games
  ASSERT_EQ(pgn.games.size(), rows.size());
  std::map<int, std::vector<MoveRow>> moves;
  const auto lines = complete_lines(out + "/moves.csv");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    MoveRow m = parse_move_row(lines[i]);
    moves[m.game].push_back(m);
  }
  const auto game = make_game("kalah", {{"pits", "6"}, {"seeds", "3"}});
  const std::set<std::string> results_seen = [&] {
    std::set<std::string> s;
    for (const GameRow& r : rows) s.insert(r.result);
    return s;
  }();
  EXPECT_GE(results_seen.size(), 2u) << "every game ended alike: a weak check of Result";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const GameRow& row = rows[i];
    const PgnGame& g = pgn.games[i];
    SCOPED_TRACE("game " + std::to_string(row.game));
    std::vector<std::string> names;
    for (const auto& [name, value] : g.tags) names.push_back(name);
    const bool same_tc = row.first != "quick" && row.second != "quick";
    std::vector<std::string> expected_names = {"Event",  "Site",     "Date",  "Round",
                                               "White",  "Black",    "Result", "FEN",
                                               "Game",   "PlyCount", "SetUp", "Termination"};
    if (same_tc) {
      expected_names.push_back("TimeControl");
    } else {
      expected_names.insert(expected_names.end(), {"WhiteTimeControl", "BlackTimeControl"});
    }
    EXPECT_EQ(names, expected_names);
    const auto tag = [&](const char* name) { return g.tag(name) ? *g.tag(name) : "(none)"; };
    EXPECT_EQ(tag("Event"), "pgn-run");
    EXPECT_EQ(tag("Site"), "?");
    EXPECT_TRUE(std::regex_match(tag("Date"), std::regex(R"(\d{4}\.\d\d\.\d\d)"))) << tag("Date");
    EXPECT_EQ(tag("Round"), std::to_string(row.game + 1));
    EXPECT_EQ(tag("White"), row.first);
    EXPECT_EQ(tag("Black"), row.second);
    EXPECT_EQ(tag("Result"), row.result);
    EXPECT_EQ(g.result, row.result);
    EXPECT_EQ(tag("FEN"), row.opening_position);
    EXPECT_EQ(tag("Game"), game->label());
    EXPECT_EQ(tag("PlyCount"), std::to_string(row.plies));
    EXPECT_EQ(tag("Termination"), pgn_termination(row.termination));
    if (same_tc) {
      EXPECT_EQ(tag("TimeControl"), "-");
    } else {
      EXPECT_EQ(tag("WhiteTimeControl"), row.first == "quick" ? "0.002/move" : "-");
      EXPECT_EQ(tag("BlackTimeControl"), row.second == "quick" ? "0.002/move" : "-");
    }
    // The moves and their searches, as moves.csv records them.
    const std::vector<MoveRow>& played = moves[row.game];
    ASSERT_EQ(g.moves.size(), played.size());
    for (std::size_t ply = 0; ply < played.size(); ++ply) {
      EXPECT_EQ(g.moves[ply], played[ply].move) << "ply " << ply;
      EXPECT_EQ(g.comments[ply], strf("%+d/%d %.3fs", played[ply].value, played[ply].depth,
                                      played[ply].wall_ms / 1000.0))
          << "ply " << ply;
    }
    // Replayed from the FEN, the game ends where games.csv says, with a result that end gives.
    std::string position = game->canonical_position(tag("FEN"));
    for (const std::string& m : g.moves) position = game->play_move(position, m);
    EXPECT_EQ(position, row.final_position);
    GameRow replayed = row;
    replayed.final_position = position;
    replayed.result = g.result;
    EXPECT_EQ(result_contradiction(*game, replayed), "");
  }
}

}  // namespace
}  // namespace gts
