#include "harness/tournament/journal.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <variant>

#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/mpi/wire.h"
#include "harness/pipeline/run_folder.h"
#include "harness/strf.h"

namespace gts {

namespace {

// A whole cell as a number; a time (a double) must also be finite and not negative.
template <class T>
T parse_number(const std::string& text, const char* column) {
  const std::optional<T> v = parse_whole<T>(text);
  if (!v || (std::is_floating_point_v<T> && !(std::isfinite(*v) && *v >= 0))) {
    throw std::runtime_error(std::string("bad value in column ") + column + ": '" + text + "'");
  }
  return *v;
}

// A column of games.csv or moves.csv: its name, the row's member it holds and, for a time, the
// decimals it is written with. A time is never negative; an optional one (a clock) is -1, an empty
// cell, where the game had none. A boolean is `true` or `false`.
template <class Row>
struct Column {
  const char* name;
  std::variant<int Row::*, std::uint64_t Row::*, double Row::*, bool Row::*, std::string Row::*>
      member;
  int digits = 3;
  bool optional = false;
};

// Calls f(value, column) for each column of the row, the value typed as its member is.
template <class Row, std::size_t N, class F>
void for_each_field(Row& row, const Column<std::remove_const_t<Row>> (&columns)[N], F&& f) {
  for (const auto& c : columns) std::visit([&](auto m) { f(row.*m, c); }, c.member);
}

const Column<GameRow> kGameColumns[] = {{"game", &GameRow::game},
                                        {"pair", &GameRow::pair},
                                        {"pairing", &GameRow::pairing},
                                        {"opening", &GameRow::opening},
                                        {"first", &GameRow::first},
                                        {"second", &GameRow::second},
                                        {"result", &GameRow::result},
                                        {"margin", &GameRow::margin},
                                        {"plies", &GameRow::plies},
                                        {"termination", &GameRow::termination},
                                        {"forfeit", &GameRow::forfeit},
                                        {"reason", &GameRow::reason},
                                        {"first_nodes", &GameRow::first_nodes},
                                        {"second_nodes", &GameRow::second_nodes},
                                        {"first_leaves", &GameRow::first_leaves},
                                        {"second_leaves", &GameRow::second_leaves},
                                        {"first_moves", &GameRow::first_moves},
                                        {"second_moves", &GameRow::second_moves},
                                        {"first_unsearched", &GameRow::first_unsearched},
                                        {"second_unsearched", &GameRow::second_unsearched},
                                        {"first_cpu_us", &GameRow::first_cpu_us, 1},
                                        {"second_cpu_us", &GameRow::second_cpu_us, 1},
                                        {"wall_ms", &GameRow::wall_ms},
                                        {"final_position", &GameRow::final_position},
                                        {"opening_position", &GameRow::opening_position}};

const Column<MoveRow> kMoveColumns[] = {{"game", &MoveRow::game},
                                        {"ply", &MoveRow::ply},
                                        {"player", &MoveRow::player},
                                        {"move", &MoveRow::move},
                                        {"value", &MoveRow::value},
                                        {"depth", &MoveRow::depth},
                                        {"exact", &MoveRow::exact},
                                        {"searched", &MoveRow::searched},
                                        {"nodes", &MoveRow::nodes},
                                        {"leaves", &MoveRow::leaves},
                                        {"cpu_us", &MoveRow::cpu_us, 1},
                                        {"wall_ms", &MoveRow::wall_ms},
                                        {"clock_ms", &MoveRow::clock_ms, 1, true},
                                        {"pv", &MoveRow::pv}};

template <class Row, std::size_t N>
std::string header(const Column<Row> (&columns)[N]) {
  std::vector<std::string> names;
  for (const auto& c : columns) names.emplace_back(c.name);
  return csv::line(names);
}

// The header of an older version: this version's columns, those `renamed` (now, then) under their
// old names, less those `added` since.
template <class Row, std::size_t N>
std::string older_header(const Column<Row> (&columns)[N],
                         const std::vector<std::pair<std::string_view, std::string_view>>& renamed,
                         const std::vector<std::string_view>& added) {
  std::vector<std::string> old;
  for (const auto& c : columns) {
    const std::string_view name(c.name);
    if (std::ranges::find(added, name) != added.end()) continue;
    const auto it =
        std::ranges::find(renamed, name, &std::pair<std::string_view, std::string_view>::first);
    old.emplace_back(it == renamed.end() ? name : it->second);
  }
  return csv::line(old);
}

// Names a file of format 1 (gametree-harness 0.1: no unsearched counts, no exact and searched
// columns) or 2 (0.2: CPU times in ms in games.csv, 0/1 flags in moves.csv) as such: a ConfigError
// when `first_line` is one of their headers.
template <class Row, std::size_t N>
void check_older(const std::string& path, const std::string& first_line,
                 const Column<Row> (&columns)[N], const std::vector<std::string_view>& added,
                 const std::vector<std::pair<std::string_view, std::string_view>>& renamed) {
  const auto refuse = [&](int format) {
    throw ConfigError(path, 1, 1, older_format_message(format));
  };
  if (first_line + "\n" == older_header(columns, renamed, added)) refuse(1);
  // moves.csv's header is the same in format 2: check_header tells them apart by their flags.
  if (first_line + "\n" == older_header(columns, renamed, {})) refuse(2);
}

// Throws the ConfigError naming an older format when the file's `lines` are one's: format 1's or
// 2's header, or (moves.csv, whose header format 2 shares) format 2's 0/1 flags in its first row.
template <class Row, std::size_t N>
void refuse_older(const std::string& path, const std::vector<std::string>& lines,
                  const Column<Row> (&columns)[N], const std::vector<std::string_view>& added,
                  const std::vector<std::pair<std::string_view, std::string_view>>& renamed) {
  if (lines.empty()) return;
  if (lines[0] + "\n" != header(columns)) {
    check_older(path, lines[0], columns, added, renamed);
    return;
  }
  if (lines.size() < 2 || !std::is_same_v<Row, MoveRow>) return;
  std::vector<std::string> f;
  try {
    f = csv::split(lines[1]);
  } catch (const std::runtime_error&) {
    return;  // the row's own check names it
  }
  const std::size_t exact = 6;  // moves.csv's exact column
  if (f.size() == N && (f[exact] == "0" || f[exact] == "1")) {
    throw ConfigError(path, 2, 1, older_format_message(2));
  }
}

// Checks the first line of a run folder's CSV against this version's header.
template <class Row, std::size_t N>
void check_header(const std::string& path, const std::vector<std::string>& lines,
                  const Column<Row> (&columns)[N], const std::vector<std::string_view>& added,
                  const std::vector<std::pair<std::string_view, std::string_view>>& renamed) {
  refuse_older(path, lines, columns, added, renamed);
  if (lines.empty() || lines[0] + "\n" == header(columns)) return;
  throw ConfigError(path, 1, 1, "not the header of a file this program wrote");
}

template <class Row, std::size_t N>
std::string csv_line(const Row& row, const Column<Row> (&columns)[N]) {
  std::vector<std::string> fields;
  for_each_field(row, columns, [&](const auto& v, const Column<Row>& c) {
    using T = std::decay_t<decltype(v)>;
    if constexpr (std::is_same_v<T, std::string>) {
      fields.push_back(v);
    } else if constexpr (std::is_same_v<T, bool>) {
      fields.emplace_back(v ? "true" : "false");
    } else if constexpr (std::is_same_v<T, double>) {  // a time
      fields.push_back(c.optional && v < 0 ? "" : csv::number(v, c.digits));
    } else {
      fields.push_back(std::to_string(v));
    }
  });
  return csv::line(fields);
}

// Throws std::runtime_error when the fields do not make a row.
template <class Row, std::size_t N>
Row from_fields(const std::vector<std::string>& f, const Column<Row> (&columns)[N]) {
  if (f.size() != N) {
    throw std::runtime_error("expected " + std::to_string(N) + " fields, got " +
                             std::to_string(f.size()));
  }
  Row row;
  std::size_t i = 0;
  for_each_field(row, columns, [&](auto& v, const Column<Row>& c) {
    const std::string& text = f[i++];
    using T = std::decay_t<decltype(v)>;
    if constexpr (std::is_same_v<T, std::string>) {
      v = text;
    } else if constexpr (std::is_same_v<T, bool>) {
      if (text != "true" && text != "false") {
        throw std::runtime_error(std::string("bad value in column ") + c.name + ": '" + text +
                                 "' (true or false)");
      }
      v = text == "true";
    } else {
      v = c.optional && text.empty() ? -1 : parse_number<T>(text, c.name);
    }
  });
  return row;
}

// The columns version 0.2 added, and those format 3 renamed (new name, old name).
const std::vector<std::string_view> kGamesAdded = {"first_unsearched", "second_unsearched"};
const std::vector<std::string_view> kMovesAdded = {"exact", "searched"};
const std::vector<std::pair<std::string_view, std::string_view>> kGamesRenamed = {
    {"first_cpu_us", "first_cpu_ms"}, {"second_cpu_us", "second_cpu_ms"}};
const std::vector<std::pair<std::string_view, std::string_view>> kMovesRenamed = {};

// The checks across a game's columns: a result, and one that agrees with the margin.
GameRow checked(GameRow r) {
  if (r.result != "1-0" && r.result != "0-1" && r.result != "1/2-1/2") {
    throw std::runtime_error("bad result '" + r.result + "'");
  }
  if ((r.termination == "normal" || r.termination == "adjudicated") && !r.margin.empty()) {
    // A game played to its end (or decided with its margin known) is decided by its margin: the
    // two columns must agree.
    const int margin = parse_number<int>(r.margin, "margin");
    const char* expected = margin > 0 ? "1-0" : margin < 0 ? "0-1" : "1/2-1/2";
    if (r.result != expected) {
      throw std::runtime_error("result '" + r.result + "' contradicts margin " + r.margin +
                               " (a game ended normally with that margin is " + expected + ")");
    }
  }
  return r;
}

GameRow game_row(const std::string& line) {
  return checked(from_fields(csv::split(line), kGameColumns));
}

}  // namespace

std::string games_csv_header() {
  std::string h = header(kGameColumns);
  h.pop_back();
  return h;
}

std::string moves_csv_header() {
  std::string h = header(kMoveColumns);
  h.pop_back();
  return h;
}

GameRow parse_game_row(const std::string& line) { return game_row(line); }

MoveRow parse_move_row(const std::string& line) {
  return from_fields(csv::split(line), kMoveColumns);
}

void refuse_older_version(const std::string& path, const std::vector<std::string>& lines,
                          bool moves) {
  if (moves) {
    refuse_older(path, lines, kMoveColumns, kMovesAdded, kMovesRenamed);
  } else {
    refuse_older(path, lines, kGameColumns, kGamesAdded, kGamesRenamed);
  }
}

FlushedFile::FlushedFile(std::string path, std::ios::openmode mode)
    : path_(std::move(path)), file_(path_, std::ios::binary | mode) {
  if (!file_) throw std::runtime_error("cannot open " + path_ + " for writing");
}

void FlushedFile::write(const std::string& text) {
  if (!(file_ << text << std::flush)) throw std::runtime_error("cannot write " + path_);
}

void set_outcome(GameRow& row, const GameOutcome& out) {
  row.result = out.first_score == 1.0 ? "1-0" : out.first_score == 0.0 ? "0-1" : "1/2-1/2";
  row.margin = out.margin ? std::to_string(*out.margin) : "";
  row.plies = out.plies;
  row.termination = termination_name(out.termination);
  row.forfeit = out.forfeit_side < 0 ? "" : (out.forfeit_side == 0 ? row.first : row.second);
  row.reason = out.reason;
  row.first_nodes = out.stats[0].nodes;
  row.second_nodes = out.stats[1].nodes;
  row.first_leaves = out.stats[0].leaves;
  row.second_leaves = out.stats[1].leaves;
  row.first_moves = out.moves[0];
  row.second_moves = out.moves[1];
  row.first_unsearched = out.unsearched[0];
  row.second_unsearched = out.unsearched[1];
  row.first_cpu_us = out.stats[0].cpu_ms * 1e3;
  row.second_cpu_us = out.stats[1].cpu_ms * 1e3;
  row.final_position = out.final_position;
}

std::string encode_game(const GameRow& row, const std::vector<MoveRow>& moves) {
  std::vector<std::string> lines;
  for (const auto& m : moves) lines.push_back(csv_line(m, kMoveColumns));
  return wire::Writer()(csv_line(row, kGameColumns), lines).take();
}

void decode_game(const std::string& bytes, GameRow& row, std::vector<MoveRow>& moves) {
  std::string game;
  std::vector<std::string> lines;  // read one by one: a damaged count runs out of bytes, not memory
  wire::Reader{bytes}(game, lines).expect_end();
  const auto text = [](std::string line) {  // less its newline
    if (!line.empty()) line.pop_back();
    return line;
  };
  row = game_row(text(game));
  moves.clear();
  for (const auto& line : lines) moves.push_back(from_fields(csv::split(text(line)), kMoveColumns));
}

std::vector<GameRow> read_games_csv(const std::string& path) {
  std::vector<GameRow> rows;
  const auto lines = complete_lines(path);
  check_header(path, lines, kGameColumns, kGamesAdded, kGamesRenamed);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    try {
      rows.push_back(game_row(lines[i]));
    } catch (const std::exception&) {
      // A line that does not parse was torn mid-write; the game is played again.
    }
  }
  return rows;
}

