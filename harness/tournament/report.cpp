#include "harness/tournament/report.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"
#include "harness/stats/elo.h"
#include "harness/stats/ratings.h"
#include "harness/strf.h"

namespace gts {

namespace {

std::size_t index_of(const std::vector<std::string>& players, const std::string& name) {
  auto it = std::find(players.begin(), players.end(), name);
  if (it == players.end()) throw std::runtime_error("games.csv names an unknown player " + name);
  return static_cast<std::size_t>(it - players.begin());
}

// A player with no finite rating lost (or won) every game against the players it is linked to.
// N straight losses to an opponent rated r are unlikely below r - Elo(0.05^(1/N)): at expected
// score s the chance of N wins is at most s^N (a draw only lowers it), under 5% once
// s < 0.05^(1/N). So a player who lost every one of N games to q is at most U(q) - gap(N), where
// U(q) is q's rating if it exists, else q's own upper bound; the least such bound over its
// conquerors is taken (lower bounds mirror this). Each link's bound holds at 95%, taking the
// opponent's rating as known: a statement of what the games show, not a joint interval.
void bound_unrated_players(const std::vector<std::vector<int>>& games,
                           const std::vector<std::vector<double>>& points, const RatingFit& fit,
                           std::vector<double>& low, std::vector<double>& high) {
  const std::size_t n = games.size();
  const double inf = std::numeric_limits<double>::infinity();
  auto gap = [](int g) { return elo_from_score(std::pow(0.05, 1.0 / g)); };
  low.assign(n, -inf);
  high.assign(n, inf);
  for (std::size_t p = 0; p < n; ++p) {
    if (fit.players[p].status == RatingStatus::kOk) low[p] = high[p] = fit.players[p].rating;
  }
  // The links form no cycle (players who scored against each other share a rating), so n rounds
  // of relaxation reach every player.
  for (std::size_t round = 0; round < n; ++round) {
    for (std::size_t p = 0; p < n; ++p) {
      if (fit.players[p].status == RatingStatus::kOk) continue;
      for (std::size_t q = 0; q < n; ++q) {
        if (q == p || games[p][q] == 0) continue;
        if (points[p][q] == 0.0) high[p] = std::min(high[p], high[q] - gap(games[p][q]));
        if (points[p][q] == games[p][q]) low[p] = std::max(low[p], low[q] + gap(games[p][q]));
      }
    }
  }
}

}  // namespace

std::vector<Standing> compute_standings(const std::vector<std::string>& players,
                                        const std::vector<GameRow>& rows) {
  const std::size_t n = players.size();
  std::vector<Standing> st(n);
  std::vector<int> moves(n, 0);
  std::vector<Encounter> encounters;
  std::vector<std::vector<int>> games(n, std::vector<int>(n, 0));
  std::vector<std::vector<double>> points(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) st[i].player = players[i];
  for (const auto& r : rows) {
    const std::size_t a = index_of(players, r.first);
    const std::size_t b = index_of(players, r.second);
    const double s = r.first_score();
    encounters.push_back(Encounter{a, b, 1.0, s});
    ++games[a][b];
    ++games[b][a];
    points[a][b] += s;
    points[b][a] += 1.0 - s;
    for (int side = 0; side < 2; ++side) {
      const std::size_t p = side == 0 ? a : b;
      const double score = side == 0 ? s : 1.0 - s;
      Standing& x = st[p];
      x.wdl.add(score);
      if (r.forfeit == players[p]) ++x.forfeits;
      // Sums until divided by the moves below.
      x.nodes_per_move += static_cast<double>(side == 0 ? r.first_nodes : r.second_nodes);
      x.cpu_us_per_move += side == 0 ? r.first_cpu_us : r.second_cpu_us;
      moves[p] += side == 0 ? r.first_moves : r.second_moves;
      x.unsearched += side == 0 ? r.first_unsearched : r.second_unsearched;
    }
  }
  const RatingFit fit = fit_ratings(n, encounters);
  std::vector<double> low, high;
  bound_unrated_players(games, points, fit, low, high);
  std::size_t rated = 0;
  for (const PlayerRating& pr : fit.players) rated += pr.status == RatingStatus::kOk ? 1 : 0;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < n; ++i) {
    const PlayerRating& pr = fit.players[i];
    st[i].rating_status = std::string(to_string(pr.status));
    if (pr.status != RatingStatus::kOk) {
      const bool disconnected = pr.status == RatingStatus::kDisconnected;
      st[i].elo = nan;
      st[i].elo_lo = disconnected ? nan : low[i];
      st[i].elo_hi = disconnected ? nan : high[i];
    } else if (rated == 1) {
      st[i].elo = 0.0;  // the only rated player is the scale's zero: no interval to give
      st[i].elo_lo = st[i].elo_hi = nan;
      st[i].rating_status = "reference";
    } else {
      st[i].elo = pr.rating;
      st[i].elo_lo = pr.rating - pr.error;
      st[i].elo_hi = pr.rating + pr.error;
    }
    st[i].nodes_per_move = moves[i] ? st[i].nodes_per_move / moves[i] : 0.0;
    st[i].cpu_us_per_move = moves[i] ? st[i].cpu_us_per_move / moves[i] : 0.0;
  }
  std::stable_sort(st.begin(), st.end(), [](const Standing& x, const Standing& y) {
    if (x.wdl.points() != y.wdl.points()) return x.wdl.points() > y.wdl.points();
    // Rated players by rating; a NaN (no rating) compares as equal to everything here.
    if (x.elo > y.elo || x.elo < y.elo) return x.elo > y.elo;
    return x.player < y.player;
  });
  return st;
}

