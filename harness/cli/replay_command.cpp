// `harness replay RUN_DIR [--game N]`: plays a tournament run's games back from games.txt, checks
// that each ends at the final position games.csv records, and with --game draws one game move by
// move.
#include <cstdio>
#include <filesystem>
#include <map>

#include "harness/cli/command.h"
#include "harness/config/blocks.h"
#include "harness/config/config_error.h"
#include "harness/config/yaml_reader.h"
#include "harness/registry.h"
#include "harness/tournament/game_records.h"
#include "harness/tournament/journal.h"

namespace gts::cli {

namespace {

struct ReplayArgs {
  std::string run_dir;
  int game = -1;
};

// The run's game, read by the configs' own game-block reader from run.yaml's resolved config, so a
// damaged run.yaml is refused at its line and column.
std::unique_ptr<GameHandle> game_of_run(const std::string& run_yaml) {
  const YamlReader reader(run_yaml);
  const YAML::Node root = reader.load();
  const YAML::Node config = reader.require(root, "config", "at the top level of a run.yaml");
  return make_game_from_block(
      reader, parse_game_block(reader, reader.require(config, "game", "in 'config'")));
}

int run_replay(const ReplayArgs& args) {
  const std::string& dir = args.run_dir;
  for (const char* file : {"run.yaml", "games.csv", "games.txt"}) {
    if (!std::filesystem::is_regular_file(dir + "/" + file)) {
      throw ParamError("RUN_DIR: " + dir + " holds no " + file +
                       " (games.txt is written by harness run with output.moves on)");
    }
  }
  const auto game = game_of_run(dir + "/run.yaml");
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
  }
  return mismatched == 0 ? 0 : 1;
}

}  // namespace

void add_replay_command(CLI::App& app, Action& action) {
  auto args = std::make_shared<ReplayArgs>();
  CLI::App* cmd = app.add_subcommand(
      "replay",
      "play a tournament run's games back from games.txt and check each against games.csv");
  cmd->add_option("RUN_DIR", args->run_dir, "a run folder of harness run (with output.moves)")
      ->required();
  cmd->add_option("--game", args->game, "draw this game move by move")
      ->check(integer_in(0, 1'000'000'000));
  cmd->callback([&action, args] { action = [args] { return run_replay(*args); }; });
}

}  // namespace gts::cli
