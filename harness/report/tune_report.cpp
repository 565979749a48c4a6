// The tune report: the weights' trajectories over the SPSA iterations (or the candidates' ratings
// in a round robin), the verification's LLR and Elo against games played, and its verdict, from a
// `harness tune` folder (tune.csv, verify.csv, tuned.yaml).
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "harness/report/report_common.h"

namespace gts::report {

namespace {

// The weight columns w1, w2, ... of tune.csv, in order.
std::vector<std::string> weight_columns(const Table& t) {
  std::vector<std::string> out;
  for (const auto& h : t.header) {
    if (h.size() >= 2 && h[0] == 'w' &&
        std::all_of(h.begin() + 1, h.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      out.push_back(h);
    }
  }
  return out;
}

std::string trajectory_plot(const Context& ctx, const Table& t) {
  const auto weights = weight_columns(t);
  if (weights.empty() || t.rows.empty()) return "<p class=\"note\">tune.csv has no weights.</p>\n";
  // Weights that never move (fixed) are drawn dashed and grey, so that the tuned ones stand out.
  std::vector<bool> moves(weights.size(), false);
  std::string data = "# iteration then one column per weight\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    data += gp_number(t.number(r, "iteration"));
    for (std::size_t w = 0; w < weights.size(); ++w) {
      const double v = t.number(r, weights[w]);
      if (v != t.number(0, weights[w])) moves[w] = true;
      data += cat(" ", gp_number(v));
    }
    data += "\n";
  }
  PlotSpec p;
  p.name = "weights";
  p.data = data;
  p.width = 1000;
  p.height = 560;
  p.body = plot_style() +
           "set title 'Weights over the SPSA iterations'\n"
           "set xlabel 'iteration'\nset ylabel 'weight'\n"
           "set key outside right top box\n"
           "plot ";
  for (std::size_t w = 0; w < weights.size(); ++w) {
    if (w > 0) p.body += ", \\\n     ";
    p.body +=
        cat("'weights.dat' using 1:", std::to_string(w + 2), " with lines ",
            // Eight colours; past them the dash pattern tells the lines apart.
            moves[w] ? cat("lw 2 lt ", std::to_string(w % 8 + 1), " dt ", std::to_string(w / 8 + 1))
                     : std::string("lw 1 dt 2 lc rgb '#999999'"),
            " title ", gp_quote(moves[w] ? weights[w] : cat(weights[w], " (fixed)")));
  }
  p.body += "\n";
  ctx.gnuplot->render(p);
  return Context::figure("weights",
                         "Each weight θ after every SPSA iteration (iteration 0: the start). "
                         "Dashed grey: weights that never moved (fixed).");
}

std::string candidates_plot(const Context& ctx, const Table& t) {
  std::string data = "# row candidate rating lo hi\n";
  std::vector<std::string> labels;
  double lo = 0, hi = 0;
  int plotted = 0;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    std::string label = t.at(r, "candidate");
    if (t.at(r, "best") == "yes") label += " (best)";
    labels.push_back(label);
    const double rating = t.number(r, "rating");
    const double err = t.number(r, "rating_error");
    if (!std::isfinite(rating)) continue;
    const double e = std::isfinite(err) ? err : 0.0;
    lo = std::min(lo, rating - e);
    hi = std::max(hi, rating + e);
    data += cat(std::to_string(r), " ", gp_field(label), " ", gp_number(rating), " ",
                gp_number(rating - e), " ", gp_number(rating + e), "\n");
    ++plotted;
  }
  if (plotted == 0) return "<p class=\"note\">No finite rating to plot.</p>\n";
  const double pad = std::max(20.0, (hi - lo) * 0.08);
  std::size_t label_chars = 8;
  for (const auto& l : labels) label_chars = std::max(label_chars, l.size());
  PlotSpec p;
  p.name = "candidates";
  p.data = data;
  p.width = 900;
  p.height = std::max(320, 110 + 34 * static_cast<int>(labels.size()));
  p.body =
      plot_style() +
      "set title 'Candidates: maximum-likelihood Elo with 95% intervals'\n"
      "set xlabel 'Elo'\n"
      "set ytics " +
      tics(labels) +
      "\n"
      "set yrange [" +
      std::to_string(labels.size()) +
      "-0.4:-0.6]\n"
      "set xrange [" +
      gp_number(lo - pad) + ":" + gp_number(hi + pad) +
      "]\n"
      "set grid noytics\n"
      "set lmargin " +
      std::to_string(label_chars + 3) +
      "\n"
      "plot 'candidates.dat' using 3:1:4:5 with xerrorbars pt 7 ps 1.3 lw 2 lc rgb '#1f77b4'\n";
  ctx.gnuplot->render(p);
  return Context::figure("candidates",
                         "Rating of each candidate weight vector in the round robin "
                         "(the start, where included, is rated 0).");
}

std::string llr_plot(const Context& ctx, const Table& v) {
  std::string data = "# games llr lower upper elo lo hi\n";
  for (std::size_t r = 0; r < v.rows.size(); ++r) {
    const double elo = v.number(r, "elo");
    const double err = v.number(r, "elo_error");
    data += cat(gp_number(v.number(r, "games")), " ", gp_number(v.number(r, "llr")), " ",
                gp_number(v.number(r, "lower")), " ", gp_number(v.number(r, "upper")), " ",
                gp_number(elo), " ", gp_number(elo - err), " ", gp_number(elo + err), "\n");
  }
  PlotSpec p;
  p.name = "verify_llr";
  p.data = data;
  p.width = 900;
  p.height = 480;
  p.body = plot_style() +
           "set title 'Verification: SPRT log-likelihood ratio (tuned against start)'\n"
           "set xlabel 'games'\nset ylabel 'LLR'\n"
           "set key outside right top box\n"
           "plot 'verify_llr.dat' using 1:2 with lines lw 2 lt 1 title 'LLR', \\\n"
           "     '' using 1:4 with lines dt 2 lw 1.5 lt 3 title 'accept H1', \\\n"
           "     '' using 1:3 with lines dt 2 lw 1.5 lt 2 title 'accept H0'\n";
  ctx.gnuplot->render(p);
  PlotSpec e;
  e.name = "verify_elo";
  e.data = data;
  e.width = 900;
  e.height = 480;
  e.body = plot_style() +
           "set title 'Verification: Elo of the tuned weights against the start, 95% interval'\n"
           "set xlabel 'games'\nset ylabel 'Elo'\n"
           "set key outside right top box\n"
           "set style fill transparent solid 0.25 noborder\n"
           "plot 'verify_elo.dat' using 1:6:7 with filledcurves lc rgb '#1f77b4' title '95% "
           "interval', \\\n"
           "     '' using 1:5 with lines lw 2 lt 1 title 'Elo', \\\n"
           "     0 with lines dt 2 lc rgb '#888888' notitle\n";
  ctx.gnuplot->render(e);
  return cat("<div class=\"grid\">\n",
             Context::figure("verify_llr",
                             "The SPRT's log-likelihood ratio after each game pair, with Wald's "
                             "bounds: the test stops where it leaves the band."),
             Context::figure("verify_elo",
                             "Elo of the tuned weights against the start weights (pentanomial, "
                             "game pairs) with its 95% interval, after each game pair."),
             "</div>\n");
}

std::string verdict_html(const Table& v) {
  if (v.rows.empty()) {
    return "<p>The verification played no games (verify.max_games is 0).</p>\n";
  }
  const std::size_t last = v.rows.size() - 1;
  const std::string verdict = v.at(last, "verdict");
  std::string what = verdict == "H1"   ? "H1 accepted: the tuned weights are stronger"
                     : verdict == "H0" ? "H0 accepted: no gain of elo1 shown"
                     : verdict == "inconclusive"
                         ? "inconclusive: the game cap was reached before the SPRT decided"
                         : "still running (no verdict yet)";
  return cat("<p><strong>", html_escape(what), "</strong> after ", html_escape(v.at(last, "games")),
             " games (W-D-L ", html_escape(v.at(last, "wins")), "-",
             html_escape(v.at(last, "draws")), "-", html_escape(v.at(last, "losses")),
             " from the tuned weights' view): Elo ", fixed(v.number(last, "elo"), 1), " ± ",
             fixed(v.number(last, "elo_error"), 1), " (95%), LLR ", fixed(v.number(last, "llr"), 2),
             " (bounds ", fixed(v.number(last, "lower"), 2), ", ",
             fixed(v.number(last, "upper"), 2), ").</p>\n");
}

// The last `n` rows of a table (the most recent iterations).
Table tail(const Table& t, std::size_t n) {
  Table out = t;
  if (out.rows.size() > n) out.rows.erase(out.rows.begin(), out.rows.end() - static_cast<long>(n));
  return out;
}

}  // namespace

