// `harness replay` checks a tournament run folder as a whole before trusting it: each damage of
// each file (cut, emptied, a foreign or a repeated row, a game gone, a wrong header, deleted) is
// one line naming the file, line and game, exit 1; a result its game's end does not give is named,
// by replay and by --resume.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::lines_of;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::table_without;
using testing::text_of;
using testing::write_config;

const char* kKalahConfig = R"(
name: det
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: ab, algorithm: alphabeta, depth: [2, 3], options: {ordering: static}}
  - {name: soft, algorithm: alphabeta, depth: 3, options: {fail: soft, tt: on, tt_mb: 1, random_ties: on}}
  - {name: sss, algorithm: sss*, depth: 3}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 3, plies: 3}
tournament: {pairs: 1, max_plies: 200}
seed: 5
)";

// The 1-based line of `lines` whose first field (up to `sep`) is `game`, from line `from`.
int line_of_game(const std::vector<std::string>& lines, int game, char sep, int from = 1) {
  for (std::size_t i = static_cast<std::size_t>(from) - 1; i < lines.size(); ++i) {
    if (lines[i].substr(0, lines[i].find(sep)) == std::to_string(game)) {
      return static_cast<int>(i) + 1;
    }
  }
  return 0;
}

// One Kalah run (60 games, some adjudicated), made once and copied for each case.
class Replay : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(make_temp_dir());
    config_ = new std::string(write_config(*dir_, "k.yaml", kKalahConfig));
    const auto r = run_harness({"run", *config_, "--out", *dir_ + "/run", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  // A fresh copy of the run folder.
  static std::string copy(const std::string& name) {
    const std::string to = *dir_ + "/" + name;
    std::filesystem::copy(*dir_ + "/run", to, std::filesystem::copy_options::recursive);
    // These cases test the kind's own rules, which replay runs after the manifest's check and
    // alone on a folder written before manifests (the manifest's: run_folder_integrity_test).
    std::filesystem::remove(to + "/manifest.sha256");
    return to;
  }
  static std::string* dir_;
  static std::string* config_;
};
std::string* Replay::dir_ = nullptr;
std::string* Replay::config_ = nullptr;

TEST_F(Replay, ASoundFolderPasses) {
  const std::string run = copy("sound");
  const auto r = run_harness({"replay", run});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "replayed 60 games from " + run +
                       "/games.txt: every final position matches games.csv\nread 60 games from " +
                       run + "/games.pgn: each is its games.txt record, move for move\n");
}

// The line (1-based) of games.pgn's record of `game`: its first tag's.
int pgn_record_line(const std::vector<std::string>& lines, int game) {
  const std::string round = "[Round \"" + std::to_string(game + 1) + "\"]";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] == round) return static_cast<int>(i) - 2;  // after Event and Site
  }
  return 0;
}

