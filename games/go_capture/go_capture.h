// Go capturing problems as a game: the players are Black (0) and White (1); the attacker wins by
// capturing the target block, the defender by saving it.
//
// Rules: stones, liberties and captures as in Go; suicide is forbidden; simple ko is forbidden
// (retaking a single stone at once), except for the side `ko_threats` names, which has a ko threat
// for every ko and so may retake at once; with superko=on any move that recreates an earlier board
// of the problem is forbidden too (positional superko), for both sides. Both players may pass.
// The ko point is part of the position (and of its hash): the same stones with and without a ko
// ban are different positions.
//
// The game ends, and is terminal, when
//   - the target block is captured: the attacker wins;
//   - the target block has `escape_liberties` liberties (default 5): it has escaped, the defender
//     wins; with `escape_after` steps (GNU Go's reading depths, 7:4,16:3), past ply 7 four
//     liberties are enough, past ply 16 three;
//   - both players pass in a row, or `max_plies` moves have been played (default 60): the target
//     still stands (or was just taken by a ko the defender may retake), the defender wins;
//   - (ladders=on, the default) the defender is to move with the target in atari and the attacker
//     captures it by ataris alone, whatever the defender does: read exactly by
//     GoCapture::ladder_captures, within the rules (ko bans, the ply limit, escape liberties,
//     passes, the region); the attacker wins, as if it had captured. This cuts every working
//     ladder to one node, on any board; a ladder that does not work is searched as before. Read
//     with the attacker to move too (not at the problem's own position): a target in atari it
//     may take for good, or with two liberties and an atari into a working ladder;
//   - (escapes=on, the default; not at the problem's own position, not under superko) the target
//     escapes whatever the attacker does, read exactly by GoCapture::escape_sure: the defender
//     wins, as if it had escaped. This cuts the far-away attacker moves of a failed attack.
//   - (races=on; off by default) the attacker wins a capturing race by filling the target's
//     liberties one by one, whatever the defender does: read exactly by GoCapture::race_captures;
//     the attacker wins, as if it had captured. Not at the problem's own position with the
//     attacker to move, not under superko.
//   - (benson=on, the default) the target is unconditionally alive (Benson 1976; read by
//     GoCapture::unconditionally_alive): no sequence of attacker moves captures it, even with the
//     defender passing throughout; the defender wins. A living group short of the escape
//     liberties no longer has to outlast every attacker try until the ply limit.
// So a problem is the AND/OR question "can the side to move reach its goal?": capture the
// opponent's block, or save its own. Moves are every legal point of the problem's region (the whole
// board when it gives none), then pass; the moves that can matter come first (the order decides
// ties in the proof-number searches and alpha-beta's order without a heuristic): the target's
// liberties, the liberties of the attacker blocks beside it that have no more liberties than it
// (to capture or save them), the target's second-order liberties (next to its liberties), then
// the rest in row-major order from the top-left.
//
// The board is a (size+2) x (size+2) mailbox with an edge frame; a State holds the board, the side
// to move, the ko point, the ply count and the consecutive passes (all part of the position: equal
// States play on identically, so transposition tables may share them), and under superko the keys
// of the earlier boards.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/evaluation.h"
#include "games/game.h"
#include "games/go_capture/go_problem.h"
#include "games/params.h"

