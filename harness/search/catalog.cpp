#include "harness/search/catalog.h"

#include "harness/goal_problem.h"
#include "harness/registry.h"
#include "harness/search/search_report.h"

namespace gts {

namespace {

nlohmann::json specs_json(const std::vector<ParamSpec>& specs) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : specs) {
    out.push_back({{"name", p.name},
                   {"default", typed_param(specs, p.name, p.default_value)},
                   {"range", p.range_text()},
                   {"help", p.help}});
  }
  return out;
}

}  // namespace

nlohmann::json games_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& g : game_infos()) {
    nlohmann::json evals = nlohmann::json::array();
    for (const auto& e : g.evaluations) {
      evals.push_back({{"kind", e.kind}, {"help", e.help}, {"takes_weights", e.takes_weights}});
    }
    out.push_back({{"name", g.name},
                   {"description", g.description},
                   {"params", specs_json(g.params)},
                   {"evaluations", evals},
                   {"default_evaluation", g.default_evaluation}});
  }
  return out;
}

nlohmann::json algorithms_json() {
  const std::pair<const char*, const std::vector<AlgorithmInfo>*> kinds[] = {
      {"search", &algorithm_infos()}, {"goal solver", &solver_infos()}};
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [kind, infos] : kinds) {
    for (const auto& a : *infos) {
      out.push_back({{"name", a.name},
                     {"kind", kind},
                     {"aliases", a.aliases},
                     {"description", a.description},
                     {"options", specs_json(a.options)}});
    }
  }
  return out;
}

}  // namespace gts
