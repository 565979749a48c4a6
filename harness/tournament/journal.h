// The run's journal: games.csv and moves.csv, appended and flushed as each game finishes, so that a
// run killed at any moment loses no finished game. A resumed run first repairs the files (a torn
// last line, moves of a game that never reached games.csv) and learns which games are done; the
// run's end rewrites both files in schedule order, so their content does not depend on the order
// in which threads finished games.
#pragma once

#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "harness/match/game_record.h"

namespace gts {

// One row of games.csv (its columns are listed in journal.cpp, kGameColumns).
struct GameRow {
  int game = 0;
  int pair = 0;
  int pairing = 0;
  int opening = 0;
  std::string first;
  std::string second;
  std::string result;  // "1-0", "0-1", "1/2-1/2": first player's view
  std::string margin;  // empty where the game has no score
  int plies = 0;
  std::string termination;  // normal, adjudicated, max_plies, illegal_move, error, budget, timeout
  std::string forfeit;      // the player who forfeited, or empty
  std::string reason;
  std::uint64_t first_nodes = 0, second_nodes = 0;
  std::uint64_t first_leaves = 0, second_leaves = 0;
  int first_moves = 0, second_moves = 0;
  int first_unsearched = 0, second_unsearched = 0;  // moves played without a completed depth
  double first_cpu_us = 0, second_cpu_us = 0, wall_ms = 0;  // the timing columns
  std::string final_position;
  std::string opening_position;  // the game's start, in the game's notation

  [[nodiscard]] double first_score() const {
    return result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
  }
};

struct MoveRow {
  int game = 0;
  int ply = 0;
  std::string player;
  std::string move;
  int value = 0;
  int depth = 0;         // completed depth, plies
  bool exact = false;    // the value was proved to the end of the game
  bool searched = true;  // false: a searching player's move without a completed depth
  std::uint64_t nodes = 0, leaves = 0;
  double cpu_us = 0;
  double wall_ms = 0;
  double clock_ms = -1;  // the mover's clock after the move; -1 (an empty cell): no clock
  std::string pv;        // space-separated, in notation; an engine's as it sent it
};

// Fills the row's outcome columns (result through final_position, wall_ms aside) from a played
// game; row.first and row.second must be set, since a forfeit names the player.
void set_outcome(GameRow& row, const GameOutcome& out);

// A finished game as it travels from the rank that played it to rank 0's journal: the lines the
// journal writes for it, so that rank 0 writes what a local run writes. decode_game throws
// std::runtime_error on bytes that are not one.
std::string encode_game(const GameRow& row, const std::vector<MoveRow>& moves);
void decode_game(const std::string& bytes, GameRow& row, std::vector<MoveRow>& moves);

// The header lines of games.csv and moves.csv (without their newline).
std::string games_csv_header();
std::string moves_csv_header();
// One line of games.csv or moves.csv (without its newline) as a row; std::runtime_error saying
// what is wrong with a line that is not one.
GameRow parse_game_row(const std::string& line);
MoveRow parse_move_row(const std::string& line);
// Throws the ConfigError that names the format when `lines`, a games.csv's (`moves` false) or a
// moves.csv's, are an older format's: format 1's or 2's header, or format 2's 0/1 flags in
// moves.csv's first row; returns otherwise.
void refuse_older_version(const std::string& path, const std::vector<std::string>& lines,
                          bool moves);

// Reads every complete, well-formed row of a games.csv (a torn last line is ignored); throws
// ConfigError for a file whose header is not this version's.
std::vector<GameRow> read_games_csv(const std::string& path);

// A file appended to (std::ios::app) or written anew (std::ios::trunc), each write flushed, so
// that a run killed at any moment keeps everything it wrote. Throws std::runtime_error naming it.
class FlushedFile {
 public:
  FlushedFile(std::string path, std::ios::openmode mode);
  void write(const std::string& text);

 private:
  std::string path_;
  std::ofstream file_;
};

class Journal {
 public:
  // Checks a recorded game against the run (is it in the schedule, between the players the
  // schedule names?): throws std::runtime_error saying what is wrong.
  using RowCheck = std::function<void(const GameRow&)>;

  // Opens (creating or, with `resume`, repairing) DIR/games.csv and, if `moves`, DIR/moves.csv.
  // On resume every complete line must be a well-formed row that passes `check`: anything else is
  // a ConfigError naming the file and line (the files are left as they were). Only a last line
  // without its newline, torn by a kill, is dropped.
  Journal(const std::string& dir, bool moves, bool resume, const RowCheck& check = {});

  // Games already recorded when the journal was opened, in game order.
  [[nodiscard]] const std::vector<GameRow>& resumed_rows() const { return resumed_; }

  // Thread-safe: appends the game's moves, then the game, flushing each file.
  void record(const GameRow& row, const std::vector<MoveRow>& moves);

  // Closes the files and rewrites them in schedule order, keeping the games numbered below
  // `games_kept` (all when negative: a test that stopped the run keeps the games it counted).
  // Returns the rows kept, sorted.
  std::vector<GameRow> finish(int games_kept = -1);

 private:
  // Reads both files back and rewrites them in game order with the games numbered below
  // `games_kept` (all when negative) that pass `check`, and their moves in ply order; throws
  // ConfigError naming the file and line of a complete line that is not a sound row. Returns the
  // rows kept.
  std::vector<GameRow> rewrite(int games_kept, const RowCheck& check) const;

  std::string games_path_, moves_path_;
  bool moves_ = true;
  std::optional<FlushedFile> games_, moves_file_;
  std::mutex mutex_;
  std::vector<GameRow> resumed_;
};

}  // namespace gts