namespace gts {

class GoCaptureEval;

namespace detail {
inline constexpr int kGoMaxStride = GoProblem::kMaxSize + 2;
inline constexpr int kGoCells = kGoMaxStride * kGoMaxStride;
// Zobrist keys, constant-initialised in go_capture.cpp: [point][colour], the ko point, the mover.
extern const std::array<std::array<std::uint64_t, 3>, kGoCells> kGoZobrist;
extern const std::array<std::uint64_t, kGoCells> kGoKoKeys;
extern const std::uint64_t kGoWhiteToMove;
}  // namespace detail

// A set of mailbox cells, one bit each: a relevance zone (see GoCapture's zone hooks), and the
// readers' sets of stones and liberties.
class GoZone {
 public:
  // True when `c` was not in the set (and is now).
  bool insert(int c) {
    auto& w = bits_[static_cast<std::size_t>(c) >> 6U];
    const std::uint64_t bit = std::uint64_t{1} << (static_cast<unsigned>(c) & 63U);
    const bool fresh = (w & bit) == 0;
    w |= bit;
    return fresh;
  }
  [[nodiscard]] bool contains(int c) const {
    return (bits_[static_cast<std::size_t>(c) >> 6U] >> (static_cast<unsigned>(c) & 63U) & 1U) != 0;
  }
  GoZone& operator|=(const GoZone& o) {
    for (std::size_t i = 0; i < bits_.size(); ++i) bits_[i] |= o.bits_[i];
    return *this;
  }
  void fill() { bits_.fill(~std::uint64_t{0}); }
  void clear() { bits_.fill(0); }
  friend bool operator==(const GoZone&, const GoZone&) = default;

 private:
  std::array<std::uint64_t, (detail::kGoCells + 63) / 64> bits_{};
};

class GoCapture {
 public:
  static constexpr std::string_view kName = "go-capture";
  static constexpr std::string_view kDescription =
      "Go capturing problems (5x5 to 19x19): capture or save a target block; problems from SGF "
      "or the text form";
  static constexpr std::size_t kMaxMoves = GoProblem::kMaxSize * GoProblem::kMaxSize + 1;
  static constexpr std::array<std::string_view, 2> kSideNames = {"Black", "White"};
  // Value of a won position for the winner.
  static constexpr Value kWin = 1000;
  // Superko keeps the earlier boards in the State: at most this many plies.
  static constexpr int kMaxHistory = 64;
  static constexpr Move kPass = 0;  // an edge cell of the mailbox, never a point

  static constexpr std::uint8_t kEmpty = 0;
  static constexpr std::uint8_t kBlack = 1;
  static constexpr std::uint8_t kWhite = 2;
  static constexpr std::uint8_t kEdge = 3;

  enum Status : std::uint8_t {
    kOngoing,
    kCaptured,
    kEscaped,
    kPassedOut,
    kPlyLimit,
    kLadder,      // the attacker captures by ladder (read exactly)
    kEscapeSure,  // the defender escapes whatever the attacker does (read exactly)
    kAlive,       // the target can never be captured (Benson's unconditional life)
    kRace,        // the attacker wins a capturing race by filling the target's liberties (exact)
  };

  // A copy takes the board's cells in use (a 9x9 board: 121 of the 441) and the earlier boards'
  // keys listed, nothing more: the searches and readers copy a State at every move they try.
  struct State {
    State() {
      board.fill(kEmpty);
      history.fill(0);
    }
    State(const State& o) noexcept { copy(o); }
    State& operator=(const State& o) noexcept {
      if (this != &o) copy(o);
      return *this;
    }

    std::array<std::uint8_t, detail::kGoCells> board;  // the first `cells` in use
    std::uint64_t key = 0;                   // Zobrist key of the stones (a function of the board)
    std::uint16_t ko = 0;                    // the point that may not be played now (0: none)
    std::uint16_t ply = 0;                   // moves played since the problem's position
    std::uint16_t cells = detail::kGoCells;  // the mailbox's cells: (size + 2)^2
    std::uint8_t side = 0;                   // 0 black, 1 white
    std::uint8_t passes = 0;                 // consecutive passes just played
    std::uint8_t status = 0;                 // Status: a function of the rest
    std::uint8_t history_size = 0;
    std::array<std::uint64_t, kMaxHistory> history;  // superko: keys of the earlier boards

    // The same cells in use, and the same on each (the cells past them are never read).
    [[nodiscard]] bool same_board(const State& o) const {
      return cells == o.cells && std::equal(board.begin(), board.begin() + cells, o.board.begin());
    }
    friend bool operator==(const State& a, const State& b) {
      if (a.ko != b.ko || a.ply != b.ply || a.side != b.side || a.passes != b.passes ||
          a.history_size != b.history_size || !a.same_board(b)) {
        return false;
      }
      return std::equal(a.history.begin(), a.history.begin() + a.history_size, b.history.begin());
    }

