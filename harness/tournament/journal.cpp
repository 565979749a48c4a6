#include "harness/tournament/journal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"

namespace gts {

namespace {

const std::string kGamesHeader = "games.csv";

template <class T>
T parse_number(const std::string& text, const char* column) {
  T v{};
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
    throw std::runtime_error(std::string("bad value in column ") + column + ": '" + text + "'");
  }
  return v;
}

double parse_real(const std::string& text, const char* column) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v < 0) {
    throw std::runtime_error(std::string("bad value in column ") + column + ": '" + text + "'");
  }
  return v;
}

// Checks every field of a moves.csv row; returns its game.
int check_move_fields(const std::vector<std::string>& f) {
  if (f.size() != move_columns().size()) {
    throw std::runtime_error("expected " + std::to_string(move_columns().size()) + " fields, got " +
                             std::to_string(f.size()));
  }
  (void)parse_number<int>(f[1], "ply");
  (void)parse_number<int>(f[4], "value");
  (void)parse_number<int>(f[5], "depth");
  (void)parse_number<std::uint64_t>(f[6], "nodes");
  (void)parse_number<std::uint64_t>(f[7], "leaves");
  (void)parse_real(f[8], "cpu_us");
  (void)parse_real(f[9], "wall_ms");
  if (!f[10].empty()) {
    char* end = nullptr;
    const double v = std::strtod(f[10].c_str(), &end);
    if (end != f[10].c_str() + f[10].size() || !std::isfinite(v)) {
      throw std::runtime_error("bad value in column clock_ms: '" + f[10] + "'");
    }
  }
  return parse_number<int>(f[0], "game");
}

std::FILE* open_or_throw(const std::string& path, const char* mode) {
  std::FILE* f = std::fopen(path.c_str(), mode);
  if (f == nullptr) throw std::runtime_error("cannot open " + path + " for writing");
  return f;
}

void write_or_throw(std::FILE* f, const std::string& text, const std::string& path) {
  if (std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0) {
    throw std::runtime_error("cannot write " + path);
  }
}

}  // namespace

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
  row.first_cpu_ms = out.stats[0].cpu_ms;
  row.second_cpu_ms = out.stats[1].cpu_ms;
  row.final_position = out.final_position;
}

const std::vector<std::string>& game_columns() {
  static const std::vector<std::string> cols = {
      "game",          "pair",           "pairing",         "opening",      "first",
      "second",        "result",         "margin",          "plies",        "termination",
      "forfeit",       "reason",         "first_nodes",     "second_nodes", "first_leaves",
      "second_leaves", "first_moves",    "second_moves",    "first_cpu_ms", "second_cpu_ms",
      "wall_ms",       "final_position", "opening_position"};
  return cols;
}

const std::vector<std::string>& move_columns() {
  static const std::vector<std::string> cols = {"game",   "ply",     "player",   "move",
                                                "value",  "depth",   "nodes",    "leaves",
                                                "cpu_us", "wall_ms", "clock_ms", "pv"};
  return cols;
}

std::vector<std::string> to_fields(const GameRow& r) {
  return {std::to_string(r.game),
          std::to_string(r.pair),
          std::to_string(r.pairing),
          std::to_string(r.opening),
          r.first,
          r.second,
          r.result,
          r.margin,
          std::to_string(r.plies),
          r.termination,
          r.forfeit,
          r.reason,
          std::to_string(r.first_nodes),
          std::to_string(r.second_nodes),
          std::to_string(r.first_leaves),
          std::to_string(r.second_leaves),
          std::to_string(r.first_moves),
          std::to_string(r.second_moves),
          csv::number(r.first_cpu_ms),
          csv::number(r.second_cpu_ms),
          csv::number(r.wall_ms),
          r.final_position,
          r.opening_position};
}

GameRow game_row_from_fields(const std::vector<std::string>& f) {
  if (f.size() != game_columns().size()) {
    throw std::runtime_error("expected " + std::to_string(game_columns().size()) + " fields, got " +
                             std::to_string(f.size()));
  }
  GameRow r;
  r.game = parse_number<int>(f[0], "game");
  r.pair = parse_number<int>(f[1], "pair");
  r.pairing = parse_number<int>(f[2], "pairing");
  r.opening = parse_number<int>(f[3], "opening");
  r.first = f[4];
  r.second = f[5];
  r.result = f[6];
  if (r.result != "1-0" && r.result != "0-1" && r.result != "1/2-1/2") {
    throw std::runtime_error("bad result '" + r.result + "'");
  }
  r.margin = f[7];
  r.plies = parse_number<int>(f[8], "plies");
  r.termination = f[9];
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
  r.forfeit = f[10];
  r.reason = f[11];
  r.first_nodes = parse_number<std::uint64_t>(f[12], "first_nodes");
  r.second_nodes = parse_number<std::uint64_t>(f[13], "second_nodes");
  r.first_leaves = parse_number<std::uint64_t>(f[14], "first_leaves");
  r.second_leaves = parse_number<std::uint64_t>(f[15], "second_leaves");
  r.first_moves = parse_number<int>(f[16], "first_moves");
  r.second_moves = parse_number<int>(f[17], "second_moves");
  r.first_cpu_ms = parse_real(f[18], "first_cpu_ms");
  r.second_cpu_ms = parse_real(f[19], "second_cpu_ms");
  r.wall_ms = parse_real(f[20], "wall_ms");
  r.final_position = f[21];
  r.opening_position = f[22];
  return r;
}

