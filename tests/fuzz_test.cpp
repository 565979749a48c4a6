// A seeded random mutator over every reader of outside text: the YAML config loaders (run,
// compare, tune, solve), every registered game's position parser, the SGF and text Go problem
// readers, the tree literal, the journal reader on --resume, games.pgn's reader on replay, an
// engine's UGI output as the host reads it, and the UGI commands `harness ugi` reads (that one
// through the program itself). Each mutated input must either load or be refused with one of the
// project's input errors (ConfigError, ParamError, ParseError); any other exception fails the
// test, and a crash, a hang (ctest's timeout) or a sanitizer report fails it in the sanitizer
// build. Deterministic: the same seed, the same inputs. GTS_FUZZ_ITERATIONS (default 300) sets
// the mutated inputs per seed input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "games/game.h"
#include "games/go_capture/go_problem.h"
#include "games/params.h"
#include "games/text.h"
#include "harness/compare/compare_config.h"
#include "harness/config/config_error.h"
#include "harness/config/tournament_config.h"
#include "harness/engine/ugi_engine.h"
#include "harness/registry.h"
#include "harness/solve/solve_config.h"
#include "harness/tournament/game_records.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/pgn.h"
#include "harness/tune/tune_config.h"
#include "tests/process.h"

namespace gts {
namespace {

namespace fs = std::filesystem;

int iterations() {
  const char* env = std::getenv("GTS_FUZZ_ITERATIONS");
  return env != nullptr ? std::max(1, std::atoi(env)) : 300;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// One to four edits: byte flips, structural characters, deletions, duplications, truncation and
// extreme numbers, the shapes of damage hand edits and torn writes leave.
class Mutator {
 public:
  explicit Mutator(std::uint64_t seed) : rng_(seed) {}

  std::string mutate(std::string text) {
    const int edits = 1 + static_cast<int>(rng_() % 4);
    for (int e = 0; e < edits; ++e) edit(text);
    return text;
  }

 private:
  std::size_t at(const std::string& text) { return text.empty() ? 0 : rng_() % (text.size() + 1); }

  void edit(std::string& text) {
    static const std::vector<std::string> tokens = {"[",
                                                    "]",
                                                    "{",
                                                    "}",
                                                    ":",
                                                    ",",
                                                    "\"",
                                                    "'",
                                                    "\n",
                                                    " ",
                                                    "#",
                                                    "-",
                                                    "0",
                                                    "9",
                                                    "*",
                                                    "&a",
                                                    "!!int",
                                                    "\t",
                                                    ";",
                                                    "(",
                                                    ")",
                                                    "|",
                                                    "\\",
                                                    "\0",
                                                    "-1",
                                                    "1e400",
                                                    "nan",
                                                    "99999999999999999999",
                                                    "18446744073709551616",
                                                    "max",
                                                    "-0",
                                                    "0x10",
                                                    "inf",
                                                    "~",
                                                    "null",
                                                    "%",
                                                    "\xff\xfe"};
    switch (rng_() % 7) {
      case 0:  // flip a byte
        if (!text.empty()) text[rng_() % text.size()] = static_cast<char>(rng_() % 256);
        break;
      case 1: {  // insert a token
        const std::string& t = tokens[rng_() % tokens.size()];
        text.insert(at(text), t);
        break;
      }
      case 2: {  // delete a span
        if (text.empty()) break;
        const std::size_t p = rng_() % text.size();
        text.erase(p, 1 + rng_() % 16);
        break;
      }
      case 3: {  // duplicate a span
        if (text.empty()) break;
        const std::size_t p = rng_() % text.size();
        const std::string span = text.substr(p, 1 + rng_() % 40);
        text.insert(at(text), span);
        break;
      }
      case 4:  // truncate
        text.resize(at(text));
        break;
      case 5: {  // replace a run of digits with an extreme number
        const std::size_t p = text.find_first_of("0123456789", at(text));
        if (p == std::string::npos) break;
        const std::size_t end = text.find_first_not_of("0123456789.", p);
        static const std::vector<std::string> numbers = {
            "0",         "-1",         "2147483648", "9223372036854775808", "1e308", "-1e308",
            "0.0000001", "4294967296", "65536"};
        text.replace(p, (end == std::string::npos ? text.size() : end) - p,
                     numbers[rng_() % numbers.size()]);
        break;
      }
      default: {  // swap two lines
        std::vector<std::string> lines;
        std::stringstream ss(text);
        for (std::string line; std::getline(ss, line);) lines.push_back(line);
        if (lines.size() < 2) break;
        std::swap(lines[rng_() % lines.size()], lines[rng_() % lines.size()]);
        text.clear();
        for (const auto& l : lines) text += l + "\n";
        break;
      }
    }
  }

  std::mt19937_64 rng_;
};

std::string printable(const std::string& text) {
  std::string out;
  for (char c : text.substr(0, 400)) {
    if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

// Feeds `iterations()` mutations of `seed_text` to `reader`; an exception other than the
// project's input errors is a failure, reported with the input that caused it.
void fuzz(const std::string& target, const std::string& seed_text, std::uint64_t seed,
          const std::function<void(const std::string&)>& reader) {
  Mutator m(seed);
  int failures = 0;
  for (int i = 0; i < iterations() && failures < 3; ++i) {
    const std::string input = m.mutate(seed_text);
    try {
      reader(input);
    } catch (const ConfigError&) {
    } catch (const ParamError&) {
    } catch (const ParseError&) {
    } catch (const std::exception& e) {
      ++failures;
      ADD_FAILURE() << target << ": " << typeid(e).name() << ": " << e.what()
                    << "\ninput: " << printable(input);
    }
  }
}

std::uint64_t seed_of(const std::string& name) { return std::hash<std::string>{}(name); }

TEST(Fuzz, ConfigLoaders) {
  const std::string dir = testing::make_temp_dir();
  // Solve configs name problem files relative to themselves: give the copies the same neighbours.
  fs::create_directories(dir + "/configs");
  fs::create_directory_symlink(fs::absolute("problems"), dir + "/problems");
  int loaded = 0;
  for (const auto& entry : fs::directory_iterator("configs")) {
    const std::string name = entry.path().filename().string();
    const std::string text = read_text(entry.path());
    std::function<void(const std::string&)> reader;
    if (name.rfind("compare", 0) == 0) {
      reader = [&](const std::string& t) { (void)load_compare_config_text(t, name); };
    } else if (name.rfind("tune", 0) == 0) {
      reader = [&](const std::string& t) { (void)load_tune_config_text(t, name); };
    } else if (name.rfind("solve", 0) == 0) {
      reader = [&](const std::string& t) {
        const std::string path = dir + "/configs/" + name;
        std::ofstream(path, std::ios::binary | std::ios::trunc) << t;
        (void)load_solve_config(path);
      };
    } else {
      reader = [&](const std::string& t) { (void)load_tournament_config_text(t, name); };
    }
    reader(text);  // the shipped config itself loads
    fuzz(name, text, seed_of(name), reader);
    ++loaded;
  }
  EXPECT_GE(loaded, 8);
}

TEST(Fuzz, PositionParsersOfEveryGame) {
  int games = 0;
  for (const GameInfo& info : game_infos()) {
    const auto game = make_game(info.name, {});
    std::vector<std::string> positions = {game->initial_position()};
    for (std::uint64_t s = 1; s <= 3; ++s) positions.push_back(game->random_opening(s, 5));
    for (const std::string& p : positions) {
      fuzz(info.name + " position", p, seed_of(info.name + p), [&](const std::string& t) {
        const std::string canonical = game->canonical_position(t);
        // What parses prints back to itself.
        EXPECT_EQ(game->canonical_position(canonical), canonical) << printable(t);
        (void)game->legal_moves(canonical);
      });
    }
    ++games;
  }
  EXPECT_GE(games, 5);
}

TEST(Fuzz, GoProblemReaders) {
  int files = 0;
  for (const auto& entry : fs::directory_iterator("problems/go-capture")) {
    if (entry.path().extension() != ".sgf") continue;
    const std::string text = read_text(entry.path());
    const std::string name = entry.path().filename().string();
    fuzz(name, text, seed_of(name), [&](const std::string& t) {
      const GoProblem p = parse_go_problem_sgf(t, name);
      // A problem that reads round-trips through both forms.
      (void)parse_go_problem_sgf(go_problem_to_sgf(p), name);
      (void)parse_go_problem_text(go_problem_to_text(p), name);
    });
    if (++files == 12) break;  // a dozen SGF files cover the reader's paths
  }
  EXPECT_GE(files, 5);
  const std::string text = "......./......./..XO.../...X.../... turn=B target=D4";
  fuzz("go text", text, 7, [&](const std::string& t) { (void)parse_go_problem_text(t, "text"); });
}

TEST(Fuzz, TreeLiterals) {
  for (const std::string tree :
       {"[[3,12,8],[2,4,6],[14,5,2]]", "[[[1,2],[3,4]],[[5,-6],[7,8]],9]", "[1]"}) {
    fuzz("tree " + tree, tree, seed_of(tree), [&](const std::string& t) {
      const auto game = make_game("tree", {{"tree", t}});
      (void)game->perft(game->initial_position(), 3);
    });
  }
}

TEST(Fuzz, JournalOnResume) {
  const std::string dir = testing::make_temp_dir();
  // A small journal as a run writes it.
  {
    Journal journal(dir, true, false);
    for (int g = 0; g < 4; ++g) {
      GameRow row;
      row.game = g;
      row.pair = g / 2;
      // (std::string operands: GCC 12 warns falsely on a char* ternary assigned to a string)
      const std::string names[2] = {"a", "b"};
      const std::string results[2] = {"1-0", "1/2-1/2"}, margins[2] = {"4", "0"};
      row.first = names[g % 2];
      row.second = names[1 - g % 2];
      row.result = results[g == 3 ? 1 : 0];
      row.margin = margins[g == 3 ? 1 : 0];
      row.plies = 3;
      row.termination = "normal";
      row.final_position = "0,0,0|1|0,0,0|2|S";
      row.opening_position = "1,1,1|0|1,1,1|0|S";
      std::vector<MoveRow> moves = {
          {g, 0, row.first, "3", 2, 4, 0, 1, 100, 60, 12.5, 0.02, -1, "3 1"},
          {g, 1, row.second, "1", -2, 4, 0, 1, 90, 50, 11.0, 0.01, -1, "1"}};
      journal.record(row, moves);
    }
    (void)journal.finish();
  }
  for (const char* file : {"games.csv", "moves.csv"}) {
    const std::string original = read_text(dir + "/" + file);
    const std::string other = std::string(file) == "games.csv" ? "moves.csv" : "games.csv";
    const std::string other_text = read_text(dir + "/" + other);
    fuzz(file, original, seed_of(file), [&](const std::string& t) {
      std::ofstream(dir + "/" + file, std::ios::binary | std::ios::trunc) << t;
      std::ofstream(dir + "/" + other, std::ios::binary | std::ios::trunc) << other_text;
      Journal journal(dir, true, true, [](const GameRow& r) {
        if (r.game < 0 || r.game > 3) throw std::runtime_error("not in the schedule");
      });
      (void)journal.finish();
    });
  }
}

// games.pgn as a run writes it, checked against its games.txt records as replay does: whatever
// the damage, findings and no exception.
TEST(Fuzz, GamesPgnOnReplay) {
  const auto game = make_game("kalah", {{"pits", "3"}, {"seeds", "1"}});
  const std::string opening = game->initial_position();
  const std::string final_position = game->play_move(game->play_move(opening, "3"), "1");
  const PgnEvent event{"fuzz", "2026.12.01", game->label(), {{"a", "1+0.1"}, {"b", "-"}}};
  std::string text;
  std::vector<std::pair<GameRecord, int>> records;
  for (int g = 0; g < 3; ++g) {
    GameRow row;
    row.game = g;
    row.first = g % 2 == 0 ? "a" : "b";
    row.second = g % 2 == 0 ? "b" : "a";
    row.result = "1-0";
    row.plies = 2;
    row.termination = "adjudicated";
    row.opening_position = opening;
    row.final_position = final_position;
    const std::vector<MoveRow> moves = {
        {g, 0, row.first, "3", 2, 4, 0, 1, 100, 60, 12.5, 0.02, -1, "3 1"},
        {g, 1, row.second, "1", -2, 4, 0, 1, 90, 50, 11.0, 0.01, -1, "1"}};
    records.push_back({{g, row.result, row.termination, opening, {"3", "1"}}, g + 1});
    text += pgn_record(event, row, moves);
  }
  const std::string path = testing::make_temp_dir() + "/games.pgn";
  std::ofstream(path, std::ios::binary) << text;
  ASSERT_TRUE(check_pgn(path, records, 3, *game).findings.empty()) << text;
  fuzz("games.pgn", text, seed_of("games.pgn"), [&](const std::string& t) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << t;
    (void)check_pgn(path, records, 3, *game);
  });
}

// What the host takes from an engine's output: `info` lines (depth, score, nodes, pv) and the
// move of `bestmove`, which the match loop reads in the game's notation. A value out of range
// is ignored, never wrapped: a depth stays >= 0 and a score within the game's scale.
TEST(Fuzz, EngineOutputAsTheHostReadsIt) {
  const auto check = [](const std::string& line, const GameHandle& game, const Position& p) {
    const std::vector<std::string> w = words(line);
    if (w.empty()) return;
    if (w[0] == "info") {
      PlayerMove m;
      read_ugi_info(w, m);
      EXPECT_GE(m.depth, 0) << printable(line);
      EXPECT_LE(std::abs(static_cast<std::int64_t>(m.value)), kInfinity) << printable(line);
    } else if (w[0] == "bestmove" && w.size() > 1) {
      (void)game.parse_move(p, w[1]);
    }
  };
  // Found by this target: a negative or oversized number was taken as it came (`depth -1`), or
  // wrapped (`score cp 4294967297` read as 1).
  {
    const auto kalah = make_game("kalah", {});
    const Position start = kalah->position(kalah->initial_position());
    PlayerMove m;
    read_ugi_info(words("info depth -1 score cp 4294967297 nodes -5"), m);
    EXPECT_EQ(m.depth, 0);
    EXPECT_EQ(m.nodes, 0u);
    EXPECT_EQ(m.value, 0);
    read_ugi_info(words("info depth 7 score cp -12 nodes 345 pv 3 1"), m);
    EXPECT_EQ(m.depth, 7);
    EXPECT_EQ(m.value, -12);
    EXPECT_EQ(m.nodes, 345u);
    EXPECT_EQ(m.pv, "3 1");
    check("info depth 2147483648 score mate -1000000001", *kalah, start);
  }
  for (const char* name : {"kalah", "connect-four", "tictactoe", "go-capture"}) {
    const auto game = make_game(name, {});
    const std::string opening = game->random_opening(3, 4);
    const Position p = game->position(opening);
    const std::string move = game->legal_moves(p).at(0);
    for (const std::string& line :
         {"info depth 5 seldepth 7 score cp -12 nodes 123456 nps 1000 time 12 pv " + move,
          std::string("info depth 3 score mate 2 nodes 99 string thinking hard"),
          "bestmove " + move, "bestmove " + move + " ponder " + move,
          std::string("option name seed type string default 0"),
          std::string("id name some engine 1.0")}) {
      fuzz(std::string(name) + " engine line", line, seed_of(name + line),
           [&](const std::string& t) { check(t, *game, p); });
    }
  }
}

// `harness ugi` reads any command line without a crash, a hang or a broken invariant: every line
// it writes is one of the protocol's, and a line it cannot take is answered `info string error:`
// (an `internal error` would be the harness's bug). Many mutated sessions run in one process; the
// searches are small (depth 2), and the input's end stops what is left.
TEST(Fuzz, UgiCommandsTheEngineReads) {
  const int blocks = std::max(1, iterations() / 10);  // mutated sessions per process
  for (const char* name : {"kalah", "tictactoe", "connect-four"}) {
    const auto game = make_game(name, {});
    const std::string opening = game->random_opening(5, 3);
    const std::string a = game->legal_moves(game->initial_position()).at(0);
    const std::string b = game->legal_moves(opening).back();
    const std::string session =
        "ugi\nisready\nsetoption name tt value on\nuginewgame\n"
        "position startpos moves " +
        a +
        "\ngo depth 2\nquery fen\n"
        "query result\nposition fen " +
        opening + " moves " + b +
        "\ngo nodes 300\nquery p1turn\nquery gameover\n"
        "setoption name seed value 7\ngo movetime 5 p1time 90 p2time 80\n"
        "position startpos\nstop\ngo\n";
    Mutator m(seed_of(std::string("ugi ") + name));
    for (int process = 0; process < 2; ++process) {
      std::string input;
      for (int i = 0; i < blocks; ++i) input += m.mutate(session) + "\n";
      const auto r = testing::run_harness(
          {"ugi", "--game", name, "--algorithm", "alphabeta", "--depth", "2"}, input);
      EXPECT_EQ(r.exit_code, 0) << name << ": " << r.err << "\ninput: " << printable(input);
      EXPECT_EQ(r.err, "") << name;
      std::stringstream out(r.out);
      for (std::string line; std::getline(out, line);) {
        const std::vector<std::string> w = words(line);
        static const std::vector<std::string> replies = {"id",   "option",   "ugiok",   "readyok",
                                                         "info", "bestmove", "response"};
        EXPECT_TRUE(!w.empty() && std::ranges::find(replies, w[0]) != replies.end())
            << name << ": '" << printable(line) << "'";
        EXPECT_EQ(line.find("internal error"), std::string::npos) << name << ": " << line;
      }
    }
  }
}

}  // namespace
}  // namespace gts
