#include "games/go_capture/go_capture.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdio>
#include <memory>
#include <numeric>
#include <optional>

#include "games/splitmix.h"
#include "games/text.h"

namespace gts {

namespace detail {

namespace {

constexpr std::uint64_t kZobristSeed = 0x476F436170ULL;  // "GoCap"

constexpr std::array<std::array<std::uint64_t, 3>, kGoCells> make_zobrist() {
  std::array<std::array<std::uint64_t, 3>, kGoCells> table{};
  std::uint64_t state = kZobristSeed;
  for (auto& cell : table) {
    cell[0] = 0;  // empty points contribute nothing
    cell[1] = splitmix64(state);
    cell[2] = splitmix64(state);
  }
  return table;
}

constexpr std::array<std::uint64_t, kGoCells> make_ko_keys() {
  std::array<std::uint64_t, kGoCells> table{};
  std::uint64_t state = kZobristSeed ^ 0x4B6FULL;
  for (auto& k : table) k = splitmix64(state);
  table[0] = 0;  // no ko
  return table;
}

constexpr std::uint64_t make_white_key() {
  std::uint64_t state = kZobristSeed ^ 0xFFFFFFFFULL;
  return splitmix64(state);
}

}  // namespace

constinit const std::array<std::array<std::uint64_t, 3>, kGoCells> kGoZobrist = make_zobrist();
constinit const std::array<std::uint64_t, kGoCells> kGoKoKeys = make_ko_keys();
constinit const std::uint64_t kGoWhiteToMove = make_white_key();

}  // namespace detail

namespace {

constexpr int kMaxProofDistance = 25;  // Zhang et al.'s scale (algorithms/proof_number.h)

std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A set of mailbox cells, cheap to clear: one bit a cell.
using CellSet = GoZone;

// The statuses computed last, by position key (GoCapture::update_status), with the capture
// distance once asked for: one table a thread, made on first use.
struct StatusSlot {
  std::uint64_t key = 0;  // 0: empty
  std::uint8_t status = 0;
  std::int8_t distance = -1;  // -1: not yet computed
};

// The key of a position in that table: its hash under the game's salt (below), never 0.
std::uint64_t status_key(std::uint64_t hash, std::uint64_t salt) { return (hash ^ salt) | 1U; }

StatusSlot& status_slot(std::uint64_t key) {
  constexpr std::size_t kSlots = std::size_t{1} << 16;
  thread_local std::unique_ptr<StatusSlot[]> table;
  if (!table) table = std::make_unique<StatusSlot[]>(kSlots);
  return table[key & (kSlots - 1)];
}

// Each game's own salt for those keys: games that differ in a rule share no entry.
std::uint64_t next_salt() {
  static std::atomic<std::uint64_t> count{0};
  std::uint64_t state = count.fetch_add(1) + 0x5A17ULL;
  return splitmix64(state);
}

// Benson's removals: drops each of the `n` blocks listed in `blocks` that has fewer than two
// regions left healthy for it (healthy_for: up to four blocks a region, -1 for none), and each
// region `beside_dropped(r)` says is beside a dropped block, until nothing changes; stops at once
// when block `watch` is dropped. block_alive (nblocks) and region_alive (nregions) start all 1.
template <class BesideDropped>
void benson_removals(const std::array<std::int16_t, 4>* healthy_for, int nregions,
                     const std::int16_t* blocks, int n, int nblocks, int watch,
                     std::uint8_t* block_alive, std::uint8_t* region_alive,
                     BesideDropped&& beside_dropped) {
  std::fill_n(block_alive, nblocks, 1);
  std::fill_n(region_alive, nregions, 1);
  std::array<std::uint16_t, GoCapture::kMaxMoves> count;
  for (bool changed = true; changed;) {
    changed = false;
    std::fill_n(count.begin(), nblocks, 0);
    for (int r = 0; r < nregions; ++r) {
      if (region_alive[r] == 0) continue;
      for (std::int16_t b : healthy_for[r]) {
        if (b >= 0) ++count[static_cast<std::size_t>(b)];
      }
    }
    for (int i = 0; i < n; ++i) {
      const std::int16_t b = blocks[i];
      if (block_alive[b] != 0 && count[static_cast<std::size_t>(b)] < 2) {
        block_alive[b] = 0;
        changed = true;
      }
    }
    if (block_alive[watch] == 0) return;
    for (int r = 0; r < nregions; ++r) {
      if (region_alive[r] != 0 && beside_dropped(r)) {
        region_alive[r] = 0;
        changed = true;
      }
    }
  }
}

// Floods the block at `p`, calling `visit(r, v)` for every point r beside one of its stones (v:
// what is there; points beside several stones come once per stone, the block's own stones too)
// until it returns false; false when it stopped. The stones reached go into `stones_out` (when
// given, holding no stone of this block).
template <typename Visit>
bool visit_block(const GoCapture::State& s, int p, const std::array<int, 4>& dirs, Visit&& visit,
                 CellSet* stones_out = nullptr) {
  const std::uint8_t color = s.board[static_cast<std::size_t>(p)];
  CellSet local;
  CellSet& stones = stones_out != nullptr ? *stones_out : local;
  std::array<std::uint16_t, GoCapture::kMaxMoves> stack;
  std::size_t top = 0;
  stones.insert(p);
  stack[top++] = static_cast<std::uint16_t>(p);
  while (top > 0) {
    const int q = stack[--top];
    for (int d : dirs) {
      const int r = q + d;
      const std::uint8_t v = s.board[static_cast<std::size_t>(r)];
      if (v == color && stones.insert(r)) stack[top++] = static_cast<std::uint16_t>(r);
      if (!visit(r, v)) return false;
    }
  }
  return true;
}

// Calls `visit(cell)` once for each liberty of the block at `p` until it returns false; the
// block's stones go into `stones` (when given, holding none of them) as far as the flood reached.
template <typename Visit>
void visit_liberties(const GoCapture::State& s, int p, const std::array<int, 4>& dirs,
                     Visit&& visit, CellSet* stones = nullptr) {
  CellSet libs;
  visit_block(
      s, p, dirs,
      [&](int r, std::uint8_t v) { return v != GoCapture::kEmpty || !libs.insert(r) || visit(r); },
      stones);
}

// The liberties of the block at `p` into `out`, up to `limit` of them; returns how many, counting
// no further than limit + 1. The block's stones go into `stones` when given (empty).
int block_liberty_cells(const GoCapture::State& s, int p, const std::array<int, 4>& dirs, int* out,
                        int limit, CellSet* stones = nullptr) {
  int count = 0;
  visit_liberties(
      s, p, dirs,
      [&](int r) {
        if (count < limit) out[count] = r;
        return ++count <= limit;
      },
      stones);
  return count;
}

std::optional<long> to_long(std::string_view text, int base = 10) {
  long v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

std::vector<ParamSpec> GoCapture::param_specs() {
  return {
      ParamSpec::text("problem", "",
                      "the problem in the text form (rows, turn=, target=, ...); empty: the "
                      "file, or a built-in 7x7 ladder"),
      ParamSpec::text("file", "", "a problem file: .sgf, or the text form"),
      ParamSpec::choice("superko", "off", {"off", "on"},
                        "on: positional superko (no earlier board may recur); simple ko always"),
      ParamSpec::choice("ko_threats", "none", {"none", "black", "white"},
                        "the side with a ko threat for every ko: it may retake a ko at once; "
                        "none: simple ko binds both"),
      ParamSpec::choice("ladders", "on", {"off", "on"},
                        "on: a target the attacker captures by ataris alone (read exactly) ends "
                        "the problem as captured"),
      ParamSpec::choice("escapes", "on", {"off", "on"},
                        "on: a target that escapes whatever the attacker does (one escaping move "
                        "to move, two independent ones otherwise) ends the problem as saved"),
      ParamSpec::choice("races", "off", {"off", "on"},
                        "on: a capturing race the attacker wins by filling the target's "
                        "liberties (no eye or one; its blocks' outside liberties outlast the "
                        "target's; read exactly) ends the problem as captured"),
      ParamSpec::choice("benson", "on", {"off", "on"},
                        "on: a target that no sequence of attacker moves can capture (Benson's "
                        "unconditional life) ends the problem as saved"),
      ParamSpec::integer("max_plies", 0, 0, GoProblem::kMaxPlies,
                         "moves played at most, after which the target counts as saved; 0: the "
                         "problem's (default 60)"),
      ParamSpec::integer("escape_liberties", 0, 0, GoProblem::kMaxEscapeLiberties,
                         "liberties at which the target has escaped; 0: the problem's (default 5)"),
      ParamSpec::text("escape_after", "",
                      "PLY:LIBERTIES steps: past that ply the target escapes with that many "
                      "liberties already (GNU Go's reading depths: 7:4,16:3); empty: the "
                      "problem's; none: no steps"),
      ParamSpec::choice("region", "problem", {"problem", "whole", "checked"},
                        "whole: play on the whole board, whatever region the problem gives; "
                        "checked (solvers): solve in the region, then on the whole board, and "
                        "warn when the answers differ"),
      ParamSpec::choice("ko_searches", "in-turn", {"in-turn", "side-by-side"},
                        "solvers, GNU Go's three answers: side-by-side runs the two ko searches "
                        "at once on two threads (each with the whole budget), in-turn the second "
                        "after the first, from its proofs"),
  };
}

std::vector<EvalInfo> GoCapture::evaluation_kinds() {
  return {{"liberties",
           "escape_liberties - E for the attacker (E: the target's liberties plus the attacker "
           "blocks beside it with no more liberties), negated for the defender",
           false}};
}

std::string GoCapture::default_problem_text() {
  // White D4 has two liberties, D3 and E4; either atari starts a ladder that runs to the edge
  // (E4 D3 C3 D2 D1 ... or D3 E4 E5 F4 ...). Every solver proves it in milliseconds, with
  // ladders=off too.
  return "......./......./...X.../..XO.../....X../......./....... turn=B target=D4 "
         "expect=proved name=default-ladder";
}

GoCapture::GoCapture() : GoCapture(Params()) {}

GoCapture::GoCapture(const Params& given) {
  const auto specs = param_specs();
  const Params p = resolve_params(specs, given.values(), "game go-capture");
  const std::string& text = p.get("problem");
  const std::string& file = p.get("file");
  if (!text.empty() && !file.empty()) {
    throw ParamError("game go-capture: give the problem or the file, not both");
  }
  GoProblem problem;
  std::string source;
  if (!file.empty()) {
    problem = load_go_problem(file);
    source = file;
  } else {
    source = text.empty() ? "default problem" : "problem parameter";
    problem = parse_go_problem_text(text.empty() ? default_problem_text() : text, source);
  }
  if (const auto plies = p.get_int("max_plies"); plies != 0)
    problem.max_plies = static_cast<int>(plies);
  if (const auto libs = p.get_int("escape_liberties"); libs != 0) {
    problem.escape_liberties = static_cast<int>(libs);
  }
  if (const std::string& steps = p.get("escape_after"); steps == "none") {
    problem.escape_after.clear();
  } else if (!steps.empty()) {
    const std::string what = "game go-capture: parameter 'escape_after'";
    problem.escape_after = parse_escape_steps(steps, what);
    check_escape_steps(problem, what);
  }
  if (p.get("region") == "whole") problem.region.clear();
  ladders_ = p.get("ladders") == "on";
  escapes_ = p.get("escapes") == "on";
  benson_ = p.get("benson") == "on";
  races_ = p.get("races") == "on";
  // Before init: the initial position's status (a ladder read at once) depends on who may
  // retake a ko.
  const std::string& threats = p.get("ko_threats");
  ko_free_ = threats == "black" ? 0 : threats == "white" ? 1 : -1;
  init(std::move(problem), p.get("superko") == "on", source);
}

GoCapture::GoCapture(GoProblem problem, bool superko, const std::string& source) {
  init(std::move(problem), superko, source);
}

void GoCapture::init(GoProblem problem, bool superko, const std::string& source) {
  validate_go_problem(problem, source);
  if (superko && problem.max_plies > kMaxHistory) {
    throw ParamError("game go-capture: superko=on keeps at most " + std::to_string(kMaxHistory) +
                     " plies of history; max_plies is " + std::to_string(problem.max_plies));
  }
  problem_ = std::move(problem);
  superko_ = superko;
  salt_ = next_salt();
  n_ = problem_.size;
  stride_ = n_ + 2;
  dirs_ = {-stride_, -1, 1, stride_};
  escape_ = problem_.escape_liberties;
  for (int ply = 0; ply < static_cast<int>(escape_at_.size()); ++ply) {
    escape_at_[static_cast<std::size_t>(ply)] = static_cast<std::uint8_t>(problem_.escape_at(ply));
  }
  max_plies_ = problem_.max_plies;
  target_ = cell(problem_.target_point());
  target_color_ = static_cast<std::uint8_t>(problem_.target_color());
  // The target's owner defends it.
  attacker_ = target_color_ == kBlack ? 1 : 0;
  moves_.clear();
  for (int pt = 0; pt < n_ * n_; ++pt) {
    if (problem_.in_region(pt)) moves_.push_back(static_cast<std::uint16_t>(cell(pt)));
  }
  initial_ = state_of(problem_, 0);
}

GoCapture::State GoCapture::state_of(const GoProblem& p, int ply) const {
  State s;
  s.cells = static_cast<std::uint16_t>(stride_ * stride_);
  for (int c = 0; c < stride_ * stride_; ++c) s.board[static_cast<std::size_t>(c)] = kEdge;
  for (int pt = 0; pt < n_ * n_; ++pt) {
    const std::uint8_t v = p.board[static_cast<std::size_t>(pt)];
    s.board[static_cast<std::size_t>(cell(pt))] = v;
    s.key ^= detail::kGoZobrist[static_cast<std::size_t>(cell(pt))][v];
  }
  s.side = static_cast<std::uint8_t>(p.to_move);
  if (p.ko >= 0) s.ko = static_cast<std::uint16_t>(cell(p.ko));
  s.ply = static_cast<std::uint16_t>(ply);
  update_status(s);
  return s;
}

int GoCapture::liberties(const State& s, int p, int limit) const {
  // The stone's own empty neighbours are distinct liberties, often enough without a flood.
  int near = 0;
  for (int d : dirs_) near += s.board[static_cast<std::size_t>(p + d)] == kEmpty ? 1 : 0;
  if (near >= limit && limit > 0) return limit;
  int count = 0;
  visit_liberties(s, p, dirs_, [&](int) { return ++count < limit; });
  return count;
}

int GoCapture::remove_block(State& s, int p) const {
  const std::uint8_t color = s.board[static_cast<std::size_t>(p)];
  std::array<std::uint16_t, kMaxMoves> stack;
  std::size_t top = 0;
  int removed = 0;
  s.board[static_cast<std::size_t>(p)] = kEmpty;
  s.key ^= detail::kGoZobrist[static_cast<std::size_t>(p)][color];
  stack[top++] = static_cast<std::uint16_t>(p);
  while (top > 0) {
    const int q = stack[--top];
    ++removed;
    for (int d : dirs_) {
      const int r = q + d;
      if (s.board[static_cast<std::size_t>(r)] == color) {
        s.board[static_cast<std::size_t>(r)] = kEmpty;
        s.key ^= detail::kGoZobrist[static_cast<std::size_t>(r)][color];
        stack[top++] = static_cast<std::uint16_t>(r);
      }
    }
  }
  return removed;
}

int GoCapture::place(State& s, int p) const {
  const auto color = static_cast<std::uint8_t>(s.side + 1);
  const auto enemy = static_cast<std::uint8_t>(3 - color);
  s.board[static_cast<std::size_t>(p)] = color;
  s.key ^= detail::kGoZobrist[static_cast<std::size_t>(p)][color];
  int captured = 0;
  int last = 0;
  for (int d : dirs_) {
    const int q = p + d;
    if (s.board[static_cast<std::size_t>(q)] == enemy && liberties(s, q, 1) == 0) {
      captured += remove_block(s, q);
      last = q;
    }
  }
  s.ko = 0;
  if (captured == 1) {
    // Ko: a lone stone that captured one stone and has that point as its only liberty.
    int friends = 0;
    int empties = 0;
    for (int d : dirs_) {
      const std::uint8_t v = s.board[static_cast<std::size_t>(p + d)];
      friends += v == color;
      empties += v == kEmpty;
    }
    if (friends == 0 && empties == 1) s.ko = static_cast<std::uint16_t>(last);
  }
  return captured;
}

bool GoCapture::legal_stone(const State& s, int p, const GoZone* atari) const {
  const auto color = static_cast<std::uint8_t>(s.side + 1);
  for (int d : dirs_) {
    if (s.board[static_cast<std::size_t>(p + d)] == kEmpty) return true;
  }
  // A neighbour stone with an empty point beside it other than p: its block has a liberty besides
  // p (the mover's connects out; the opponent's is not taken), known without a flood.
  std::array<bool, 4> spare{};
  for (std::size_t i = 0; i < dirs_.size(); ++i) {
    const int q = p + dirs_[i];
    const std::uint8_t v = s.board[static_cast<std::size_t>(q)];
    if (v == kEdge) continue;
    for (int e : dirs_) {
      if (q + e != p && s.board[static_cast<std::size_t>(q + e)] == kEmpty) spare[i] = true;
    }
    if (spare[i] && v == color) return true;
  }
  for (std::size_t i = 0; i < dirs_.size(); ++i) {
    const int q = p + dirs_[i];
    const std::uint8_t v = s.board[static_cast<std::size_t>(q)];
    if (v == kEdge || spare[i] || (atari != nullptr && atari->contains(q))) continue;
    const int libs = liberties(s, q, 2);
    if (v == color ? libs >= 2 : libs == 1) return true;  // connects out, or captures
  }
  return false;  // suicide
}

bool GoCapture::repeats_board(const State& s, int p) const {
  State t = s;
  place(t, p);
  if (t.key == s.key) return true;
  for (int i = 0; i < s.history_size; ++i) {
    if (s.history[static_cast<std::size_t>(i)] == t.key) return true;
  }
  return false;
}

void GoCapture::legal_moves(const State& s, MovesOf<GoCapture>& moves) const {
  static_cast<void>(generate_moves(s, moves, false, false));
}

std::size_t GoCapture::focus_moves(const State& s, MovesOf<GoCapture>& moves) const {
  // After a pass, passing too ends the game: an exact answer for the price of one child.
  return generate_moves(s, moves, s.passes > 0, true);
}

std::size_t GoCapture::generate_moves(const State& s, MovesOf<GoCapture>& moves, bool pass_in_focus,
                                      bool prune) const {
  if (s.status != kOngoing) return 0;
  // The points that can matter, in order: the target's liberties, the liberties of the attacker
  // blocks beside it with no more liberties than it, the target's second-order liberties.
  std::array<std::uint16_t, kMaxMoves> first;
  std::size_t nfirst = 0;
  CellSet listed;
  auto add = [&](int c) {
    if (listed.insert(c)) first[nfirst++] = static_cast<std::uint16_t>(c);
  };
  // One flood of the target collects its liberties and, for each attacker block beside it, that
  // block's liberties (one span each in `block_libs`, listed once the target's count is known).
  std::array<int, kMaxMoves> libs;
  int nlibs = 0;
  // Each point is a liberty of at most four blocks.
  std::array<std::uint16_t, 4 * kMaxMoves> block_libs;
  std::array<std::pair<std::uint16_t, std::uint16_t>, kMaxMoves> spans;  // (start, size)
  std::size_t nspans = 0;
  std::size_t used = 0;
  {
    const auto enemy = static_cast<std::uint8_t>(3 - target_color_);
    CellSet blocks;
    CellSet target_libs;
    visit_block(s, target_, dirs_, [&](int r, std::uint8_t v) {
      if (v == kEmpty) {
        if (target_libs.insert(r)) libs[static_cast<std::size_t>(nlibs++)] = r;
      } else if (v == enemy && !blocks.contains(r)) {
        const std::size_t start = used;
        visit_liberties(
            s, r, dirs_,
            [&](int x) {
              block_libs[used++] = static_cast<std::uint16_t>(x);
              return true;
            },
            &blocks);
        spans[nspans++] = {static_cast<std::uint16_t>(start),
                           static_cast<std::uint16_t>(used - start)};
      }
      return true;
    });
  }
  // The target just taken by a ko that the defender may retake (retakable): the retake first.
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) add(target_);
  for (int i = 0; i < nlibs; ++i) add(libs[static_cast<std::size_t>(i)]);
  // The attacker blocks with no more liberties than the target: to capture or save them.
  for (std::size_t b = 0; b < nspans; ++b) {
    if (spans[b].second > nlibs) continue;
    for (std::size_t i = spans[b].first; i < spans[b].first + spans[b].second; ++i) {
      add(block_libs[i]);
    }
  }
  for (int i = 0; i < nlibs; ++i) {
    for (int d : dirs_) {
      const int r = libs[static_cast<std::size_t>(i)] + d;
      if (s.board[static_cast<std::size_t>(r)] == kEmpty) add(r);
    }
  }
  const bool prune_ko = prune && may_prune_ko_captures(s);
  auto try_add = [&](int p) {
    if (s.board[static_cast<std::size_t>(p)] != kEmpty) return;
    if (p == s.ko && s.side != ko_free_) return;
    // A point with an empty neighbour is no suicide and no ko capture (most points: no more read).
    const bool open = std::any_of(dirs_.begin(), dirs_.end(), [&](int d) {
      return s.board[static_cast<std::size_t>(p + d)] == kEmpty;
    });
    if (!open && !legal_stone(s, p)) return;
    if (superko_ && repeats_board(s, p)) return;
    if (!open && prune_ko && dominated_ko_capture(s, p)) return;
    moves.push_back(static_cast<Move>(p));
  };
  for (std::size_t i = 0; i < nfirst; ++i) {
    if (problem_.in_region(point(first[i]))) try_add(first[i]);
  }
  if (pass_in_focus) moves.push_back(kPass);
  const std::size_t focus = moves.size();
  for (std::uint16_t p : moves_) {
    if (!listed.contains(p)) try_add(p);
  }
  if (!pass_in_focus) moves.push_back(kPass);
  return focus;
}

void GoCapture::play_stone_for_reading(State& s, int p, ReadLibs* libs, const GoZone* stones,
                                       int other) const {
  if (superko_ && s.history_size < kMaxHistory) s.history[s.history_size++] = s.key;
  const int captured = place(s, p);
  s.passes = 0;
  s.side ^= 1U;
  ++s.ply;
  // The status without reading ladders again (the reading is the caller's).
  ReadLibs own;
  ReadLibs& l = libs != nullptr ? *libs : own;
  l.n = 0;
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) {
    s.status = taken_status(s);
    return;
  }
  const int esc = escape_at(s.ply);
  // What the reader knew: an attacker move at one of two liberties leaves the other (its captures
  // take no stone beside the target: such a stone would be of the target's block); an extension
  // at the only liberty that captures nothing and joins no other block has its empty neighbours.
  bool known = false;
  if (other != 0) {
    known = true;
    l.n = 1;
    l.cells[0] = other;
  } else if (stones != nullptr && captured == 0) {
    known = true;
    for (int d : dirs_) {
      const int q = p + d;
      const std::uint8_t v = s.board[static_cast<std::size_t>(q)];
      if (v == kEmpty && l.n < 2) l.cells[static_cast<std::size_t>(l.n)] = q;
      l.n += v == kEmpty ? 1 : 0;
      if (v == target_color_ && !stones->contains(q)) known = false;
    }
  }
  if (!known && libs == nullptr) {
    l.n = liberties(s, target_, esc);
  } else if (!known) {
    l.n = 0;
    visit_liberties(s, target_, dirs_, [&](int r) {
      if (l.n < 2) l.cells[static_cast<std::size_t>(l.n)] = r;
      return ++l.n < esc;
    });
  }
  if (l.n >= esc) {
    s.status = kEscaped;
  } else if (s.ply >= max_plies_) {
    s.status = kPlyLimit;
  } else {
    s.status = kOngoing;
  }
}

void GoCapture::play(State& s, Move move) const {
  if (superko_ && s.history_size < kMaxHistory) s.history[s.history_size++] = s.key;
  if (move == kPass) {
    s.ko = 0;
    ++s.passes;
  } else {
    place(s, move);
    s.passes = 0;
  }
  s.side ^= 1U;
  ++s.ply;
  update_status(s);
}

bool GoCapture::retakable(const State& s) const {
  return ko_free_ == defender() && s.side == defender() && s.ko == target_;
}

GoCapture::Status GoCapture::taken_status(const State& s) const {
  if (!retakable(s)) return kCaptured;
  // At the ply limit the game ends before the retake, the target standing as far as the problem
  // goes: a later ply is then never better for the attacker (may_prune_ko_captures).
  return s.ply >= max_plies_ ? kPlyLimit : kOngoing;
}

void GoCapture::update_status(State& s) const {
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) {
    s.status = taken_status(s);
    return;
  }
  // The status is a function of the position (superko aside: its readers look at the history),
  // so a search that plays the same child again finds it here.
  StatusSlot* slot = nullptr;
  std::uint64_t slot_key = 0;
  if (!superko_) {
    slot_key = status_key(hash(s), salt_);
    slot = &status_slot(slot_key);
    if (slot->key == slot_key) {
      s.status = slot->status;
      return;
    }
  }
  const int distance = compute_status(s);
  if (slot != nullptr) *slot = {slot_key, s.status, static_cast<std::int8_t>(distance)};
}