   private:
    void copy(const State& o) {
      std::copy_n(o.board.begin(), o.cells, board.begin());
      key = o.key;
      ko = o.ko;
      ply = o.ply;
      cells = o.cells;
      side = o.side;
      passes = o.passes;
      status = o.status;
      history_size = o.history_size;
      std::copy_n(o.history.begin(), o.history_size, history.begin());
    }
  };
  using Eval = GoCaptureEval;

  static std::vector<ParamSpec> param_specs();
  static std::vector<EvalInfo> evaluation_kinds();
  static std::string default_evaluation() { return "liberties"; }
  // The problem played when no `problem` or `file` parameter is given: a 7x7 ladder.
  static std::string default_problem_text();

  GoCapture();
  // Parameters: problem (text form) or file (SGF or text), superko, ko_threats, ladders, escapes,
  // races, benson,
  // max_plies and escape_liberties (0: the problem's own), escape_after ("": the problem's own,
  // none: no steps), region (whole: drop the problem's).
  // Throws ParamError, or ParseError for a bad problem.
  explicit GoCapture(const Params& params);
  // Validates the problem (ParseError naming `source`).
  explicit GoCapture(GoProblem problem, bool superko = false,
                     const std::string& source = "problem");

  [[nodiscard]] const GoProblem& problem() const { return problem_; }
  [[nodiscard]] int size() const { return n_; }
  [[nodiscard]] bool superko() const { return superko_; }
  // The side that may retake a ko at once (it wins every ko fight), or -1: simple ko binds both.
  [[nodiscard]] int ko_threats() const { return ko_free_; }
  [[nodiscard]] int attacker() const { return attacker_; }
  [[nodiscard]] int defender() const { return 1 - attacker_; }
  [[nodiscard]] int escape_liberties() const { return escape_; }
  // The liberties at which the target has escaped once `ply` moves are played (escape_after).
  [[nodiscard]] int escape_at(int ply) const {
    return escape_at_[static_cast<std::size_t>(std::min(ply, GoProblem::kMaxPlies))];
  }
  [[nodiscard]] int max_plies() const { return max_plies_; }
  // The mailbox cell of a row-major point, and back.
  [[nodiscard]] int cell(int point) const { return (point / n_ + 1) * stride_ + point % n_ + 1; }
  [[nodiscard]] int point(int cell) const { return (cell / stride_ - 1) * n_ + cell % stride_ - 1; }

  [[nodiscard]] State initial_state() const { return initial_; }
  [[nodiscard]] int to_move(const State& s) const { return s.side; }
  [[nodiscard]] bool is_terminal(const State& s) const { return s.status != kOngoing; }
  [[nodiscard]] Value terminal_value(const State& s) const {
    const int winner =
        s.status == kCaptured || s.status == kLadder || s.status == kRace ? attacker_ : 1 - attacker_;
    // (kEscaped, kEscapeSure, kAlive, kPassedOut, kPlyLimit: the defender)
    return s.side == winner ? kWin : -kWin;
  }
  void legal_moves(const State& s, MovesOf<GoCapture>& moves) const;
  // The legal moves with the focus first, returning how many, less the attacker's ko captures that
  // may_prune_ko_captures shows are never better than its best other move: the ones that can
  // matter (the retake of a target just taken by a ko the defender may retake, the target's
  // liberties, the short attacker blocks' liberties, the second-order liberties) and, right after a
  // pass, the pass (it ends the game); then the rest in legal_moves' order (HasFocusMoves in
  // algorithms/search_common.h). df-pn plays the rest only when it selects them.
  std::size_t focus_moves(const State& s, MovesOf<GoCapture>& moves) const;
  // `move` is legal (unchecked: see parse_move).
  void play(State& s, Move move) const;
  [[nodiscard]] std::uint64_t hash(const State& s) const;

