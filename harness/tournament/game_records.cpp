#include "harness/tournament/game_records.h"

#include <map>
#include <ranges>
#include <sstream>

#include "common/input_error.h"
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
                        const GameHandle& game, const PgnEvent& event) {
  std::map<int, std::vector<MoveRow>> plies;  // by game, in order (the journal sorted them)
  const auto lines = complete_lines(dir + "/moves.csv");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    MoveRow m = parse_move_row(lines[i]);
    plies[m.game].push_back(std::move(m));
  }
  std::map<int, std::vector<std::string>> moves;  // by game, in notation
  std::string text, pgn;
  for (const GameRow& r : rows) {
    std::vector<std::string>& list = moves[r.game];
    for (const MoveRow& m : plies[r.game]) list.push_back(m.move);
    text += std::to_string(r.game) + '\t' + r.result + '\t' + r.termination + '\t' +
            r.opening_position + '\t' + join_strings(list, " ") + '\n';
    pgn += pgn_record(event, r, plies[r.game]);
  }
  replace_file(dir + "/games.txt", text);
  replace_file(dir + "/games.pgn", pgn);
  write_sgf(dir, rows, moves, game);
}

std::optional<GameRecord> parse_game_record(const std::string& line) {
  std::vector<std::string> f;
  for (const auto field : std::views::split(line, '\t')) f.emplace_back(field.begin(), field.end());
  const std::optional<int> game = f.size() == 5 ? parse_whole<int>(f[0]) : std::nullopt;
  if (!game || *game < 0) return std::nullopt;
  GameRecord r{*game, f[1], f[2], f[3], {}};
  std::istringstream moves(f[4]);
  for (std::string m; moves >> m;) r.moves.push_back(m);
  return r;
}

std::string result_contradiction(const GameHandle& game, const GameRow& row) {
  const std::string& t = row.termination;
  const std::string said = "result " + row.result + " (termination " + t + ")";
  // The first player's score each ending gives, where it fixes one.
  const auto expect = [&](double first, const std::string& why) {
    return row.first_score() == first ? std::string()
                                      : said + " contradicts " + why + ": that game is " +
                                            (first == 1.0   ? "1-0"
                                             : first == 0.0 ? "0-1"
                                                            : "1/2-1/2");
  };
  if (t == "illegal_move" || t == "error" || t == "budget" || t == "timeout") {
    if (row.forfeit != row.first && row.forfeit != row.second) {
      return said + " names no player who forfeited (forfeit '" + row.forfeit + "')";
    }
    return expect(row.forfeit == row.first ? 0.0 : 1.0, "the forfeit by " + row.forfeit);
  }
  if (!row.forfeit.empty()) return said + " is no forfeit, but forfeit names " + row.forfeit;
  if (t == "max_plies") return expect(0.5, "the ply limit");
  if (t != "normal" && t != "adjudicated") return "termination '" + t + "' is not one of a game";
  if (t == "adjudicated" && !row.reason.starts_with("decided:")) {
    // Adjudicated by the players' scores (ScoreWatch): the reason says who resigned.
    if (row.reason.starts_with("drawn by score")) return expect(0.5, "its reason");
    if (row.reason.starts_with("resigned by score: the first")) return expect(0.0, "its reason");
    if (row.reason.starts_with("resigned by score: the second")) return expect(1.0, "its reason");
    return said + " has no reason this program writes ('" + row.reason + "')";
  }
  Position start, end;
  try {
    start = game.position(row.opening_position);
    end = game.position(row.final_position);
  } catch (const InputError& e) {
    return std::string("a position does not parse: ") + e.what();
  }
  // The outcome bounds at the end, the first player's view.
  const bool first_moves = game.mover(end) == game.mover(start);
  const auto first_view = [&](Value lo, Value hi) {
    return first_moves ? std::pair(lo, hi) : std::pair(-hi, -lo);
  };
  const auto verdict = [](Value lo, Value hi) { return lo > 0 ? 1.0 : hi < 0 ? 0.0 : 0.5; };
  const auto margin = [&](Value v) -> std::string {
    if (!game.info().outcome_is_margin || row.margin == std::to_string(v)) return {};
    return said + ": margin '" + row.margin + "' is not the final position's " + std::to_string(v);
  };
  if (t == "normal") {
    if (!game.finished(end)) return said + ", but the final position is not the game's end";
    const Value v = first_view(game.final_value(end), game.final_value(end)).first;
    const std::string wrong = expect(verdict(v, v), "the final position");
    return wrong.empty() ? margin(v) : wrong;
  }
  // Adjudicated by the game's bounds: where they leave one result.
  const auto bounds = game.outcome_bounds(end);
  if (game.finished(end) || !bounds) {
    return said + ", but the game's bounds decide nothing at the final position";
  }
  const auto [lo, hi] = first_view(bounds->first, bounds->second);
  if (lo <= 0 && hi >= 0 && lo != hi) {
    return said +
           ", but the final position leaves the result open (the first player's outcome "
           "lies in [" +
           std::to_string(lo) + ", " + std::to_string(hi) + "])";
  }
  const std::string wrong =
      expect(verdict(lo, hi), "the final position's bounds [" + std::to_string(lo) + ", " +
                                  std::to_string(hi) + "]");
  if (!wrong.empty() || lo != hi || row.margin.empty()) return wrong;
  return margin(lo);
}

}  // namespace gts
