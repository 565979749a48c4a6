// `harness stats`: the match statistics of `harness run`, from counts a user brings from anywhere
// (another tool's match, a paper): Elo +- 95%, nElo, BayesElo, LOS, draw ratio and an SPRT.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "games/params.h"
#include "harness/cli/command.h"
#include "harness/cli/run_json.h"
#include "harness/stats/elo.h"
#include "harness/stats/sprt.h"
#include "harness/strf.h"

namespace gts::cli {

namespace {

struct StatsArgs {
  std::string wdl;
  std::string penta;
  std::string sprt;
  std::string model = "normalized";
  const CLI::Option* model_option = nullptr;  // to tell a given --model from the default
  bool json = false;
};

// "a,b,c" into exactly `n` numbers (counts: none negative); ParamError naming the option otherwise.
template <class T>
std::vector<T> parse_list(const std::string& text, std::size_t n, const std::string& option,
                          const std::string& expected) {
  std::vector<T> out;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    const auto v = parse_whole<T>(item);
    if (!v) {
      throw ParamError(option + ": '" + item + "' is not a number (expected " + expected +
                       ", got '" + text + "')");
    }
    if (*v < 0 && std::is_integral_v<T>) {
      throw ParamError(option + ": counts cannot be negative, got '" + text + "'");
    }
    out.push_back(*v);
    start = comma + 1;
  }
  if (out.size() != n) {
    throw ParamError(option + ": expected " + expected + ", got " + std::to_string(out.size()) +
                     " value(s) in '" + text + "'");
  }
  return out;
}

std::string fixed(double v, int digits = 2) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  std::string text = strf("%.*f", digits, v);
  // A value that rounds to zero is 0, whatever its sign: no "-0.00".
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
}