Journal::Journal(const std::string& dir, bool moves, bool resume, const RowCheck& check)
    : games_path_(dir + "/games.csv"), moves_path_(dir + "/moves.csv"), moves_(moves) {
  if (resume && std::filesystem::exists(games_path_)) {
    resumed_ = rewrite(-1, check);
  } else {
    replace_file(games_path_, header(kGameColumns));
    if (moves_) replace_file(moves_path_, header(kMoveColumns));
  }
  games_.emplace(games_path_, std::ios::app);
  if (moves_) moves_file_.emplace(moves_path_, std::ios::app);
}

void Journal::record(const GameRow& row, const std::vector<MoveRow>& moves) {
  std::string moves_text;
  for (const auto& m : moves) moves_text += csv_line(m, kMoveColumns);
  const std::string game_text = csv_line(row, kGameColumns);
  std::lock_guard lock(mutex_);
  // Moves first: a kill between the two writes leaves moves without a game, which resume drops.
  if (moves_) moves_file_->write(moves_text);
  games_->write(game_text);
}

std::vector<GameRow> Journal::finish(int games_kept) {
  std::lock_guard lock(mutex_);
  games_.reset();
  moves_file_.reset();
  return rewrite(games_kept, {});
}

std::vector<GameRow> Journal::rewrite(int games_kept, const RowCheck& check) const {
  const auto bad_line = [](const std::string& path, std::size_t i, const std::runtime_error& e) {
    return ConfigError(path, static_cast<int>(i) + 1, 1,
                       std::string(e.what()) + "; mend or remove the line, then resume");
  };
  // Each game once: a game recorded twice (a copy-paste, never a run) is refused at its line, not
  // silently dropped.
  std::map<int, GameRow> by_game;
  std::map<int, std::size_t> game_line;  // game -> its line
  const auto lines = complete_lines(games_path_);
  check_header(games_path_, lines, kGameColumns, kGamesAdded, kGamesRenamed);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    try {
      GameRow r = game_row(lines[i]);
      if (const auto [at, fresh] = game_line.emplace(r.game, i + 1); !fresh) {
        throw std::runtime_error("game " + std::to_string(r.game) +
                                 " recorded again (first at line " + std::to_string(at->second) +
                                 ")");
      }
      if (check) check(r);
      if (games_kept < 0 || r.game < games_kept) by_game.emplace(r.game, std::move(r));
    } catch (const std::runtime_error& e) {
      throw bad_line(games_path_, i, e);
    }
  }
  std::multimap<std::pair<int, int>, std::string> moves;  // (game, ply): lines in file order
  std::map<std::pair<int, int>, std::size_t> move_line;   // (game, ply) -> its line
  if (moves_) {
    const auto move_lines = complete_lines(moves_path_);
    check_header(moves_path_, move_lines, kMoveColumns, kMovesAdded, kMovesRenamed);
    for (std::size_t i = 1; i < move_lines.size(); ++i) {
      MoveRow m;
      try {
        m = from_fields(csv::split(move_lines[i]), kMoveColumns);
      } catch (const std::runtime_error& e) {
        throw bad_line(moves_path_, i, e);
      }
      // Moves of a game that never reached games.csv (killed between the two writes) go; a move
      // recorded twice is refused as a game is.
      if (!by_game.contains(m.game)) continue;
      if (const auto [at, fresh] = move_line.emplace(std::pair(m.game, m.ply), i + 1); !fresh) {
        throw bad_line(moves_path_, i,
                       std::runtime_error(
                           "game " + std::to_string(m.game) + ", ply " + std::to_string(m.ply) +
                           " recorded again (first at line " + std::to_string(at->second) + ")"));
      }
      moves.emplace(std::pair(m.game, m.ply), move_lines[i]);
    }
  }
  // Rewritten only once both files have been read whole and found sound.
  std::vector<GameRow> rows;
  std::string games_text = header(kGameColumns);
  for (auto& [g, r] : by_game) {
    games_text += csv_line(r, kGameColumns);
    rows.push_back(std::move(r));
  }
  replace_file(games_path_, games_text);
  if (moves_) {
    std::string moves_text = header(kMoveColumns);
    for (const auto& [key, line] : moves) moves_text += line + "\n";
    replace_file(moves_path_, moves_text);
  }
  return rows;
}

}  // namespace gts
