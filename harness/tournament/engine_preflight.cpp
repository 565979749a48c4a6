#include "harness/tournament/engine_preflight.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <vector>

#include "harness/config/config_error.h"
#include "harness/engine/ugi_engine.h"

namespace gts {

namespace {

// Why `program` cannot be run (a path, or a bare name looked up in PATH as execvp does); "" when
// it can.
std::string program_problem(const std::string& program) {
  namespace fs = std::filesystem;
  const auto runnable = [](const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
  };
  if (program.find('/') == std::string::npos) {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path != nullptr ? path : "");
    for (std::string dir; std::getline(dirs, dir, ':');) {
      if (runnable(fs::path(dir.empty() ? "." : dir) / program)) return {};
    }
    return "'" + program + "' is not found in PATH";
  }
  std::error_code ec;
  const fs::file_status st = fs::status(program, ec);
  if (!fs::exists(st)) return "no such program: " + program;
  if (!fs::is_regular_file(st)) return program + " is not a file a program can be run from";
  if (access(program.c_str(), X_OK) != 0) return program + " is not executable";
  return {};
}

}  // namespace

void check_engines_start(const TournamentConfig& config) {
  std::vector<const EngineSpec*> started;
  for (const PlayerConfig& player : config.players) {
    if (!player.engine) continue;
    const EngineSpec& spec = *player.engine;
    if (std::ranges::find_if(started, [&](const EngineSpec* s) { return *s == spec; }) !=
        started.end()) {
      continue;
    }
    started.push_back(&spec);
    std::string why = program_problem(spec.command.at(0));
    if (why.empty()) {
      const std::atomic<bool> stop{false};
      const UgiEngine engine(spec, nullptr, &stop);
      if (!engine.ok()) why = engine.failure();
    }
    if (why.empty()) continue;
    const std::string message = "player '" + player.name + "': its engine cannot start: " + why;
    if (player.engine_at.first > 0) {
      throw ConfigError(config.source_path, player.engine_at.first, player.engine_at.second,
                        message);
    }
    throw ConfigError(config.source_path, message);
  }
}

}  // namespace gts
