// The Game concept: what every search algorithm may ask of a game, and nothing more.
//
// A game is an object holding its rules and parameters (Kalah's pit count, say) plus a small,
// copyable State. Search is copy-make: a child is `State child = parent; game.play(child, m);`.
// Moves are plain integers whose meaning belongs to the game; that keeps move lists, principal
// variations, transposition tables and CSV logs free of per-game types.
//
// Values are integers from the point of view of the side to move (negamax convention). The side to
// move, not the depth parity, decides whose turn it is: in Kalah a mover may move again.
#pragma once

#include <array>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "common/input_error.h"

namespace gts {

using Move = std::int32_t;
inline constexpr Move kNoMove = -1;

using Value = std::int32_t;
// Bound for search windows; no game or evaluation returns a value this large.
inline constexpr Value kInfinity = 1'000'000'000;

// Bad text (a position, a move, a tree literal) handed to a game's parser.
class ParseError : public InputError {
 public:
  using InputError::InputError;
};

// Fixed-capacity move list: no heap allocation per node.
template <std::size_t N>
class MoveList {
 public:
  static constexpr std::size_t kCapacity = N;

  void push_back(Move m) {
    assert(size_ < N && "MoveList capacity (the game's kMaxMoves) exceeded");
    moves_[size_++] = m;
  }
  void clear() { size_ = 0; }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) {
    assert(i < size_);
    return moves_[i];
  }
  Move operator[](std::size_t i) const {
    assert(i < size_);
    return moves_[i];
  }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  [[nodiscard]] const Move* begin() const { return moves_.data(); }
  [[nodiscard]] const Move* end() const { return moves_.data() + size_; }
  [[nodiscard]] bool contains(Move m) const {
    for (Move x : *this) {
      if (x == m) return true;
    }
    return false;
  }

 private:
  std::array<Move, N> moves_;  // not zero-filled: written before read, and cleared per node
  std::uint32_t size_ = 0;
};

template <class G>
using MovesOf = MoveList<G::kMaxMoves>;

// Players are fixed sides numbered 0 and 1 (Kalah's South and North, tic-tac-toe's X and O, a
// tree's MAX and MIN); to_move(initial_state()) says who starts.
//
// Every game class also provides, for the registry: `static constexpr std::string_view kName`,
// `kDescription`, `static std::vector<ParamSpec> param_specs()`, a constructor from `Params`, an
// evaluator class (`G::Eval`, constructed as `Eval(game, EvalSpec)`, throwing ParamError on a bad
// spec), `static std::vector<EvalInfo> evaluation_kinds()` and `static std::string
// default_evaluation()` (see games/evaluation.h).
template <class G>
concept Game = std::copyable<typename G::State> &&
               std::equality_comparable<typename G::State> &&
               requires(const G& game, typename G::State& state, const typename G::State& cstate,
                        Move move, MovesOf<G>& moves, std::string_view text) {
                 { G::kMaxMoves } -> std::convertible_to<std::size_t>;
                 { game.initial_state() } -> std::same_as<typename G::State>;
                 { game.to_move(cstate) } -> std::same_as<int>;
                 { game.is_terminal(cstate) } -> std::same_as<bool>;
                 // Exact outcome of a terminal position, from the side to move's point of view.
                 { game.terminal_value(cstate) } -> std::same_as<Value>;
                 // Appends the legal moves; never empty for a non-terminal position.
                 { game.legal_moves(cstate, moves) } -> std::same_as<void>;
                 { game.play(state, move) } -> std::same_as<void>;
                 // Equal positions hash equal (side to move included).
                 { game.hash(cstate) } -> std::same_as<std::uint64_t>;
                 // Canonical notation; parse(to_string(s)) == s. parse throws ParseError.
                 { game.to_string(cstate) } -> std::same_as<std::string>;
                 { game.parse(text) } -> std::same_as<typename G::State>;
                 { game.move_to_string(cstate, move) } -> std::same_as<std::string>;
                 { game.parse_move(cstate, text) } -> std::same_as<Move>;
               };

