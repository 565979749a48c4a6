// Kalah (mancala) with m houses a side and s seeds a house: the benchmark subject of the
// Irving/Donkers/Uiterwijk solutions. Player 0 is South, player 1 is North.
//
// The board is kept in sowing order so that sowing is a walk around one array:
//   0..m-1  South's houses (from South's left)   m     South's store
//   m+1..2m North's houses (from North's left)   2m+1  North's store
// House i of one side faces house i' with i + i' == 2m, so `2m - i` is the opposite house.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/evaluation.h"
#include "games/game.h"
#include "games/kalah/kalah_endgame.h"
#include "games/params.h"

namespace gts {

class KalahEval;

namespace detail {
// Zobrist keys, constant-initialized in kalah.cpp: no per-call guard, no static-order issue.
inline constexpr int kKalahMaxCells = 26;
extern const std::array<std::array<std::uint64_t, 256>, kKalahMaxCells> kKalahZobrist;
extern const std::uint64_t kKalahZobristNorth;
}  // namespace detail

class Kalah {
 public:
  static constexpr std::string_view kName = "kalah";
  static constexpr std::string_view kDescription =
      "Kalah (mancala): sow seeds counter-clockwise, captures, extra turns from the own store";
  static constexpr std::size_t kMaxMoves = 12;
  // The final value is a score margin (store difference), reported as `margin` in tournaments.
  static constexpr bool kScoreIsMargin = true;
  static constexpr std::array<std::string_view, 2> kSideNames = {"South", "North"};
  static constexpr int kMaxPits = 12;

  struct State {
    // Cells past 2m+1 stay zero so that equality and hashing may ignore the pit count.
    std::array<std::uint8_t, detail::kKalahMaxCells> board{};
    std::uint8_t side = 0;  // 0 = South, 1 = North
    friend bool operator==(const State&, const State&) = default;
  };
  using Eval = KalahEval;

  static std::vector<ParamSpec> param_specs();
  static std::vector<EvalInfo> evaluation_kinds();
  static std::string default_evaluation() { return "store-diff"; }

  // Kalah(6,4), empty-capture, South first.
  Kalah();
  // Validates `params` itself (range, choices and 2*pits*seeds <= 255); throws ParamError.
  explicit Kalah(const Params& params);

  [[nodiscard]] int pits() const { return pits_; }
  [[nodiscard]] int seeds() const { return seeds_; }
  [[nodiscard]] int total_seeds() const { return 2 * pits_ * seeds_; }
  [[nodiscard]] bool capture_empty() const { return capture_empty_; }

  [[nodiscard]] State initial_state() const;
  [[nodiscard]] int to_move(const State& s) const { return s.side; }

  [[nodiscard]] bool is_terminal(const State& s) const {
    return side_empty(s, 0) || side_empty(s, 1);
  }

  // Final margin, counting each side's unswept houses as its owner's (parsed positions).
  [[nodiscard]] Value terminal_value(const State& s) const {
    const Value south = side_total(s, 0);
    const Value north = side_total(s, 1);
    return s.side == 0 ? south - north : north - south;
  }

  void legal_moves(const State& s, MovesOf<Kalah>& moves) const {
    const int base = s.side * (pits_ + 1);
    for (int h = 0; h < pits_; ++h) {
      if (s.board[base + h] != 0) moves.push_back(h + 1);
    }
  }

  // `move` is a legal house number 1..m of the side to move (unchecked: see parse_move).
  void play(State& s, Move move) const {
    const int me = s.side;
    const int my_store = me * (pits_ + 1) + pits_;
    const int opp_store = (1 - me) * (pits_ + 1) + pits_;
    const int origin = me * (pits_ + 1) + move - 1;
    int seeds = s.board[origin];
    s.board[origin] = 0;
    // Whole laps touch every cell but the opponent's store once, the origin included.
    const int cycle = cells_ - 1;
    if (seeds >= cycle) {
      const int laps = seeds / cycle;
      for (int c = 0; c < cells_; ++c) {
        if (c != opp_store) s.board[c] = static_cast<std::uint8_t>(s.board[c] + laps);
      }
      seeds -= laps * cycle;
    }
    int pos = origin;
    if (sow_ != nullptr && seeds > 0) {
      // One 16-byte add, looked up (see SowStep).
      const SowStep& step = sow_.get()[origin * cycle + seeds];
      std::uint64_t lo = 0;
      std::uint64_t hi = 0;
      std::memcpy(&lo, s.board.data(), sizeof lo);
      std::memcpy(&hi, s.board.data() + 8, sizeof hi);
      // No cell overflows (at most 255 seeds in all), so the two halves add without a carry.
      lo += step.lo;
      hi += step.hi;
      std::memcpy(s.board.data(), &lo, sizeof lo);
      std::memcpy(s.board.data() + 8, &hi, sizeof hi);
      pos = step.last;
    } else {
      while (seeds > 0) {
        if (++pos == cells_) pos = 0;
        if (pos == opp_store) continue;
        ++s.board[pos];
        --seeds;
      }
    }
    if (pos != my_store) {
      const int my_first = me * (pits_ + 1);
      if (pos >= my_first && pos < my_store && s.board[pos] == 1) {
        const int opposite = 2 * pits_ - pos;
        if (capture_empty_ || s.board[opposite] != 0) {
          s.board[my_store] = static_cast<std::uint8_t>(s.board[my_store] + 1 + s.board[opposite]);
          s.board[pos] = 0;
          s.board[opposite] = 0;
        }
      }
      s.side = static_cast<std::uint8_t>(1 - me);
    }
    if (is_terminal(s)) sweep(s);
  }