int GoCapture::compute_status(State& s) const {
  // One flood of the target serves the escape test and the three readers.
  const int esc = escape_at(s.ply);
  TargetBlock target;
  read_target(s, target, esc - 1);
  if (target.n >= esc) {
    s.status = kEscaped;
  } else if (s.passes >= 2) {
    s.status = kPassedOut;
  } else if (s.ply >= max_plies_) {
    s.status = kPlyLimit;
  } else {
    s.status = kOngoing;
    // Short of the escape liberties, the flood listed every liberty, as Benson's reading needs.
    if (benson_ && target.n >= 2 && unconditionally_alive(s, target, nullptr)) {
      s.status = kAlive;
      return -1;
    }
    // Read ladders with the defender to move and the target in atari (the attacker's move into a
    // working ladder is then the proof's last move), and with the attacker to move and the target
    // short of liberties (it takes the target at once, or ataris into a working ladder), except at
    // the problem's own position, whose first move stays a move.
    const bool ladder_read = s.side != attacker_ ? target.n == 1 : s.ply > 0 && target.n <= 2;
    int budget = kLadderBudget;
    if (ladders_ && ladder_read &&
        read_ladder(s, {target.n, {target.libs[0], target.n > 1 ? target.libs[1] : 0}}, budget)) {
      s.status = kLadder;
    } else if (races_ && !superko_ && (s.side != attacker_ || s.ply > 0) &&
               read_race(s, target, nullptr)) {
      // (like the ladder, not at the problem's own position with the attacker to move)
      s.status = kRace;
    } else if (escapes_ && s.ply > 0 && !superko_ && read_escape(s, nullptr, target)) {
      s.status = kEscapeSure;
    } else if (!superko_) {
      // The heuristic asks for it at once; under superko no status table keeps it.
      return read_capture_distance(s, target);
    }
  }
  return -1;
}