// Each damage of each file: the lines replay must print (each a whole line of stderr), exit 1.
TEST_F(Replay, EachDamageOfEachFileIsNamed) {
  const std::string base = *dir_ + "/run";
  const auto games = lines_of(read_file(base + "/games.csv"));
  const auto txt = lines_of(read_file(base + "/games.txt"));
  const auto moves = lines_of(read_file(base + "/moves.csv"));
  ASSERT_EQ(games.size(), 61u);
  ASSERT_EQ(txt.size(), 60u);
  const int moves_lines = static_cast<int>(moves.size());
  const int game39_moves = line_of_game(moves, 39, ',', 2);
  ASSERT_GT(game39_moves, 2);
  const std::string game7_plies = table_without(base + "/games.csv", {})[8][8];
  const auto pgn = lines_of(read_file(base + "/games.pgn"));
  const int pgn7 = pgn_record_line(pgn, 7), pgn8 = pgn_record_line(pgn, 8);
  const int pgn39 = pgn_record_line(pgn, 39);
  ASSERT_GT(pgn7, 1);
  ASSERT_EQ(pgn[static_cast<std::size_t>(pgn39) - 1].rfind("[Event ", 0), 0u);
  const std::string result7 = txt[7].substr(2, txt[7].find('\t', 2) - 2);
  const std::string other7 = result7 == "1-0" ? "0-1" : "1-0";
  // Game 7's record without it, or with its Result tag `other7`.
  const auto pgn_without7 = [=](std::vector<std::string>& l) {
    l.erase(l.begin() + pgn7 - 1, l.begin() + pgn8 - 1);
    return text_of(l);
  };
  const auto pgn_result7 = [=](std::vector<std::string>& l) {
    l[static_cast<std::size_t>(pgn7) + 5] = "[Result \"" + other7 + "\"]";
    return text_of(l);
  };
  // The first record again at the end.
  const auto pgn_repeated = [=](std::vector<std::string>& l) {
    const std::vector<std::string> first(l.begin(), l.begin() + pgn_record_line(l, 1) - 1);
    l.insert(l.end(), first.begin(), first.end());
    return text_of(l);
  };
  // Game 0's record again as game 999 (Round 1000): a game no run of 60 has.
  const auto pgn_foreign = [=](std::vector<std::string>& l) {
    std::vector<std::string> first(l.begin(), l.begin() + pgn_record_line(l, 1) - 1);
    for (auto& line : first) {
      if (line.starts_with("[Round ")) line = "[Round \"1000\"]";
    }
    l.insert(l.end(), first.begin(), first.end());
    return text_of(l);
  };
  // Keeps lines before `line` (1-based) whole and 5 characters of it: a file cut mid-line.
  const auto cut_at = [](int line) {
    return [line](std::vector<std::string>& l) {
      const std::string part = l[static_cast<std::size_t>(line) - 1].substr(0, 5);
      l.resize(static_cast<std::size_t>(line) - 1);
      return text_of(l) + part;
    };
  };
  const auto emptied = [](std::vector<std::string>&) { return std::string(); };
  // Appends a copy of `line` as game 999 (`sep` ends the game field), or as it is.
  const auto appended = [](int line, char sep, bool foreign) {
    return [=](std::vector<std::string>& l) {
      std::string copy = l[static_cast<std::size_t>(line) - 1];
      if (foreign) copy = "999" + copy.substr(copy.find(sep));
      l.push_back(copy);
      return text_of(l);
    };
  };
  // Drops every line of game 7.
  const auto without7 = [](char sep) {
    return [=](std::vector<std::string>& l) {
      std::erase_if(l, [&](const std::string& s) { return s.substr(0, s.find(sep)) == "7"; });
      return text_of(l);
    };
  };
  const auto header = [](const std::string& h) {
    return [=](std::vector<std::string>& l) {
      l[0] = h;
      return text_of(l);
    };
  };
  const std::function<std::string(std::vector<std::string>&)> deleted;  // the file removed
  // A tournament's tables and run.yaml: the line an appended row lands on, the first row's key.
  const auto next_line = [&](const std::string& file) {
    return std::to_string(lines_of(read_file(base + "/" + file)).size() + 1);
  };
  const auto yaml_line = [](std::vector<std::string>& l, const std::string& line) {
    l.push_back(line);
    return text_of(l);
  };
  const std::vector<std::string> run_yaml = lines_of(read_file(base + "/run.yaml"));
  const std::string run_yaml_last = run_yaml.back();
  const std::string run_yaml_key =
      run_yaml_last.substr(run_yaml_last.find_first_not_of(' '),
                           run_yaml_last.find(':') - run_yaml_last.find_first_not_of(' '));
  const std::string cut3 = ":3: cut mid-line (the last line has no newline): the file is truncated";
  struct Case {
    std::string file;
    std::string damage;
    std::function<std::string(std::vector<std::string>&)> edit;
    std::vector<std::string> lines;  // FILE:... lines, the run folder's path before each
  };
  const std::string m = std::to_string(moves_lines + 1);
  std::vector<Case> cases = {
      {"games.csv",
       "cut",
       cut_at(41),
       {"games.csv:41: cut mid-line (the last line has no newline): the file is truncated",
        "games.csv: holds 39 games; run.yaml's games_done is 60",
        "games.csv: games 39-59 missing (21 games that games.txt and moves.csv record)"}},
      {"games.csv",
       "emptied",
       emptied,
       {"games.csv:1: empty: not even its header",
        "games.csv: holds 0 games; run.yaml's games_done is 60",
        "games.csv: games 0-59 missing (60 games that games.txt and moves.csv record)"}},
      {"games.csv",
       "foreign",
       appended(2, ',', true),
       {"games.csv:62: game 999: not a game of this run (run.yaml: games_total 60, numbered "
        "from 0)"}},
      {"games.csv",
       "repeated",
       appended(2, ',', false),
       {"games.csv:62: game 0: recorded again (first at line 2)"}},
      {"games.csv",
       "game gone",
       without7(','),
       {"games.csv: holds 59 games; run.yaml's games_done is 60",
        "games.csv: game 7: missing (games.txt:8 records it)"}},
      {"games.csv",
       "header",
       header("game,pair,opening"),
       {"games.csv:1: not the header of a games.csv (" + games[0] + ")"}},
      {"games.csv", "deleted", deleted, {"games.csv: missing (every tournament run writes it)"}},
      {"games.txt",
       "cut",
       cut_at(40),
       {"games.txt:40: cut mid-line (the last line has no newline): the file is truncated",
        "games.txt: games 39-59 missing (21 games that games.csv and moves.csv record)"}},
      {"games.txt",
       "emptied",
       emptied,
       {"games.txt:1: empty, where run.yaml counts 60 games",
        "games.txt: games 0-59 missing (60 games that games.csv and moves.csv record)"}},
      {"games.txt",
       "foreign",
       appended(1, '\t', true),
       {"games.txt:61: game 999: not a game of this run (run.yaml: games_total 60, numbered "
        "from 0)"}},
      {"games.txt",
       "repeated",
       appended(1, '\t', false),
       {"games.txt:61: game 0: recorded again (first at line 1)"}},
      {"games.txt",
       "game gone",
       without7('\t'),
       {"games.txt: game 7: missing (games.csv:9 records it)"}},
      {"games.txt",
       "deleted",
       deleted,
       {"games.txt: missing (a run with output.moves writes it at its end)"}},
      {"moves.csv",
       "cut",
       cut_at(game39_moves),
       {"moves.csv:" + std::to_string(game39_moves) +
            ": cut mid-line (the last line has no newline): the file is truncated",
        "moves.csv: no moves of games 39-59 (21 games that games.csv records with plies)"}},
      {"moves.csv",
       "emptied",
       emptied,
       {"moves.csv:1: empty: not even its header",
        "moves.csv: no moves of games 0-59 (60 games that games.csv records with plies)"}},
      {"moves.csv",
       "foreign",
       appended(2, ',', true),
       {"moves.csv:" + m +
        ": game 999: not a game of this run (run.yaml: games_total 60, "
        "numbered from 0)"}},
      {"moves.csv",
       "repeated",
       appended(2, ',', false),
       {"moves.csv:" + m + ": game 0: ply 0 recorded again (first at line 2)"}},
      {"moves.csv",
       "game gone",
       without7(','),
       {"moves.csv: game 7: no moves (games.csv:9 records " + game7_plies + " plies)"}},
      {"moves.csv",
       "header",
       header("game,ply,player"),
       {"moves.csv:1: not the header of a moves.csv (" + moves[0] + ")"}},
      {"moves.csv", "deleted", deleted, {"moves.csv: missing (a run with output.moves writes it)"}},
      {"games.pgn",
       "cut",
       cut_at(pgn39 + 14),
       {"games.pgn:" + std::to_string(pgn39 + 14) +
            ": cut mid-line (the last line has no newline): the file is truncated",
        "games.pgn: games 39-59 missing (21 games that games.txt records)"}},
      {"games.pgn",
       "emptied",
       emptied,
       {"games.pgn: games 0-59 missing (60 games that games.txt records)"}},
      {"games.pgn",
       "foreign",
       pgn_foreign,
       {"games.pgn:" + std::to_string(pgn.size() + 1) +
        ": game 999: not a game of this run (Round 1000; run.yaml: games_total 60, Round 1 to "
        "60)"}},
      {"games.pgn",
       "repeated",
       pgn_repeated,
       {"games.pgn:" + std::to_string(pgn.size() + 1) +
        ": game 0: recorded again (first at line 1)"}},
      {"games.pgn",
       "game gone",
       pgn_without7,
       {"games.pgn: game 7: missing (games.txt:8 records it)"}},
      {"games.pgn",
       "result",
       pgn_result7,
       {"games.pgn:" + std::to_string(pgn7) + ": game 7: Result '" + other7 +
        "', games.txt:8 records " + result7}},
      {"games.pgn",
       "deleted",
       deleted,
       {"games.pgn: missing (a run with output.moves writes it at its end)"}},
  };
  // The tables, each held to games.csv, and run.yaml, which replay must trust before the rest.
  for (const std::string file :
       {"standings.csv", "crosstable.csv", "crosstable_long.csv", "pairs.csv"}) {
    // Held to the table rebuilt from games.csv: a line it does not have is named.
    const std::string extra = ": a line the table rebuilt from games.csv does not have (it has " +
                              std::to_string(std::stoi(next_line(file)) - 1) + ")";
    cases.push_back({file, "cut", cut_at(3), {file + cut3}});
    cases.push_back({file, "emptied", emptied, {file + ":1: empty: not even its header"}});
    cases.push_back({file, "foreign", appended(2, ',', true), {file + ":" + next_line(file) + extra}});
    cases.push_back(
        {file, "repeated", appended(2, ',', false), {file + ":" + next_line(file) + extra}});
    cases.push_back({file, "deleted", deleted, {file + ": missing (a tournament run writes it)"}});
  }
  cases.push_back({"run.yaml", "cut", cut_at(3), {"run.yaml" + cut3}});
  cases.push_back({"run.yaml", "emptied", emptied, {"run.yaml:1: empty"}});
  cases.push_back({"run.yaml",
                   "foreign",
                   [&](std::vector<std::string>& l) { return yaml_line(l, "foreign: 1"); },
                   {"run.yaml:" + next_line("run.yaml") +
                    ": 'foreign': not an entry of a run.yaml (run, config)"}});
  cases.push_back({"run.yaml",
                   "repeated",
                   [&](std::vector<std::string>& l) { return yaml_line(l, run_yaml_last); },
                   {"run.yaml:" + next_line("run.yaml") + ": '" + run_yaml_key +
                    "' given again (first at line " + std::to_string(run_yaml.size()) + ")"}});
  cases.push_back({"run.yaml",
                   "deleted",
                   deleted,
                   {"run.yaml: missing (every run writes it; the folder holds a run's games.csv): "
                    "replay cannot tell what the run was"}});
  // Every file the run writes, each damage.
  std::set<std::string> covered, files;
  for (const Case& c : cases) covered.insert(c.file + ":" + c.damage);
  for (const auto& e : std::filesystem::directory_iterator(base)) {
    // (the manifest's own damage: run_folder_integrity_test)
    if (e.path().filename().string()[0] != '.' && e.path().filename() != "manifest.sha256")
      files.insert(e.path().filename().string());
  }
  EXPECT_EQ(files, (std::set<std::string>{"run.yaml", "games.csv", "moves.csv", "games.txt",
                                          "games.pgn", "standings.csv", "crosstable.csv",
                                          "crosstable_long.csv", "pairs.csv"}));
  for (const auto& f : files) {
    for (const char* d : {"cut", "emptied", "foreign", "repeated", "deleted"}) {
      EXPECT_TRUE(covered.contains(f + ":" + d)) << f << " " << d;
    }
  }
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file + " " + c.damage);
    const std::string run = copy(c.file + "-" + std::to_string(&c - cases.data()));
    const std::string path = run + "/" + c.file;
    if (c.edit) {
      auto lines = lines_of(read_file(path));
      std::ofstream(path, std::ios::trunc) << c.edit(lines);
    } else {
      std::filesystem::remove(path);
    }
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    std::string expected;
    for (const auto& l : c.lines) expected += run + "/" + l + "\n";
    EXPECT_EQ(r.err, expected);
    // Games that games.csv lacks were not checked: the summary must not say they match.
    if (c.file == "games.csv" && c.damage == "cut") {
      EXPECT_NE(r.out.find("/games.txt: 39 match games.csv, 21 do not (named on stderr)\n"),
                std::string::npos)
          << r.out;
    }
    // Games that games.txt lacks were never replayed: the summary says how many games.csv has.
    if (c.file == "games.txt" && c.damage == "cut") {
      EXPECT_NE(r.out.find("replayed 39 games from " + path +
                           " (games.csv records 60): every final position matches games.csv\n"),
                std::string::npos)
          << r.out;
    }
    EXPECT_NE(
        r.out.find(run + ": " + std::to_string(c.lines.size()) + " problems (listed on stderr)\n"),
        std::string::npos)
        << r.out;
  }
}

