// games.pgn: every game of a tournament run in the Portable Game Notation, the form rating tools
// (Ordo, BayesElo) pool matches from. One record a game, in schedule order: the Seven Tag Roster
// (Event, Site, Date, Round = the game's number + 1, White = the first player, Black = the
// second, Result), then FEN (the opening in the game's notation), Game (the game and its
// parameters), PlyCount, SetUp, Termination and TimeControl (or WhiteTimeControl and
// BlackTimeControl where the players' differ); then the moves in the game's notation, each with
// its search as cutechess writes it, `{+2/7 0.015s}` (value for the mover, completed depth, wall
// time), and the result. `harness replay` reads it back against games.txt.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/match/game_record.h"
#include "harness/registry.h"
#include "harness/tournament/journal.h"

namespace gts {

struct GameRecord;  // a games.txt line (game_records.h)

// What every game of a run shares.
struct PgnEvent {
  std::string event;  // the run's name
  std::string date;   // "2026.12.01": the day the run started
  std::string game;   // GameHandle::label()
  std::map<std::string, std::string> time_control;  // by player: its TimeControl value
  std::string site = "?";
};

// The TimeControl value of a player's clock and movetime, as the PGN standard writes it:
// "60+0.6" (seconds and increment per move), "60" (no increment); "0.1/move" for a fixed time
// per move (cutechess's form: the standard has none); "-" for neither.
std::string pgn_time_control(const TimeControl& clock, double movetime_ms);

// The PGN standard's Termination value for a games.csv termination: "normal", "adjudication"
// (adjudicated, max_plies), "rules infraction" (illegal_move, budget), "time forfeit" (timeout),
// "abandoned" (error).
std::string pgn_termination(const std::string& termination);

// One game's record, ending in a blank line; `moves` in ply order. Lines stay within 80
// characters, as PGN's export format asks.
std::string pgn_record(const PgnEvent& event, const GameRow& row,
                       const std::vector<MoveRow>& moves);

// One game read back.
struct PgnGame {
  int line = 0;                                           // its first line (1-based)
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<std::string> moves;
  std::vector<std::string> comments;  // one a move: the comment after it ("" for none)
  std::string result;                 // the result after the moves
  // The tag's value, or nullptr where the record has none.
  [[nodiscard]] const std::string* tag(std::string_view name) const;
};

// The games of a PGN text up to its first error, and that error (line 0: none), which names
// where it stands (1-based line and column).
struct PgnText {
  std::vector<PgnGame> games;
  int error_line = 0;
  int error_column = 0;
  std::string error;
};
PgnText parse_pgn(std::string_view text);

// A disagreement of games.pgn with games.txt: `FILE:LINE: game N: what` (line 0: the file;
// game -1: none).
struct PgnFinding {
  int line = 0;
  int game = -1;
  std::string what;
};
struct PgnCheck {
  std::vector<PgnFinding> findings;
  std::string summary;  // one line for stdout: how many games were read and whether they agree
};

// Checks the games.pgn at `path` against games.txt's `records` (each with its line): the file
// whole (present, not cut, every record readable), each game once and a game of the run, and
// each game's opening, moves, ply count, result and termination those of its games.txt record.
// A game games.txt lacks is games.txt's finding, not this file's.
PgnCheck check_pgn(const std::string& path, const std::vector<std::pair<GameRecord, int>>& records,
                   int games_total, const GameHandle& game);

}  // namespace gts