void GoCapture::read_target(const State& s, TargetBlock& b, int limit) const {
  const auto enemy = static_cast<std::uint8_t>(3 - target_color_);
  CellSet libs;
  CellSet touched;
  b.n = 0;
  b.ntouch = 0;
  visit_block(
      s, target_, dirs_,
      [&](int r, std::uint8_t v) {
        if (v == kEmpty) {
          if (!libs.insert(r)) return true;
          if (b.n < limit) b.libs[static_cast<std::size_t>(b.n)] = r;
          return ++b.n <= limit;
        }
        if (v == enemy && touched.insert(r)) b.touching[static_cast<std::size_t>(b.ntouch++)] = r;
        return true;
      },
      &b.stones);
}

bool GoCapture::playable(const State& s, int p, const GoZone* atari, bool takes) const {
  if (s.board[static_cast<std::size_t>(p)] != kEmpty) return false;
  if (p == s.ko && s.side != ko_free_) return false;
  if (!problem_.in_region(point(p))) return false;
  if (!takes && !legal_stone(s, p, atari)) return false;
  return !(superko_ && repeats_board(s, p));
}

int GoCapture::target_liberty_cells(const State& s, int* out, int limit) const {
  return block_liberty_cells(s, target_, dirs_, out, limit);
}

bool GoCapture::race_captures(const State& s) const {
  if (s.status != kOngoing || superko_) return false;
  TargetBlock target;
  read_target(s, target);
  return read_race(s, target, nullptr);
}