// A run that never reached its end (killed, or going on: run.yaml says running, no games.txt or
// tables) is read as far as it goes: how far, exit 0; a folder that is no run's is bad usage.
TEST_F(Replay, AnUnfinishedRunIsReadSoFarAndANonRunIsUsage) {
  const std::string run = copy("killed");
  std::string yaml = read_file(run + "/run.yaml");
  yaml.replace(yaml.find("status: finished"), 16, "status: running");
  std::ofstream(run + "/run.yaml", std::ios::trunc) << yaml;
  for (const char* f :
       {"games.txt", "standings.csv", "crosstable.csv", "crosstable_long.csv", "pairs.csv"}) {
    std::filesystem::remove(run + "/" + f);
  }
  const auto r = run_harness({"replay", run});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, run + ": run in progress: 60 of 60 games done\n");

  const std::string empty = *dir_ + "/not-a-run";
  std::filesystem::create_directories(empty);
  const auto usage = run_harness({"replay", empty});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_EQ(usage.err,
            "error: RUN_DIR: " + empty + " holds no run.yaml (not the folder of a harness run)\n");
}

// A table whose counts are not games.csv's: the row, its key and the column, with both values.
TEST_F(Replay, ATableThatDisagreesWithGamesCsvIsNamed) {
  for (const std::string file :
       {"standings.csv", "crosstable.csv", "crosstable_long.csv", "pairs.csv"}) {
    SCOPED_TRACE(file);
    const std::string run = copy("table-" + file);
    auto rows = table_without(run + "/" + file, {});
    // standings: W/D/L from column 2; pairs and the long crosstable: from column 3; crosstable:
    // the first filled cell.
    const bool two = file == "pairs.csv" || file == "crosstable_long.csv";
    std::size_t col = file == "standings.csv" ? 2 : two ? 3 : 1;
    while (rows[1][col].empty()) ++col;
    const std::string was = rows[1][col];
    rows[1][col] = file == "crosstable.csv" ? "99/" + was.substr(was.find('/') + 1)
                                            : std::to_string(std::stoi(was) + 1);
    std::string text;
    for (const auto& fields : rows) text += csv::line(fields);
    std::ofstream(run + "/" + file, std::ios::trunc) << text;
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1);
    // The row's key, then the column that differs, with the rebuilt table's value.
    const std::string said = rows[0][0] + " " + rows[1][0] + ": " + rows[0][col] + " '" +
                             rows[1][col] + "', where the table rebuilt from games.csv has '" +
                             was + "'";
    EXPECT_EQ(r.err.rfind(run + "/" + file + ":2: " + said, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// A result flipped in games.csv and games.txt alike: replay finds that the game's end gives the
// other (adjudicated by the game's bounds, or played to the end with its margin flipped too), and
// --resume refuses the flipped row at its line.
TEST_F(Replay, AResultItsGamesEndDoesNotGiveIsNamed) {
  const auto rows = table_without(*dir_ + "/run/games.csv", {});
  const auto& h = rows[0];
  const auto col = [&](const char* name) {
    return static_cast<std::size_t>(std::find(h.begin(), h.end(), name) - h.begin());
  };
  std::size_t adjudicated = 0, normal = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    if (r[col("result")] == "1/2-1/2") continue;
    if (adjudicated == 0 && r[col("termination")] == "adjudicated" && r[col("margin")].empty()) {
      adjudicated = i;
    }
    if (normal == 0 && r[col("termination")] == "normal") normal = i;
  }
  ASSERT_NE(adjudicated, 0u);
  ASSERT_NE(normal, 0u);
  const auto flip = [](const std::string& result) { return result == "1-0" ? "0-1" : "1-0"; };
  const auto flipped = [&](std::size_t row, bool also_txt, const std::string& name) {
    const std::string run = copy(name);
    auto r = table_without(run + "/games.csv", {});
    r[row][col("result")] = flip(r[row][col("result")]);
    if (!r[row][col("margin")].empty()) {
      r[row][col("margin")] = std::to_string(-std::stoi(r[row][col("margin")]));
    }
    std::string text;
    for (const auto& fields : r) text += csv::line(fields);
    std::ofstream(run + "/games.csv", std::ios::trunc) << text;
    if (also_txt) {
      auto lines = lines_of(read_file(run + "/games.txt"));
      std::string& l = lines[row - 1];
      const auto tab = l.find('\t');
      const auto tab2 = l.find('\t', tab + 1);
      l.replace(tab + 1, tab2 - tab - 1, flip(l.substr(tab + 1, tab2 - tab - 1)));
      std::ofstream(run + "/games.txt", std::ios::trunc) << text_of(lines);
      // And in games.pgn: its Result tag and the result after its moves.
      auto pgn = lines_of(read_file(run + "/games.pgn"));
      const auto at = static_cast<std::size_t>(pgn_record_line(pgn, static_cast<int>(row) - 1));
      std::string& tag = pgn[at + 5];  // the 6th line after the record's first, 1-based `at`
      const std::string was = tag.substr(9, tag.size() - 11);
      tag = "[Result \"" + std::string(flip(was)) + "\"]";
      std::size_t end = at;  // the blank line after the moves
      while (!pgn[end].empty() || (end + 1 < pgn.size() && !pgn[end + 1].starts_with("[Event "))) {
        ++end;
      }
      std::string& last = pgn[end - 1];
      last.replace(last.rfind(was), was.size(), flip(was));
      std::ofstream(run + "/games.pgn", std::ios::trunc) << text_of(pgn);
    }
    return run;
  };
  for (const std::size_t row : {adjudicated, normal}) {
    SCOPED_TRACE(rows[row][col("termination")]);
    const std::string game = rows[row][col("game")];
    const std::string result = rows[row][col("result")];
    const std::string said = "result " + std::string(flip(result)) + " (termination " +
                             rows[row][col("termination")] + ") contradicts the final position";
    const std::string run = flipped(row, true, "flipped-" + game);
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1);
    const std::string at = run + "/games.csv:" + std::to_string(row + 1) + ": game " + game + ": ";
    EXPECT_EQ(r.err.rfind(at + said, 0), 0u) << r.err;
    EXPECT_NE(r.err.find("that game is " + result + "\n"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;

    const std::string resumed = flipped(row, false, "resumed-" + game);
    // Flipped in games.csv alone: games.txt disagrees, and the game's end says which is wrong.
    const auto alone = run_harness({"replay", resumed});
    EXPECT_EQ(alone.exit_code, 1);
    EXPECT_NE(alone.err.find(resumed + "/games.csv:" + std::to_string(row + 1) + ": game " + game +
                             ": " + said),
              std::string::npos)
        << alone.err;
    EXPECT_EQ(std::count(alone.err.begin(), alone.err.end(), '\n'), 2) << alone.err;
    const std::string before = read_file(resumed + "/games.csv");
    const auto again = run_harness({"run", *config_, "--out", resumed, "--resume", "--quiet"});
    EXPECT_EQ(again.exit_code, 2);
    EXPECT_NE(again.err.find(resumed + "/games.csv:" + std::to_string(row + 1) + ":1: game " +
                             game + ": " + said),
              std::string::npos)
        << again.err;
    EXPECT_EQ(read_file(resumed + "/games.csv"), before) << "the journal was rewritten";
  }
}

// A Go run's games.sgf cut, emptied, with a foreign or a repeated game tree, or deleted is named; a
// Kalah run has none, and that is no damage.
TEST(ReplayGo, EachDamageOfGamesSgfIsNamed) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "go.yaml", testing::kGoSgfConfig);
  const std::string out = dir + "/run";
  ASSERT_EQ(run_harness({"run", config, "--out", out, "--quiet"}).exit_code, 0);
  ASSERT_EQ(run_harness({"replay", out}).exit_code, 0);
  // The kind's own rules, as on a folder written before manifests (run_folder_integrity_test
  // has the manifest's cases).
  std::filesystem::remove(out + "/manifest.sha256");
  // Each damage of games.sgf: cut, emptied, a foreign game tree, a tree repeated, deleted.
  const std::string sgf = read_file(out + "/games.sgf");
  const auto lines = lines_of(sgf);
  const std::string first_tree = sgf.substr(0, sgf.find("\n(") + 1);
  std::string foreign = first_tree;
  foreign.replace(foreign.find("GN[game 0]"), 10, "GN[game 999]");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {text_of({lines.begin(), lines.begin() + 2}) + lines[2].substr(0, 5),
       "games.sgf:3: cut mid-line (the last line has no newline): the file is truncated"},
      {"", "games.sgf:1: empty, where games.txt holds 8 games"},
      {sgf + foreign, "games.sgf: holds 9 games, games.txt 8"},
      {sgf + first_tree, "games.sgf: holds 9 games, games.txt 8"},
  };
  for (const auto& [text, line] : cases) {
    SCOPED_TRACE(line);
    std::ofstream(out + "/games.sgf", std::ios::trunc) << text;
    const auto r = run_harness({"replay", out});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, out + "/" + line + "\n");
  }
  std::filesystem::remove(out + "/games.sgf");
  const auto r = run_harness({"replay", out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, out + "/games.sgf: missing (a go-capture run with output.moves writes it)\n");
}

}  // namespace
}  // namespace gts