  [[nodiscard]] std::uint64_t hash(const State& s) const {
    std::uint64_t h = s.side != 0 ? detail::kKalahZobristNorth : 0;
    for (int c = 0; c < cells_; ++c) h ^= detail::kKalahZobrist[c][s.board[c]];
    return h;
  }

  // Solving hooks (games/game.h). The stores are banked score: sowing and capturing never look
  // at them. The key covers the houses only, the mover's first, so a position and its mirror
  // image (the other side to move) share it. Up to six houses a side with at most 31 seeds in
  // each (every Kalah(6,s) position up to s = 2, nearly every one beyond: 32 seeds in one house is
  // rare), the key is the houses themselves, five bits each: exact, so two positions never share
  // a key, and cheaper than hashing. Otherwise it is a Zobrist hash with the top bit set, which
  // packed keys never have.
  [[nodiscard]] std::uint64_t solve_key(const State& s) const {
    const int me = s.side * (pits_ + 1);
    const int opp = (1 - s.side) * (pits_ + 1);
    if (std::endian::native == std::endian::little && pits_ == 6) {
      // The same packing, six houses at once: each side's houses as one word, their bytes
      // squeezed to five bits each by two mask-and-shift steps (valid while no house holds 32).
      const std::uint64_t mine = houses_word6(s, me);
      const std::uint64_t theirs = houses_word6(s, opp);
      if (((mine | theirs) & 0xE0E0E0E0E0E0ULL) == 0) return pack6(mine) | (pack6(theirs) << 30);
    } else if (pits_ <= 6) {
      std::uint64_t packed = 0;
      std::uint8_t any_large = 0;
      for (int i = 0; i < pits_; ++i) {
        packed |= std::uint64_t{s.board[me + i]} << (5 * i);
        packed |= std::uint64_t{s.board[opp + i]} << (5 * (i + 6));
        any_large |= static_cast<std::uint8_t>(s.board[me + i] | s.board[opp + i]);
      }
      if (any_large < 32) return packed;
    }
    std::uint64_t h = 0;
    for (int i = 0; i < pits_; ++i) {
      h ^= detail::kKalahZobrist[i][s.board[me + i]];
      h ^= detail::kKalahZobrist[pits_ + 1 + i][s.board[opp + i]];
    }
    return h | (std::uint64_t{1} << 63);
  }
  [[nodiscard]] Value banked(const State& s) const {
    return static_cast<Value>(s.board[s.side * (pits_ + 1) + pits_]) -
           static_cast<Value>(s.board[(1 - s.side) * (pits_ + 1) + pits_]);
  }
  // A sowing that ends in the own store (the mover moves again) first; then the others by the
  // seeds they bank (sown into the own store, captured), most first; each group nearest the store
  // first (CMancala's order: its key is the store difference after the move). The order that
  // makes an exact solve cheap. No two moves share a hint.
  static constexpr bool kHintsRankEveryMove = true;
  static constexpr int kExtraTurnHint = 1 << 13;  // above every bank: 16 x 255 + 16
  [[nodiscard]] int move_hint(const State& s, Move move) const {
    const int base = s.side * (pits_ + 1);
    const int seeds = s.board[base + move - 1];
    const int to_store = pits_ + 1 - move;
    const int cycle = cells_ - 1;
    const int rest = seeds < cycle ? seeds : seeds % cycle;
    if (rest == to_store) return kExtraTurnHint + move;
    // One seed into the own store a whole lap, and one more where the rest passes it.
    const int laps = seeds < cycle ? 0 : seeds / cycle;
    int banked = laps + (rest > to_store ? 1 : 0);
    // Where the last seed lands, counted from the mover's first house round the cells the mover
    // sows (the opponent's store skipped). A house of the mover's that then holds one seed
    // captures: each lap left one seed in every house (the emptied origin included), the rest
    // one more in the cells after the origin.
    const int origin = move - 1;
    const int land = origin + rest < cycle ? origin + rest : origin + rest - cycle;
    if (land < pits_) {
      const int own = (land == origin ? 0 : s.board[base + land]) + laps + (rest > 0 ? 1 : 0);
      // The opposite house, at 2m - land round the cycle, lies after the origin.
      const int across =
          s.board[2 * pits_ - (base + land)] + laps + (2 * pits_ - land <= origin + rest ? 1 : 0);
      if (own == 1 && (capture_empty_ || across != 0)) banked += 1 + across;
    }
    return banked * 16 + move;
  }

