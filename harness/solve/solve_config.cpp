#include "harness/solve/solve_config.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "harness/config/blocks.h"
#include "harness/config/yaml_reader.h"

namespace gts {

std::vector<std::string> glob_files(const std::string& pattern) {
  const std::filesystem::path p(pattern);
  const std::string leaf = p.filename().string();
  std::filesystem::path dir = p.parent_path();
  std::vector<std::string> out;
  if (leaf.find_first_of("*?[") == std::string::npos) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) out.push_back(pattern);
    return out;
  }
  std::error_code ec;
  const std::filesystem::path where = dir.empty() ? std::filesystem::path(".") : dir;
  for (std::filesystem::directory_iterator it(where, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file = it->path().filename().string();
    if (!it->is_regular_file(ec)) continue;
    if (fnmatch(leaf.c_str(), file.c_str(), FNM_PERIOD) == 0) {
      out.push_back(dir.empty() ? file : (dir / file).string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

struct PendingProblem {
  ProblemSpec spec;
  YAML::Node node;  // where errors about it point
};

std::string known_solve_games() {
  std::string s;
  for (const auto& n : solve_game_names()) s += (s.empty() ? "" : ", ") + n;
  return s;
}

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
        PendingProblem p;
        p.spec.file = file;
        p.node = f;
        out.push_back(std::move(p));
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
  if (const auto n = reader.find(item, "file"); n.IsDefined()) {
    p.spec.file = reader.relative_path(reader.text(n, "'file'"));
    p.node = n;
  }
  if (const auto n = reader.find(item, "problem"); n.IsDefined()) {
    p.spec.problem = reader.text(n, "'problem'");
  }
  if (const auto n = reader.find(item, "position"); n.IsDefined()) {
    p.spec.position = reader.text(n, "'position'");
  }
  if (const auto n = reader.find(item, "prover"); n.IsDefined()) {
    const std::string v = reader.text(n, "'prover'");
    p.spec.prover =
        v == "mover" ? -1 : static_cast<int>(reader.integer(n, "'prover' (0, 1 or mover)", 0, 1));
  }
  if (const auto n = reader.find(item, "at_least"); n.IsDefined()) {
    p.spec.at_least =
        static_cast<Value>(reader.integer(n, "'at_least'", -(kInfinity - 1), kInfinity - 1));
  }
  if (const auto n = reader.find(item, "expected"); n.IsDefined()) {
    p.spec.expected = reader.choice(n, "'expected'", {"proved", "proved by ko", "disproved"});
  }
  out.push_back(std::move(p));
}

SolverSpec parse_solver(const YamlReader& reader, const YAML::Node& item) {
  reader.expect_map(item, "an algorithm");
  reader.check_keys(item, {"name", "algorithm", "options"}, "in an algorithm");
  const YAML::Node algo = reader.require(item, "algorithm", "in an algorithm");
  const std::string algorithm = reader.text(algo, "'algorithm'");
  std::string label;
  if (const auto n = reader.find(item, "name"); n.IsDefined())
    label = reader.identifier(n, "'name'");
  const AlgorithmInfo* info = nullptr;
  try {
    info = &find_solver_info(algorithm);
  } catch (const ParamError& e) {
    reader.fail(algo, e.what());
  }
  std::map<std::string, std::string> options;
  if (const auto opts = reader.find(item, "options"); opts.IsDefined()) {
    reader.expect_map(opts, "'options'");
    for (const auto& kv : opts) {
      const std::string key = reader.text(kv.first, "an option name");
      const std::string value = reader.text(kv.second, "option '" + key + "'");
      try {
        resolve_params(info->options, {{key, value}}, "solver " + info->name);
      } catch (const ParamError& e) {
        const bool known = std::any_of(info->options.begin(), info->options.end(),
                                       [&](const ParamSpec& s) { return s.name == key; });
        reader.fail(known ? kv.second : kv.first, e.what());
      }
      options[key] = value;
    }
  }
  return make_solver_spec(algorithm, options, label);
}

}  // namespace

LoadedSolve load_solve_config(const std::string& path) {
  const YamlReader reader(path);
  const YAML::Node root = reader.load();
  reader.expect_map(root, "the solve config");
  reader.check_keys(
      root,
      {"name", "game", "problems", "algorithms", "limits", "threads", "solved_within_ms", "output"},
      "at the top of a solve config");
  LoadedSolve out;
  SolveConfig& c = out.config;
  c.path = path;
  c.name = std::filesystem::path(path).stem().string();
  if (const auto n = reader.find(root, "name"); n.IsDefined())
    c.name = reader.identifier(n, "'name'");

  // The game: its name among the solvable games, and parameters the game accepts.
  const YAML::Node game_node = reader.require(root, "game", "in the solve config");
  const GameBlock block = parse_game_block(reader, game_node);
  const auto& names = solve_game_names();
  if (std::find(names.begin(), names.end(), block.name) == names.end()) {
    reader.fail(block.name_node.IsDefined() ? block.name_node : game_node,
                "game '" + block.name +
                    "' cannot pose solve problems (known: " + known_solve_games() + ")");
  }
  (void)make_game_from_block(reader, block);  // checks every parameter at its node
  c.game = block.name;
  for (const auto& p : block.params) c.game_params[p.key] = p.value;

  // Solvers.
  const YAML::Node algos = reader.require(root, "algorithms", "in the solve config");
  std::set<std::string> solver_names;
  for (const YAML::Node& item : reader.items(algos, "'algorithms'")) {
    SolverSpec spec = parse_solver(reader, item);
    if (!solver_names.insert(spec.name).second) {
      reader.fail(item, "two algorithms are named '" + spec.name + "'; give one a 'name'");
    }
    c.solvers.push_back(std::move(spec));
  }
  if (c.solvers.empty()) reader.fail(algos, "'algorithms' is empty: list at least one solver");

  // Limits.
  if (const auto lim = reader.find(root, "limits"); lim.IsDefined()) {
    reader.expect_map(lim, "'limits'");
    reader.check_keys(lim, {"nodes", "time_ms"}, "in 'limits'");
    if (const auto n = reader.find(lim, "nodes"); n.IsDefined()) {
      c.max_nodes = reader.unsigned_integer(n, "'limits.nodes'");
    }
    if (const auto n = reader.find(lim, "time_ms"); n.IsDefined()) {
      c.max_ms = reader.number(n, "'limits.time_ms'", 0.0, 1e9);
    }
    if (c.max_nodes == 0 && c.max_ms == 0.0) {
      reader.fail(lim, "'limits' needs a node or a time limit (0 means none, not both)");
    }
  }
  if (const auto n = reader.find(root, "threads"); n.IsDefined()) {
    c.threads = static_cast<int>(reader.integer(n, "'threads'", 0, 4096));
  }
  if (const auto n = reader.find(root, "solved_within_ms"); n.IsDefined()) {
    double last = 0.0;
    for (const YAML::Node& t : reader.items(n, "'solved_within_ms'")) {
      const double v = reader.number(t, "a time in ms", 0.0, 1e12);
      if (v <= last && !c.solved_within_ms.empty()) reader.fail(t, "times must increase");
      c.solved_within_ms.push_back(v);
      last = v;
    }
    if (c.solved_within_ms.empty()) reader.fail(n, "'solved_within_ms' is empty");
  } else {
    const double top = c.max_ms > 0.0 ? c.max_ms : 1e6;
    for (double t = 1.0;; t *= 10.0) {
      for (double m : {1.0, 2.0, 5.0}) {
        if (t * m < top) c.solved_within_ms.push_back(t * m);
      }
      if (t * 10.0 >= top) break;
    }
    c.solved_within_ms.push_back(top);
  }
  if (const auto o = reader.find(root, "output"); o.IsDefined()) {
    reader.expect_map(o, "'output'");
    reader.check_keys(o, {"dir"}, "in 'output'");
    if (const auto d = reader.find(o, "dir"); d.IsDefined())
      c.out_dir = reader.text(d, "'output.dir'");
  }

  // Problems, each built now so that a bad one is reported where the config names it.
  const YAML::Node probs = reader.require(root, "problems", "in the solve config");
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
    } catch (const ParamError& e) {
      reader.fail(p.node, e.what());
    } catch (const ParseError& e) {
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
