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

nlohmann::json compare_json(const CompareRunResult& r) {
  nlohmann::json out = {
      {"dir", r.out_dir}, {"exit_code", r.exit_code}, {"disagreements", r.disagreements}};
  nlohmann::json& summary = out["summary"] = nlohmann::json::array();
  for (const CompareSummaryRow& s : r.summary) {
    summary.push_back({{"group", s.group},
                       {"algorithm", s.algorithm},
                       {"variant", s.variant},
                       {"depth", s.depth},
                       {"plies", json_number(s.plies)},
                       {"inputs", s.inputs},
                       {"agree", s.agree},
                       {"nodes_mean", json_number(s.nodes_mean)},
                       {"nodes_median", json_number(s.nodes_median)},
                       {"leaves_mean", json_number(s.leaves_mean)},
                       {"leaves_median", json_number(s.leaves_median)},
                       {"nodes_vs_ab", json_number(s.nodes_vs_ab)},
                       {"leaves_vs_ab", json_number(s.leaves_vs_ab)},
                       {"leaves_vs_minimal", json_number(s.leaves_vs_minimal)},
                       {"cpu_us_mean", json_number(s.cpu_us_mean)},
                       {"threads", s.threads},
                       {"speedup", json_number(s.speedup)}});
  }
  nlohmann::json& accuracy = out["accuracy"] = nlohmann::json::array();
  for (const AccuracySummaryRow& a : r.accuracy) {
    accuracy.push_back({{"group", a.group},
                        {"algorithm", a.algorithm},
                        {"variant", a.variant},
                        {"budget", a.budget},
                        {"unit", a.unit},
                        {"positions", a.positions},
                        {"optimal", a.optimal},
                        {"failed", a.failed},
                        {"optimal_low95", json_number(a.optimal_interval.low)},
                        {"optimal_high95", json_number(a.optimal_interval.high)},
                        {"loss_mean", json_number(a.loss.mean)},
                        {"nodes_mean", json_number(a.nodes_mean)}});
  }
  return out;
}

}  // namespace gts::cli