std::vector<GameRow> read_games_csv(const std::string& path) {
  std::vector<GameRow> rows;
  const auto lines = complete_lines(path);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    try {
      rows.push_back(game_row_from_fields(csv::split(lines[i])));
    } catch (const std::exception&) {
      // A line that does not parse was torn mid-write; the game is played again.
    }
  }
  return rows;
}

Journal::Journal(const std::string& dir, bool moves, bool resume, const RowCheck& check)
    : games_path_(dir + "/games.csv"), moves_path_(dir + "/moves.csv"), moves_(moves) {
  const std::string games_header = csv::line(game_columns());
  const std::string moves_header = csv::line(move_columns());
  if (resume && std::filesystem::exists(games_path_)) {
    // Keep each game once (a game recorded twice can only come from a copy-paste; keep the first).
    std::map<int, GameRow> by_game;
    const auto lines = complete_lines(games_path_);
    if (!lines.empty() && lines[0] + "\n" != games_header) {
      throw ConfigError(games_path_, 1, 1, "not the header of a games.csv this program wrote");
    }
    for (std::size_t i = 1; i < lines.size(); ++i) {
      try {
        GameRow r = game_row_from_fields(csv::split(lines[i]));
        if (check) check(r);
        by_game.emplace(r.game, std::move(r));
      } catch (const std::runtime_error& e) {
        throw ConfigError(games_path_, static_cast<int>(i) + 1, 1,
                          std::string(e.what()) + "; mend or remove the line, then resume");
      }
    }
    std::string games_text = games_header;
    for (const auto& [g, r] : by_game) {
      done_.insert(g);
      resumed_.push_back(r);
      games_text += csv::line(to_fields(r));
    }
    std::string moves_text = moves_header;
    if (moves_) {
      const auto move_lines = complete_lines(moves_path_);
      for (std::size_t i = 1; i < move_lines.size(); ++i) {
        int g = -1;
        try {
          g = check_move_fields(csv::split(move_lines[i]));
        } catch (const std::runtime_error& e) {
          throw ConfigError(moves_path_, static_cast<int>(i) + 1, 1,
                            std::string(e.what()) + "; mend or remove the line, then resume");
        }
        // Moves of a game that never reached games.csv (killed between the two writes) go.
        if (done_.count(g)) moves_text += move_lines[i] + "\n";
      }
    }
    // Rewritten only once both files have been read whole and found sound.
    replace_file(games_path_, games_text);
    if (moves_) replace_file(moves_path_, moves_text);
  } else {
    replace_file(games_path_, games_header);
    if (moves_) replace_file(moves_path_, moves_header);
  }
  games_ = open_or_throw(games_path_, "ab");
  if (moves_) moves_file_ = open_or_throw(moves_path_, "ab");
}

Journal::~Journal() {
  if (games_ != nullptr) std::fclose(games_);
  if (moves_file_ != nullptr) std::fclose(moves_file_);
}

void Journal::record(const GameRow& row, const std::vector<MoveRow>& moves) {
  std::string moves_text;
  if (moves_) {
    for (const auto& m : moves) {
      moves_text +=
          csv::line({std::to_string(m.game), std::to_string(m.ply), m.player, m.move,
                     std::to_string(m.value), std::to_string(m.depth), std::to_string(m.nodes),
                     std::to_string(m.leaves), csv::number(m.cpu_us, 1), csv::number(m.wall_ms, 3),
                     m.clock_ms < 0 ? "" : csv::number(m.clock_ms, 1), m.pv});
    }
  }
  const std::string game_text = csv::line(to_fields(row));
  std::lock_guard lock(mutex_);
  // Moves first: a kill between the two writes leaves moves without a game, which resume drops.
  if (moves_) write_or_throw(moves_file_, moves_text, moves_path_);
  write_or_throw(games_, game_text, games_path_);
}

std::vector<GameRow> Journal::finish(int games_kept) {
  std::lock_guard lock(mutex_);
  std::fclose(games_);
  games_ = nullptr;
  std::vector<GameRow> rows = read_games_csv(games_path_);
  if (games_kept >= 0) {
    std::erase_if(rows, [games_kept](const GameRow& r) { return r.game >= games_kept; });
  }
  std::sort(rows.begin(), rows.end(),
            [](const GameRow& a, const GameRow& b) { return a.game < b.game; });
  std::string games_text = csv::line(game_columns());
  for (const auto& r : rows) games_text += csv::line(to_fields(r));
  replace_file(games_path_, games_text);
  if (moves_) {
    std::fclose(moves_file_);
    moves_file_ = nullptr;
    const auto lines = complete_lines(moves_path_);
    std::vector<std::pair<std::pair<int, int>, std::string>> keyed;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const auto f = csv::split(lines[i]);
      const int game = std::stoi(f[0]);
      if (games_kept >= 0 && game >= games_kept) continue;
      keyed.push_back({{game, std::stoi(f[1])}, lines[i]});
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string moves_text = csv::line(move_columns());
    for (const auto& [k, l] : keyed) moves_text += l + "\n";
    replace_file(moves_path_, moves_text);
  }
  return rows;
}

}  // namespace gts
