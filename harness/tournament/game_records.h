// games.txt: every game of a run as one line a person or a script can replay, in schedule order:
//
//   GAME <TAB> RESULT <TAB> TERMINATION <TAB> OPENING <TAB> MOVE MOVE ...
//
// the opening and the moves in the game's notation (moves separated by spaces), as moves.csv
// records them. `harness replay RUN_DIR` plays them back and checks each game's end against
// games.csv.
#pragma once

#include <string>
#include <vector>

#include "harness/tournament/journal.h"

namespace gts {

struct GameRecord {
  int game = 0;
  std::string result;
  std::string termination;
  std::string opening;
  std::vector<std::string> moves;
};

// Writes DIR/games.txt from `rows` and DIR/moves.csv (which must hold every move of those games).
void write_game_records(const std::string& dir, const std::vector<GameRow>& rows);

// Reads a games.txt; ConfigError naming the file and line for a line that is not a record.
std::vector<GameRecord> read_game_records(const std::string& path);

}  // namespace gts
