// The seed's method: candidate weight vectors play a round robin (game pairs, colours swapped on
// one opening per pair) and the one with the best maximum-likelihood rating wins.
#include <cmath>

#include "algorithms/search.h"
#include "harness/config/yaml_reader.h"
#include "harness/csv.h"
#include "harness/stats/ratings.h"
#include "harness/strf.h"
#include "harness/tune/tune_phases.h"

namespace gts {

std::vector<Candidate> round_robin_candidates(const TuneConfig& c) {
  std::vector<Candidate> out;
  const RoundRobinTune& rr = c.round_robin;
  if (rr.include_start) out.push_back({"start", "start", c.start()});
  for (std::size_t k = 0; k < rr.candidates.size(); ++k) {
    out.push_back({"listed" + std::to_string(k + 1), "listed", rr.candidates[k]});
  }
  const std::size_t n = c.num_weights();
  for (int k = 0; k < rr.sample_count; ++k) {
    std::vector<double> w = c.start();
    for (std::size_t i = 0; i < n; ++i) {
      const SpsaWeight& sw = c.spsa.weights[i];
      if (sw.fixed || rr.spread[i] == 0.0) continue;
      const std::uint64_t r =
          mix_seed(mix_seed(c.seed ^ kPhaseSample, static_cast<std::uint64_t>(k)), i);
      const double u = static_cast<double>(r >> 11) * 0x1.0p-53;  // [0, 1)
      w[i] = std::clamp(sw.start + rr.spread[i] * (2.0 * u - 1.0), sw.min, sw.max);
    }
    out.push_back({"sample" + std::to_string(k + 1), "sampled", w});
  }
  return out;
}

TunePhaseResult run_round_robin_phase(TuneContext& ctx, const std::string& dir) {
  const TuneConfig& c = *ctx.config;
  const std::vector<Candidate> cands = round_robin_candidates(c);
  const std::size_t m = cands.size();
  const int pairs = c.round_robin.pairs;
  TunePhaseResult result;

  std::vector<StepGame> games;
  std::vector<std::pair<std::size_t, std::size_t>> who;  // per game: first, second candidate
  int pairing = 0;
  for (std::size_t a = 0; a < m; ++a) {
    for (std::size_t b = a + 1; b < m; ++b, ++pairing) {
      for (int p = 0; p < pairs; ++p) {
        add_game_pair(ctx, kPhaseRoundRobin, pairing, p, static_cast<int>(games.size()),
                      {cands[a].name, cands[a].weights}, {cands[b].name, cands[b].weights}, games);
        who.emplace_back(a, b);
        who.emplace_back(b, a);
      }
    }
  }
  result.games = static_cast<int>(games.size());
  say(ctx, strf("round robin: %zu candidates, %d games\n", m, result.games));
  const auto scores = play_step(ctx, games);
  if (!scores) return result;

  std::vector<Encounter> encounters;
  std::vector<double> points(m, 0.0);
  std::vector<int> played(m, 0);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto [first, second] = who[i];
    encounters.push_back({first, second, 1.0, (*scores)[i]});
    points[first] += (*scores)[i];
    points[second] += 1.0 - (*scores)[i];
    ++played[first];
    ++played[second];
  }
  RatingOptions options;
  if (c.round_robin.include_start) options.anchor = 0;
  const RatingFit fit = fit_ratings(m, encounters, options);
  std::size_t best = 0;
  for (std::size_t i = 1; i < m; ++i) {
    if (fit.players[i].rating > fit.players[best].rating) best = i;
  }

  const auto names = weight_names(c.num_weights());
  std::vector<std::string> header = {"candidate", "source"};
  header.insert(header.end(), names.begin(), names.end());
  header.insert(header.end(),
                {"games", "points", "score", "rating", "rating_error", "rating_status", "best"});
  CsvOut csv_out(dir + "/tune.csv", header);
  for (std::size_t i = 0; i < m; ++i) {
    std::vector<std::string> f = {cands[i].name, cands[i].source};
    for (double w : cands[i].weights) f.push_back(format_number(w));
    f.push_back(std::to_string(played[i]));
    f.push_back(csv::number(points[i], 1));
    f.push_back(csv::number(played[i] > 0 ? points[i] / played[i] : std::nan(""), 4));
    f.push_back(csv::number(fit.players[i].rating, 1));
    f.push_back(csv::number(fit.players[i].error, 1));
    f.emplace_back(to_string(fit.players[i].status));
    f.emplace_back(i == best ? "yes" : "no");
    csv_out.row(f);
  }
  result.complete = true;
  result.tuned = cands[best].weights;
  result.summary = "round robin of " + std::to_string(m) + " candidates, " +
                   std::to_string(result.games) + " games; best: " + cands[best].name + " (" +
                   csv::number(fit.players[best].rating, 1) + " ± " +
                   csv::number(fit.players[best].error, 1) + " Elo" +
                   (c.round_robin.include_start ? " against start" : "") + ")";
  return result;
}

}  // namespace gts