bool GoCapture::read_race(const State& s, const TargetBlock& target, Zone* zone) const {
  const int n = target.n;
  const bool attacker_moves = s.side == attacker_;
  // A defender's pass after the attacker's would end the game; the attacker never passes.
  if (superko_ || n < 1 || (!attacker_moves && s.passes > 0)) return false;
  const auto enemy = static_cast<std::uint8_t>(3 - target_color_);
  // (The capturing stone joins a block with a liberty left, or fills an eye beside filled points:
  // never a ko capture the defender could retake.)
  CellSet lib_set;
  for (int i = 0; i < n; ++i) lib_set.insert(target.libs[static_cast<std::size_t>(i)]);
  // A defender stone on a liberty joins only the target and gains nothing; every liberty but one
  // (the eye) has an attacker stone beside it, which the attacker's stone there joins.
  int eyes = 0;
  for (int i = 0; i < n; ++i) {
    const int p = target.libs[static_cast<std::size_t>(i)];
    if (!problem_.in_region(point(p)) || (attacker_moves && p == s.ko)) return false;
    bool beside_attacker = false;
    for (int d : dirs_) {
      const int q = p + d;
      const std::uint8_t v = s.board[static_cast<std::size_t>(q)];
      if ((v == kEmpty && !lib_set.contains(q)) ||
          (v == target_color_ && !target.stones.contains(q))) {
        return false;
      }
      beside_attacker |= v == enemy;
    }
    if (!beside_attacker && ++eyes > 1) return false;
  }
  // The attacker's stones come at offsets 1, 3, ... (to move) or 2, 4, ...; the n-th captures.
  // Before it, no position may reach the ply limit or the escape liberties of its ply.
  const int last = attacker_moves ? 2 * n - 1 : 2 * n;
  if (s.ply + last - 1 >= max_plies_) return false;
  for (int t = 1; t < last; ++t) {
    const int filled = attacker_moves ? (t + 1) / 2 : t / 2;
    if (n - filled >= escape_at(s.ply + t)) return false;
  }
  // Each defender move takes at most one outside liberty from a block. A block beside the target
  // or a liberty is strong when it keeps one through all the defender's moves before the capture;
  // a weak one (one or two short) is joined to a strong one by an early fill (the i-th, at a
  // liberty beside both, one such liberty a weak block), so it needs to keep one only through the
  // moves before that.
  const int need = (attacker_moves ? n - 1 : n) + 1;
  const int before_first = attacker_moves ? 0 : 1;  // defender moves before the attacker's first
  constexpr int kMaxWeak = 8;
  struct Weak {
    GoZone stones;
    int outside = 0;
  };
  std::array<Weak, kMaxWeak> weak;
  int nweak = 0;
  CellSet done;
  CellSet strong;
  auto examine = [&](int b) {
    if (done.contains(b)) return true;
    if (zone != nullptr) add_block_zone(s, b, *zone);
    int outside = 0;
    CellSet stones;  // a fresh set: a flood through `done` would stop at the stones it holds
    visit_liberties(
        s, b, dirs_,
        [&](int r) {
          outside += lib_set.contains(r) ? 0 : 1;
          return true;
        },
        &stones);
    done |= stones;
    if (outside >= need) {
      strong |= stones;
      return true;
    }
    // At most two short: should the defender take its joining point first (a move on the
    // target's liberty, one fewer for the attacker to fill), it still outlasts the race.
    if (outside < before_first + 1 || outside < need - 2 || nweak == kMaxWeak) return false;
    weak[static_cast<std::size_t>(nweak++)] = {stones, outside};
    return true;
  };
  for (int i = 0; i < target.ntouch; ++i) {
    if (!examine(target.touching[static_cast<std::size_t>(i)])) return false;
  }
  for (int i = 0; i < n; ++i) {
    const int p = target.libs[static_cast<std::size_t>(i)];
    if (zone != nullptr) add_move_zone(s, p, *zone);
    for (int d : dirs_) {
      if (s.board[static_cast<std::size_t>(p + d)] == enemy && !examine(p + d)) return false;
    }
  }
  // Fewest outside liberties first (an insertion sort: a few blocks at most).
  for (int i = 1; i < nweak; ++i) {
    for (int j = i; j > 0 && weak[static_cast<std::size_t>(j)].outside <
                                 weak[static_cast<std::size_t>(j - 1)].outside;
         --j) {
      std::swap(weak[static_cast<std::size_t>(j)], weak[static_cast<std::size_t>(j - 1)]);
    }
  }
  CellSet used;
  for (int w = 0; w < nweak; ++w) {
    const Weak& block = weak[static_cast<std::size_t>(w)];
    // Joined by the (w + 1)-th fill, after w + before_first defender moves.
    if (block.outside < w + before_first + 1) return false;
    bool joined = false;
    for (int i = 0; i < n && !joined; ++i) {
      const int p = target.libs[static_cast<std::size_t>(i)];
      if (used.contains(p)) continue;
      bool beside_weak = false;
      bool beside_strong = false;
      for (int d : dirs_) {
        beside_weak |= block.stones.contains(p + d);
        beside_strong |= strong.contains(p + d);
      }
      if (beside_weak && beside_strong) {
        used.insert(p);
        joined = true;
      }
    }
    if (!joined) return false;
  }
  if (zone != nullptr) add_block_zone(s, target_, *zone);
  return true;
}

bool GoCapture::escape_sure(const State& s) const {
  if (s.status != kOngoing || superko_) return false;
  TargetBlock target;
  read_target(s, target);
  return read_escape(s, nullptr, target);
}

bool GoCapture::read_escape(const State& s, Zone* zone, const TargetBlock& target) const {
  if (zone != nullptr) add_block_zone(s, target_, *zone);
  const auto& libs = target.libs;
  const auto& stones = target.stones;
  const int n = target.n;
  // False when a stone at the liberty e cannot leave the target `need` liberties: it joins no
  // other block of the defender's and captures nothing, so the target keeps its other n - 1
  // liberties and gains at most e's empty neighbours. (What it reads, e's neighbours and their
  // blocks, is in add_move_zone's zone.)
  auto may_reach = [&](const State& t, int e, int need) {
    int bound = n - 1;
    for (int d : dirs_) {
      const int q = e + d;
      const std::uint8_t v = t.board[static_cast<std::size_t>(q)];
      if (v == kEmpty) {
        ++bound;
      } else if (v == target_color_) {
        if (!stones.contains(q)) return true;
      } else if (v != kEdge && liberties(t, q, 2) == 1) {
        return true;
      }
    }
    return bound >= need;
  };
  if (s.side != attacker_) {
    // One move that escapes: an extension at a liberty (capturing there or not).
    const int need = escape_at(s.ply + 1);
    for (int i = 0; i < n; ++i) {
      const int e = libs[static_cast<std::size_t>(i)];
      if (zone != nullptr) add_move_zone(s, e, *zone);
      if (!may_reach(s, e, need) || !playable(s, e)) continue;
      State t = s;
      play_stone_for_reading(t, e);
      if (t.status == kEscaped) {
        if (zone != nullptr) add_block_zone(t, target_, *zone);
        return true;
      }
    }
    // Or a capture of an attacker block beside the target in atari, whose last liberty is not one
    // of the target's (those were tried above).
    CellSet seen;
    for (int i = 0; i < target.ntouch; ++i) {
      const int r = target.touching[static_cast<std::size_t>(i)];
      if (seen.contains(r)) continue;
      int last = 0;
      // The stones reached: the whole block where it is in atari, else as far as the flood went
      // before a second liberty (stones of a block not in atari: none to read again).
      CellSet block;
      const int count = block_liberty_cells(s, r, dirs_, &last, 1, &block);
      seen |= block;
      if (count != 1) continue;
      const bool target_liberty =
          std::any_of(dirs_.begin(), dirs_.end(), [&](int d) { return stones.contains(last + d); });
      if (target_liberty || !playable(s, last, nullptr, true)) continue;
      State t = s;
      play_stone_for_reading(t, last);
      if (t.status != kEscaped) continue;
      if (zone != nullptr) {
        add_move_zone(s, last, *zone);
        add_block_zone(t, target_, *zone);
      }
      return true;
    }
    return false;
  }

  // The attacker to move: two independent extensions that each escape (counted two plies on).
  const int esc = escape_at(s.ply + 2);
  State t = s;
  t.side ^= 1U;
  t.ko = 0;  // an attacker move bans at most a point where it took a stone: never a liberty
  const auto enemy = static_cast<std::uint8_t>(3 - target_color_);
  std::array<CellSet, 2> zones;
  int found = 0;
  int roomy = 0;  // extensions with a liberty to spare
  for (int i = 0; i < n && found < 2 && roomy < 2; ++i) {
    const int e = libs[static_cast<std::size_t>(i)];
    if (zone != nullptr) add_move_zone(t, e, *zone);
    if (!may_reach(t, e, esc) || !playable(t, e)) continue;
    bool captures = false;
    for (int d : dirs_) {
      const int q = e + d;
      if (t.board[static_cast<std::size_t>(q)] == enemy && liberties(t, q, 2) == 1) captures = true;
    }
    if (captures) continue;
    State u = t;
    place(u, e);
    if (zone != nullptr) add_block_zone(u, target_, *zone);
    std::array<int, kMaxMoves> after;
    const int m = target_liberty_cells(u, after.data(), static_cast<int>(after.size()));
    if (m < esc) continue;
    // An attacker move takes at most one of these liberties (it captures none of the stones:
    // those beside e have e, and the target more than one, as liberties) or the point e itself.
    if (m > esc && ++roomy == 2) break;
    CellSet zone;
    zone.insert(e);
    bool meets = found == 1 && zones[0].contains(e);
    for (int j = 0; j < m; ++j) {
      const int c = after[static_cast<std::size_t>(j)];
      zone.insert(c);
      if (found == 1 && zones[0].contains(c)) meets = true;
    }
    if (meets) continue;
    zones[static_cast<std::size_t>(found++)] = zone;
  }
  return found == 2 || roomy == 2;
}

GoCapture::ReadLibs GoCapture::target_read_libs(const State& s) const {
  ReadLibs l;
  l.n = target_liberty_cells(s, l.cells.data(), 2);
  return l;
}

bool GoCapture::ladder_captures(const State& s, int budget) const {
  if (s.status != kOngoing) return false;
  return read_ladder(s, target_read_libs(s), budget);
}