  // Rows from the top ('.', 'X' black, 'O' white) separated by '/', then ":B" or ":W", then
  // " ko=C3", " ply=N", " passes=N" and (superko) " history=HEX,..." where they are not empty.
  [[nodiscard]] std::string to_string(const State& s) const;
  [[nodiscard]] State parse(std::string_view text) const;
  // "C3" (GTP) or "pass".
  [[nodiscard]] std::string move_to_string(const State& s, Move move) const;
  // Accepts "C3", "c3" or "pass"; throws ParseError saying why a move is not legal.
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const;

  // Every problem ends in +kWin or -kWin: alpha-beta searching to the end narrows its windows to
  // this and cuts at the first win, as a win/loss solver.
  [[nodiscard]] std::pair<Value, Value> outcome_bounds(const State&) const { return {-kWin, kWin}; }

  // Liberties of the target block (0 once captured), counted up to `limit`.
  [[nodiscard]] int target_liberties(const State& s, int limit = 1000) const;
  // Zhang et al.'s evaluation E, the attacker's distance from the capture: the target's liberties
  // L plus the number of attacker blocks next to the target with at most L liberties (each one the
  // defender may capture or out-run), clamped to 1..25. With the defender to move, L is what it
  // can reach with one move: in atari, the liberties it would have after extending at its last
  // one (a ladder that goes on gives 2, a broken one more); otherwise L + 1. Small E: the capture
  // is near.
  [[nodiscard]] int capture_distance(const State& s) const;

  // Exact ladder reading from `s` (ongoing): true when the attacker captures the target by ataris
  // alone whatever the defender does. The defender's only moves that matter with the target in
  // atari are extending at its liberty and capturing an attacker block beside it (any other move
  // leaves it in atari, to be taken at once, unless that move ends the game: the ply limit or a
  // second pass, which the reading checks); the attacker tries both ataris of a two-liberty target.
  // More than `budget` positions read answer false, as does any doubt: false claims nothing.
  // 50: on GNU Go's reading tests most reads that run long never conclude, and the search
  // settles what a longer read would have.
  static constexpr int kLadderBudget = 50;
  [[nodiscard]] bool ladder_captures(const State& s, int budget = kLadderBudget) const;
  [[nodiscard]] bool ladders() const { return ladders_; }
  // Exact, with `s` ongoing: true when the defender escapes (reaches escape_liberties) whatever
  // happens: to move, it has an extension, or a capture of an attacker block beside the target,
  // that escapes; the attacker to move, it has two extensions at the target's liberties,
  // capturing nothing, that escape even after the attacker took one of their liberties, or two
  // that escape whose points and liberties do not meet (an attacker move takes at most one
  // liberty of an extension, or its point, and changes nothing else about it). Not under superko
  // (a repetition could forbid the extension).
  [[nodiscard]] bool escape_sure(const State& s) const;
  [[nodiscard]] bool escapes() const { return escapes_; }
  // A static semeai reading (the "attacker clearly ahead" classes of Mueller's semeai theory),
  // exact where it says true, with `s` ongoing: the attacker captures the target by filling its
  // liberties, whatever the defender does. It claims only a race of this shape: the target gains
  // no liberty by playing on one (every point beside a liberty is the
  // target's, the attacker's, the edge or another liberty), at most one liberty has no attacker
  // stone beside it (an eye, filled last), and every attacker block beside the target or a
  // liberty keeps a liberty that is not the target's through all the defender's moves before the
  // capture (n - 1 of them with the attacker to move, n otherwise, for n liberties), or, one or
  // two short, through those before the attacker's early fill that joins it to such a block (the
  // i-th fill for the i-th shortest; should the defender take that point first, the race is a
  // move shorter and it is then long enough). Shared
  // liberties are not counted for the attacker, so a close race is left to the search. The ply
  // limit, the escape steps, the region and a ko ban on a liberty are checked; false under
  // superko or any doubt (a ko ban on a liberty, with the attacker to move, cannot arise in play:
  // the ko point would be beside another defender stone).
  [[nodiscard]] bool race_captures(const State& s) const;
  [[nodiscard]] bool races() const { return races_; }
  // Benson's unconditional life (Benson 1976), with the target on the board: no sequence of
  // attacker moves, even with the defender passing throughout, captures it. Its block is in a set
  // X of defender blocks and regions R (maximal connected sets of points that are not the
  // defender's, each beside blocks of X only) where every block of X has two regions of R that are
  // healthy for it: each empty point of the region is one of the block's liberties. Read first
  // from the target's own liberties (two healthy regions beside no other defender block settle
  // it; fewer than two healthy ones rule it out), else by benson_local_alive.
  [[nodiscard]] bool unconditionally_alive(const State& s) const;
  // The whole-board algorithm alone (the reference for the quick reading).
  [[nodiscard]] bool benson_alive(const State& s) const { return benson(s, nullptr); }
  // The same, from the blocks and regions that can bear on the target only (unconditionally_alive's
  // second step).
  [[nodiscard]] bool benson_local_alive(const State& s) const { return benson_local(s, nullptr); }