  // "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S".
  [[nodiscard]] std::string to_string(const State& s) const;
  [[nodiscard]] State parse(std::string_view text) const;
  [[nodiscard]] std::string move_to_string(const State& s, Move move) const;
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const;

  // Features from the mover's view: my houses (from my left), my store, the opponent's houses
  // (from the opponent's left), the opponent's store.
  [[nodiscard]] std::size_t num_features() const { return static_cast<std::size_t>(cells_); }
  void features(const State& s, std::span<std::int32_t> out) const {
    const int me = s.side * (pits_ + 1);
    const int opp = (1 - s.side) * (pits_ + 1);
    for (int i = 0; i <= pits_; ++i) {
      out[i] = s.board[me + i];
      out[pits_ + 1 + i] = s.board[opp + i];
    }
  }
  [[nodiscard]] std::vector<std::string> feature_names() const;

  // No final margin, nor one relative to the stores (banked), exceeds every seed.
  [[nodiscard]] Value max_outcome() const { return total_seeds(); }
  // The interval the final margin (mover − opponent) must lie in: seeds never leave a store, so
  // each side keeps at least its store and at most everything the opponent has not stored.
  // With an endgame database (the `endgame` parameter), a position it holds is exact.
  [[nodiscard]] std::pair<Value, Value> outcome_bounds(const State& s) const {
    const Value total = total_seeds();
    const Value mine = s.board[s.side * (pits_ + 1) + pits_];
    const Value theirs = s.board[(1 - s.side) * (pits_ + 1) + pits_];
    const Value houses = total - mine - theirs;
    if (houses <= endgame_seeds_) {
      const Value v = mine - theirs + endgame_value(s, houses);
      return {v, v};
    }
    return {mine - (total - mine), (total - theirs) - theirs};
  }
  // The endgame database's value of `s` (houses holding `houses` seeds, at most its size): the
  // margin the mover adds to the store difference.
  [[nodiscard]] int endgame_value(const State& s, int houses) const {
    std::array<std::uint8_t, 2 * kMaxPits> mover_first;
    const auto n = static_cast<std::size_t>(pits_);
    std::memcpy(mover_first.data(), s.board.data() + s.side * (pits_ + 1), n);
    std::memcpy(mover_first.data() + n, s.board.data() + (1 - s.side) * (pits_ + 1), n);
    return endgame_->get(*this).value(mover_first.data(), houses);
  }
  // Makes the endgame database now, if the game has one, instead of at its first use (the harness
  // calls this before a search's clock starts).
  void prepare() const { (void)endgame(); }
  // The endgame database (made now if this is its first use), or null without one.
  [[nodiscard]] const KalahEndgame* endgame() const {
    return endgame_ ? &endgame_->get(*this) : nullptr;
  }

  // Multi-line ASCII board for the terminal: North on top as South sees it, stores at the ends.
  [[nodiscard]] std::string draw(const State& s) const;