std::vector<PairingStats> compute_pairings(const std::vector<GameRow>& rows) {
  std::map<int, PairingStats> by_pairing;
  std::map<int, std::vector<const GameRow*>> by_pair;
  for (const auto& r : rows) {
    by_pair[r.pair].push_back(&r);
    PairingStats& p = by_pairing[r.pairing];
    // A is the first mover of the pairing's even-numbered games.
    const bool a_first = r.game % 2 == 0;
    if (p.a.empty()) {
      p.a = a_first ? r.first : r.second;
      p.b = a_first ? r.second : r.first;
    }
    const double s = r.first == p.a ? r.first_score() : 1.0 - r.first_score();
    p.wdl.add(s);
  }
  for (const auto& [pair, games] : by_pair) {
    if (games.size() != 2) continue;  // half a pair (an interrupted run) has no pair score
    PairingStats& p = by_pairing[games[0]->pairing];
    auto score_a = [&](const GameRow* g) {
      return g->first == p.a ? g->first_score() : 1.0 - g->first_score();
    };
    p.add(score_a(games[0]), score_a(games[1]));
  }
  std::vector<PairingStats> out;
  for (auto& [pairing, p] : by_pairing) {
    p.elo = elo_from_pentanomial(p);
    p.bayes = bayes_elo_from_wdl(p.wdl);
    out.push_back(p);
  }
  return out;
}

std::map<std::pair<std::string, std::string>, std::string> crosstable_cells(
    const std::vector<GameRow>& rows) {
  std::map<std::pair<std::string, std::string>, std::pair<double, int>> met;  // points, games
  for (const auto& r : rows) {
    auto& [ab_points, ab_games] = met[{r.first, r.second}];
    auto& [ba_points, ba_games] = met[{r.second, r.first}];
    ab_points += r.first_score();
    ba_points += 1.0 - r.first_score();
    ++ab_games;
    ++ba_games;
  }
  std::map<std::pair<std::string, std::string>, std::string> cells;
  for (const auto& [players, score] : met) {
    cells[players] = csv::number(score.first, 1) + "/" + std::to_string(score.second);
  }
  return cells;
}

std::string crosstable_long_csv_header() {
  std::string h =
      csv::line({"player", "opponent", "games", "wins", "draws", "losses", "points", "score"});
  h.pop_back();
  return h;
}

std::string crosstable_long_csv(const std::vector<Standing>& standings,
                                const std::vector<GameRow>& rows) {
  std::map<std::pair<std::string, std::string>, WdlCounts> met;  // (player, opponent): its W/D/L
  for (const auto& r : rows) {
    met[{r.first, r.second}].add(r.first_score());
    met[{r.second, r.first}].add(1.0 - r.first_score());
  }
  std::string text = crosstable_long_csv_header() + "\n";
  for (const auto& a : standings) {
    for (const auto& b : standings) {
      const auto it = met.find({a.player, b.player});
      if (it == met.end()) continue;
      const WdlCounts& w = it->second;
      text +=
          csv::line({a.player, b.player, std::to_string(w.games()), std::to_string(w.wins),
                     std::to_string(w.draws), std::to_string(w.losses), csv::number(w.points(), 1),
                     csv::number(w.points() / static_cast<double>(w.games()), 4)});
    }
  }
  return text;
}

std::string standings_csv_header() {
  std::string h =
      csv::line({"player", "games", "wins", "draws", "losses", "score", "elo", "elo_lo", "elo_hi",
                 "rating_status", "nodes_per_move", "cpu_us_per_move", "forfeits", "unsearched"});
  h.pop_back();
  return h;
}

std::string pairs_csv_header() {
  std::string h = csv::line({"player_a", "player_b", "games", "wins", "draws", "losses", "ll", "ld",
                             "wl_dd", "wd", "ww", "elo", "elo_error", "los", "nelo", "nelo_error",
                             "bayes_elo", "drawelo"});
  h.pop_back();
  return h;
}