std::vector<Section> tune_sections(const Context& ctx) {
  const Table tune = read_table(ctx.run_dir / "tune.csv");
  std::vector<Section> out;
  const bool spsa = tune.has("iteration");
  if (!spsa && !tune.has("candidate")) {
    throw std::runtime_error("tune.csv: expected an 'iteration' (SPSA) or 'candidate' column");
  }
  if (spsa) {
    out.push_back({"Weight trajectories",
                   cat(trajectory_plot(ctx, tune),
                       "<p class=\"note\">The last iterations (all of them in tune.csv):</p>\n",
                       html_table(tail(tune, 20)))});
  } else {
    out.push_back({"Candidates", cat(candidates_plot(ctx, tune), html_table(tune))});
  }
  if (const auto verify = read_table_if(ctx.run_dir / "verify.csv")) {
    std::string html = verdict_html(*verify);
    if (!verify->rows.empty()) html += llr_plot(ctx, *verify);
    out.push_back({"Verification", html});
  } else {
    out.push_back({"Verification",
                   "<p class=\"note\">No verify.csv: the run stopped before its "
                   "verification.</p>\n"});
  }
  std::ifstream in(ctx.run_dir / "tuned.yaml");
  if (in) {
    std::stringstream ss;
    ss << in.rdbuf();
    out.push_back({"Tuned weights",
                   cat("<p class=\"note\"><a href=\"", ctx.link("tuned.yaml"),
                       "\">tuned.yaml</a>, ready to paste into a tournament config:</p>\n<pre>",
                       html_escape(ss.str()), "</pre>\n")});
  }
  return out;
}

}  // namespace gts::report