// Games that expose a fixed-size feature vector for linear evaluations, seen from the mover.
template <class G>
concept FeatureGame = Game<G> && requires(const G& game, const typename G::State& s,
                                          std::span<std::int32_t> out) {
  { game.num_features() } -> std::convertible_to<std::size_t>;
  { game.features(s, out) } -> std::same_as<void>;
  { game.feature_names() };
};

// A static evaluation of a non-terminal position, from the side to move's point of view.
template <class E, class G>
concept Evaluator = Game<G> && requires(const E& eval, const typename G::State& s) {
  { eval(s) } -> std::same_as<Value>;
};

// Optional hooks for exact solving. A game without them behaves as if it had the defaults below.
//
// Banked score: part of a state that never changes future play, only adds to the final outcome
// (Kalah's stores). `solve_key(s)` hashes the rest, seen from the side to move (positions that are
// mirror images share it), and `banked(s)` is the banked difference from the mover's view, such
// that the exact outcome of s is banked(s) plus a value that depends on solve_key(s) alone. A
// table keyed by solve_key stores values relative to banked(s), so that positions differing only
// in their banked score share entries. Only exact outcomes have that property (a heuristic may
// weigh the banked score any way it likes), so searches use it only when solving to the end.
template <class G>
concept BankedScoreGame = Game<G> && requires(const G& game, const typename G::State& s) {
  { game.solve_key(s) } -> std::same_as<std::uint64_t>;
  { game.banked(s) } -> std::same_as<Value>;
};

// A bound on outcomes: `max_outcome()` is at least the magnitude of every exact outcome of the
// game (for a BankedScoreGame, also of every outcome relative to banked(s)), so that an exact
// solve can keep its values in few bits (TranspositionTable's compact layout).
template <class G>
concept OutcomeLimitGame = Game<G> && requires(const G& game) {
  { game.max_outcome() } -> std::convertible_to<Value>;
};

// Move-ordering hints: `move_hint(s, m)` ranks a legal move before the search knows anything
// (larger first), from the game's own knowledge (Kalah: a sowing that ends in the own store, then
// by the seeds the move banks, then nearest the store first).
template <class G>
concept MoveHintGame = Game<G> && requires(const G& game, const typename G::State& s, Move m) {
  { game.move_hint(s, m) } -> std::convertible_to<int>;
};

// A game whose hints never tie (`static constexpr bool kHintsRankEveryMove = true`: Kalah's hint
// includes the house number): once they order the moves, nothing ranked after them (static values,
// history) can change the order, so a search need not compute it.
template <class G>
constexpr bool hints_rank_every_move() {
  if constexpr (MoveHintGame<G> && requires { G::kHintsRankEveryMove; }) {
    return G::kHintsRankEveryMove;
  } else {
    return false;
  }
}

// Observed games: a game that records what a search does with it (the harness's tracing wrapper)
// offers `unobserved(s)`, the same position outside the record, for the work an algorithm does
// after its search (the MT family's walk of the table for its principal variation).
template <class G>
concept ObservedGame = Game<G> && requires(const G& game, const typename G::State& s) {
  { game.unobserved(s) } -> std::same_as<typename G::State>;
};

template <Game G>
std::uint64_t solve_key(const G& game, const typename G::State& s) {
  if constexpr (BankedScoreGame<G>) {
    return game.solve_key(s);
  } else {
    return game.hash(s);
  }
}

template <Game G>
Value banked(const G& game, const typename G::State& s) {
  if constexpr (BankedScoreGame<G>) {
    return game.banked(s);
  } else {
    (void)game;
    (void)s;
    return 0;
  }
}

template <Game G>
int move_hint(const G& game, const typename G::State& s, Move m) {
  if constexpr (MoveHintGame<G>) {
    return game.move_hint(s, m);
  } else {
    (void)game;
    (void)s;
    (void)m;
    return 0;
  }
}

}  // namespace gts