// `s` is ongoing. The attacker to move: capture at once (one liberty) or try both ataris (two);
// the defender to move, in atari: every move that could matter must fail.
bool GoCapture::read_ladder(const State& s, const ReadLibs& libs, int& budget, Zone* zone) const {
  if (--budget < 0) return false;
  // With a zone, every point the reading looks at goes into it: each move's point with its
  // neighbours' blocks (add_move_zone), and with the defender to move the attacker blocks beside
  // the target, whose ataris make its candidates. The target block with the points beside it is
  // the caller's (add_status_zone): each move the reading plays is beside the target, or takes a
  // block beside it and leaves its stones as they were, so the target after it, with the points
  // beside it, is in the move's zone or the zone before.
  auto record_move = [&](const State& at, int m) {
    if (zone != nullptr) add_move_zone(at, m, *zone);
  };
  if (zone != nullptr && s.side != attacker_) add_target_neighbours_zone(s, *zone);
  const int n = libs.n;
  const int lib = libs.cells[0];
  if (s.side == attacker_) {
    if (n == 1) {  // taking the target ends the problem, unless the defender may retake a ko
      record_move(s, lib);
      if (!playable(s, lib, nullptr, true)) return false;
      if (ko_free_ != defender()) return true;
      State t = s;
      play_stone_for_reading(t, lib);
      return t.status == kCaptured;
    }
    if (n != 2) return false;
    for (int i = 0; i < 2; ++i) {
      const int m = libs.cells[static_cast<std::size_t>(i)];
      record_move(s, m);
      if (!playable(s, m)) continue;
      State t = s;
      ReadLibs after;
      play_stone_for_reading(t, m, &after, nullptr, libs.cells[static_cast<std::size_t>(1 - i)]);
      if (t.status == kCaptured) return true;
      if (t.status != kOngoing) continue;
      if (after.n == 1 && read_ladder(t, after, budget, zone)) return true;
    }
    return false;
  }
  if (n != 1) return false;
  // A lone target's capture may take a ko, which a defender that wins every ko retakes: a move
  // elsewhere can prepare that, so nothing is claimed.
  if (ko_free_ == defender()) {
    bool lone = true;
    for (int d : dirs_)
      lone = lone && s.board[static_cast<std::size_t>(target_ + d)] != target_color_;
    if (lone) return false;
  }
  // A move elsewhere leaves the target to be taken, unless it ends the game first (or the
  // liberty is outside the region).
  if (s.ply + 1 >= max_plies_ || s.passes != 0 || !problem_.in_region(point(lib))) {
    return false;
  }
  // The defender's candidates: the liberty, and the last liberty of each attacker block beside
  // the target that is in atari.
  std::array<int, 1 + 4 * kMaxMoves / 4> cand;  // the first nc
  int nc = 0;
  cand[static_cast<std::size_t>(nc++)] = lib;
  CellSet stones;
  CellSet seen_blocks;
  std::array<std::uint16_t, kMaxMoves> stack;
  std::size_t top = 0;
  stones.insert(target_);
  stack[top++] = static_cast<std::uint16_t>(target_);
  const auto enemy = static_cast<std::uint8_t>(3 - target_color_);
  while (top > 0) {
    const int q = stack[--top];
    for (int d : dirs_) {
      const int r = q + d;
      const std::uint8_t v = s.board[static_cast<std::size_t>(r)];
      if (v == target_color_ && stones.insert(r)) {
        stack[top++] = static_cast<std::uint16_t>(r);
      } else if (v == enemy && !seen_blocks.contains(r)) {
        // Mark the block and find its liberties (up to two).
        std::array<std::uint16_t, kMaxMoves> bstack;
        std::size_t bt = 0;
        CellSet blibs;
        int nlib = 0;
        int last = 0;
        seen_blocks.insert(r);
        bstack[bt++] = static_cast<std::uint16_t>(r);
        while (bt > 0) {
          const int b = bstack[--bt];
          for (int e : dirs_) {
            const int x = b + e;
            const std::uint8_t w = s.board[static_cast<std::size_t>(x)];
            if (w == kEmpty) {
              if (blibs.insert(x)) {
                ++nlib;
                last = x;
              }
            } else if (w == enemy && seen_blocks.insert(x)) {
              bstack[bt++] = static_cast<std::uint16_t>(x);
            }
          }
        }
        if (nlib == 1 && last != lib) cand[static_cast<std::size_t>(nc++)] = last;
      }
    }
  }
  for (int i = 0; i < nc; ++i) {
    const int m = cand[static_cast<std::size_t>(i)];
    record_move(s, m);
    // The target's only liberty is lib; the other candidates take a block in atari.
    if (!playable(s, m, &stones, m != lib)) continue;
    State t = s;
    ReadLibs after;
    play_stone_for_reading(t, m, &after, m == lib ? &stones : nullptr);
    if (t.status == kCaptured) continue;
    if (t.status != kOngoing) return false;  // escaped, or the game ended otherwise
    if (!read_ladder(t, after, budget, zone)) return false;
  }
  return true;
}

bool GoCapture::unconditionally_alive(const State& s) const {
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) return false;
  TargetBlock target;
  read_target(s, target);
  return unconditionally_alive(s, target, nullptr);
}

bool GoCapture::unconditionally_alive(const State& s, const TargetBlock& target, Zone* zone) const {
  // Cheap first, from the target's liberties: the regions (maximal connected sets of points that
  // are not the defender's) beside it that are healthy for it (their empty points all its
  // liberties); a flood stops at the first empty point that is not one. Two healthy regions
  // beside no other defender block make the target alive by themselves; with fewer than two it is
  // not.
  int healthy = 0;
  int own = 0;
  std::array<std::uint16_t, kMaxMoves> own_cells;  // the own regions' points
  std::size_t nown = 0;
  {
    CellSet seen;
    std::array<std::uint16_t, kMaxMoves> stack;
    for (int i = 0; i < target.n; ++i) {
      const int l = target.libs[static_cast<std::size_t>(i)];
      if (seen.contains(l)) continue;
      CellSet region;
      std::size_t top = 0;
      const std::size_t first = nown;
      region.insert(l);
      stack[top++] = static_cast<std::uint16_t>(l);
      bool ok = true;
      bool alone = true;
      while (top > 0 && ok) {
        const int q = stack[--top];
        own_cells[nown++] = static_cast<std::uint16_t>(q);
        bool liberty = false;
        for (int d : dirs_) {
          const int r = q + d;
          const std::uint8_t v = s.board[static_cast<std::size_t>(r)];
          if (v == target_color_) {
            if (target.stones.contains(r)) {
              liberty = true;
            } else {
              alone = false;
            }
          } else if (v != kEdge && !region.contains(r)) {
            if (seen.contains(r)) ok = false;  // a region whose flood stopped before
            region.insert(r);
            stack[top++] = static_cast<std::uint16_t>(r);
          }
        }
        if (s.board[static_cast<std::size_t>(q)] == kEmpty && !liberty) ok = false;
      }
      seen |= region;
      if (!ok) {
        nown = first;
        continue;
      }
      ++healthy;
      if (alone) {
        ++own;
      } else {
        nown = first;
      }
    }
  }
  if (healthy < 2) return false;
  if (own >= 2) {
    if (zone != nullptr) {
      add_block_zone(s, target_, *zone);
      for (std::size_t i = 0; i < nown; ++i) zone->insert(own_cells[i]);
    }
    return true;
  }
  return benson_local(s, zone);
}

bool GoCapture::benson(const State& s, Zone* zone) const {
  // Benson (1976) over the whole board: the defender's blocks X and the regions R. A region is
  // healthy for a block when each of its empty points is a liberty of that block. Repeatedly drop
  // the blocks with fewer than two healthy regions left, and the regions beside a dropped block;
  // the blocks left can never be captured, even if their owner always passes.
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) return false;
  const int cells = stride_ * stride_;
  std::array<std::int16_t, detail::kGoCells> block_of;
  std::array<std::int16_t, detail::kGoCells> region_of;
  block_of.fill(-1);
  region_of.fill(-1);
  // Each region's points (a span of `points`), in flood order.
  std::array<std::uint16_t, detail::kGoCells> points;
  std::array<std::uint16_t, kMaxMoves + 1> start;
  int nblocks = 0;
  int nregions = 0;
  std::size_t npoints = 0;
  std::array<std::uint16_t, kMaxMoves> stack;
  for (int c = 0; c < cells; ++c) {
    const std::uint8_t v = s.board[static_cast<std::size_t>(c)];
    if (v == kEdge) continue;
    const bool mine = v == target_color_;
    auto& label = mine ? block_of : region_of;
    if (label[static_cast<std::size_t>(c)] >= 0) continue;
    const auto id = static_cast<std::int16_t>(mine ? nblocks++ : nregions++);
    if (!mine) start[static_cast<std::size_t>(id)] = static_cast<std::uint16_t>(npoints);
    std::size_t top = 0;
    label[static_cast<std::size_t>(c)] = id;
    stack[top++] = static_cast<std::uint16_t>(c);
    while (top > 0) {
      const int q = stack[--top];
      if (!mine) points[npoints++] = static_cast<std::uint16_t>(q);
      for (int d : dirs_) {
        const int r = q + d;
        const std::uint8_t w = s.board[static_cast<std::size_t>(r)];
        if (w == kEdge || (w == target_color_) != mine || label[static_cast<std::size_t>(r)] >= 0) {
          continue;
        }
        label[static_cast<std::size_t>(r)] = id;
        stack[top++] = static_cast<std::uint16_t>(r);
      }
    }
  }
  start[static_cast<std::size_t>(nregions)] = static_cast<std::uint16_t>(npoints);
  // For each region the blocks it is healthy for (at most four: among those beside its first
  // empty point).
  std::array<std::array<std::int16_t, 4>, kMaxMoves> healthy_for;
  for (int r = 0; r < nregions; ++r) {
    auto& h = healthy_for[static_cast<std::size_t>(r)];
    h.fill(-1);
    bool first = true;
    for (std::size_t i = start[static_cast<std::size_t>(r)];
         i < start[static_cast<std::size_t>(r) + 1]; ++i) {
      const int q = points[i];
      if (s.board[static_cast<std::size_t>(q)] != kEmpty) continue;
      std::array<std::int16_t, 4> near;
      for (std::size_t k = 0; k < 4; ++k)
        near[k] = block_of[static_cast<std::size_t>(q + dirs_[k])];
      if (first) {
        h = near;
        std::sort(h.begin(), h.end());
        for (std::size_t k = 1; k < 4; ++k) {
          if (h[k] == h[k - 1]) h[k - 1] = -1;
        }
        first = false;
      } else {
        for (auto& b : h) {
          if (b >= 0 && std::find(near.begin(), near.end(), b) == near.end()) b = -1;
        }
      }
    }
  }
  std::array<std::uint8_t, kMaxMoves> block_alive;
  std::array<std::uint8_t, kMaxMoves> region_alive;
  std::array<std::int16_t, kMaxMoves> all;
  std::iota(all.begin(), all.begin() + nblocks, std::int16_t{0});
  // A region beside a dropped block goes.
  benson_removals(healthy_for.data(), nregions, all.data(), nblocks, nblocks,
                  block_of[static_cast<std::size_t>(target_)], block_alive.data(),
                  region_alive.data(), [&](int r) {
                    for (std::size_t i = start[static_cast<std::size_t>(r)];
                         i < start[static_cast<std::size_t>(r) + 1]; ++i) {
                      const int q = points[i];
                      if (std::any_of(dirs_.begin(), dirs_.end(), [&](int d) {
                            const std::int16_t b = block_of[static_cast<std::size_t>(q + d)];
                            return b >= 0 && block_alive[static_cast<std::size_t>(b)] == 0;
                          })) {
                        return true;
                      }
                    }
                    return false;
                  });
  if (block_alive[static_cast<std::size_t>(block_of[static_cast<std::size_t>(target_)])] == 0) {
    return false;
  }
  // What decides it: the blocks left with the points beside them, and the regions they enclose.
  if (zone != nullptr) {
    for (int c = 0; c < cells; ++c) {
      const std::int16_t b = block_of[static_cast<std::size_t>(c)];
      const std::int16_t r = region_of[static_cast<std::size_t>(c)];
      if ((b >= 0 && block_alive[static_cast<std::size_t>(b)] != 0) ||
          (r >= 0 && region_alive[static_cast<std::size_t>(r)] != 0)) {
        zone->insert(c);
        for (int d : dirs_) {
          if (s.board[static_cast<std::size_t>(c + d)] != kEdge) zone->insert(c + d);
        }
      }
    }
  }
  return true;
}

