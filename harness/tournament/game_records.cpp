#include "harness/tournament/game_records.h"

#include <map>
#include <ranges>
#include <sstream>

#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"
#include "harness/strf.h"

namespace gts {

namespace {

// SGF's RE for a finished game: the winner's colour with how it won.
std::string sgf_result(const GameRow& r, bool first_is_black) {
  const double first = r.first_score();
  if (first == 0.5) return "0";
  const bool black_won = (first == 1.0) == first_is_black;
  std::string out = black_won ? "B+" : "W+";
  if (r.termination == "timeout") out += "T";
  if (!r.forfeit.empty() && r.termination != "timeout") out += "F";
  return out;
}

void write_sgf(const std::string& dir, const std::vector<GameRow>& rows,
               const std::map<int, std::vector<std::string>>& moves, const GameHandle& game) {
  std::vector<GameHandle::SgfGame> games;
  for (const GameRow& r : rows) {
    GameHandle::SgfGame g;
    g.opening = r.opening_position;
    g.moves = moves.at(r.game);  // write_game_records has an entry for each
    const bool first_is_black = game.to_move(r.opening_position) == 0;
    g.root = {{"GN", "game " + std::to_string(r.game)},
              {"PB", first_is_black ? r.first : r.second},
              {"PW", first_is_black ? r.second : r.first},
              {"RE", sgf_result(r, first_is_black)},
              {"GC", "termination: " + r.termination + (r.reason.empty() ? "" : ", " + r.reason)}};
    games.push_back(std::move(g));
  }
  if (const std::optional<std::string> sgf = game.to_sgf(games)) {
    replace_file(dir + "/games.sgf", *sgf);
  }
}

}  // namespace

void write_game_records(const std::string& dir, const std::vector<GameRow>& rows,
                        const GameHandle& game) {
  std::map<int, std::vector<std::string>> moves;  // by game, in order
  const auto lines = complete_lines(dir + "/moves.csv");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = csv::split(lines[i]);
    if (f.size() >= 4) moves[std::stoi(f[0])].push_back(f[3]);
  }
  std::string text;
  for (const GameRow& r : rows) {
    text += std::to_string(r.game) + '\t' + r.result + '\t' + r.termination + '\t' +
            r.opening_position + '\t' + join_strings(moves[r.game], " ") + '\n';
  }
  replace_file(dir + "/games.txt", text);
  write_sgf(dir, rows, moves, game);
}

std::vector<GameRecord> read_game_records(const std::string& path) {
  std::vector<GameRecord> out;
  int line_number = 0;
  for (const std::string& line : complete_lines(path)) {
    ++line_number;
    std::vector<std::string> f;
    for (const auto field : std::views::split(line, '\t')) {
      f.emplace_back(field.begin(), field.end());
    }
    const std::optional<int> game = f.size() == 5 ? parse_whole<int>(f[0]) : std::nullopt;
    if (!game || *game < 0) {
      throw ConfigError(path, line_number, 1,
                        "not a game record (GAME, RESULT, TERMINATION, OPENING and MOVES, "
                        "separated by tabs)");
    }
    GameRecord& r = out.emplace_back(GameRecord{*game, f[1], f[2], f[3], {}});
    std::istringstream moves(f[4]);
    for (std::string m; moves >> m;) r.moves.push_back(m);
  }
  return out;
}

}  // namespace gts
