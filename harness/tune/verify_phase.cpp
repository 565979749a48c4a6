// Verification: the tuned weights play the start weights in game pairs (one opening per pair,
// colours swapped) until the SPRT on the pentanomial counts decides or the cap is reached. Pairs
// are played in batches but taken in order, so the test stops at the same pair for any thread
// count.
#include <cmath>
#include <span>

#include "harness/csv.h"
#include "harness/stats/sprt.h"
#include "harness/strf.h"
#include "harness/tune/tune_phases.h"

namespace gts {

namespace {

std::string signed_number(double v, int digits) {
  std::string s = csv::number(v, digits);
  if (std::isfinite(v) && v >= 0) s.insert(s.begin(), '+');
  return s;
}

}  // namespace

std::string verify_line(const VerifyResult& v) {
  if (v.verdict == "skipped") return "verification skipped (verify.max_games is 0)";
  const char* verdict = v.verdict == "H1"   ? "H1 accepted (the tuned weights are stronger)"
                        : v.verdict == "H0" ? "H0 accepted (no gain of elo1 shown)"
                                            : "inconclusive (max_games reached)";
  return std::string(verdict) + " after " + std::to_string(v.games.games()) + " games (" +
         std::to_string(v.games.wins) + "-" + std::to_string(v.games.draws) + "-" +
         std::to_string(v.games.losses) + " W-D-L): Elo " + signed_number(v.elo.elo, 1) + " ± " +
         csv::number(v.elo.error, 1) + " (95%), LLR " + csv::number(v.llr, 2) + " (bounds " +
         csv::number(v.lower, 2) + ", " + csv::number(v.upper, 2) + ")";
}

VerifyResult run_verify_phase(TuneContext& ctx, const std::string& dir,
                              const std::vector<double>& tuned, int first_game) {
  const TuneConfig& c = *ctx.config;
  const VerifyTune& vc = c.verify;
  VerifyResult v;
  const SprtBounds bounds = sprt_bounds(vc.sprt.alpha, vc.sprt.beta);
  v.lower = bounds.lower;
  v.upper = bounds.upper;
  CsvOut csv_out(dir + "/verify.csv", {"pair", "tuned_first", "tuned_second", "games", "wins",
                                       "draws", "losses", "ll", "ld", "wl_dd", "wd", "ww", "elo",
                                       "elo_error", "nelo", "llr", "lower", "upper", "verdict"});
  const int max_pairs = vc.max_games / 2;
  if (max_pairs == 0) {
    v.complete = true;
    return v;
  }
  const std::vector<double> start = c.start();
  say(ctx, strf("verify: tuned vs start, SPRT elo0 %s elo1 %s (%s), up to %d games\n",
                csv::number(vc.sprt.elo0, 2).c_str(), csv::number(vc.sprt.elo1, 2).c_str(),
                std::string(to_string(vc.sprt.model)).c_str(), vc.max_games));
  v.verdict = "inconclusive";
  for (int batch = 0, pair0 = 0; pair0 < max_pairs; ++batch, pair0 += vc.batch_pairs) {
    const int pair1 = std::min(max_pairs, pair0 + vc.batch_pairs);
    std::vector<StepGame> games;
    static const std::string tuned_name = "tuned", start_name = "start";
    for (int p = pair0; p < pair1; ++p) {
      add_game_pair(ctx, kPhaseVerify, 0, p, first_game + 2 * p, {tuned_name, tuned},
                    {start_name, start}, games);
      for (StepGame& g : std::span(games).last(2)) g.step = batch;
    }
    const auto scores = play_step(ctx, games);
    if (!scores) return v;
    for (int p = pair0; p < pair1; ++p) {
      const std::size_t i = static_cast<std::size_t>(2 * (p - pair0));
      const double first = (*scores)[i];             // tuned moved first
      const double second = 1.0 - (*scores)[i + 1];  // start moved first
      v.pairs.add(first, second);
      for (double s : {first, second})
        (s == 1.0 ? v.games.wins : s == 0.0 ? v.games.losses : v.games.draws) += 1;
      v.elo = elo_from_pentanomial(v.pairs);
      v.llr = sprt_llr(v.pairs, vc.sprt);
      const SprtResult d = sprt_decide(v.llr, bounds);
      const bool last = d != SprtResult::kContinue || p + 1 == max_pairs;
      if (d == SprtResult::kAcceptH1) v.verdict = "H1";
      if (d == SprtResult::kAcceptH0) v.verdict = "H0";
      csv_out.row({std::to_string(p), csv::number(first, 1), csv::number(second, 1),
                   std::to_string(v.games.games()), std::to_string(v.games.wins),
                   std::to_string(v.games.draws), std::to_string(v.games.losses),
                   std::to_string(v.pairs.ll), std::to_string(v.pairs.ld),
                   std::to_string(v.pairs.wl_dd), std::to_string(v.pairs.wd),
                   std::to_string(v.pairs.ww), csv::number(v.elo.elo, 2),
                   csv::number(v.elo.error, 2), csv::number(v.elo.nelo, 2), csv::number(v.llr, 4),
                   csv::number(bounds.lower, 4), csv::number(bounds.upper, 4),
                   last ? v.verdict : "continue"});
      if (d != SprtResult::kContinue) {
        v.complete = true;
        return v;
      }
    }
  }
  v.complete = true;
  return v;
}

}  // namespace gts
