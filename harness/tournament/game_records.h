// games.txt: every game of a run as one line a person or a script can replay, in schedule order:
//
//   GAME <TAB> RESULT <TAB> TERMINATION <TAB> OPENING <TAB> MOVE MOVE ...
//
// the opening and the moves in the game's notation (moves separated by spaces), as moves.csv
// records them. `harness replay RUN_DIR` plays them back and checks each game's end against
// games.csv (and games.sgf's games against games.txt, where the game has one).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/registry.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/pgn.h"

namespace gts {

struct GameRecord {
  int game = 0;
  std::string result;
  std::string termination;
  std::string opening;
  std::vector<std::string> moves;
};

// Writes DIR/games.txt from `rows` and DIR/moves.csv (which must hold every move of those games),
// DIR/games.pgn (pgn.h) with `event`'s tags, and for a game with an SGF form (Go) DIR/games.sgf:
// the same games as an SGF collection, a game tree each, with the game number (GN), the players
// (PB, PW), the result (RE: "B+", "W+", "B+T" on time, "B+F" by forfeit, "0" a draw) and the
// termination (GC).
void write_game_records(const std::string& dir, const std::vector<GameRow>& rows,
                        const GameHandle& game, const PgnEvent& event);

// One line of a games.txt (without its newline), or std::nullopt for a line that is not a record.
std::optional<GameRecord> parse_game_record(const std::string& line);

// Why `row`'s result cannot be its game's, judged by its termination, forfeit, margin and reason
// against its final position (a game played to the end: that position's outcome; adjudicated by
// the game's bounds: the result they leave); empty when it can be. A position that does not parse
// is named too.
std::string result_contradiction(const GameHandle& game, const GameRow& row);

}  // namespace gts
