// `harness games` and `harness algorithms`: what exists, with every parameter, default and range.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "harness/cli/command.h"
#include "harness/goal_problem.h"
#include "harness/registry.h"
#include "harness/search/catalog.h"

namespace gts::cli {

namespace {

void print_specs(const std::vector<ParamSpec>& specs, const char* what) {
  if (specs.empty()) {
    std::printf("  %s: none\n", what);
    return;
  }
  std::printf("  %s:\n", what);
  for (const auto& p : specs) {
    std::printf("    %-12s default %-10s range %s\n", p.name.c_str(),
                p.default_value.empty() ? "\"\"" : p.default_value.c_str(), p.range_text().c_str());
    std::printf("    %-12s %s\n", "", p.help.c_str());
  }
}

int list_games(bool json) {
  if (json) {
    std::cout << games_json().dump(2) << "\n";
    return 0;
  }
  for (const auto& g : game_infos()) {
    std::printf("%s\n  %s\n", g.name.c_str(), g.description.c_str());
    print_specs(g.params, "parameters (--param k=v)");
    std::printf("  evaluations (--eval):\n");
    for (const auto& e : g.evaluations) {
      std::printf("    %-12s %s%s%s\n", e.kind.c_str(), e.help.c_str(),
                  e.takes_weights ? " (weights: --eval " : "",
                  e.takes_weights ? (e.kind + ":w1,w2,...)").c_str() : "");
    }
    std::printf("    default: %s\n\n", g.default_evaluation.c_str());
  }
  return 0;
}

int list_algorithms(bool json) {
  // The value searches, then the goal solvers (`harness solve`, and `harness search` on the games
  // that pose goals); alphabeta is both, with its own options in each role.
  const std::pair<const char*, const std::vector<AlgorithmInfo>*> kinds[] = {
      {"search", &algorithm_infos()}, {"goal solver", &solver_infos()}};
  if (json) {
    std::cout << algorithms_json().dump(2) << "\n";
    return 0;
  }
  for (const auto& [kind, infos] : kinds) {
    if (infos == &solver_infos()) {
      std::printf(
          "goal solvers (harness solve; harness search --depth max on games that pose goals):\n\n");
    }
    for (const auto& a : *infos) {
      const std::string aliases =
          a.aliases.empty() ? "" : " (alias " + join_strings(a.aliases, ", ") + ")";
      std::printf("%s%s\n  %s\n", a.name.c_str(), aliases.c_str(), a.description.c_str());
      print_specs(a.options, "options (--option k=v)");
      std::printf("\n");
    }
  }
  return 0;
}

}  // namespace

void add_list_commands(CLI::App& app, Action& action) {
  const auto add = [&](const char* name, const char* help, int (*list)(bool)) {
    const auto [cmd, json] = add_command<bool>(app, action, name, help, list);
    cmd->add_flag("--json", *json, "print JSON");
  };
  add("games", "list games, their parameters and evaluations", list_games);
  add("algorithms", "list algorithms and their options", list_algorithms);
}

}  // namespace gts::cli
