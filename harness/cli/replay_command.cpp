// `harness replay RUN_DIR [--game N]`: plays a tournament run's games back from games.txt, checks
// that each ends at the final position games.csv records, and with --game draws one game move by
// move.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "harness/cli/command.h"
#include "harness/config/blocks.h"
#include "harness/config/config_error.h"
#include "harness/config/yaml_reader.h"
#include "harness/pipeline/run_folder.h"
#include "harness/registry.h"
#include "harness/tournament/game_records.h"
#include "harness/tournament/journal.h"

namespace gts::cli {

namespace {

struct ReplayArgs {
  std::string run_dir;
  int game = -1;
};

// games.sgf holds games.txt's games, in its order: each tree's start position and moves, read
// back by the game's SGF reader, must be the record's. Returns the number that differ.
int check_sgf(const GameHandle& game, const std::string& path,
              const std::vector<GameRecord>& records) {
  const std::vector<GameHandle::SgfGame> games = game.from_sgf(read_file_text(path), path);
  int differ = 0;
  if (games.size() != records.size()) {
    std::fprintf(stderr, "%s holds %zu games, games.txt %zu\n", path.c_str(), games.size(),
                 records.size());
    ++differ;
  }
  for (std::size_t i = 0; i < std::min(games.size(), records.size()); ++i) {
    const GameRecord& r = records[i];
    // Compared in SGF, where a start position is what SGF can state (Go: not the passes just
    // played or the superko history).
    auto start = [&](const std::string& opening) { return game.to_sgf({{opening, {}, {}}}); };
    if (games[i].moves != r.moves || start(games[i].opening) != start(r.opening)) {
      ++differ;
      std::fprintf(stderr, "%s: game tree %zu differs from game %d of games.txt (%s)\n",
                   path.c_str(), i + 1, r.game,
                   games[i].moves != r.moves ? "the moves" : "the start position");
    }
  }
  std::printf("read %zu games from %s: %s\n", games.size(), path.c_str(),
              differ == 0 ? "each is its games.txt record, move for move"
                          : (std::to_string(differ) + " differ").c_str());
  return differ;
}

int run_replay(const ReplayArgs& args) {
  const std::string& dir = args.run_dir;
  for (const char* file : {"run.yaml", "games.csv", "games.txt"}) {
    if (!std::filesystem::is_regular_file(dir + "/" + file)) {
      throw ParamError("RUN_DIR: " + dir + " holds no " + file +
                       " (games.txt is written by harness run with output.moves on)");
    }
  }
  // The run's game, read by the configs' own game-block reader from run.yaml's resolved config, so
  // a damaged run.yaml is refused at its line and column.
  const YamlReader reader(dir + "/run.yaml");
  const YAML::Node config =
      reader.require(reader.load(), "config", "at the top level of a run.yaml");
  const auto game = make_game_from_block(
      reader, parse_game_block(reader, reader.require(config, "game", "in 'config'")));
  const std::vector<GameRecord> records = read_game_records(dir + "/games.txt");
  std::map<int, std::string> final_positions;
  for (const GameRow& r : read_games_csv(dir + "/games.csv"))
    final_positions[r.game] = r.final_position;

  int replayed = 0;
  int mismatched = 0;
  for (const GameRecord& r : records) {
    if (args.game >= 0 && r.game != args.game) continue;
    const bool show = args.game >= 0;
    std::string position = game->canonical_position(r.opening);
    if (show)
      std::printf("game %d, opening %s\n%s\n", r.game, position.c_str(),
                  game->draw(position).c_str());
    for (std::size_t ply = 0; ply < r.moves.size(); ++ply) {
      try {
        position = game->play_move(position, r.moves[ply]);
      } catch (const InputError& e) {
        throw ConfigError(dir + "/games.txt", "game " + std::to_string(r.game) + ", ply " +
                                                  std::to_string(ply) + ": " + e.what());
      }
      if (show) {
        std::printf("ply %zu: %s\n%s\n", ply, r.moves[ply].c_str(), game->draw(position).c_str());
      }
    }
    ++replayed;
    const auto it = final_positions.find(r.game);
    if (it == final_positions.end() || it->second != position) {
      ++mismatched;
      std::fprintf(stderr, "game %d ends at %s, but games.csv records %s\n", r.game,
                   position.c_str(),
                   it == final_positions.end() ? "no such game" : it->second.c_str());
    } else if (show) {
      std::printf("result %s (%s); the final position matches games.csv\n", r.result.c_str(),
                  r.termination.c_str());
    }
  }
  if (args.game >= 0 && replayed == 0) {
    throw ParamError("--game: " + std::to_string(args.game) + " is not in " + dir + "/games.txt");
  }
  if (args.game < 0) {
    std::printf("replayed %d games from %s/games.txt: %s\n", replayed, dir.c_str(),
                mismatched == 0 ? "every final position matches games.csv"
                                : (std::to_string(mismatched) + " do not match").c_str());
    if (std::filesystem::is_regular_file(dir + "/games.sgf")) {
      mismatched += check_sgf(*game, dir + "/games.sgf", records);
    }
  }
  return mismatched == 0 ? 0 : 1;
}

}  // namespace

void add_replay_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<ReplayArgs>(
      app, action, "replay",
      "play a tournament run's games back from games.txt and check each against games.csv",
      run_replay);
  cmd->add_option("RUN_DIR", args->run_dir, "a run folder of harness run (with output.moves)")
      ->required();
  cmd->add_option("--game", args->game, "draw this game move by move")
      ->check(integer_in(0, 1'000'000'000));
}

}  // namespace gts::cli
