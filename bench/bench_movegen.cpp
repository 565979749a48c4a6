// Move generation and play: Kalah(6,4) from a fixed set of positions, perft on Kalah and
// tic-tac-toe, and random-tree play. Rates are positions (or moves) per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "algorithms/perft.h"
#include "algorithms/search_common.h"
#include "games/kalah/kalah.h"
#include "games/params.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"

namespace gts {
namespace {

template <class G>
G make_game(const std::map<std::string, std::string>& params) {
  return G(resolve_params(G::param_specs(), params, "bench"));
}

// 64 positions from seeded random playouts of 0 to 40 plies (fewer where a game ends first).
template <class G>
std::vector<typename G::State> fixed_positions(const G& game, int count) {
  std::vector<typename G::State> out;
  for (int i = 0; i < count; ++i) {
    typename G::State s = game.initial_state();
    std::uint64_t rng = 0xC0FFEE + static_cast<std::uint64_t>(i);
    const int plies = (i * 7) % 41;
    for (int p = 0; p < plies && !game.is_terminal(s); ++p) {
      MovesOf<G> moves;
      game.legal_moves(s, moves);
      game.play(s, moves[detail::seeded_pick(detail::splitmix64(rng), moves.size())]);
    }
    if (!game.is_terminal(s)) out.push_back(s);
  }
  return out;
}

// legal_moves on every position, then copy-make of every move.
void BM_KalahMovesAndPlay(benchmark::State& state) {
  const Kalah game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto positions = fixed_positions(game, 64);
  std::uint64_t moves_played = 0;
  for (auto _ : state) {
    for (const auto& s : positions) {
      MovesOf<Kalah> moves;
      game.legal_moves(s, moves);
      for (Move m : moves) {
        Kalah::State child = s;
        game.play(child, m);
        benchmark::DoNotOptimize(child);
      }
      moves_played += moves.size();
    }
  }
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves_played), benchmark::Counter::kIsRate);
  state.counters["positions"] = static_cast<double>(positions.size());
}
BENCHMARK(BM_KalahMovesAndPlay);

template <class G>
void run_perft(benchmark::State& state, const G& game, int depth) {
  std::uint64_t nodes = 0;
  std::uint64_t last_ply = 0;
  for (auto _ : state) {
    const std::vector<std::uint64_t> per_ply = perft(game, game.initial_state(), depth);
    for (std::uint64_t n : per_ply) nodes += n;
    last_ply = per_ply.back();
  }
  state.counters["nodes"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["positions_at_depth"] = static_cast<double>(last_ply);
}

void BM_KalahPerft(benchmark::State& state) {
  const Kalah game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  run_perft(state, game, static_cast<int>(state.range(0)));
}
BENCHMARK(BM_KalahPerft)->Arg(6)->Unit(benchmark::kMillisecond);

// The whole game tree: 549,946 positions, 255,168 finished games.
void BM_TicTacToePerft(benchmark::State& state) {
  const TicTacToe game = make_game<TicTacToe>({});
  run_perft(state, game, 9);
}
BENCHMARK(BM_TicTacToePerft)->Unit(benchmark::kMillisecond);

void BM_RandomTreePerft(benchmark::State& state) {
  const RandomTree game = make_game<RandomTree>({{"branching", "8"}, {"depth", "6"}});
  run_perft(state, game, 6);
}
BENCHMARK(BM_RandomTreePerft)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gts

BENCHMARK_MAIN();
