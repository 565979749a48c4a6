#include "harness/cli/run_json.h"

#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

namespace gts::cli {

nlohmann::json json_number(double v) {
  if (v == 0) return 0.0;  // +0 for -0 too
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

int print_run_report(const RunOptions& options, const RunReport& report) {
  if (!options.json) return report.exit_code;
  nlohmann::json out = {
      {"dir", report.dir},
      {"games", report.games},
      {"exit_code", report.exit_code},
      {"sprt", report.sprt.empty() ? nlohmann::json() : nlohmann::json(report.sprt)}};
  nlohmann::json& standings = out["standings"] = nlohmann::json::array();
  int rank = 0;
  for (const Standing& s : report.standings) {
    const auto games = s.wdl.games();
    standings.push_back(
        {{"rank", ++rank},
         {"player", s.player},
         {"games", games},
         {"wins", s.wdl.wins},
         {"draws", s.wdl.draws},
         {"losses", s.wdl.losses},
         {"points", s.wdl.points()},
         {"score", games > 0 ? json_number(s.wdl.points() / static_cast<double>(games)) : nullptr},
         {"elo", json_number(s.elo)},
         {"elo_lo", json_number(s.elo_lo)},
         {"elo_hi", json_number(s.elo_hi)},
         {"rating_status", s.rating_status},
         {"forfeits", s.forfeits}});
  }
  nlohmann::json& pairs = out["pairs"] = nlohmann::json::array();
  for (const PairingStats& p : report.pairings) {
    pairs.push_back({{"a", p.a},
                     {"b", p.b},
                     {"games", p.wdl.games()},
                     {"wins", p.wdl.wins},
                     {"draws", p.wdl.draws},
                     {"losses", p.wdl.losses},
                     {"ll", p.ll},
                     {"ld", p.ld},
                     {"wl_dd", p.wl_dd},
                     {"wd", p.wd},
                     {"ww", p.ww},
                     {"elo", json_number(p.elo.elo)},
                     {"elo_error", json_number(p.elo.error)},
                     {"los", json_number(p.elo.los)},
                     {"nelo", json_number(p.elo.nelo)},
                     {"nelo_error", json_number(p.elo.nelo_error)}});
  }
  std::cout << out.dump() << "\n" << std::flush;
  return report.exit_code;
}

}  // namespace gts::cli
