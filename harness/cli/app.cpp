// The harness's command line: every subcommand (harness/cli/) behind one entry point, which the
// product's main (harness/main.cpp) and the tests' build with test-only players call.
#include "harness/cli/app.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/game.h"
#include "games/params.h"
#include "harness/cli/command.h"
#include "harness/cli/fastchess_args.h"
#include "harness/compare/compare_runner.h"
#include "harness/config/config_error.h"
#include "harness/mpi/environment.h"
#include "harness/solve/solve_runner.h"
#include "harness/strf.h"
#include "harness/tournament/runner.h"
#include "harness/tune/tune_run.h"

namespace gts::cli {

namespace {

// Exit code 3: what went wrong is the program's fault, not the input's.
void report_internal_error(const std::string& what) {
  std::cerr << "internal error: " << what << "\n"
            << "This is a bug in harness " << GTS_VERSION
            << ", not a problem with your input. Please report it with the command line, the "
               "config or files it read, and this message.\n";
}

}  // namespace

int harness_main(int argc, char** argv) {
  // Under mpirun every rank but 0 serves rank 0's jobs (harness/mpi/work_distributor.h); a
  // distributed command adds its JobRunnerFactory here.
  gts::mpi::Environment mpi(argc, argv);
  if (mpi.is_worker()) {
    return mpi.serve({{"tournament", gts::make_tournament_jobs},
                      {"solve", gts::make_solve_jobs},
                      {"compare", gts::make_compare_jobs},
                      {gts::kTuneJobKind, gts::make_tune_jobs}});
  }
  CLI::App app{"Benchmarking and tournament harness for game-tree search"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(GTS_VERSION));
  gts::cli::Action action;
  gts::cli::add_search_command(app, action);
  gts::cli::add_perft_command(app, action);
  gts::cli::add_list_commands(app, action);
  std::string command_line = "harness";
  for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
  gts::cli::add_run_command(app, action, command_line);
  gts::cli::add_match_command(app, action, command_line);
  gts::cli::add_solve_command(app, action, command_line);
  gts::cli::add_play_command(app, action);
  gts::cli::add_report_command(app, action);
  gts::cli::add_tree_command(app, action);
  gts::cli::add_compare_command(app, action, command_line);
  gts::cli::add_bench_command(app, action);
  gts::cli::add_stats_command(app, action);
  gts::cli::add_ugi_command(app, action);
  gts::cli::add_replay_command(app, action);
  gts::cli::add_verify_command(app, action);
  gts::cli::add_tune_command(app, action, command_line);
  gts::cli::add_serve_command(app, action);
  // After the commands, so that only the top-level help carries it (CLI11 copies it into
  // subcommands made later).
  app.footer(
      "Each command's options: harness COMMAND --help. The manual: docs/ (docs/README.md).\n"
      "Exit codes: 0 done; 1 the answer is bad news (algorithms disagree, a solver contradicts a "
      "known answer) or the surroundings failed (memory, files, a rank); 2 bad input, named on "
      "one line; 3 a bug in the harness; 130 stopped by Ctrl-C (--resume finishes the run).");
  if (argc > 1 && argv[1][0] != '-') {
    const std::vector<CLI::App*> commands = app.get_subcommands({});
    const auto names = commands | std::views::transform(&CLI::App::get_name);
    if (std::ranges::find(names, argv[1]) == names.end()) {
      std::cerr << "error: unknown command '" << argv[1]
                << "' (known: " << join_strings(names, ", ") << ")\n";
      return 2;
    }
  }
  // `harness match` takes fastchess's single-dash spelling: its words are respelled first.
  std::vector<std::string> words(argv, argv + argc);
  if (argc > 1 && words[1] == "match") {
    try {
      const std::vector<std::string> rest =
          match_args_from_fastchess({words.begin() + 2, words.end()});
      words.resize(2);
      words.insert(words.end(), rest.begin(), rest.end());
    } catch (const gts::InputError& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 2;
    }
  }
  // An empty word among a multi-word option's words (`--engine ""`) is refused here: CLI11 would
  // take it for the separator of the option's groups.
  for (const CLI::App* command : app.get_subcommands(
           [&](const CLI::App* c) { return words.size() > 1 && c->get_name() == words[1]; })) {
    const CLI::Option* option = nullptr;
    for (std::size_t i = 2; i < words.size(); ++i) {
      if (words[i].starts_with("--")) {
        option = command->get_option_no_throw(words[i].substr(0, words[i].find('=')));
      } else if (words[i].empty() && option != nullptr && option->get_items_expected_max() > 1) {
        std::cerr << "error: " << option->get_name() << ": an empty word (see " << argv[0] << " "
                  << command->get_name() << " --help)\n";
        return 2;
      }
    }
  }
  std::vector<char*> word_ptrs;
  for (std::string& w : words) word_ptrs.push_back(w.data());
  try {
    app.parse(static_cast<int>(word_ptrs.size()), word_ptrs.data());
  } catch (const CLI::Success& e) {  // --help, --help-all or --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << e.what() << " (see " << argv[0] << " --help)\n";
    return 2;
  }
  // An empty value never means "the default": it is refused (a position's text may be empty:
  // Connect Four's start position is ""). Options of several words check their own words (CLI11
  // separates their groups with empty results).
  for (const CLI::App* command : app.get_subcommands()) {
    for (const CLI::Option* option : command->get_options()) {
      const auto& given = option->results();
      if (option->get_name() != "--position" && option->get_items_expected_max() <= 1 &&
          std::ranges::any_of(given, [](const std::string& v) { return v.empty(); })) {
        std::cerr << "error: " << option->get_name() << ": an empty value (see " << argv[0] << " "
                  << command->get_name() << " --help)\n";
        return 2;
      }
    }
  }
  // Bad input is 2; the surroundings (the machine's memory, a file that cannot be written, a rank
  // that failed) are 1; anything else (a broken invariant, an index out of range) is our bug: 3.
  try {
    return action();
  } catch (const gts::InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory (a table or a search needed more than the machine gives; "
                 "try smaller tt_mb or fewer --threads)\n";
    return 1;
  } catch (const std::runtime_error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    report_internal_error(e.what());
    return 3;
  } catch (...) {
    report_internal_error("an exception of unknown type");
    return 3;
  }
}

}  // namespace gts::cli