  // Relevance zones (Kishimoto and Mueller), the solvers' optional hook (HasRelevanceZones in
  // algorithms/search_common.h). A zone Z of a solved position s claims: every position t with the
  // same side to move, ply and passes, the same stones and empty points on Z, and the same ko ban
  // on Z (t.ko in Z or s.ko in Z implies t.ko == s.ko) has s's exact result, the ladder and escape
  // shortcuts aside (they are exact, so they agree with the plain game). Not under superko (the
  // history reads every board).
  using Zone = GoZone;
  [[nodiscard]] bool zones_sound() const { return !superko_; }
  // Adds what makes `s` ongoing, or its status if terminal: the target block and every point
  // beside it (its liberties and the stones that bound it), or the target's point once captured;
  // a ladder or sure escape adds every point its reading looked at; each ko capture focus_moves
  // leaves out, with what makes it one.
  void add_status_zone(const State& s, Zone& z) const;
  // Adds what decides that `move` is legal at `s` and what it captures: the point, its
  // neighbours, and each block beside it with every point beside that block. Nothing for a pass.
  void add_move_zone(const State& s, Move move, Zone& z) const;
  // The null move: `s` with the other side to move, one ply later, no passes and no ko ban. Any
  // stone played at `s` outside the null child's zone that captures nothing on it leads to a
  // position equal to the null child on that zone.
  [[nodiscard]] State null_child(const State& s) const;
  // After the null child of `s` lost for the mover with zone `null_zone`: into `must`, the points
  // whose moves must still be searched (the zone, and the last liberty of each opponent block on
  // it in atari); into `z`, what makes every other stone equivalent to the null move (the null
  // zone, those opponent blocks with the points beside them) and why the points of `must` that are
  // not legal at `s` are not legal.
  void null_move_zone(const State& s, const Zone& null_zone, Zone& must, Zone& z) const;
  // A move the null child's refutation covers.
  [[nodiscard]] static bool outside(const Zone& must, Move move) {
    return move != kPass && !must.contains(static_cast<int>(move));
  }

  // A grid with coordinates, for people.
  [[nodiscard]] std::string draw(const State& s) const;

  // Game records in SGF. The problem this game poses at `s`: its board, side to move (and so the
  // goal) and ko point, max_plies the plies left, the target, region and escape the game's own.
  // The passes just played and the superko history are not part of a problem.
  [[nodiscard]] GoProblem problem_at(const State& s) const;
  // A game from `start` as an SGF game tree with `root` properties added (go_game_to_sgf).
  [[nodiscard]] std::string sgf_game(
      const State& start, const std::vector<Move>& moves,
      const std::vector<std::pair<std::string, std::string>>& root) const;
  // The games of an SGF collection, each as its start position (problem_at's inverse: the board,
  // side and ko of the root, ply = max_plies minus the root's XP) and its moves; ParseError naming
  // `source` for a tree that is not such a game or plays an illegal move.
  [[nodiscard]] std::vector<std::pair<State, std::vector<Move>>> parse_sgf_games(
      std::string_view text, const std::string& source) const;