bool GoCapture::benson_local(const State& s, Zone* zone) const {
  // Benson (1976) on the part of the board that can bear on the target: its block, the regions
  // healthy for a block taken in (found from that block's liberties), and every block beside such
  // a region, until nothing new comes in. A region healthy for nobody counts for no block, so it
  // is left as soon as that shows; the blocks and regions taken in decide the target exactly as
  // the whole board's do (benson).
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) return false;
  constexpr std::int16_t kUnseen = -1;
  constexpr std::int16_t kUseless = -2;  // a region healthy for no block
  std::array<std::int16_t, detail::kGoCells> block_of;
  std::array<std::int16_t, detail::kGoCells> region_of;
  std::fill_n(block_of.begin(), s.cells, kUnseen);  // the cells in use: 121 of 441 on 9x9
  std::fill_n(region_of.begin(), s.cells, kUnseen);
  // Blocks labelled: their stones in `stones` (span bstart[b]..bstart[b + 1]), `taken` when in.
  std::array<std::uint16_t, kMaxMoves> stones;
  std::array<std::uint16_t, kMaxMoves + 1> bstart;
  std::array<std::uint8_t, kMaxMoves> taken;
  int nblocks = 0;
  std::size_t nstones = 0;
  std::array<std::int16_t, kMaxMoves> queue;  // the blocks taken in, in order
  int nqueue = 0;
  auto label = [&](int c) {
    const auto id = static_cast<std::int16_t>(nblocks++);
    bstart[static_cast<std::size_t>(id)] = static_cast<std::uint16_t>(nstones);
    taken[static_cast<std::size_t>(id)] = 0;
    block_of[static_cast<std::size_t>(c)] = id;
    std::size_t next = nstones;
    stones[nstones++] = static_cast<std::uint16_t>(c);
    while (next < nstones) {
      const int q = stones[next++];
      for (int d : dirs_) {
        const int r = q + d;
        if (s.board[static_cast<std::size_t>(r)] == target_color_ &&
            block_of[static_cast<std::size_t>(r)] == kUnseen) {
          block_of[static_cast<std::size_t>(r)] = id;
          stones[nstones++] = static_cast<std::uint16_t>(r);
        }
      }
    }
    bstart[static_cast<std::size_t>(nblocks)] = static_cast<std::uint16_t>(nstones);
    return id;
  };
  auto block_at = [&](int c) {
    const std::int16_t b = block_of[static_cast<std::size_t>(c)];
    return b != kUnseen ? b : label(c);
  };
  auto take = [&](std::int16_t b) {
    if (taken[static_cast<std::size_t>(b)] != 0) return;
    taken[static_cast<std::size_t>(b)] = 1;
    queue[static_cast<std::size_t>(nqueue++)] = b;
  };
  // Healthy regions: their points (span rstart[r]..rstart[r + 1]), the blocks they are healthy for
  // and the blocks beside them (span astart[r]..astart[r + 1] of `adjacent`).
  std::array<std::uint16_t, kMaxMoves> points;
  std::array<std::uint16_t, kMaxMoves + 1> rstart;
  std::array<std::array<std::int16_t, 4>, kMaxMoves> healthy_for;
  std::array<std::int16_t, 4 * kMaxMoves> adjacent;
  std::array<std::uint16_t, kMaxMoves + 1> astart;
  int nregions = 0;
  std::size_t npoints = 0;
  std::size_t nadjacent = 0;
  rstart[0] = 0;
  astart[0] = 0;
  // Floods the region at the empty point `c`; keeps it when it is healthy for some block.
  auto flood_region = [&](int c) {
    const auto id = static_cast<std::int16_t>(nregions);
    const std::size_t first = npoints;
    const std::size_t first_adjacent = nadjacent;
    std::array<std::int16_t, 4> h;
    bool any_empty = false;
    bool useless = false;
    region_of[static_cast<std::size_t>(c)] = id;
    points[npoints++] = static_cast<std::uint16_t>(c);
    for (std::size_t next = first; next < npoints && !useless; ++next) {
      const int q = points[next];
      std::array<std::int16_t, 4> near{kUnseen, kUnseen, kUnseen, kUnseen};
      for (std::size_t k = 0; k < 4; ++k) {
        const int r = q + dirs_[k];
        const std::uint8_t v = s.board[static_cast<std::size_t>(r)];
        if (v == kEdge) continue;
        if (v == target_color_) {
          near[k] = block_at(r);
          continue;
        }
        const std::int16_t seen = region_of[static_cast<std::size_t>(r)];
        if (seen == kUseless) {
          useless = true;
        } else if (seen == kUnseen) {
          region_of[static_cast<std::size_t>(r)] = id;
          points[npoints++] = static_cast<std::uint16_t>(r);
        }
      }
      for (std::int16_t b : near) {
        if (b == kUnseen) continue;
        bool listed = false;
        for (std::size_t i = first_adjacent; i < nadjacent && !listed; ++i)
          listed = adjacent[i] == b;
        if (!listed) adjacent[nadjacent++] = b;
      }
      if (s.board[static_cast<std::size_t>(q)] != kEmpty) continue;
      if (!any_empty) {
        h = near;
        for (std::size_t k = 1; k < 4; ++k) {
          for (std::size_t j = 0; j < k; ++j) {
            if (h[k] == h[j]) h[k] = kUnseen;
          }
        }
        any_empty = true;
      } else {
        for (auto& b : h) {
          if (b != kUnseen && std::find(near.begin(), near.end(), b) == near.end()) b = kUnseen;
        }
      }
      useless =
          useless || std::all_of(h.begin(), h.end(), [&](std::int16_t b) { return b == kUnseen; });
    }
    if (useless || !any_empty) {
      for (std::size_t i = first; i < npoints; ++i) region_of[points[i]] = kUseless;
      npoints = first;
      nadjacent = first_adjacent;
      return;
    }
    healthy_for[static_cast<std::size_t>(id)] = h;
    ++nregions;
    rstart[static_cast<std::size_t>(nregions)] = static_cast<std::uint16_t>(npoints);
    astart[static_cast<std::size_t>(nregions)] = static_cast<std::uint16_t>(nadjacent);
    for (std::size_t i = first_adjacent; i < nadjacent; ++i) take(adjacent[i]);
  };
  const std::int16_t target_block = label(target_);
  take(target_block);
  for (int i = 0; i < nqueue; ++i) {
    const std::int16_t b = queue[static_cast<std::size_t>(i)];
    for (std::size_t j = bstart[static_cast<std::size_t>(b)];
         j < bstart[static_cast<std::size_t>(b) + 1]; ++j) {
      for (int d : dirs_) {
        const int r = stones[j] + d;
        if (s.board[static_cast<std::size_t>(r)] == kEmpty &&
            region_of[static_cast<std::size_t>(r)] == kUnseen) {
          flood_region(r);
        }
      }
    }
  }
  std::array<std::uint8_t, kMaxMoves> block_alive;
  std::array<std::uint8_t, kMaxMoves> region_alive;
  benson_removals(healthy_for.data(), nregions, queue.data(), nqueue, nblocks, target_block,
                  block_alive.data(), region_alive.data(), [&](int r) {
                    for (std::size_t i = astart[static_cast<std::size_t>(r)];
                         i < astart[static_cast<std::size_t>(r) + 1]; ++i) {
                      if (block_alive[static_cast<std::size_t>(adjacent[i])] == 0) return true;
                    }
                    return false;
                  });
  if (block_alive[static_cast<std::size_t>(target_block)] == 0) return false;
  // What decides it: the blocks left with the points beside them, and the regions they enclose.
  if (zone != nullptr) {
    auto add = [&](int c) {
      zone->insert(c);
      for (int d : dirs_) {
        if (s.board[static_cast<std::size_t>(c + d)] != kEdge) zone->insert(c + d);
      }
    };
    for (int i = 0; i < nqueue; ++i) {
      const auto b = static_cast<std::size_t>(queue[static_cast<std::size_t>(i)]);
      if (block_alive[b] == 0) continue;
      for (std::size_t j = bstart[b]; j < bstart[b + 1]; ++j) add(stones[j]);
    }
    for (int r = 0; r < nregions; ++r) {
      if (region_alive[static_cast<std::size_t>(r)] == 0) continue;
      for (std::size_t j = rstart[static_cast<std::size_t>(r)];
           j < rstart[static_cast<std::size_t>(r) + 1]; ++j) {
        add(points[j]);
      }
    }
  }
  return true;
}

