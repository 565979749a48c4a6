// Verification: the tuned weights play the start weights in game pairs (one opening per pair,
// colours swapped) until the SPRT on the pentanomial counts decides or the cap is reached. Pairs
// are played in batches but taken in order, so the test stops at the same pair for any thread
// count.
#include <cmath>
#include <cstdio>

#include "harness/csv.h"
#include "harness/stats/sprt.h"
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
  std::string out;
  if (v.verdict == "skipped") return "verification skipped (verify.max_games is 0)";
  if (v.verdict == "H1") {
    out = "H1 accepted (the tuned weights are stronger)";
  } else if (v.verdict == "H0") {
    out = "H0 accepted (no gain of elo1 shown)";
  } else {
    out = "inconclusive (max_games reached)";
  }
  out += " after ";
  out += std::to_string(v.games.games());
  out += " games (";
  out += std::to_string(v.games.wins);
  out += "-";
  out += std::to_string(v.games.draws);
  out += "-";
  out += std::to_string(v.games.losses);
  out += " W-D-L): Elo ";
  out += signed_number(v.elo.elo, 1);
  out += " ± ";
  out += csv::number(v.elo.error, 1);
  out += " (95%), LLR ";
  out += csv::number(v.llr, 2);
  out += " (bounds ";
  out += csv::number(v.lower, 2);
  out += ", ";
  out += csv::number(v.upper, 2);
  out += ")";
  return out;
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
  if (!ctx.pipeline->quiet()) {
    std::printf("verify: tuned vs start, SPRT elo0 %s elo1 %s (%s), up to %d games\n",
                csv::number(vc.sprt.elo0, 2).c_str(), csv::number(vc.sprt.elo1, 2).c_str(),
                std::string(to_string(vc.sprt.model)).c_str(), vc.max_games);
    std::fflush(stdout);
  }
  v.verdict = "inconclusive";
  for (int batch = 0, pair0 = 0; pair0 < max_pairs; ++batch, pair0 += vc.batch_pairs) {
    const int pair1 = std::min(max_pairs, pair0 + vc.batch_pairs);
    std::vector<StepGame> games;
    for (int p = pair0; p < pair1; ++p) {
      const std::string opening = step_opening(ctx, kPhaseVerify, 0, p);
      for (int s = 0; s < 2; ++s) {
        StepGame g;
        g.job.first = s == 0 ? tuned : start;
        g.job.second = s == 0 ? start : tuned;
        g.job.opening = opening;
        g.job.seed = game_seed(ctx, kPhaseVerify, 0, 2 * p + s);
        g.index = first_game + 2 * p + s;
        g.step = batch;
        g.opening = p;
        g.first_name = s == 0 ? "tuned" : "start";
        g.second_name = s == 0 ? "start" : "tuned";
        games.push_back(std::move(g));
      }
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
