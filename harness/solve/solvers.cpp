#include "harness/solve/solvers.h"

namespace gts {

namespace {

std::vector<AlgorithmInfo> make_solver_infos() {
  using S = ParamSpec;
  const std::vector<std::string> off_on = {"off", "on"};
  const S max_mb = S::integer("max_mb", 2048, 1, 65536,
                              "memory the proof tree may use, in MiB; beyond it: unknown");
  const S tt_mb = S::integer("tt_mb", 16, 1, 65536,
                             "transposition table size in MiB (time_ms includes allocating it)");
  const S epsilon = S::integer("epsilon", 25, 0, 1000,
                               "the 1+epsilon trick, in percent (0: Nagai's second-best + 1)");
  std::vector<AlgorithmInfo> out;
  out.push_back({"alphabeta",
                 {"ab", "alpha-beta"},
                 "alpha-beta to the end of the game on the goal's win/loss values",
                 {S::choice("tt", "off", off_on, "transposition table"),
                  S::integer("tt_mb", 16, 1, 4096,
                             "transposition table size in MiB (time_ms includes allocating it)"),
                  S::choice("ordering", "static", {"none", "static"},
                            "static: children searched best first by the heuristic"),
                  S::choice("line", "on", off_on,
                            "rebuild the main line for the depth column (uncounted searches)")},
                 AlgorithmFacts{}});
  out.push_back(
      {"pn", {}, "proof-number search (Allis): best-first, leaves start at (1, 1)", {max_mb}, {}});
  out.push_back(
      {"pn+", {"pn-plus"}, "pn with heuristic initial numbers: pn = E^2, dn = (25/E)^2", {max_mb},
       {}});
  out.push_back({"dfpn",
                 {"df-pn"},
                 "depth-first proof-number search (Nagai) with the 1+epsilon trick and a "
                 "transposition table",
                 {tt_mb, epsilon},
                 AlgorithmFacts{}});
  out.push_back({"dfpn+",
                 {"df-pn+", "dfpn-plus"},
                 "df-pn+: heuristic initial numbers (as pn+) and a cost on every edge",
                 {tt_mb, epsilon,
                  S::integer("cost", 0, 0, 1000000,
                             "added to an unsolved child's number where its parent takes the "
                             "minimum (the article: 0)")},
                 AlgorithmFacts{}});
  return out;
}

}  // namespace

const std::vector<AlgorithmInfo>& solver_infos() {
  static const std::vector<AlgorithmInfo> infos = make_solver_infos();
  return infos;
}

const AlgorithmInfo& find_solver_info(const std::string& name) {
  std::string known;
  for (const auto& a : solver_infos()) {
    if (a.name == name) return a;
    for (const auto& alias : a.aliases) {
      if (alias == name) return a;
    }
    known += (known.empty() ? "" : ", ") + a.name;
  }
  throw ParamError("unknown solver '" + name + "' (known: " + known + ")");
}

SolverSpec make_solver_spec(const std::string& algorithm,
                            const std::map<std::string, std::string>& options,
                            const std::string& label) {
  const AlgorithmInfo& info = find_solver_info(algorithm);
  SolverSpec spec{label, info.name, resolve_params(info.options, options, "solver " + info.name)};
  if (spec.name.empty()) {
    std::string opts;
    for (const auto& p : info.options) {
      const std::string& v = spec.options.get(p.name);
      if (v == p.default_value) continue;
      opts += opts.empty() ? "" : ",";
      opts += p.name + "=" + v;
    }
    spec.name = opts.empty() ? info.name : info.name + "(" + opts + ")";
  }
  return spec;
}

}  // namespace gts