void GoCapture::add_block_zone(const State& s, int p, Zone& z, GoZone* stones) const {
  z.insert(p);
  visit_block(
      s, p, dirs_,
      [&](int r, std::uint8_t) {
        z.insert(r);
        return true;
      },
      stones);
}

void GoCapture::add_target_neighbours_zone(const State& s, Zone& z) const {
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) return;
  const auto enemy = static_cast<std::uint8_t>(3 - target_color_);
  CellSet done;
  visit_block(s, target_, dirs_, [&](int r, std::uint8_t v) {
    if (v != enemy || done.contains(r)) return true;
    z.insert(r);
    done.insert(r);
    visit_block(s, r, dirs_, [&](int x, std::uint8_t w) {
      z.insert(x);
      if (w == enemy) done.insert(x);
      return true;
    });
    return true;
  });
}

bool GoCapture::may_prune_ko_captures(const State& s) const {
  if (s.side != attacker_ || ko_free_ != defender() || superko_ || s.ko != 0) return false;
  return s.status == kOngoing && s.board[static_cast<std::size_t>(target_)] == target_color_;
}

bool GoCapture::dominated_ko_capture(const State& s, int p) const {
  // A ko capture is a lone stone with no empty point beside it (it gains one: the stone taken).
  for (int d : dirs_) {
    const std::uint8_t v = s.board[static_cast<std::size_t>(p + d)];
    if (v == kEmpty || v == s.side + 1) return false;
  }
  State t = s;
  place(t, p);
  // The defender's retake must be a move it may play: in the region.
  return t.ko != 0 && problem_.in_region(point(t.ko));
}

void GoCapture::add_status_zone(const State& s, Zone& z) const {
  z.insert(target_);
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) return;
  add_block_zone(s, target_, z);
  // Each ko capture focus_moves leaves out, with what makes it one. A position t that agrees on
  // the zone has the attacker's ko ban, if any, off it (the zone's claim), where it only takes a
  // move from the attacker: were it lifted, t would leave out the same captures and answer as `s`
  // does; with it, the attacker does no better.
  if (may_prune_ko_captures(s)) {
    for (std::uint16_t p : moves_) {
      if (s.board[p] == kEmpty && dominated_ko_capture(s, p)) add_move_zone(s, p, z);
    }
  }
  if (s.status == kLadder) {
    int budget = kLadderBudget;
    if (!read_ladder(s, target_read_libs(s), budget, &z)) z.fill();
  } else if (s.status == kAlive) {
    TargetBlock target;
    read_target(s, target);
    if (!unconditionally_alive(s, target, &z)) z.fill();
  } else if (s.status == kEscapeSure) {
    TargetBlock target;
    read_target(s, target);
    if (!read_escape(s, &z, target)) z.fill();
  } else if (s.status == kRace) {
    TargetBlock target;
    read_target(s, target);
    if (!read_race(s, target, &z)) z.fill();
  }
}

void GoCapture::add_move_zone(const State& s, Move move, Zone& z) const {
  if (move == kPass) return;
  const int m = static_cast<int>(move);
  z.insert(m);
  CellSet flooded;  // a block beside the point on two sides is added once
  for (int d : dirs_) {
    const int q = m + d;
    z.insert(q);
    const std::uint8_t v = s.board[static_cast<std::size_t>(q)];
    if ((v == kBlack || v == kWhite) && !flooded.contains(q)) add_block_zone(s, q, z, &flooded);
  }
}

GoCapture::State GoCapture::null_child(const State& s) const {
  State t = s;
  t.side ^= 1U;
  ++t.ply;
  t.passes = 0;
  t.ko = 0;
  update_status(t);
  return t;
}

void GoCapture::null_move_zone(const State& s, const Zone& null_zone, Zone& must, Zone& z) const {
  const auto enemy = static_cast<std::uint8_t>(2 - s.side);
  z |= null_zone;
  must |= null_zone;
  const int cells = stride_ * stride_;
  // A stone elsewhere changes the null child's zone only by capturing an opponent block on it:
  // those blocks (with the points beside them, so that they are the same blocks with the same
  // liberties wherever the zone agrees) are in atari only at their last liberty, searched.
  CellSet done;
  for (int c = 0; c < cells; ++c) {
    if (!null_zone.contains(c) || s.board[static_cast<std::size_t>(c)] != enemy || done.contains(c))
      continue;
    CellSet lib_set;
    int libs = 0;
    int last = 0;
    z.insert(c);
    done.insert(c);
    visit_block(s, c, dirs_, [&](int r, std::uint8_t v) {
      z.insert(r);
      if (v == enemy) {
        done.insert(r);
      } else if (v == kEmpty && lib_set.insert(r)) {
        ++libs;
        last = r;
      }
      return true;
    });
    if (libs == 1) must.insert(last);
  }
  // The points to search that are not legal here must not be legal wherever the zone agrees:
  // occupied and ko-banned points are in the zone; a suicide needs its neighbours' blocks.
  for (int c = 0; c < cells; ++c) {
    if (!must.contains(c) || s.board[static_cast<std::size_t>(c)] != kEmpty) continue;
    if (!problem_.in_region(point(c)) || (c == s.ko && s.side != ko_free_)) continue;
    if (!legal_stone(s, c)) add_move_zone(s, c, z);
  }
}

std::uint64_t GoCapture::hash(const State& s) const {
  std::uint64_t h = s.key ^ detail::kGoKoKeys[s.ko];
  if (s.side != 0) h ^= detail::kGoWhiteToMove;
  h ^= mix(0xA5A5A5A5ULL + (std::uint64_t{s.ply} << 8U) + s.passes);
  for (int i = 0; i < s.history_size; ++i) {
    h ^= mix(s.history[static_cast<std::size_t>(i)] + static_cast<std::uint64_t>(i) + 1);
  }
  return h;
}

int GoCapture::target_liberties(const State& s, int limit) const {
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) return 0;
  return liberties(s, target_, limit);
}

int GoCapture::capture_distance(const State& s) const {
  if (s.board[static_cast<std::size_t>(target_)] != target_color_) return 1;
  // The status table's slot for `s`, where update_status left it: a search evaluates the same
  // child at every visit of its parent.
  StatusSlot* slot = nullptr;
  if (!superko_) {
    const std::uint64_t slot_key = status_key(hash(s), salt_);
    slot = &status_slot(slot_key);
    if (slot->key != slot_key) {
      slot = nullptr;
    } else if (slot->distance >= 0) {
      return slot->distance;
    }
  }
  TargetBlock target;
  read_target(s, target);
  const int d = read_capture_distance(s, target);
  if (slot != nullptr) slot->distance = static_cast<std::int8_t>(d);
  return d;
}

int GoCapture::read_capture_distance(const State& s, const TargetBlock& target) const {
  const int count = target.n;
  // A defender in atari to move: what it can reach by extending at its last liberty (a ladder
  // that goes on keeps one liberty, a broken one gains several).
  // With the defender to move and more liberties, it can usually gain one.
  int base = s.side != attacker_ && count >= 2 ? count + 1 : count;
  if (count == 1 && s.side != attacker_) {
    const int lib = target.libs[0];
    if (legal_stone(s, lib)) {
      State t = s;
      place(t, lib);
      base = std::max(1, liberties(t, target_, kMaxProofDistance));
    }
  }
  // One count per attacker block with no more liberties than the target: its flood, which stops
  // past that many, reaches all its stones and marks them, so it is skipped when met again (the
  // stones a flood that stopped reached are of a block that does not count: none to read again;
  // blocks of one colour never touch, so one set holds them all).
  CellSet counted;
  int weak = 0;
  for (int i = 0; i < target.ntouch; ++i) {
    const int c = target.touching[static_cast<std::size_t>(i)];
    if (counted.contains(c)) continue;
    int block_libs = 0;
    CellSet block;
    visit_liberties(
        s, c, dirs_, [&](int) { return ++block_libs <= count; }, &block);
    counted |= block;
    if (block_libs <= count) ++weak;
  }
  return std::clamp(base + weak, 1, kMaxProofDistance);
}

std::string GoCapture::to_string(const State& s) const {
  std::string out;
  for (int r = 0; r < n_; ++r) {
    if (r > 0) out += '/';
    for (int c = 0; c < n_; ++c) {
      const std::uint8_t v = s.board[static_cast<std::size_t>((r + 1) * stride_ + c + 1)];
      out += v == kEmpty ? '.' : v == kBlack ? 'X' : 'O';
    }
  }
  out += s.side == 0 ? ":B" : ":W";
  if (s.ko != 0) out += " ko=" + go_point_name(n_, point(s.ko));
  if (s.ply != 0) out += " ply=" + std::to_string(s.ply);
  if (s.passes != 0) out += " passes=" + std::to_string(s.passes);
  if (s.history_size != 0) {
    out += " history=";
    for (int i = 0; i < s.history_size; ++i) {
      char buf[24];
      std::snprintf(buf, sizeof buf, "%s%016llx", i == 0 ? "" : ",",
                    static_cast<unsigned long long>(s.history[static_cast<std::size_t>(i)]));
      out += buf;
    }
  }
  return out;
}

