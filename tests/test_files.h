// Files that end-to-end tests write and compare: a config written into a temporary folder, and a
// CSV file's rows without the columns that measure time (those differ from run to run).
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <set>
#include <string>
#include <vector>

#include "harness/csv.h"

namespace gts::testing {

// A file's text as its lines (without their newlines), and back.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    lines.push_back(text.substr(start, nl - start));
  }
  return lines;
}

inline std::string text_of(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  return text;
}

// Writes `text` to dir/name and returns that path.
inline std::string write_config(const std::string& dir, const std::string& name,
                                const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// A CSV file as rows of fields, without the columns whose header names are in `drop`.
inline std::vector<std::vector<std::string>> table_without(const std::string& path,
                                                           const std::set<std::string>& drop) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(path);
  std::vector<bool> keep;
  for (std::string line; std::getline(in, line);) {
    auto fields = csv::split(line);
    if (keep.empty()) {
      for (const auto& f : fields) keep.push_back(!drop.count(f));
    }
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < fields.size() && i < keep.size(); ++i) {
      if (keep[i]) kept.push_back(fields[i]);
    }
    rows.push_back(kept);
  }
  return rows;
}

// A small go-capture tournament, whose run folder holds games.sgf (4 openings, 8 games).
inline const char* kGoSgfConfig = R"(
name: go-sgf
game: {name: go-capture, params: {problem: "...../..XO./.XO.O/..XO./..... turn=B target=B3 escape=8 plies=30"}}
players:
  - {name: ab, algorithm: alphabeta, depth: 2}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 4, plies: 1}
tournament: {pairs: 1}
seed: 5
)";

// The columns of a tournament run's CSVs that measure time.
inline const std::set<std::string> kTournamentTimingColumns = {
    "first_cpu_us", "second_cpu_us", "wall_ms", "cpu_us", "cpu_us_per_move"};

// A games.pgn without what differs from run to run: each move's seconds, the Date tag, and so
// where lines break; every run of white space one space.
inline std::string pgn_without_timing(const std::string& path) {
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  std::string out = std::regex_replace(text.str(), std::regex(R"( [0-9.]+s\})"), "}");
  out = std::regex_replace(out, std::regex(R"(\[Date "[^"]*"\])"), "[Date]");
  return std::regex_replace(out, std::regex(R"(\s+)"), " ");
}

// Two tournament run folders hold the same games, moves and tables (timing columns aside).
inline void expect_same_tournament_results(const std::string& a, const std::string& b) {
  const std::string pgn = pgn_without_timing(a + "/games.pgn");
  EXPECT_NE(pgn.find("[Event "), std::string::npos) << a << "/games.pgn";
  EXPECT_EQ(pgn, pgn_without_timing(b + "/games.pgn"));
  for (const char* file :
       {"games.csv", "moves.csv", "standings.csv", "crosstable.csv", "pairs.csv"}) {
    SCOPED_TRACE(file);
    auto ta = table_without(a + "/" + file, kTournamentTimingColumns);
    auto tb = table_without(b + "/" + file, kTournamentTimingColumns);
    ASSERT_GT(ta.size(), 1u);
    EXPECT_EQ(ta, tb);
  }
}

}  // namespace gts::testing
