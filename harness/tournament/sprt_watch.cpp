#include "harness/tournament/sprt_watch.h"

#include <cstdio>

#include "harness/strf.h"

namespace gts {

SprtWatch::SprtWatch(const SprtConfig& config, std::size_t pairs)
    : config_(config), bounds_(sprt_bounds(config.alpha, config.beta)), scores_(2 * pairs) {
  validate_sprt(config_);
}

bool SprtWatch::record(std::size_t index, double first_score) {
  if (decided() || index >= scores_.size()) return false;
  // Player A is game 2k's first player; game 2k+1 has the sides swapped.
  scores_[index] = index % 2 == 0 ? first_score : 1.0 - first_score;
  while (2 * counted_ + 1 < scores_.size() && scores_[2 * counted_] && scores_[2 * counted_ + 1]) {
    const double a = *scores_[2 * counted_];
    const double b = *scores_[2 * counted_ + 1];
    ++counted_;
    for (const double s : {a, b}) {
      if (s == 1.0) ++wdl_.wins;
      if (s == 0.5) ++wdl_.draws;
      if (s == 0.0) ++wdl_.losses;
    }
    penta_.add(a, b);
    llr_ = config_.model == SprtModel::kBayes ? sprt_llr(wdl_, config_) : sprt_llr(penta_, config_);
    result_ = sprt_decide(llr_, bounds_);
    if (decided()) return true;
  }
  return false;
}

std::string SprtWatch::llr_text() const {
  return strf("LLR %.2f [%.2f, %.2f]", llr_, bounds_.lower, bounds_.upper);
}

std::string SprtWatch::summary() const {
  const bool h1 = result_ == SprtResult::kAcceptH1;
  const auto n = games_counted();
  const auto ll = [](std::int64_t v) { return static_cast<long long>(v); };
  return (decided() ? strf("%s accepted (LLR %.3f %s %.3f) after %zu games", h1 ? "H1" : "H0", llr_,
                           h1 ? ">=" : "<=", h1 ? bounds_.upper : bounds_.lower, n)
                    : strf("no decision (LLR %.3f, bounds [%.3f, %.3f]) after %zu games", llr_,
                           bounds_.lower, bounds_.upper, n)) +
         strf(": W/D/L %lld/%lld/%lld, pentanomial LL %lld LD %lld WL+DD %lld WD %lld WW %lld",
              ll(wdl_.wins), ll(wdl_.draws), ll(wdl_.losses), ll(penta_.ll), ll(penta_.ld),
              ll(penta_.wl_dd), ll(penta_.wd), ll(penta_.ww));
}

}  // namespace gts
