// A seeded random mutator over every reader of outside text: the YAML config loaders (run,
// compare, tune, solve), every registered game's position parser, the SGF and text Go problem
// readers, the tree literal, the journal reader on --resume and games.pgn's reader on replay. Each mutated input must either
// load or be refused with one of the project's input errors (ConfigError, ParamError,
// ParseError); any other exception fails the test, and a crash, a hang (ctest's timeout) or a
// sanitizer report fails it in the sanitizer build. Deterministic: the same seed, the same inputs.
// GTS_FUZZ_ITERATIONS (default 300) sets the mutated inputs per seed input.
#include <gtest/gtest.h>

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
#include "harness/compare/compare_config.h"
#include "harness/config/config_error.h"
#include "harness/config/tournament_config.h"
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

}  // namespace
}  // namespace gts
