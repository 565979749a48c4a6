#include "harness/tournament/game_records.h"

#include <map>
#include <sstream>

#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"

namespace gts {

void write_game_records(const std::string& dir, const std::vector<GameRow>& rows) {
  std::map<int, std::string> moves;  // game -> "m1 m2 ..."
  const auto lines = complete_lines(dir + "/moves.csv");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = csv::split(lines[i]);
    if (f.size() < 4) continue;
    std::string& line = moves[std::stoi(f[0])];
    if (!line.empty()) line += ' ';
    line += f[3];
  }
  std::string text;
  for (const GameRow& r : rows) {
    text += std::to_string(r.game) + '\t' + r.result + '\t' + r.termination + '\t' +
            r.opening_position + '\t' + moves[r.game] + '\n';
  }
  replace_file(dir + "/games.txt", text);
}

std::vector<GameRecord> read_game_records(const std::string& path) {
  std::vector<GameRecord> out;
  int line_number = 0;
  for (const std::string& line : complete_lines(path)) {
    ++line_number;
    std::vector<std::string> f;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) {
      f.push_back(line.substr(start, tab - start));
    }
    f.push_back(line.substr(start));
    GameRecord r;
    try {
      if (f.size() != 5) throw std::runtime_error("");
      std::size_t used = 0;
      r.game = std::stoi(f[0], &used);
      if (used != f[0].size() || r.game < 0) throw std::runtime_error("");
    } catch (const std::exception&) {
      throw ConfigError(path, line_number, 1,
                        "not a game record (GAME, RESULT, TERMINATION, OPENING and MOVES, "
                        "separated by tabs)");
    }
    r.result = f[1];
    r.termination = f[2];
    r.opening = f[3];
    std::istringstream moves(f[4]);
    for (std::string m; moves >> m;) r.moves.push_back(m);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace gts