std::string standings_csv(const std::vector<Standing>& standings) {
  std::string text = standings_csv_header() + "\n";
  for (const auto& s : standings) {
    text += csv::line({s.player, std::to_string(s.wdl.games()), std::to_string(s.wdl.wins),
                       std::to_string(s.wdl.draws), std::to_string(s.wdl.losses),
                       csv::number(s.wdl.points(), 1), csv::cell(s.elo, 1), csv::cell(s.elo_lo, 1),
                       csv::cell(s.elo_hi, 1), s.rating_status, csv::cell(s.nodes_per_move, 1),
                       csv::cell(s.cpu_us_per_move, 1), std::to_string(s.forfeits),
                       std::to_string(s.unsearched)});
  }
  return text;
}

std::string crosstable_csv(const std::vector<Standing>& standings,
                           const std::vector<GameRow>& rows) {
  const auto cells = crosstable_cells(rows);
  std::vector<std::string> header = {"player"};
  for (const auto& s : standings) header.push_back(s.player);
  std::string text = csv::line(header);
  for (const auto& row : standings) {
    std::vector<std::string> line = {row.player};
    for (const auto& col : standings) {
      const auto it = cells.find({row.player, col.player});
      line.push_back(row.player == col.player || it == cells.end() ? "" : it->second);
    }
    text += csv::line(line);
  }
  return text;
}

std::map<std::string, std::string> tournament_tables(const std::vector<std::string>& players,
                                                     const std::vector<GameRow>& rows) {
  std::map<std::string, std::string> files;
  const std::vector<Standing> standings = compute_standings(players, rows);
  files["standings.csv"] = standings_csv(standings);
  files["crosstable.csv"] = crosstable_csv(standings, rows);
  files["crosstable_long.csv"] = crosstable_long_csv(standings, rows);

  std::string text = pairs_csv_header() + "\n";
  for (const auto& p : compute_pairings(rows)) {
    text += csv::line({p.a, p.b, std::to_string(p.wdl.games()), std::to_string(p.wdl.wins),
                       std::to_string(p.wdl.draws), std::to_string(p.wdl.losses),
                       std::to_string(p.ll), std::to_string(p.ld), std::to_string(p.wl_dd),
                       std::to_string(p.wd), std::to_string(p.ww), csv::cell(p.elo.elo, 2),
                       csv::cell(p.elo.error, 2), csv::cell(p.elo.los * 100.0, 2),
                       csv::cell(p.elo.nelo, 2), csv::cell(p.elo.nelo_error, 2),
                       csv::cell(p.bayes.elo, 2), csv::cell(p.bayes.drawelo, 2)});
  }
  files["pairs.csv"] = text;
  return files;
}

std::string write_tournament_reports(const std::string& dir,
                                     const std::vector<std::string>& players,
                                     const std::vector<GameRow>& rows) {
  for (const auto& [file, text] : tournament_tables(players, rows))
    write_file(dir + "/" + file, text);
  return standings_table(compute_standings(players, rows));
}

std::string standings_table(const std::vector<Standing>& standings) {
  std::string table = strf("%-4s %-24s %6s %5s %5s %5s %7s %8s %17s %12s %10s %8s\n", "rank",
                           "player", "games", "wins", "draws", "loss", "score", "elo",
                           "95% interval", "nodes/move", "ms/move", "forfeits");
  int rank = 0;
  bool unrated = false;
  std::string unsearched;
  for (const auto& s : standings) {
    if (s.unsearched > 0) {
      unsearched += strf(
          "warning: %s played %d moves without a completed search (depth 0 in "
          "moves.csv): its result does not measure its search\n",
          s.player.c_str(), s.unsearched);
    }
    const std::string interval =
        s.rating_status == "reference"
            ? "(reference)"
            : "[" + csv::number(s.elo_lo, 0) + ", " + csv::number(s.elo_hi, 0) + "]";
    unrated = unrated || std::isnan(s.elo);
    const std::int64_t games = s.wdl.games();
    table += strf("%-4d %-24s %6" PRId64 " %5" PRId64 " %5" PRId64 " %5" PRId64
                  " %6.1f%% %8s %17s %12.0f %10.3f %8d\n",
                  ++rank, s.player.c_str(), games, s.wdl.wins, s.wdl.draws, s.wdl.losses,
                  games ? 100.0 * s.wdl.points() / static_cast<double>(games) : 0.0,
                  std::isnan(s.elo) ? "none" : csv::number(s.elo, 1).c_str(), interval.c_str(),
                  s.nodes_per_move, s.cpu_us_per_move / 1e3, s.forfeits);
  }
  if (unrated) {
    table +=
        "elo none: no finite rating exists (the player won or lost every game against the "
        "others); its interval is the one-sided 95% bound those games support\n";
  }
  return table + unsearched;
}

}  // namespace gts
