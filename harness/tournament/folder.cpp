// A tournament's folder (`harness run` and `harness match` write it): its journal games.csv and
// moves.csv; games.txt, games.pgn and games.sgf written from them; the tables rebuilt from
// games.csv. Its check: every file present and complete, games.csv, moves.csv, games.txt and
// games.pgn holding the same games once each, every game played back from games.txt to the final
// position games.csv records with a result that position allows, and the tables those games.csv's
// rows give.
#include "harness/tournament/folder.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "common/input_error.h"
#include "harness/config/blocks.h"
#include "harness/config/config_error.h"
#include "harness/config/yaml_reader.h"
#include "harness/pipeline/folder_check.h"
#include "harness/pipeline/run_folder.h"
#include "harness/registry.h"
#include "harness/strf.h"
#include "harness/tournament/game_records.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/pgn.h"
#include "harness/tournament/report.h"

namespace gts {

namespace {

// Names the games the other files hold that `file` lacks: one game with the line that records it
// elsewhere, many as ranges in one line (a truncated file lacks all the games after its cut).
void name_missing(const std::string& path, const Numbered& file,
                  const std::vector<std::pair<const Numbered*, std::string>>& others,
                  Findings& findings) {
  std::map<int, std::string> missing;  // game -> where another file records it
  std::vector<std::string> holders;
  for (const auto& [other, name] : others) {
    bool holds = false;
    for (const auto& [g, line] : other->line_of) {
      if (file.line_of.contains(g)) continue;
      holds = true;
      missing.emplace(g, name + ":" + std::to_string(line));
    }
    if (holds) holders.push_back(name);
  }
  if (missing.size() == 1) {
    findings.add(path, 0, missing.begin()->first,
                 "missing (" + missing.begin()->second + " records it)");
  } else if (!missing.empty()) {
    std::set<int> games;
    for (const auto& [g, where] : missing) games.insert(g);
    findings.add(path, 0, -1,
                 "games " + ranges_text(games) + " missing (" + std::to_string(games.size()) +
                     " games that " + join_strings(holders, " and ") +
                     (holders.size() == 1 ? " records)" : " record)"));
  }
}

// Checks a CSV's header: an older format's is refused as such (exit 2, as resume does); any other
// that is not `expected` (or none at all) is a finding.
void check_csv_header(const std::string& path, const FileLines& f, const std::string& expected,
                      bool moves, Findings& findings) {
  if (f.lines.empty()) {
    if (!f.cut) findings.add(path, 1, -1, "empty: not even its header");
    return;
  }
  refuse_older_version(path, f.lines, moves);
  if (f.lines[0] == expected) return;
  findings.add(path, 1, -1,
               "not the header of a " + std::filesystem::path(path).filename().string() + " (" +
                   expected + ")");
}

// games.sgf holds games.txt's games, in its order: each tree's start position and moves, read
// back by the game's SGF reader, must be the record's. Returns the number that differ; `say`:
// that count on stdout.
int check_sgf(const GameHandle& game, const std::string& path,
              const std::vector<GameRecord>& records, bool say, Findings& findings) {
  std::vector<GameHandle::SgfGame> games;
  try {
    games = game.from_sgf(read_file_text(path), path);
  } catch (const InputError& e) {
    findings.add(path, 0, -1, std::string("does not read as SGF: ") + e.what());
    return 1;
  }
  int differ = 0;
  if (games.size() != records.size()) {
    findings.add(path, 0, -1,
                 "holds " + std::to_string(games.size()) + " games, games.txt " +
                     std::to_string(records.size()));
    ++differ;
  }
  for (std::size_t i = 0; i < std::min(games.size(), records.size()); ++i) {
    const GameRecord& r = records[i];
    // Compared in SGF, where a start position is what SGF can state (Go: not the passes just
    // played or the superko history).
    auto start = [&](const std::string& opening) { return game.to_sgf({{opening, {}, {}}}); };
    if (games[i].moves != r.moves || start(games[i].opening) != start(r.opening)) {
      ++differ;
      findings.add(path, 0, -1,
                   "game tree " + std::to_string(i + 1) + " differs from game " +
                       std::to_string(r.game) + " of games.txt (" +
                       (games[i].moves != r.moves ? "the moves" : "the start position") + ")");
    }
  }
  if (say) {
    std::printf("read %zu games from %s: %s\n", games.size(), path.c_str(),
                differ == 0 ? "each is its games.txt record, move for move"
                            : (std::to_string(differ) + " differ").c_str());
  }
  return differ;
}

// The players run.yaml's config names, in its order.
std::vector<std::string> config_players(const YAML::Node& config) {
  std::vector<std::string> names;
  if (!folder::is(config["players"], folder::kSequence)) return names;
  for (const auto& p : config["players"]) {
    if (folder::is(p, folder::kMap) && folder::is(p["name"], folder::kScalar))
      names.push_back(p["name"].Scalar());
  }
  return names;
}

void check_tournament_folder(const std::string& dir, int game_no, bool say, Findings& findings) {
  (void)folder::check_run_yaml(dir, "games", findings);
  if (findings.count() > 0) return;  // nothing else can be judged without it
  // The run's game, read by the configs' own game-block reader from run.yaml's resolved config, so
  // a run.yaml that lacks what a run writes is refused at its line and column; and what the run
  // says it wrote.
  const YamlReader reader(dir + "/run.yaml");
  const YAML::Node root = reader.load();
  const YAML::Node config = reader.require(root, "config", "at the top level of a run.yaml");
  const auto game = make_game_from_block(
      reader, parse_game_block(reader, reader.require(config, "game", "in 'config'")));
  const YAML::Node run = reader.require(root, "run", "at the top level of a run.yaml");
  const YAML::Node status_node = reader.find(run, "status");
  const std::string status = status_node ? reader.text(status_node, "status") : "";
  // A run in progress (or killed before its end): its journal is checked as far as it goes; its
  // count, games.txt and tables are written at its end.
  const bool running = status == "running";
  // (A run in progress says its total once its schedule is made.)
  const YAML::Node total_node = running ? reader.find(run, "games_total") : YAML::Node();
  const auto games_total = static_cast<int>(
      running && !total_node
          ? 1 << 30
          : reader.integer(reader.require(run, "games_total", "in 'run'"), "games_total", 0,
                           1 << 30));
  const auto games_done = static_cast<int>(
      reader.integer(reader.require(run, "games_done", "in 'run'"), "games_done", 0, 1 << 30));
  const YAML::Node output = reader.find(config, "output");
  const YAML::Node moves_node = output ? reader.find(output, "moves") : YAML::Node();
  const bool moves_kept = moves_node && reader.boolean(moves_node, "output.moves");
  if (!moves_kept) {
    throw ParamError("RUN_DIR: " + dir +
                     " was run without output.moves: it has no games.txt to replay");
  }

  // games.csv: the results; each game once, every game run.yaml counts.
  const std::string games_path = dir + "/games.csv";
  const FileLines games_lines = read_lines(games_path, findings, running);
  std::map<int, GameRow> rows;
  Numbered in_games;
  if (!games_lines.exists) {
    findings.add(games_path, 0, -1, "missing (every tournament run writes it)");
  } else {
    check_csv_header(games_path, games_lines, games_csv_header(), false, findings);
    for (std::size_t i = 1; i < games_lines.lines.size(); ++i) {
      const int line = static_cast<int>(i) + 1;
      try {
        GameRow r = parse_game_row(games_lines.lines[i]);
        if (in_games.take(r.game, line, games_total, games_path, findings)) {
          rows.emplace(r.game, std::move(r));
        }
      } catch (const std::runtime_error& e) {
        findings.add(games_path, line, -1, std::string("not a row: ") + e.what());
      }
    }
    if (!running && static_cast<int>(rows.size()) != games_done) {
      findings.add(games_path, 0, -1,
                   "holds " + std::to_string(rows.size()) + " games; run.yaml's games_done is " +
                       std::to_string(games_done));
    }
  }

  // moves.csv: each game's moves, plies 0, 1, ... once each.
  const std::string moves_path = dir + "/moves.csv";
  const FileLines moves_lines = read_lines(moves_path, findings, running);
  std::map<int, std::vector<std::string>> moves;  // by game, in ply order
  Numbered in_moves;
  if (!moves_lines.exists) {
    findings.add(moves_path, 0, -1, "missing (a run with output.moves writes it)");
  } else {
    check_csv_header(moves_path, moves_lines, moves_csv_header(), true, findings);
    std::map<std::pair<int, int>, int> ply_line;  // (game, ply) -> line
    for (std::size_t i = 1; i < moves_lines.lines.size(); ++i) {
      const int line = static_cast<int>(i) + 1;
      try {
        const MoveRow m = parse_move_row(moves_lines.lines[i]);
        if (m.game < 0 || m.game >= games_total) {
          (void)in_moves.take(m.game, line, games_total, moves_path, findings);
          continue;
        }
        in_moves.line_of.emplace(m.game, line);
        const auto [it, fresh] = ply_line.emplace(std::pair(m.game, m.ply), line);
        std::vector<std::string>& list = moves[m.game];
        if (!fresh) {
          findings.add(moves_path, line, m.game,
                       "ply " + std::to_string(m.ply) + " recorded again (first at line " +
                           std::to_string(it->second) + ")");
        } else if (m.ply != static_cast<int>(list.size())) {
          findings.add(moves_path, line, m.game,
                       "ply " + std::to_string(m.ply) + " where ply " +
                           std::to_string(list.size()) + " comes next");
        } else {
          list.push_back(m.move);
        }
      } catch (const std::runtime_error& e) {
        findings.add(moves_path, line, -1, std::string("not a row: ") + e.what());
      }
    }
    // A game of no plies has no moves; every other game of games.csv has all its plies here.
    std::set<int> none;
    for (const auto& [g, r] : rows) {
      const auto it = moves.find(g);
      const int n = it == moves.end() ? 0 : static_cast<int>(it->second.size());
      if (n == r.plies) continue;
      if (n == 0) {
        none.insert(g);
      } else {
        findings.add(moves_path, in_moves.line_of.at(g), g,
                     std::to_string(n) +
                         " moves, where games.csv:" + std::to_string(in_games.line_of.at(g)) +
                         " records " + std::to_string(r.plies) + " plies");
      }
    }
    if (none.size() == 1) {
      findings.add(moves_path, 0, *none.begin(),
                   "no moves (games.csv:" + std::to_string(in_games.line_of.at(*none.begin())) +
                       " records " + std::to_string(rows.at(*none.begin()).plies) + " plies)");
    } else if (!none.empty()) {
      findings.add(moves_path, 0, -1,
                   "no moves of games " + ranges_text(none) + " (" + std::to_string(none.size()) +
                       " games that games.csv records with plies)");
    }
  }

  if (running) return;

  // games.txt: each game once, the same games as games.csv, with moves.csv's moves.
  const std::string txt_path = dir + "/games.txt";
  const FileLines txt_lines = read_lines(txt_path, findings);
  std::vector<std::pair<GameRecord, int>> records;  // with their lines, in file order
  Numbered in_txt;
  if (!txt_lines.exists) {
    findings.add(txt_path, 0, -1,
                 "missing (a run with output.moves writes it at its end" +
                     (status == "finished"
                          ? std::string(")")
                          : "; run.yaml's status is '" + status + "': finish it with --resume)"));
  } else if (txt_lines.lines.empty() && !txt_lines.cut && games_done > 0) {
    findings.add(txt_path, 1, -1,
                 "empty, where run.yaml counts " + std::to_string(games_done) + " games");
  }
  for (std::size_t i = 0; i < txt_lines.lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    std::optional<GameRecord> r = parse_game_record(txt_lines.lines[i]);
    if (!r) {
      findings.add(txt_path, line, -1,
                   "not a game record (GAME, RESULT, TERMINATION, OPENING and MOVES, separated "
                   "by tabs)");
    } else if (in_txt.take(r->game, line, games_total, txt_path, findings)) {
      records.emplace_back(std::move(*r), line);
    }
  }
  // Each file holds every game another holds (a game of no plies has no moves, so moves.csv is
  // held to games.csv's plies above instead).
  if (txt_lines.exists) {
    name_missing(txt_path, in_txt, {{&in_games, "games.csv"}, {&in_moves, "moves.csv"}}, findings);
  }
  if (games_lines.exists) {
    name_missing(games_path, in_games, {{&in_txt, "games.txt"}, {&in_moves, "moves.csv"}},
                 findings);
  }

  int replayed = 0;
  int matched = 0;
  for (const auto& [r, line] : records) {
    if (game_no >= 0 && r.game != game_no) continue;
    const bool show = game_no >= 0;
    const int before = findings.count();
    std::string position;
    try {
      position = game->canonical_position(r.opening);
      if (show) {
        std::printf("game %d, opening %s\n%s\n", r.game, position.c_str(),
                    game->draw(position).c_str());
      }
      for (std::size_t ply = 0; ply < r.moves.size(); ++ply) {
        try {
          position = game->play_move(position, r.moves[ply]);
        } catch (const InputError& e) {
          findings.add(txt_path, line, r.game, "ply " + std::to_string(ply) + ": " + e.what());
          position.clear();
          break;
        }
        if (show) {
          std::printf("ply %zu: %s\n%s\n", ply, r.moves[ply].c_str(), game->draw(position).c_str());
        }
      }
    } catch (const InputError& e) {
      findings.add(txt_path, line, r.game, std::string("the opening: ") + e.what());
      position.clear();
    }
    ++replayed;
    if (moves_lines.exists && moves.contains(r.game) && moves.at(r.game) != r.moves) {
      findings.add(txt_path, line, r.game,
                   "the moves are not moves.csv's (from line " +
                       std::to_string(in_moves.line_of.at(r.game)) + ")");
    }
    const auto it = rows.find(r.game);
    if (it != rows.end() && !position.empty()) {
      const GameRow& row = it->second;
      const std::string at = "games.csv:" + std::to_string(in_games.line_of.at(r.game));
      if (row.final_position != position) {
        findings.add(txt_path, line, r.game,
                     "ends at " + position + ", but " + at + " records " + row.final_position);
      } else {
        if (row.result != r.result || row.termination != r.termination) {
          findings.add(txt_path, line, r.game,
                       "records " + r.result + " (" + r.termination + "), " + at + " " +
                           row.result + " (" + row.termination + ")");
        }
        // games.csv's result, judged by the game's end whatever games.txt says: which is wrong.
        if (const std::string why = result_contradiction(*game, row); !why.empty()) {
          findings.add(games_path, in_games.line_of.at(r.game), r.game, why);
        }
      }
      if (show && findings.count() == before) {
        std::printf("result %s (%s); the final position matches games.csv\n", r.result.c_str(),
                    r.termination.c_str());
      }
    }
    // Only a game checked whole matches (not one games.csv lacks).
    if (findings.count() == before && it != rows.end() && !position.empty()) ++matched;
  }
  if (game_no >= 0 && replayed == 0) {
    throw ParamError("--game: " + std::to_string(game_no) + " is not in " + txt_path);
  }
  if (game_no < 0) {
    // Fewer games replayed than games.csv records is said here too: those were never checked.
    const std::string fewer = replayed < static_cast<int>(rows.size())
                                  ? " (games.csv records " + std::to_string(rows.size()) + ")"
                                  : "";
    if (say) {
      std::printf("replayed %d games from %s%s: %s\n", replayed, txt_path.c_str(), fewer.c_str(),
                  replayed == 0 ? "nothing to check"
                  : matched == replayed
                      ? "every final position matches games.csv"
                      : (std::to_string(matched) + " match games.csv, " +
                         std::to_string(replayed - matched) + " do not (named on stderr)")
                            .c_str());
    }
    // games.sgf: written for a game with an SGF form (Go), none for the others (Kalah).
    const std::string sgf_path = dir + "/games.sgf";
    if (game->to_sgf({})) {
      // Read as SGF only whole: a cut or emptied file is said as such.
      const FileLines sgf = read_lines(sgf_path, findings);
      if (!sgf.exists) {
        findings.add(sgf_path, 0, -1,
                     "missing (a " + game->info().name + " run with output.moves writes it)");
      } else if (sgf.lines.empty() && !sgf.cut) {
        findings.add(sgf_path, 1, -1,
                     "empty, where games.txt holds " + std::to_string(records.size()) + " games");
      } else if (!sgf.cut) {
        std::vector<GameRecord> in_order;
        for (const auto& [r, line] : records) in_order.push_back(r);
        check_sgf(*game, sgf_path, in_order, say, findings);
      }
    }
    // games.pgn: games.txt's games, with their openings, moves and results.
    const std::string pgn_path = dir + "/games.pgn";
    const PgnCheck pgn = check_pgn(pgn_path, records, games_total, *game);
    for (const PgnFinding& f : pgn.findings) findings.add(pgn_path, f.line, f.game, f.what);
    if (say) std::printf("%s\n", pgn.summary.c_str());
  }
  if (game_no < 0) {
    // The tables are those games.csv's rows give, where it is sound (a damaged one is named).
    if (games_lines.exists && findings.clean(games_path)) {
      std::vector<GameRow> in_order;
      for (const auto& [g, r] : rows) in_order.push_back(r);
      for (const auto& [file, text] : tournament_tables(config_players(config), in_order)) {
        check_rebuilt(dir + "/" + file, text, "games.csv", folder::at_end("tournament", status),
                      findings);
      }
    }
  }
}

class TournamentKind final : public RunKind {
 public:
  std::string name() const override { return "tournament"; }
  std::vector<std::string> commands() const override { return {"run", "match"}; }
  std::string unit() const override { return "games"; }
  std::vector<std::string> journal() const override { return {"games.csv", "moves.csv"}; }
  std::map<std::string, std::string> rebuild(const std::string& dir) const override {
    try {
      const YAML::Node config = YAML::LoadFile(dir + "/run.yaml")["config"];
      return tournament_tables(config_players(config), read_games_csv(dir + "/games.csv"));
    } catch (const std::exception&) {
      return {};  // a journal or run.yaml that does not read: named by the check
    }
  }
  void check(const std::string& dir, const FolderReading& how, Findings& findings) const override {
    check_tournament_folder(dir, how.game, how.say, findings);
  }
};

}  // namespace

const RunKind& tournament_kind() {
  static const TournamentKind kind;
  return kind;
}

}  // namespace gts
