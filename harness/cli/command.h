// Each subcommand registers itself on the CLI11 app and leaves the action to run after parsing.
// Actions return the process exit code; bad input throws ParamError or ParseError, which main
// turns into one line on stderr and exit code 2.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/pipeline/run_pipeline.h"

namespace gts::cli {

using Action = std::function<int()>;

void add_search_command(CLI::App& app, Action& action);
void add_perft_command(CLI::App& app, Action& action);
void add_list_commands(CLI::App& app, Action& action);
void add_run_command(CLI::App& app, Action& action, const std::string& command_line);
void add_solve_command(CLI::App& app, Action& action, const std::string& command_line);
void add_play_command(CLI::App& app, Action& action);
void add_report_command(CLI::App& app, Action& action);
void add_tree_command(CLI::App& app, Action& action);
void add_compare_command(CLI::App& app, Action& action, const std::string& command_line);
void add_bench_command(CLI::App& app, Action& action);
void add_stats_command(CLI::App& app, Action& action);
void add_ugi_command(CLI::App& app, Action& action);
void add_replay_command(CLI::App& app, Action& action);
void add_tune_command(CLI::App& app, Action& action, const std::string& command_line);

// "--param k=v" values into a map; a repeated key or a missing '=' throws ParamError.
std::map<std::string, std::string> key_values(const std::vector<std::string>& items,
                                              const std::string& option);

// "6" or "max" (kDepthMax); anything else throws ParamError naming --depth.
int parse_depth(const std::string& text);

// Checks for numeric options that say what is wrong ("'abc' is not an integer", "-1 is below 0")
// rather than CLI11's range text; CLI11 puts the option's name in front.
CLI::Validator integer_in(long long lo, long long hi);
CLI::Validator number_at_least(double lo);
// A seed: any integer 0..2^64-1, as configs take it; parse_seed reads one that passed the check.
CLI::Validator seed_check();
std::uint64_t parse_seed(const std::string& text);

// The most worker threads any command accepts (the configs' limit too).
inline constexpr long long kMaxThreads = 1024;

// What run, compare, solve and tune take alike: CONFIG [--threads N] [--out DIR] [--resume]
// [--quiet], as the run pipeline's request.
struct RunArgs {
  std::string config;
  int threads = -1;  // -1: the config's
  std::string out;
  bool resume = false;
  bool quiet = false;
  [[nodiscard]] RunRequest request(const std::string& command_line) const;
};
// Adds those options to `cmd`; `job` names what --threads counts ("games played", "searches").
void add_run_options(CLI::App* cmd, RunArgs& args, const std::string& config_kind,
                     const std::string& job);

}  // namespace gts::cli