GoCapture::State GoCapture::parse(std::string_view text) const {
  const std::string_view all = trim(text);
  const std::string quoted = "go-capture position '" + std::string(all) + "'";
  const auto colon = all.find(':');
  if (colon == std::string_view::npos) {
    throw ParseError(quoted + ": missing the side to move (':B' or ':W' after the rows)");
  }
  State s;
  s.cells = static_cast<std::uint16_t>(stride_ * stride_);
  for (int c = 0; c < stride_ * stride_; ++c) s.board[static_cast<std::size_t>(c)] = kEdge;
  const std::string_view rows = all.substr(0, colon);
  int r = 0;
  std::size_t start = 0;
  for (;;) {
    const auto slash = rows.find('/', start);
    const std::string_view row = rows.substr(
        start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    if (r >= n_) throw ParseError(quoted + ": more than " + std::to_string(n_) + " rows");
    if (static_cast<int>(row.size()) != n_) {
      throw ParseError(quoted + ": row " + std::to_string(r + 1) + " has " +
                       std::to_string(row.size()) + " points, not " + std::to_string(n_));
    }
    for (int c = 0; c < n_; ++c) {
      const char ch = row[static_cast<std::size_t>(c)];
      std::uint8_t v = 0;
      if (ch == 'X' || ch == 'x') {
        v = kBlack;
      } else if (ch == 'O' || ch == 'o') {
        v = kWhite;
      } else if (ch != '.') {
        throw ParseError(quoted + ": '" + std::string(1, ch) +
                         "' is not a point ('.', 'X' or 'O')");
      }
      const auto cc = static_cast<std::size_t>((r + 1) * stride_ + c + 1);
      s.board[cc] = v;
      s.key ^= detail::kGoZobrist[cc][v];
    }
    ++r;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (r != n_)
    throw ParseError(quoted + ": " + std::to_string(r) + " rows, not " + std::to_string(n_));
  std::string_view rest = all.substr(colon + 1);
  const auto space = rest.find_first_of(" \t");
  const std::string_view side = rest.substr(0, space);
  if (side == "B" || side == "b") {
    s.side = 0;
  } else if (side == "W" || side == "w") {
    s.side = 1;
  } else {
    throw ParseError(quoted + ": the side to move must be B or W, not '" + std::string(side) + "'");
  }
  rest = space == std::string_view::npos ? std::string_view() : rest.substr(space);
  while (!(rest = trim(rest)).empty()) {
    const auto end = rest.find_first_of(" \t");
    const std::string_view item = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    const auto eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : item.substr(eq + 1);
    if (key == "ko") {
      s.ko = static_cast<std::uint16_t>(cell(parse_go_point(n_, value, quoted + ": ko")));
      if (s.board[s.ko] != kEmpty) throw ParseError(quoted + ": the ko point holds a stone");
    } else if (key == "ply") {
      const auto v = to_long(value);
      if (!v || *v < 0 || *v > max_plies_) {
        throw ParseError(quoted + ": ply must be 0.." + std::to_string(max_plies_));
      }
      s.ply = static_cast<std::uint16_t>(*v);
    } else if (key == "passes") {
      const auto v = to_long(value);
      if (!v || *v < 0 || *v > 2) throw ParseError(quoted + ": passes must be 0..2");
      s.passes = static_cast<std::uint8_t>(*v);
    } else if (key == "history") {
      if (!superko_) throw ParseError(quoted + ": a history is kept only with superko=on");
      std::size_t pos = 0;
      while (pos <= value.size()) {
        const auto comma = value.find(',', pos);
        const std::string_view h = value.substr(
            pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
        std::uint64_t k = 0;
        auto [ptr, ec] = std::from_chars(h.data(), h.data() + h.size(), k, 16);
        if (h.empty() || ec != std::errc() || ptr != h.data() + h.size()) {
          throw ParseError(quoted + ": history entries are hexadecimal board keys");
        }
        if (s.history_size >= kMaxHistory) throw ParseError(quoted + ": history too long");
        s.history[s.history_size++] = k;
        if (comma == std::string_view::npos) break;
        pos = comma + 1;
      }
    } else {
      throw ParseError(quoted + ": unknown field '" + std::string(key) +
                       "' (known: ko, ply, passes, history)");
    }
  }
  for (int pt = 0; pt < n_ * n_; ++pt) {
    const int c = cell(pt);
    if (s.board[static_cast<std::size_t>(c)] != kEmpty && liberties(s, c, 1) == 0) {
      throw ParseError(quoted + ": the block at " + go_point_name(n_, pt) + " has no liberty");
    }
  }
  update_status(s);
  return s;
}

std::string GoCapture::move_to_string(const State&, Move move) const {
  return move == kPass ? "pass" : go_point_name(n_, point(move));
}

std::string GoCapture::why_illegal(const State& s, int p) const {
  if (s.status != kOngoing) return "the problem is over";
  if (!problem_.in_region(point(p))) return "outside the problem's region";
  if (s.board[static_cast<std::size_t>(p)] != kEmpty) return "the point is occupied";
  if (p == s.ko && s.side != ko_free_) return "it retakes a ko at once";
  if (!legal_stone(s, p)) return "suicide";
  if (superko_ && repeats_board(s, p)) return "it repeats an earlier board (superko)";
  return "";
}

Move GoCapture::parse_move(const State& s, std::string_view text) const {
  const std::string_view t = trim(text);
  if (s.status != kOngoing) {
    throw ParseError("move '" + std::string(t) + "': the problem is over in " + to_string(s));
  }
  if (t == "pass" || t == "PASS" || t == "Pass") return kPass;
  const int p = cell(parse_go_point(n_, t, "move"));
  const std::string why = why_illegal(s, p);
  if (!why.empty()) {
    throw ParseError("move '" + std::string(t) + "' is not legal in " + to_string(s) + ": " + why);
  }
  return p;
}

std::string GoCapture::draw(const State& s) const {
  std::string out;
  for (int r = 0; r < n_; ++r) {
    char label[16];
    std::snprintf(label, sizeof label, "%2d ", n_ - r);
    out += label;
    for (int c = 0; c < n_; ++c) {
      const int cc = (r + 1) * stride_ + c + 1;
      const std::uint8_t v = s.board[static_cast<std::size_t>(cc)];
      char ch = v == kEmpty ? '.' : v == kBlack ? 'X' : 'O';
      if (v == kEmpty && !problem_.in_region(r * n_ + c)) ch = ',';
      out += ch;
      out += cc == target_ ? '*' : ' ';
    }
    out += '\n';
  }
  out += "   ";
  for (int c = 0; c < n_; ++c) {
    out += go_point_name(n_, c)[0];
    out += ' ';
  }
  out += s.side == 0 ? "\nBlack to move\n" : "\nWhite to move\n";
  return out;
}

GoCaptureEval::GoCaptureEval(const GoCapture& game, const EvalSpec& spec)
    : game_(game), escape_(game.escape_liberties()), attacker_(game.attacker()) {
  if (spec.kind != "liberties") {
    throw ParamError("unknown evaluation '" + spec.kind + "' for go-capture (known: liberties)");
  }
  if (!spec.weights.empty()) throw ParamError("evaluation 'liberties' takes no weights");
}

GoProblem GoCapture::problem_at(const State& s) const {
  GoProblem p = problem_;
  for (int pt = 0; pt < n_ * n_; ++pt) {
    p.board[static_cast<std::size_t>(pt)] = s.board[static_cast<std::size_t>(cell(pt))];
  }
  p.to_move = s.side;
  // The goal is the side to move's: the target's owner saves it, the other side captures it.
  p.goal = p.to_move == attacker_ ? GoGoal::kCapture : GoGoal::kEscape;
  p.ko = s.ko == 0 ? -1 : point(s.ko);
  p.max_plies = std::max(1, max_plies_ - s.ply);
  p.advance_escape_steps(s.ply);
  p.expected.clear();
  p.key_moves.clear();
  return p;
}

std::string GoCapture::sgf_game(
    const State& start, const std::vector<Move>& moves,
    const std::vector<std::pair<std::string, std::string>>& root) const {
  std::vector<int> points;
  points.reserve(moves.size());
  for (Move m : moves) points.push_back(m == kPass ? -1 : point(static_cast<int>(m)));
  return go_game_to_sgf(problem_at(start), points, root);
}

std::vector<std::pair<GoCapture::State, std::vector<Move>>> GoCapture::parse_sgf_games(
    std::string_view text, const std::string& source) const {
  std::vector<std::pair<State, std::vector<Move>>> out;
  for (const GoGameSgf& g : parse_go_games_sgf(text, source)) {
    const std::string where = source + ", game tree " + std::to_string(out.size() + 1);
    const GoProblem& p = g.start;
    const int ply = std::max(0, max_plies_ - p.max_plies);
    GoProblem own = problem_;
    own.advance_escape_steps(ply);
    if (p.size != n_ || p.target != problem_.target || p.region != problem_.region ||
        p.escape_liberties != own.escape_liberties || p.escape_after != own.escape_after) {
      throw ParseError(where +
                       ": not a game of this problem (board size, target, region and "
                       "escape liberties must be the game's)");
    }
    const State s = state_of(p, ply);
    std::vector<Move> moves;
    State at = s;
    for (int pt : g.moves) {
      const std::string name = go_point_name(n_, pt);
      if (is_terminal(at)) {
        throw ParseError(where + ": move " + std::to_string(moves.size() + 1) + " (" + name +
                         ") comes after the end of the game");
      }
      Move m = kPass;
      try {
        m = parse_move(at, name);
      } catch (const ParseError& e) {
        throw ParseError(where + ": move " + std::to_string(moves.size() + 1) + ": " + e.what());
      }
      play(at, m);
      moves.push_back(m);
    }
    out.emplace_back(s, std::move(moves));
  }
  return out;
}

}  // namespace gts