int run_stats(const StatsArgs& args) {
  if (args.wdl.empty() == args.penta.empty()) {
    throw ParamError("stats: give exactly one of --wdl W,D,L and --penta LL,LD,WL+DD,WD,WW");
  }
  // --model is checked whenever it is given: alone it would choose nothing.
  const SprtModel model = [&] {
    try {
      return parse_sprt_model(args.model);
    } catch (const ParamError& e) {
      throw ParamError(std::string("--model: ") + e.what());
    }
  }();
  if (args.model_option != nullptr && args.model_option->count() > 0 && args.sprt.empty()) {
    throw ParamError("--model: it chooses the SPRT's Elo model; give --sprt too");
  }
  const bool pairs = !args.penta.empty();
  const std::string option = pairs ? "--penta" : "--wdl";
  // The counts' names in the text and in JSON.
  const std::vector<std::string> labels =
      pairs ? std::vector<std::string>{"LL", "LD", "WL+DD", "WD", "WW"}
            : std::vector<std::string>{"W", "D", "L"};
  const std::vector<std::string> keys =
      pairs ? std::vector<std::string>{"ll", "ld", "wl_dd", "wd", "ww"}
            : std::vector<std::string>{"wins", "draws", "losses"};
  const auto c =
      parse_list<std::int64_t>(pairs ? args.penta : args.wdl, labels.size(), option,
                               pairs ? "five counts LL,LD,WL+DD,WD,WW" : "three counts W,D,L");
  // Checked before any arithmetic: the total must be a count a double holds exactly (2^53).
  constexpr std::int64_t kMaxTotal = std::int64_t{1} << 53;
  std::int64_t total = 0;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i] > kMaxTotal - total) {
      throw ParamError(option + ": the counts add up to more than " + std::to_string(kMaxTotal) +
                       (pairs ? " game pairs" : " games") + " (2^53, the most a double counts "
                       "exactly)");
    }
    total += c[i];
  }
  const PentanomialCounts penta =
      pairs ? PentanomialCounts{c[0], c[1], c[2], c[3], c[4]} : PentanomialCounts{};
  const WdlCounts wdl = pairs ? WdlCounts{} : WdlCounts{c[0], c[1], c[2]};
  const EloEstimate e = pairs ? elo_from_pentanomial(penta) : elo_from_wdl(wdl);
  if (e.samples == 0) throw ParamError(option + ": no games");

  std::optional<SprtConfig> sprt;
  if (!args.sprt.empty()) {
    const auto v = parse_list<double>(args.sprt, 4, "--sprt", "elo0,elo1,alpha,beta");
    sprt = SprtConfig{v[0], v[1], v[2], v[3], model};
    validate_sprt(*sprt);
    if (pairs && sprt->model == SprtModel::kBayes) {
      throw ParamError("--model bayes: the BayesElo model takes --wdl counts, not game pairs");
    }
  }
  // BayesElo needs the W/D/L rates; from pairs it is not defined.
  const BayesElo bayes = pairs ? BayesElo{std::nan(""), std::nan("")} : bayes_elo_from_wdl(wdl);

  // A perfect score has no finite Elo; the data still bound it on one side. A game (or a pair)
  // scores 1 with probability at most its expected score s, so N of them all scoring 1 has
  // probability at most s^N; the bound is the s where s^N = 0.05 (with no draws, exact).
  const std::string unit = pairs ? "game pairs" : "games";
  std::string no_estimate;
  double one_sided = std::nan("");
  if (e.score == 1.0 || e.score == 0.0) {
    const double s = std::pow(0.05, 1.0 / static_cast<double>(e.samples));
    one_sided = e.score == 1.0 ? elo_from_score(s) : -elo_from_score(s);
    no_estimate = std::string("no finite Elo: every ") + (pairs ? "pair " : "game ") +
                  (e.score == 1.0 ? "won" : "lost") + "; with 95% confidence Elo " +
                  (e.score == 1.0 ? ">= " : "<= ") + fixed(one_sided) +
                  " (exact binomial bound over " + std::to_string(e.samples) + " " + unit + ")";
  }
  // Every game (pair) scored the same, and not all 1 or all 0: the Elo of that score exists, but
  // the sample has no spread, so no interval (not +- 0).
  std::string no_interval;
  if (no_estimate.empty() && e.variance == 0) {
    no_interval = std::string("no interval: every ") + (pairs ? "pair" : "game") +
                  " scored the same, and an interval needs results that differ";
  }
  // nElo divides by the spread of the results: when every game (pair) scored the same there is
  // none, and no nElo.
  std::string no_nelo;
  if (!std::isfinite(e.nelo_error)) {
    no_nelo = "none: every " + std::string(pairs ? "pair" : "game") +
              " scored the same, and nElo needs results that differ";
  }

  const double llr = !sprt ? 0.0 : pairs ? sprt_llr(penta, *sprt) : sprt_llr(wdl, *sprt);
  const SprtBounds bounds = sprt ? sprt_bounds(sprt->alpha, sprt->beta) : SprtBounds{};
  const char* const decisions[] = {"continue", "H0 accepted", "H1 accepted"};
  const char* decision = decisions[static_cast<int>(sprt_decide(llr, bounds))];

  if (args.json) {
    nlohmann::json j;
    for (std::size_t i = 0; i < keys.size(); ++i) j[pairs ? "penta" : "wdl"][keys[i]] = c[i];
    j[pairs ? "pairs" : "games"] = e.samples;
    j["score"] = json_number(e.score);
    j["draw_ratio"] = json_number(e.draw_ratio);
    j["elo"] = {{"value", json_number(e.elo)},
                {"error95", json_number(e.error)},
                {"low95", json_number(e.elo_low)},
                {"high95", json_number(e.elo_high)}};
    if (!no_interval.empty()) {
      for (const char* key : {"error95", "low95", "high95"}) j["elo"][key] = nullptr;
      j["elo"]["note"] = no_interval;
    }
    if (!no_estimate.empty()) {
      j["elo"]["note"] = no_estimate;
      j["elo"][e.score == 1.0 ? "one_sided_low95" : "one_sided_high95"] = json_number(one_sided);
    }
    j["nelo"] =
        no_nelo.empty()
            ? nlohmann::json{{"value", json_number(e.nelo)}, {"error95", json_number(e.nelo_error)}}
            : nlohmann::json{{"value", nullptr}, {"error95", nullptr}, {"note", no_nelo}};
    j["bayes_elo"] = {{"value", json_number(bayes.elo)}, {"drawelo", json_number(bayes.drawelo)}};
    j["los"] = json_number(e.los);
    if (sprt) {
      j["sprt"] = {{"elo0", json_number(sprt->elo0)},
                   {"elo1", json_number(sprt->elo1)},
                   {"alpha", sprt->alpha},
                   {"beta", sprt->beta},
                   {"model", to_string(sprt->model)},
                   {"llr", json_number(llr)},
                   {"lower", json_number(bounds.lower)},
                   {"upper", json_number(bounds.upper)},
                   {"decision", decision}};
    }
    std::cout << j.dump(2) << "\n";
    return 0;
  }

  std::string counts;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    counts += (i > 0 ? ", " : "") + labels[i] + " " + std::to_string(c[i]);
  }
  std::printf("%s %lld (%s)\n", pairs ? "pairs" : "games", static_cast<long long>(e.samples),
              counts.c_str());
  std::printf("score     %s%%   draw ratio %s%%%s\n", fixed(100 * e.score).c_str(),
              fixed(100 * e.draw_ratio).c_str(), pairs ? " (pairs scoring 1: WL or DD)" : "");
  const std::string elo = !no_estimate.empty() ? no_estimate
                          : !no_interval.empty()
                              ? fixed(e.elo) + " (" + no_interval + ")"
                              : fixed(e.elo) + " +- " + fixed(e.error) + "  [" + fixed(e.elo_low) +
                                    ", " + fixed(e.elo_high) + "] (95%)";
  std::printf("Elo       %s\n", elo.c_str());
  if (no_nelo.empty()) {
    std::printf("nElo      %s +- %s (95%%)\n", fixed(e.nelo).c_str(), fixed(e.nelo_error).c_str());
  } else {
    std::printf("nElo      %s\n", no_nelo.c_str());
  }
  const std::string bayes_text = fixed(bayes.elo) + " (drawelo " + fixed(bayes.drawelo) + ")";
  std::printf("BayesElo  %s\n", pairs ? "n/a (needs W/D/L counts)"
                                : std::isnan(bayes.elo)
                                    ? "n/a (needs at least one win and one loss)"
                                    : bayes_text.c_str());
  std::printf("LOS       %s%%\n", fixed(100 * e.los).c_str());
  if (sprt) {
    std::printf("SPRT      [%s, %s] %s, alpha %s beta %s: LLR %s (bounds %s, %s): %s\n",
                fixed(sprt->elo0).c_str(), fixed(sprt->elo1).c_str(),
                std::string(to_string(sprt->model)).c_str(), fixed(sprt->alpha, 3).c_str(),
                fixed(sprt->beta, 3).c_str(), fixed(llr).c_str(), fixed(bounds.lower).c_str(),
                fixed(bounds.upper).c_str(), decision);
  }
  return 0;
}

}  // namespace

void add_stats_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<StatsArgs>(
      app, action, "stats",
      "match statistics from counts you bring: Elo +- 95%, nElo, BayesElo, LOS, SPRT", run_stats);
  cmd->add_option("--wdl", args->wdl, "wins, draws and losses of the first player: W,D,L")
      ->check(non_empty("three counts W,D,L"));
  cmd->add_option("--penta", args->penta,
                  "game-pair counts from the first player's view: LL,LD,WL+DD,WD,WW")
      ->check(non_empty("five counts LL,LD,WL+DD,WD,WW"));
  cmd->add_option("--sprt", args->sprt,
                  "an SPRT of H0: elo0 against H1: elo1 with error rates alpha, beta: "
                  "elo0,elo1,alpha,beta");
  args->model_option =
      cmd->add_option("--model", args->model,
                      "the SPRT's Elo model: normalized (default), logistic or bayes (W/D/L only)");
  cmd->add_flag("--json", args->json, "print JSON");
}

}  // namespace gts::cli