 private:
  void init(GoProblem problem, bool superko, const std::string& source);
  // legal_moves (pass last) or focus_moves (pass right after the focus; `prune`: without the
  // dominated ko captures); returns the focus size.
  std::size_t generate_moves(const State& s, MovesOf<GoCapture>& moves, bool pass_in_focus,
                             bool prune) const;
  // Whether focus_moves leaves out the attacker's dominated ko captures at `s`: the attacker to
  // move with no ko ban, the defender winning every ko (it may retake at once), no superko. Such a
  // capture of a lone stone (the target too), retaken at once, gives back the same board two
  // plies on with the attacker banned from one point more; a later ply is never better for the
  // attacker (escape steps, the ply limit, a retakable target at the limit still standing:
  // taken_status), so the capture is never better than the attacker's best other move.
  [[nodiscard]] bool may_prune_ko_captures(const State& s) const;
  // The attacker's stone at `p` (empty, legal) takes one lone stone that the defender may retake
  // at once (a ko, its point in the region).
  [[nodiscard]] bool dominated_ko_capture(const State& s, int p) const;
  // The position of a problem of this game's (board, side, ko) at `ply`.
  [[nodiscard]] State state_of(const GoProblem& p, int ply) const;
  // Liberties of the block at `p`, counted up to `limit`.
  int liberties(const State& s, int p, int limit) const;
  // Removes the block at `p`; returns the stones removed.
  int remove_block(State& s, int p) const;
  // Places a stone of the mover at `p` and resolves captures; sets the ko point. Returns the
  // stones captured.
  int place(State& s, int p) const;
  // A stone of the mover at `p` is not suicide. `atari`, when given, holds the stones of a block
  // of the mover's whose only liberty is `p` (the reader knows it: no flood of it).
  [[nodiscard]] bool legal_stone(const State& s, int p, const GoZone* atari = nullptr) const;
  [[nodiscard]] bool repeats_board(const State& s, int p) const;
  // `p` (a board cell) is a legal move for the side to move of `s` (`atari` as for legal_stone;
  // `takes`: the reader knows a stone at `p` takes a block, so it is no suicide).
  [[nodiscard]] bool playable(const State& s, int p, const GoZone* atari = nullptr,
                              bool takes = false) const;
  // The target's liberties as a reading move leaves them: n counted up to the escape liberties
  // (exact below them), the first two in `cells`.
  struct ReadLibs {
    int n = 0;
    std::array<int, 2> cells{};
  };
  // The target's liberties in `s` (on the board), as a reading move leaves them.
  [[nodiscard]] ReadLibs target_read_libs(const State& s) const;
  // ladder_captures' reading, with `libs` the target's in `s`.
  bool read_ladder(const State& s, const ReadLibs& libs, int& budget, Zone* zone = nullptr) const;
  // The target block of a position: its liberties, its stones and the attacker stones beside it.
  struct TargetBlock {
    std::array<int, kMaxMoves> libs;  // the first n, in flood order
    int n = 0;
    GoZone stones;
    std::array<int, kMaxMoves> touching;  // the first ntouch
    int ntouch = 0;
  };
  // Fills `b` for `s` (the target on the board); with `limit`, stops past that many liberties
  // (n = limit + 1, the rest partial).
  void read_target(const State& s, TargetBlock& b, int limit = kMaxMoves) const;
  // unconditionally_alive with `target` read_target's for `s` (every liberty listed), adding what
  // decides it to `zone` when given.
  bool unconditionally_alive(const State& s, const TargetBlock& target, Zone* zone) const;
  // Benson's algorithm over the whole board for the target's block (the reference).
  bool benson(const State& s, Zone* zone) const;
  // The same for the target's block, read from it outwards: the blocks and regions that can bear
  // on it, and nothing else (unconditionally_alive's second step; `zone` gets what decides it).
  bool benson_local(const State& s, Zone* zone) const;
  // race_captures, adding what it read to `zone` when given; `target` is read_target's for `s`
  // (every liberty listed).
  bool read_race(const State& s, const TargetBlock& target, Zone* zone) const;
  // escape_sure, adding what it read to `zone` when given; `target` is read_target's for `s`.
  bool read_escape(const State& s, Zone* zone, const TargetBlock& target) const;
  // Adds the block at `p` and every point beside it; its stones go into `stones` when given
  // (holding none of them).
  void add_block_zone(const State& s, int p, Zone& z, GoZone* stones = nullptr) const;
  // Adds every block beside the target (the attacker's) with the points beside it.
  void add_target_neighbours_zone(const State& s, Zone& z) const;
  // The target's liberties, up to `limit` of them, into `out`; returns how many, counting no
  // further than limit + 1.
  int target_liberty_cells(const State& s, int* out, int limit) const;
  // Sets s.status, from this thread's table of statuses computed before where it has it.
  void update_status(State& s) const;
  // Sets s.status, computed; returns capture_distance where that is kOngoing and the status table
  // keeps it (not under superko), else -1.
  int compute_status(State& s) const;
  // capture_distance, computed (the target on the board; `target` read_target's, every liberty
  // listed).
  [[nodiscard]] int read_capture_distance(const State& s, const TargetBlock& target) const;
  // The target was just taken by a ko capture that the defender, who wins every ko, may retake at
  // once: not yet captured (GNU Go's "works only with ko" for the attacker).
  [[nodiscard]] bool retakable(const State& s) const;
  // The status of `s`, whose target was just taken: kCaptured, or where retakable kOngoing (the
  // defender retakes), kPlyLimit at the ply limit.
  [[nodiscard]] Status taken_status(const State& s) const;
  // play() for a stone, with the status set without reading ladders (the reader's own step); the
  // target's liberties go into `libs` when given (n = 0 with the target off the board). What the
  // reader knows of the target before the move spares reading them: its stones (the move at its
  // only liberty), or its other liberty (the move at one of two).
  void play_stone_for_reading(State& s, int p, ReadLibs* libs = nullptr,
                              const GoZone* stones = nullptr, int other = 0) const;
  [[nodiscard]] std::string why_illegal(const State& s, int p) const;

