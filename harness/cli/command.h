// Each subcommand registers itself on the CLI11 app and leaves the action to run after parsing.
// Actions return the process exit code; bad input throws ParamError or ParseError, which main
// turns into one line on stderr and exit code 2.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gts::cli {

using Action = std::function<int()>;

// Adds the subcommand `name`, whose action after parsing is run(*args); the caller adds the
// options that fill `args` in.
template <class Args, class Run>
std::pair<CLI::App*, std::shared_ptr<Args>> add_command(CLI::App& app, Action& action,
                                                        const std::string& name,
                                                        const std::string& help, Run run) {
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->callback([&action, args, run] { action = [args, run] { return run(*args); }; });
  return {cmd, args};
}

void add_search_command(CLI::App& app, Action& action);
void add_perft_command(CLI::App& app, Action& action);
void add_list_commands(CLI::App& app, Action& action);
void add_run_command(CLI::App& app, Action& action, const std::string& command_line);
void add_match_command(CLI::App& app, Action& action, const std::string& command_line);
void add_solve_command(CLI::App& app, Action& action, const std::string& command_line);
void add_play_command(CLI::App& app, Action& action);
void add_report_command(CLI::App& app, Action& action);
void add_tree_command(CLI::App& app, Action& action);
void add_compare_command(CLI::App& app, Action& action, const std::string& command_line);
void add_bench_command(CLI::App& app, Action& action);
void add_stats_command(CLI::App& app, Action& action);
void add_ugi_command(CLI::App& app, Action& action);
void add_replay_command(CLI::App& app, Action& action);
void add_verify_command(CLI::App& app, Action& action);
void add_tune_command(CLI::App& app, Action& action, const std::string& command_line);
void add_serve_command(CLI::App& app, Action& action);

// "--param k=v" values into a map; a repeated key or a missing '=' throws ParamError.
std::map<std::string, std::string> key_values(const std::vector<std::string>& items,
                                              const std::string& option);

// "6" or "max" (kDepthMax); anything else throws ParamError naming --depth.
int parse_depth(const std::string& text);

// Checks for numeric options that say what is wrong ("'abc' is not an integer", "-1 is below 0")
// rather than CLI11's range text; CLI11 puts the option's name in front.
CLI::Validator integer_in(long long lo, long long hi);
CLI::Validator number_at_least(double lo);
// A seed: any integer 0..2^64-1, as configs take it.
CLI::Validator seed_check();
// Refuses an empty value ("an empty value; expected WHAT"): a given option never falls back to
// what leaving it out means.
CLI::Validator non_empty(const std::string& what);

}  // namespace gts::cli