 private:
  // The six houses from cell `base` on, one byte each in the low 48 bits (little-endian).
  static std::uint64_t houses_word6(const State& s, int base) {
    std::uint64_t word = 0;
    std::memcpy(&word, s.board.data() + base, sizeof word);
    return word & 0xFFFFFFFFFFFFULL;
  }
  // Six bytes below 32 (the low 48 bits of `w`) as six 5-bit fields, byte i at bit 5i.
  static std::uint64_t pack6(std::uint64_t w) {
    // Byte pairs into 10-bit fields at the start of each 16-bit lane, then the three lanes
    // together.
    w = (w & 0x001F001F001FULL) | ((w >> 3) & 0x03E003E003E0ULL);
    return (w & 0x3FFULL) | ((w >> 6) & (0x3FFULL << 10)) | ((w >> 12) & (0x3FFULL << 20));
  }
  [[nodiscard]] bool side_empty(const State& s, int side) const {
    const int base = side * (pits_ + 1);
    if (std::endian::native == std::endian::little && pits_ <= 8) {
      // The side's houses as one word (base + 8 <= 17 cells, inside the board).
      std::uint64_t word = 0;
      std::memcpy(&word, s.board.data() + base, sizeof word);
      const std::uint64_t houses =
          pits_ == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * pits_)) - 1;
      return (word & houses) == 0;
    }
    for (int h = 0; h < pits_; ++h) {
      if (s.board[base + h] != 0) return false;
    }
    return true;
  }
  [[nodiscard]] Value side_total(const State& s, int side) const {
    const int base = side * (pits_ + 1);
    Value sum = 0;
    for (int c = 0; c <= pits_; ++c) sum += s.board[base + c];
    return sum;
  }
  // Sows 1 <= seeds < cells_ - 1 seeds from `origin` (emptied) on a board of at most 16 cells,
  // skipping the opponent's store, with one 16-byte add on a little-endian machine (no cell can
  // overflow: at most 255 seeds in all). Returns the cell the last seed lands in. The constructor
  // tabulates it (SowStep), so that play looks the add up.
  int sow_short(State& s, int origin, int seeds, int opp_store) const {
    using Wide = unsigned __int128;
    constexpr Wide kOnes = (Wide{0x0101010101010101ULL} << 64) | Wide{0x0101010101010101ULL};
    const auto ones = [&](int n) { return n == 0 ? Wide{0} : kOnes >> (8 * (16 - n)); };
    // The cells passed, unwrapped: origin+1 .. last, the opponent's store among them or not.
    const int opp = opp_store < origin ? opp_store + cells_ : opp_store;
    int last = origin + seeds;
    const bool skips = opp <= last;
    if (skips) ++last;
    const int before_wrap = std::min(last, cells_ - 1) - origin;
    Wide add = ones(before_wrap) << (8 * (origin + 1));
    if (last >= cells_) add |= ones(last - cells_ + 1);
    if (skips) add -= Wide{1} << (8 * opp_store);
    Wide board = 0;
    std::memcpy(&board, s.board.data(), sizeof board);
    board += add;
    std::memcpy(s.board.data(), &board, sizeof board);
    return last >= cells_ ? last - cells_ : last;
  }
  // Game over: every seed still in a house goes to the store of that house's owner.
  void sweep(State& s) const {
    for (int side = 0; side < 2; ++side) {
      const int base = side * (pits_ + 1);
      int sum = 0;
      for (int h = 0; h < pits_; ++h) {
        sum += s.board[base + h];
        s.board[base + h] = 0;
      }
      s.board[base + pits_] = static_cast<std::uint8_t>(s.board[base + pits_] + sum);
    }
  }

  // Sowing 1 <= seeds < cells_ - 1 seeds from a house on a board of at most 16 cells (on a
  // little-endian machine): what it adds to the 16 cells, as two words, and where the last seed
  // lands. Index origin * (cells_ - 1) + seeds; made by the constructor from sow_short.
  struct SowStep {
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    int last = 0;
  };
  void make_sow_table();

  int pits_ = 6;
  int seeds_ = 4;
  int cells_ = 14;  // 2 * pits_ + 2
  std::shared_ptr<const SowStep[]> sow_;  // null where there is none
  bool capture_empty_ = true;
  std::uint8_t first_ = 0;
  // None unless the `endgame` parameter is set; made on first use.
  std::shared_ptr<const KalahEndgameRef> endgame_;
  int endgame_seeds_ = -1;  // the seeds in the houses it holds at most (-1: none)
};

// Static evaluations of Kalah positions, from the side to move's view.
//   store-diff  my store − the opponent's store
//   linear      weights · features (see Kalah::features)
class KalahEval {
 public:
  // Throws ParamError for an unknown kind or bad weights.
  KalahEval(const Kalah& game, const EvalSpec& spec);

  Value operator()(const Kalah::State& s) const {
    if (!linear_) {
      return static_cast<Value>(s.board[s.side * (pits_ + 1) + pits_]) -
             static_cast<Value>(s.board[(1 - s.side) * (pits_ + 1) + pits_]);
    }
    std::array<std::int32_t, detail::kKalahMaxCells> f{};
    game_.features(s, f);
    return linear_value(std::span<const std::int32_t>(f.data(), weights_.size()), weights_);
  }

 private:
  Kalah game_;
  int pits_;
  bool linear_ = false;
  std::vector<double> weights_;
};

}  // namespace gts
