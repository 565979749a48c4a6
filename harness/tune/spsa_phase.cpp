// The SPSA phase: per iteration a flip vector, θ+ against θ− in game pairs with colours swapped on
// one opening per pair, and the update from W − L.

#include <algorithm>

#include "harness/config/yaml_reader.h"
#include "harness/csv.h"
#include "harness/strf.h"
#include "harness/tune/spsa.h"
#include "harness/tune/tune_phases.h"

namespace gts {

TunePhaseResult run_spsa_phase(TuneContext& ctx, const std::string& dir) {
  const TuneConfig& c = *ctx.config;
  const SpsaSpec& spec = c.spsa;
  const std::size_t n = spec.weights.size();
  const auto names = weight_names(n);
  std::vector<std::size_t> tuned_index;
  for (std::size_t i = 0; i < n; ++i) {
    if (!spec.weights[i].fixed) tuned_index.push_back(i);
  }
  // One c_k and one R_k column when every tuned weight shares c_end and r_end.
  const bool uniform = std::all_of(tuned_index.begin(), tuned_index.end(), [&](std::size_t i) {
    const SpsaWeight& first = spec.weights[tuned_index[0]];
    return spec.weights[i].c_end == first.c_end && spec.weights[i].r_end == first.r_end;
  });

  std::vector<std::string> header = {"iteration"};
  header.insert(header.end(), names.begin(), names.end());
  if (uniform) {
    header.insert(header.end(), {"c_k", "R_k"});
  } else {
    for (std::size_t i : tuned_index) header.push_back("c_k_" + names[i]);
    for (std::size_t i : tuned_index) header.push_back("R_k_" + names[i]);
  }
  header.insert(header.end(),
                {"wins", "draws", "losses", "total_wins", "total_draws", "total_losses"});
  CsvOut csv_out(dir + "/tune.csv", header);

  std::vector<double> theta = spsa_start(spec);
  auto row = [&](int k, const SpsaStep* step, const WdlCounts& it, const WdlCounts& total) {
    std::vector<std::string> f = {std::to_string(k)};
    for (double w : theta) f.push_back(format_number(w));
    const std::size_t gains = uniform ? 1 : tuned_index.size();
    for (int part = 0; part < 2; ++part) {
      for (std::size_t g = 0; g < gains; ++g) {
        if (step == nullptr || tuned_index.empty()) {
          f.emplace_back("");
        } else {
          const std::size_t i = tuned_index[g];
          f.push_back(csv::number(part == 0 ? step->c[i] : step->r[i], 6));
        }
      }
    }
    for (std::int64_t v : {it.wins, it.draws, it.losses, total.wins, total.draws, total.losses}) {
      f.push_back(std::to_string(v));
    }
    csv_out.row(f);
  };
  WdlCounts total;
  row(0, nullptr, {}, total);

  const int pairs = c.spsa_pairs;
  TunePhaseResult result;
  result.games = spec.iterations * 2 * pairs;
  const int report_every = std::max(1, spec.iterations / 10);
  for (int k = 1; k <= spec.iterations; ++k) {
    const SpsaStep step = spsa_step(spec, theta, k, c.seed ^ kPhaseSpsa);
    std::vector<StepGame> games;
    static const std::string plus = "theta+", minus = "theta-";
    for (int p = 0; p < pairs; ++p) {
      add_game_pair(ctx, kPhaseSpsa, k, p, (k - 1) * 2 * pairs + 2 * p, {plus, step.plus},
                    {minus, step.minus}, games);
    }
    const auto scores = play_step(ctx, games);
    if (!scores) return result;
    WdlCounts it;
    for (std::size_t i = 0; i < games.size(); ++i) {
      // θ+'s score: it moves first in the even games of each pair.
      const double s = i % 2 == 0 ? (*scores)[i] : 1.0 - (*scores)[i];
      (s == 1.0 ? it.wins : s == 0.0 ? it.losses : it.draws) += 1;
    }
    total.wins += it.wins;
    total.draws += it.draws;
    total.losses += it.losses;
    theta = spsa_update(spec, theta, step, static_cast<double>(it.wins - it.losses));
    row(k, &step, it, total);
    if (k % report_every == 0 || k == spec.iterations) {
      std::string w;
      for (double x : theta) w.append(w.empty() ? "" : " ").append(csv::number(x, 3));
      say(ctx, strf("spsa %d/%d  theta+ W-D-L %lld-%lld-%lld  theta: %s\n", k, spec.iterations,
                    static_cast<long long>(total.wins), static_cast<long long>(total.draws),
                    static_cast<long long>(total.losses), w.c_str()));
    }
  }
  result.complete = true;
  result.tuned = theta;
  result.summary = "spsa, " + std::to_string(spec.iterations) + " iterations of " +
                   std::to_string(pairs) + " game pairs (" + std::to_string(result.games) +
                   " games)";
  return result;
}

}  // namespace gts
