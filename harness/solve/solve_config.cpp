#include "harness/solve/solve_config.h"

#include <glob.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "harness/config/yaml_reader.h"

namespace gts {

namespace {

// The regular files matching `pattern` (glob(3): '*', '?' and '[...]'), sorted; empty when none.
std::vector<std::string> glob_files(const std::string& pattern) {
  std::vector<std::string> out;
  glob_t matches{};
  if (glob(pattern.c_str(), 0, nullptr, &matches) == 0) {
    for (std::size_t i = 0; i < matches.gl_pathc; ++i) {
      std::error_code ec;
      if (std::filesystem::is_regular_file(matches.gl_pathv[i], ec)) {
        out.emplace_back(matches.gl_pathv[i]);
      }
    }
  }
  globfree(&matches);
  return out;
}

struct PendingProblem {
  ProblemSpec spec;
  YAML::Node node;  // where errors about it point
};

void parse_problem_item(const YamlReader& reader, const YAML::Node& item,
                        std::vector<PendingProblem>& out) {
  reader.expect_map(item, "a problem");
  if (const YAML::Node files = reader.find(item, "files"); files.IsDefined()) {
    reader.check_keys(item, {"files"}, "in a 'files' problem item");
    bool is_list = false;
    for (const YAML::Node& f : reader.scalar_or_list(files, "'files'", is_list)) {
      const std::string pattern = reader.text(f, "a file pattern");
      const std::vector<std::string> matched = glob_files(reader.relative_path(pattern));
      if (matched.empty()) reader.fail(f, "no problem file matches '" + pattern + "'");
      for (const auto& file : matched) {
        out.push_back({{}, f});
        out.back().spec.file = file;
      }
    }
    return;
  }
  reader.check_keys(item, {"name", "file", "problem", "position", "prover", "at_least", "expected"},
                    "in a problem");
  PendingProblem p;
  p.node = item;
  if (const auto n = reader.find(item, "name"); n.IsDefined()) {
    p.spec.name = reader.identifier(n, "'name'");
  }
  if (const auto n = reader.get(item, "file", "'file'", p.spec.file); n.IsDefined()) {
    p.spec.file = reader.relative_path(p.spec.file);
    p.node = n;
  }
  reader.get(item, "problem", "'problem'", p.spec.problem);
  reader.get(item, "position", "'position'", p.spec.position);
  if (const auto n = reader.find(item, "prover"); n.IsDefined()) {
    const std::string v = reader.text(n, "'prover'");
    p.spec.prover =
        v == "mover" ? -1 : static_cast<int>(reader.integer(n, "'prover' (0, 1 or mover)", 0, 1));
  }
  reader.get(item, "at_least", "'at_least'", p.spec.at_least, -(kInfinity - 1), kInfinity - 1);
  reader.get(item, "expected", "'expected'", p.spec.expected,
             {"proved", "proved by ko", "disproved"});
  out.push_back(std::move(p));
}

SolverSpec parse_solver(const YamlReader& reader, const YAML::Node& item, OptionPlaces& places) {
  reader.expect_map(item, "an algorithm");
  reader.check_keys(item, {"name", "algorithm", "options"}, "in an algorithm");
  const YAML::Node algo = reader.require(item, "algorithm", "in an algorithm");
  const std::string algorithm = reader.text(algo, "'algorithm'");
  std::string label;
  if (const auto n = reader.find(item, "name"); n.IsDefined())
    label = reader.identifier(n, "'name'");
  const AlgorithmInfo* info =
      or_fail_at(reader, algo, [&] { return &find_solver_info(algorithm); });
  const auto options =
      read_options(reader, reader.find(item, "options"), "'options'", *info, "solver", &places);
  return make_solver_spec(algorithm, options, label);
}

// The config's solvers, limits and solved_within.csv thresholds into `c`.
void read_solvers(const YamlReader& reader, const YAML::Node& root, SolveConfig& c) {
  const YAML::Node algos = reader.require(root, "algorithms", "at the top level");
  std::set<std::string> solver_names;
  for (const YAML::Node& item : reader.items(algos, "'algorithms'")) {
    OptionPlaces places;
    SolverSpec spec = parse_solver(reader, item, places);
    if (!solver_names.insert(spec.name).second) {
      reader.fail(item, "two algorithms are named '" + spec.name + "'; give one a 'name'");
    }
    c.solvers.push_back(std::move(spec));
    c.solver_option_at.push_back(std::move(places));
  }
  if (c.solvers.empty()) reader.fail(algos, "'algorithms' is empty: list at least one solver");

  if (const auto lim = reader.find_map(root, "limits", "'limits'", {"nodes", "time_ms"});
      lim.IsDefined()) {
    reader.get(lim, "nodes", "'limits.nodes'", c.max_nodes);
    reader.get(lim, "time_ms", "'limits.time_ms'", c.max_ms, 0.0, 1e9);
    if (c.max_nodes == 0 && c.max_ms == 0.0) {
      reader.fail(lim, "'limits' needs a node or a time limit (0 means none, not both)");
    }
  }
  if (const auto n = reader.find(root, "solved_within_ms"); n.IsDefined()) {
    for (const YAML::Node& t : reader.items(n, "'solved_within_ms'")) {
      const double v = reader.number(t, "a time in ms", 0.0, 1e12);
      if (!c.solved_within_ms.empty() && v <= c.solved_within_ms.back()) {
        reader.fail(t, "times must increase");
      }
      c.solved_within_ms.push_back(v);
    }
    if (c.solved_within_ms.empty()) reader.fail(n, "'solved_within_ms' is empty");
  } else {
    const double top = c.max_ms > 0.0 ? c.max_ms : 1e6;
    for (double t = 1.0; t < top; t *= 10.0) {
      for (double m : {1.0, 2.0, 5.0}) {
        if (t * m < top) c.solved_within_ms.push_back(t * m);
      }
    }
    c.solved_within_ms.push_back(top);
  }
}

}  // namespace

SolveConfig load_solve_tables_config(const std::string& path) {
  const YamlReader reader(path);
  SolveConfig c;
  read_solvers(reader, reader.load(), c);
  return c;
}

LoadedSolve load_solve_config(const std::string& path) {
  const YamlReader reader(path);
  const YAML::Node root = reader.load();
  LoadedSolve out;
  SolveConfig& c = out.config;
  read_run_settings(reader, root, {"game", "problems", "algorithms", "limits", "solved_within_ms"},
                    "solve", {"dir"}, c, 4096);

  // The game: its name among the solvable games, and parameters the game accepts.
  const GameBlock block =
      parse_game_block(reader, reader.require(root, "game", "at the top level"));
  const auto& names = solve_game_names();
  if (std::find(names.begin(), names.end(), block.info->name) == names.end()) {
    reader.fail(block.name_node,
                "game '" + block.info->name +
                    "' cannot pose solve problems (known: " + join_strings(names, ", ") + ")");
  }
  (void)make_game_from_block(reader, block);  // checks the parameters together
  c.game = block.info->name;
  c.game_params = block.params;

  read_solvers(reader, root, c);

  // Problems, each built now so that a bad one is reported where the config names it.
  const YAML::Node probs = reader.require(root, "problems", "at the top level");
  std::vector<PendingProblem> pending;
  if (probs.IsMap()) {
    parse_problem_item(reader, probs, pending);
  } else {
    for (const YAML::Node& item : reader.items(probs, "'problems'")) {
      parse_problem_item(reader, item, pending);
    }
  }
  if (pending.empty()) reader.fail(probs, "'problems' is empty");
  std::set<std::string> problem_names;
  for (std::size_t i = 0; i < pending.size(); ++i) {
    PendingProblem& p = pending[i];
    if (p.spec.name.empty() && p.spec.file.empty())
      p.spec.name = "problem-" + std::to_string(i + 1);
    std::unique_ptr<SolveProblem> problem;
    try {
      problem = make_solve_problem(c.game, c.game_params, p.spec);
    } catch (const InputError& e) {  // ParamError, ParseError
      reader.fail(p.node, e.what());
    }
    if (!problem_names.insert(problem->name()).second) {
      reader.fail(p.node, "two problems are named '" + problem->name() + "'");
    }
    out.problems.push_back(std::move(problem));
  }
  return out;
}

}  // namespace gts