  int n_ = 7;
  int stride_ = 9;
  std::array<int, 4> dirs_{};
  GoProblem problem_;
  bool superko_ = false;
  int ko_free_ = -1;
  std::uint64_t salt_ = 0;  // this game's keys in the status table (go_capture.cpp)
  bool ladders_ = true;
  bool escapes_ = true;
  bool benson_ = true;
  bool races_ = false;
  int escape_ = GoProblem::kDefaultEscapeLiberties;
  std::array<std::uint8_t, GoProblem::kMaxPlies + 1> escape_at_{};  // by ply
  int max_plies_ = GoProblem::kDefaultMaxPlies;
  int target_ = 0;  // mailbox cell
  std::uint8_t target_color_ = kBlack;
  int attacker_ = 0;
  std::vector<std::uint16_t> moves_;  // the region's cells in row-major order
  State initial_;
};

// Static evaluations of go-capture positions, from the side to move's view.
//   liberties  the attacker's view is escape_liberties - E (E: GoCapture::capture_distance),
//              the defender's its negation
class GoCaptureEval {
 public:
  // Throws ParamError for an unknown kind.
  GoCaptureEval(const GoCapture& game, const EvalSpec& spec);

  Value operator()(const GoCapture::State& s) const {
    const Value a = escape_ - game_.capture_distance(s);
    return s.side == attacker_ ? a : -a;
  }

 private:
  GoCapture game_;
  Value escape_;
  int attacker_;
};

}  // namespace gts
