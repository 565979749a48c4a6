// `harness ugi` as a UGI client drives it: the handshake, options, positions, queries in the exact
// two-token forms strict clients parse, the same moves as an in-process search, a stop that ends
// an infinite search, and bad commands answered without the engine going down.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/process.h"

namespace gts {
namespace {

using testing::run_harness;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The replies that answer requests (options, id and info lines aside).
std::vector<std::string> answers(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& l : lines_of(text)) {
    if (l.rfind("option ", 0) == 0 || l.rfind("id ", 0) == 0 || l.rfind("info ", 0) == 0) continue;
    out.push_back(l);
  }
  return out;
}

TEST(Ugi, HandshakeQueriesAndAFinishedGame) {
  const auto r =
      run_harness({"ugi", "--game", "tictactoe", "--algorithm", "alphabeta", "--depth", "3"},
                  "ugi\nisready\nuginewgame\nposition startpos\nquery p1turn\n"
                  "query gameover\nquery result\n"
                  "position startpos moves a1 b1 a2 b2 a3\nquery gameover\n"
                  "query result\nquery p1turn\ngo depth 2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> expected = {"ugiok",          "readyok",        "response true",
                                             "response false", "response none",  "response true",
                                             "response p1win", "response false", "bestmove 0000"};
  EXPECT_EQ(answers(r.out), expected) << r.out;
  EXPECT_NE(r.out.find("option name fail type combo default hard var hard var soft"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("option name tt_mb type spin default 16 min 1 max 4096"), std::string::npos);
}

// The protocol path adds nothing and loses nothing: on every position of a game line, the engine's
// move, score and node count are those of `harness search` on the same position.
TEST(Ugi, SameMovesAsAnInProcessSearch) {
  const std::vector<std::string> line = {"3", "6", "1", "5", "2", "4"};
  std::string script = "ugi\nisready\n";
  std::string moves;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    script +=
        "position startpos" + (moves.empty() ? "" : " moves" + moves) + "\nquery fen\ngo depth 5\n";
    if (i < line.size()) moves += " " + line[i];
  }
  script += "quit\n";
  const auto r = run_harness({"ugi", "--game", "kalah", "--algorithm", "alphabeta", "--option",
                              "ordering=static", "--depth", "5"},
                             script);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> positions, best, infos;
  for (const auto& l : lines_of(r.out)) {
    if (l.rfind("response ", 0) == 0) positions.push_back(l.substr(9));
    if (l.rfind("bestmove ", 0) == 0) best.push_back(l.substr(9));
    if (l.rfind("info depth", 0) == 0) infos.push_back(l);
  }
  ASSERT_EQ(best.size(), line.size() + 1) << r.out;
  ASSERT_EQ(positions.size(), line.size() + 1) << r.out;
  ASSERT_EQ(infos.size(), line.size() + 1) << r.out;
  EXPECT_EQ(positions[0], "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S");
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const auto s =
        run_harness({"search", "--game", "kalah", "--algorithm", "alphabeta", "--option",
                     "ordering=static", "--depth", "5", "--json", "--position", positions[i]});
    ASSERT_EQ(s.exit_code, 0) << s.err;
    const auto j = nlohmann::json::parse(s.out);
    EXPECT_EQ(best[i], j["best_move"].get<std::string>()) << positions[i];
    EXPECT_NE(infos[i].find(" score cp " + std::to_string(j["value"].get<int>()) + " nodes " +
                            std::to_string(j["nodes"].get<long long>()) + " "),
              std::string::npos)
        << infos[i];
  }
}

TEST(Ugi, StopEndsAnInfiniteSearch) {
  // Kalah(6,6) to the end would run for hours: only `stop` can end it.
  const auto r = run_harness({"ugi", "--game", "kalah", "--param", "seeds=6", "--algorithm",
                              "alphabeta", "--option", "id=on", "--depth", "4"},
                             "ugi\nposition startpos\ngo infinite\nstop\nisready\ngo depth 2\n"
                             "quit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 4u) << r.out;
  EXPECT_EQ(a[0], "ugiok");
  // isready is answered at once while the search runs, so readyok may come before its bestmove.
  int best = 0, ready = 0;
  for (std::size_t i = 1; i < a.size(); ++i) {
    best += a[i].rfind("bestmove ", 0) == 0 ? 1 : 0;
    ready += a[i] == "readyok" ? 1 : 0;
  }
  EXPECT_EQ(best, 2) << r.out;
  EXPECT_EQ(ready, 1) << r.out;
  EXPECT_EQ(a.back().rfind("bestmove ", 0), 0u) << r.out;
}

TEST(Ugi, BadCommandsAreAnsweredAndTheEngineGoesOn) {
  const auto r = run_harness(
      {"ugi", "--game", "tictactoe", "--algorithm", "alphabeta", "--depth", "2"},
      "position fen nonsense\nposition startpos moves a1 a1\nsetoption name fail value weird\n"
      "setoption name nope value 1\ngo depth x\nquery colour\nfrobnicate\nposition startpos\n"
      "setoption name fail value soft\nquery p1turn\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int errors = 0;
  for (const auto& l : lines_of(r.out)) errors += l.rfind("info string", 0) == 0 ? 1 : 0;
  EXPECT_EQ(errors, 7) << r.out;
  EXPECT_NE(r.out.find("'fail' must be one of hard|soft, got 'weird'"), std::string::npos) << r.out;
  EXPECT_EQ(answers(r.out), std::vector<std::string>{"response true"}) << r.out;
  // The command line itself is checked as `harness search`'s is.
  const auto bad =
      run_harness({"ugi", "--game", "chess", "--algorithm", "alphabeta", "--depth", "2"});
  EXPECT_EQ(bad.exit_code, 2);
}

}  // namespace
}  // namespace gts
