// Depth-first proof-number search, df-pn (Nagai 2002), with the 1+epsilon trick (Pawlewicz and
// Lew 2007), and df-pn+ (Nagai and Kishimoto): heuristic initial numbers and edge costs.
//
// MID(n, th_pn, th_dn) searches below n until n's numbers reach a threshold: at an OR node it
// enters the child c1 of smallest proof number with thresholds
//     th_pn(c1) = min(th_pn(n), max(pn2 + 1, ceil(pn2 * (1 + epsilon))))   (pn2: the second best)
//     th_dn(c1) = th_dn(n) - dn(n) + dn(c1)
// and symmetrically at AND nodes (pn and dn swapped). epsilon = 0 is Nagai's pn2 + 1; a larger
// epsilon lets a child run longer before its sibling takes over, which cuts re-expansions.
//
// df-pn+: unsolved children not yet in the table start at the heuristic's numbers instead of
// (1, 1), and `cost` is added to an unsolved child's number where the parent takes the minimum
// (OR: pn(n) = min(pn(c) + cost), AND: dn(n) = min(dn(c) + cost)); solved children add nothing,
// so 0 still means solved. Zhang et al.'s df-pn+ uses cost 0. Where the game names its focus
// moves (HasFocusMoves, go-capture), `focus_cost` is added besides to every child that is not one
// of them, played or not: the search works this much harder on the moves that can matter before
// it turns to the rest. An edge cost like `cost`, it orders the search and changes no answer.
// With `killers` (and focus moves in use: lazy expansion or the focus cost), a move outside the
// focus that won a position for its mover becomes a killer move of that ply (the last two are
// kept): at the next positions of the same ply they join the focus (played at once, free of the
// focus cost), so a defence the game does not name, once found, is tried first wherever the
// attacker tries again.
//
// Results live in a transposition table of fixed size (4-way buckets; a new result replaces the
// same position's entry, else an empty slot, else the entry that cost the least work, so large
// proved subtrees survive). A solved entry also keeps the length of its main line.
//
// Counting (as in Zhang et al.): a node is a MID call, so children that are generated and looked
// up but never entered are not visited nodes (they are leaves: each was evaluated once when its
// parent was expanded). Re-entering a node counts again. peak_bytes is the table's size (with the
// zones kept beside it when they are on).
//
// Lazy expansion, where the game names its focus moves (HasFocusMoves, go-capture): a node plays
// and evaluates only those when it is expanded. The other children all stand at one estimate (the
// heuristic's numbers of the null child, the position a move far from the fight leaves, else
// (1, 1)) until the search selects them; then the next of them is played and evaluated (a leaf),
// and the choice is made again. A solved result still needs every child it claims: a node is lost
// for its mover only once each child is played and lost, or covered by a null move's refutation.
// The table keeps how far down the move list a node had played, and a revisit plays that many at
// once: what the search learnt of them is not forgotten behind the estimate.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithms/proof_number.h"
#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/solver_goal.h"
#include "algorithms/zeroed_array.h"
#include "games/game.h"
#include "games/params.h"

namespace gts {

struct DfpnCarry;

struct DfpnOptions {
  // df-pn+: unsolved leaves start at the heuristic's numbers instead of (1, 1).
  bool heuristic = false;
  // df-pn+: added to every unsolved child's number where the parent takes the minimum.
  ProofNumber cost = 0;
  // df-pn+: added besides to an unsolved child that is not one of the game's focus moves.
  ProofNumber focus_cost = 0;
  // Where focus moves are in use (lazy expansion, or df-pn+'s focus cost; the registry offers it
  // for df-pn+ only): the last two moves outside the focus that won for their mover at a ply join
  // the focus at the next positions of that ply (killer moves), played at once and free of
  // focus_cost.
  bool killers = false;
  // The 1+epsilon trick; 0 gives Nagai's thresholds.
  double epsilon = 0.25;
  std::size_t tt_mb = 16;
  // Relevance zones, where the game has them (HasRelevanceZones) and calls them sound: a losing
  // mover's moves outside the zone of its null move's refutation are refuted without search.
  bool zones = true;
  // Lazy expansion where the game names its focus moves (HasFocusMoves): the other children are
  // played only when selected.
  bool lazy = true;
  // Tests: search the null child wherever zones apply, not only where the mover looks no likelier
  // to win than to lose (more pruning to check, more work).
  bool null_everywhere = false;
  // When set: the search starts from the proved positions (with their zones) of the table the
  // carry holds, the caller vouching that each is proved in this search too (the same problem
  // under rules no worse for the prover, as a go-capture problem's second ko question is), and
  // leaves its own table there for the next.
  DfpnCarry* carry = nullptr;
};

class DfpnTable {
 public:
  static constexpr std::size_t kMaxMib = 65536;

  struct Entry {
    std::uint64_t key = 0;
    ProofNumber pn = 0;
    ProofNumber dn = 0;
    std::uint32_t work = 0;    // nodes spent below this position (0: empty slot)
    std::uint16_t depth = 0;   // solved: plies of the main line
    std::uint16_t played = 0;  // lazy expansion: the moves played (a prefix of the move list)
  };
  static_assert(sizeof(Entry) == 24 && std::is_trivially_copyable_v<Entry>);

  // Throws ParamError unless 1 <= mib <= kMaxMib.
  explicit DfpnTable(std::size_t mib) {
    if (mib < 1 || mib > kMaxMib) {
      throw ParamError("df-pn table size must be 1.." + std::to_string(kMaxMib) + " MiB, got " +
                       std::to_string(mib));
    }
    buckets_ = std::max<std::size_t>(1, mib * (std::size_t{1} << 20) / (sizeof(Entry) * kWays));
    // Zeroed pages made as they are first touched (an all-zero entry is an empty slot).
    // A table small enough to be emptied by rewriting its entries is made whole at once.
    const bool tracked = mib <= kTrackedMib;
    entries_ = ZeroedArray<Entry>(buckets_ * kWays, tracked ? buckets_ * kWays : 0);
    if (tracked) track_limit_ = slots() / 8;
  }
  DfpnTable(DfpnTable&&) noexcept = default;
  DfpnTable& operator=(DfpnTable&&) noexcept = default;
  // Zeroes the slots it filled, where it noted them, so that its memory goes back to the thread's
  // pool without a clearing of the whole table.
  ~DfpnTable() {
    if (!entries_ || filled_.size() > track_limit_) return;
    for (const std::uint32_t i : filled_) entries_[i] = Entry{};
    entries_.set_dirty(0);
  }

  // The slots filled since the table was made, or nullptr when there were too many to note.
  [[nodiscard]] const std::vector<std::uint32_t>* filled_slots() const {
    return filled_.size() > track_limit_ ? nullptr : &filled_;
  }

  [[nodiscard]] const Entry* probe(std::uint64_t key) const {
    const Entry* b = &entries_[bucket(key)];
    for (std::size_t i = 0; i < kWays; ++i) {
      if (b[i].work != 0 && b[i].key == key) return &b[i];
    }
    return nullptr;
  }

  // `work`: nodes this visit spent; added to what the position had cost before. Returns the slot
  // (see slot()).
  std::size_t store(std::uint64_t key, ProofNumber pn, ProofNumber dn, std::uint16_t depth,
                    std::uint16_t played, std::uint64_t work) {
    Entry* b = &entries_[bucket(key)];
    Entry* victim = nullptr;
    for (std::size_t i = 0; i < kWays; ++i) {
      if (b[i].work != 0 && b[i].key == key) {
        victim = &b[i];
        work += b[i].work;
        break;
      }
    }
    if (victim == nullptr) {
      victim = &b[0];
      for (std::size_t i = 0; i < kWays; ++i) {
        if (b[i].work == 0) {
          victim = &b[i];
          break;
        }
        if (b[i].work < victim->work) victim = &b[i];
      }
    }
    if (victim->work == 0) note_filled(slot(victim));
    victim->key = key;
    victim->pn = pn;
    victim->dn = dn;
    victim->work = static_cast<std::uint32_t>(std::clamp<std::uint64_t>(work, 1, 0xFFFFFFFFULL));
    victim->depth = depth;
    victim->played = played;
    return slot(victim);
  }

  // The index of an entry among all of them, 0..slots(): for data kept beside the table.
  [[nodiscard]] std::size_t slot(const Entry* e) const {
    return static_cast<std::size_t>(e - entries_.data());
  }
  [[nodiscard]] std::size_t slots() const { return buckets_ * kWays; }

  // Starts loading the bucket of `key` (both of its cache lines), for a probe a little later.
  void prefetch(std::uint64_t key) const {
    const Entry* b = &entries_[bucket(key)];
    __builtin_prefetch(b);
    __builtin_prefetch(reinterpret_cast<const char*>(b) + sizeof(Entry) * kWays - 1);
  }

  [[nodiscard]] std::size_t bytes() const { return buckets_ * kWays * sizeof(Entry); }

  // Copies the entries of `from` (a table of the same size) at `slots` that are still proved
  // there into the same slots here; calls `kept(slot)` for each. Returns how many.
  template <class Kept>
  std::size_t keep_proofs(const DfpnTable& from, const std::vector<std::uint32_t>& slots_of,
                          Kept&& kept) {
    if (from.slots() != slots()) return 0;
    std::size_t n = 0;
    for (const std::uint32_t i : slots_of) {
      const Entry& e = from.entries_[i];
      if (e.work == 0 || e.pn != 0 || entries_[i].work != 0) continue;
      note_filled(i);
      entries_[i] = e;
      kept(i);
      ++n;
    }
    return n;
  }

 private:
  static constexpr std::size_t kWays = 4;
  // Tables up to this size note the slots they fill, up to an eighth of them: a small search's
  // table is then emptied by rewriting its few entries. A bigger one's memory stays made while it
  // is kept, so it is handed back to the kernel instead.
  static constexpr std::size_t kTrackedMib = 64;
  void note_filled(std::size_t i) {
    if (filled_.size() <= track_limit_) filled_.push_back(static_cast<std::uint32_t>(i));
  }
  [[nodiscard]] std::size_t bucket(std::uint64_t key) const {
    const std::uint64_t mixed = key * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>((static_cast<unsigned __int128>(mixed) * buckets_) >> 64) *
           kWays;
  }
  std::size_t buckets_ = 0;
  ZeroedArray<Entry> entries_;
  std::vector<std::uint32_t> filled_;
  std::size_t track_limit_ = 0;  // filled_ past this: not noted (more than an eighth)
};

// What one df-pn search leaves for the next (DfpnOptions::carry): its table, and the relevance
// zones kept beside it (the game's Zone type, by slot; empty without zones).
struct DfpnCarry {
  std::unique_ptr<DfpnTable> table;
  std::shared_ptr<void> zones;
  std::vector<std::uint32_t> proved;  // the slots where it stored a proof (some since replaced)
};

namespace detail {

// A game's zone type, or nothing for a game without zones.
struct NoZone {
  void clear() {}
};
template <class G>
struct ZoneOf {
  using type = NoZone;
};
template <HasRelevanceZones G>
struct ZoneOf<G> {
  using type = typename G::Zone;
};

template <Game G, class H>
class DfpnSearcher {
 public:
  using State = typename G::State;
  using Zone = typename ZoneOf<G>::type;
  static constexpr bool kZoneGame = HasRelevanceZones<G>;

  DfpnSearcher(const G& game, const SolverGoal& goal, const SearchLimits& limits,
               const H& heuristic, const DfpnOptions& options)
      : game_(game),
        goal_(goal),
        heuristic_(heuristic),
        options_(options),
        budget_(limits),
        table_(options.tt_mb) {
    if constexpr (kZoneGame) {
      zones_ = options.zones && game.zones_sound();
      if (zones_) {
        // Zones of solved entries, by slot (pages made as they are used).
        zone_store_ = ZeroedArray<Zone>(table_.slots());
      }
    }
    // (A proof without its zone would claim too much where zones are kept: none is carried then.)
    if (options.carry != nullptr && options.carry->table != nullptr &&
        (!zone_store_ || options.carry->zones != nullptr)) {
      const auto* zones = static_cast<const ZeroedArray<Zone>*>(options.carry->zones.get());
      table_.keep_proofs(*options.carry->table, options.carry->proved, [&](std::size_t slot) {
        if (zone_store_) zone_store_[slot] = (*zones)[slot];
      });
    }
    if (options.carry != nullptr) *options.carry = {};
    // With the heuristic, the deferred children's estimate is the null child's (a zone game's).
    lazy_ = options.lazy && HasFocusMoves<G> && (kZoneGame || !options.heuristic);
    if (options.heuristic && HasFocusMoves<G>) focus_cost_ = options.focus_cost;
    killers_on_ = options.killers && (lazy_ || focus_cost_ != 0);
  }

  DfpnSearcher(const DfpnSearcher&) = delete;
  DfpnSearcher& operator=(const DfpnSearcher&) = delete;
  // Zones are only written at slots the table filled: zeroed there, their store goes back to the
  // thread's pool clean, as the table does.
  ~DfpnSearcher() {
    if (!zone_store_) return;
    const std::vector<std::uint32_t>* filled = table_.filled_slots();
    if (filled == nullptr) return;
    for (const std::uint32_t i : *filled) {
      std::memset(static_cast<void*>(&zone_store_[i]), 0, sizeof(Zone));
    }
    zone_store_.set_dirty(0);
  }

  // Moves this search's table and zones into `carry` (after run; the searcher is spent).
  void leave(DfpnCarry& carry) {
    carry.table = std::make_unique<DfpnTable>(std::move(table_));
    carry.proved = std::move(proved_slots_);
    if (zone_store_) carry.zones = std::make_shared<ZeroedArray<Zone>>(std::move(zone_store_));
  }

  SolveResult run(const State& root) {
    const double wall0 = wall_ms();
    const double cpu0 = thread_cpu_ms();
    SolveResult result;
    stats_.peak_bytes = table_.bytes();
    if (zones_) stats_.peak_bytes += table_.slots() * sizeof(Zone);  // the zones beside it
    Numbers r;
    if (game_.is_terminal(root)) {
      ++stats_.nodes;
      ++stats_.leaves;
      const bool reached = goal_reached(game_, goal_, root);
      r = reached ? Numbers{0, kPnInfinity, 0} : Numbers{kPnInfinity, 0, 0};
    } else {
      Zone zone;
      r = mid(root, game_.hash(root), 0, kPnInfinity, kPnInfinity, zone);
    }
    if (!aborted_) {
      result.status = status_of(r.pn, r.dn);
      if (result.status != ProofStatus::kUnknown) {
        result.depth = r.depth;
        extract_main_line(root, r, result);
      }
    }
    result.stats = stats_;
    result.stats.cpu_ms = thread_cpu_ms() - cpu0;
    result.wall_ms = wall_ms() - wall0;
    return result;
  }

 private:
  struct Numbers {
    ProofNumber pn = 1;
    ProofNumber dn = 1;
    std::uint16_t depth = 0;
  };

  // The children of the node being searched at one ply: kept across MID's loop so that each child
  // is generated once per visit, and their last known numbers (used when the table has lost them).
  struct Frame {
    std::array<Move, G::kMaxMoves> moves;
    std::array<std::uint64_t, G::kMaxMoves> keys;
    std::array<ProofNumber, G::kMaxMoves> pn;
    std::array<ProofNumber, G::kMaxMoves> dn;
    std::array<std::uint16_t, G::kMaxMoves> depth;
    std::array<std::uint8_t, G::kMaxMoves> terminal;
    std::size_t size = 0;
    // Children [0, focus) are the game's focus moves (all of them where it names none), and the
    // ply's killer moves last among them where they are not (named_focus: without them).
    std::size_t focus = 0;
    std::size_t named_focus = 0;
    // Lazy expansion: children [0, live) are played and evaluated; the moves from `live` on are
    // not yet, and all stand at `deferred` (the first of them stands for all in the choice).
    // (A deferred child's key holds its index in the move list until it is played; `played` is one
    // past the last index played.)
    std::size_t live = 0;
    std::size_t played = 0;
    ProofEstimate deferred;
    // Relevance zones: the zones of the solved children that are not terminal, the children that
    // the null move's refutation covers, and the null child: searched while `null_active`, its
    // refutation used when `null_used` (then `must` holds the points still to search).
    std::array<Zone, G::kMaxMoves> zone;
    std::array<std::uint8_t, G::kMaxMoves> pruned;
    State null_state;
    std::uint64_t null_key = 0;
    ProofNumber null_pn = 1;
    ProofNumber null_dn = 1;
    bool null_active = false;
    bool null_used = false;
    Zone null_zone;
    Zone must;
  };

  Frame& frame(int ply) {
    const auto p = static_cast<std::size_t>(ply);
    while (frames_.size() <= p) frames_.push_back(std::make_unique<Frame>());
    return *frames_[p];
  }

  // Generates and evaluates the children of `s` into `f`.
  void expand(const State& s, std::uint64_t key, int ply, Frame& f, bool after_null) {
    MovesOf<G> moves;
    bool named = false;
    if constexpr (HasFocusMoves<G>) {
      named = lazy_ || focus_cost_ != 0;
      if (named) f.focus = game_.focus_moves(s, moves);
    }
    if (!named) {
      game_.legal_moves(s, moves);
      f.focus = moves.size();
    }
    f.named_focus = f.focus;
    if (named && killers_on_) promote_killers(ply, moves, f);
    // The children played now: all, or (lazy) the focus and as many as an earlier visit played.
    std::size_t focus = lazy_ ? f.focus : moves.size();
    // What the table knows of this position from earlier visits (nothing below stores before it
    // is read).
    const DfpnTable::Entry* self = lazy_ || zones_ ? table_.probe(key) : nullptr;
    if (lazy_ && self != nullptr) {
      focus = std::max<std::size_t>(focus, std::min<std::size_t>(self->played, moves.size()));
    }
    ++stats_.interior;
    const bool or_node = game_.to_move(s) == goal_.prover;
    // The null child first: when the table already knows its refutation, the moves it covers are
    // not even played.
    f.size = 0;
    f.live = 0;
    if (zones_) {
      f.null_active = false;
      f.null_used = false;
      // Not after a null move: a chain of them would search the same board ply after ply.
      if (!after_null) expand_null(s, f);
      // Only where the mover looks no likelier to win than to lose (its winning number at least
      // its losing one): elsewhere the null move is most often no refutation. On a first visit
      // the moves come first (most positions are solved at once or never revisited); on a
      // revisit the null child is searched before they are played.
      if (f.null_active) {
        const DfpnTable::Entry* e = self;
        if (e != nullptr &&
            (options_.null_everywhere || (or_node ? e->pn >= e->dn : e->dn >= e->pn))) {
          search_null(s, key, ply, f);
        }
      }
      if (aborted_) return;
    }
    f.size = focus;
    for (std::size_t i = 0; i < focus; ++i) {
      f.moves[i] = moves[i];
      if (zones_) {
        f.pruned[i] = 0;
        if (covered(f, moves[i])) {
          f.pruned[i] = 1;
          f.terminal[i] = 0;
          f.keys[i] = 0;
          f.depth[i] = 0;
          f.pn[i] = or_node ? kPnInfinity : 0;
          f.dn[i] = or_node ? 0 : kPnInfinity;
          continue;
        }
      }
      play_child(s, f, i);
    }
    // What the table knows of the children (their buckets were prefetched above). Afterwards only
    // the child just searched changes: the loop below keeps its numbers as returned, so a child
    // whose entry was since replaced keeps what it had.
    for (std::size_t i = 0; i < focus; ++i) {
      if (f.terminal[i] != 0 || (zones_ && f.pruned[i] != 0)) continue;
      probe_child(f, i);
    }
    f.live = focus;
    f.played = focus;
    // The rest wait, but for those the null move's refutation already covers.
    for (std::size_t i = focus; i < moves.size(); ++i) {
      if (zones_ && covered(f, moves[i])) continue;
      f.keys[f.size] = i;
      f.moves[f.size++] = moves[i];
    }
    if (f.live < f.size) {
      f.deferred = {1, 1};
      if constexpr (kZoneGame) {
        if (options_.heuristic) {
          const State v = zones_ && !after_null ? f.null_state : game_.null_child(s);
          if (game_.is_terminal(v)) {
            while (f.live < f.size) play_deferred(s, f);
          } else {
            const ProofEstimate e = heuristic_(v);
            f.deferred = {std::max<ProofNumber>(1, e.pn), std::max<ProofNumber>(1, e.dn)};
          }
        }
      }
    }
  }

  // Plays child i of `s` and sets its numbers: its result if the game has ended, else the
  // heuristic's estimate (the table is asked later: probe_child).
  void play_child(const State& s, Frame& f, std::size_t i) {
    State c = s;
    game_.play(c, f.moves[i]);
    ++stats_.leaves;
    f.depth[i] = 0;
    if (zones_) f.pruned[i] = 0;
    if (game_.is_terminal(c)) {
      const bool reached = goal_reached(game_, goal_, c);
      f.terminal[i] = 1;
      f.keys[i] = 0;
      f.pn[i] = reached ? 0 : kPnInfinity;
      f.dn[i] = reached ? kPnInfinity : 0;
      return;
    }
    f.terminal[i] = 0;
    f.keys[i] = game_.hash(c);
    table_.prefetch(f.keys[i]);
    ProofEstimate e;
    if (options_.heuristic) e = heuristic_(c);
    f.pn[i] = std::max<ProofNumber>(1, e.pn);
    f.dn[i] = std::max<ProofNumber>(1, e.dn);
  }

  // Child i's numbers from the table, where it has them.
  void probe_child(Frame& f, std::size_t i) {
    ++stats_.tt_probes;
    if (const DfpnTable::Entry* e = table_.probe(f.keys[i])) {
      ++stats_.tt_hits;
      f.pn[i] = e->pn;
      f.dn[i] = e->dn;
      f.depth[i] = e->depth;
      if (zones_ && (e->pn == 0 || e->dn == 0)) f.zone[i] = zone_store_[table_.slot(e)];
    }
  }

  // The killer moves of `ply` that are among the moves after the focus move to the focus's end
  // and join it.
  void promote_killers(int ply, MovesOf<G>& moves, Frame& f) {
    const auto p = static_cast<std::size_t>(ply);
    if (p >= killer_count_.size()) return;
    for (std::size_t k = 0; k < killer_count_[p]; ++k) {
      for (std::size_t j = f.focus; j < moves.size(); ++j) {
        if (moves[j] != killers_[p][k]) continue;
        std::rotate(moves.begin() + f.focus, moves.begin() + j, moves.begin() + j + 1);
        ++f.focus;
        break;
      }
    }
  }

  // `f`'s position (at `ply`) was won by its mover with child `best`: a move outside the game's
  // focus becomes the ply's first killer, the first before it (if another) its second.
  void note_killer(int ply, const Frame& f, std::size_t best) {
    if (!killers_on_ || best < f.named_focus) return;
    const auto p = static_cast<std::size_t>(ply);
    if (killer_count_.size() <= p) {
      killer_count_.resize(p + 1, 0);
      killers_.resize(p + 1);
    }
    auto& k = killers_[p];
    const Move m = f.moves[best];
    if (killer_count_[p] == 0) {
      killer_count_[p] = 1;
    } else if (k[0] != m) {
      k[1] = k[0];
      killer_count_[p] = 2;
    }
    k[0] = m;
  }

  // The edge cost of child i: `cost`, and `focus_cost` besides where it is not a focus move.
  [[nodiscard]] ProofNumber cost(const Frame& f, std::size_t i) const {
    return i < f.focus ? options_.cost : pn_add(options_.cost, focus_cost_);
  }

  // Plays and evaluates the first deferred child.
  void play_deferred(const State& s, Frame& f) {
    const std::size_t i = f.live++;
    f.played = static_cast<std::size_t>(f.keys[i]) + 1;
    play_child(s, f, i);
    if (f.terminal[i] == 0) probe_child(f, i);
  }

  // The null child first, for one stretch a visit, before the moves are played: its refutation
  // by the mover's opponent may spare most of them. The stretch ends when refuting it looks twice
  // as hard as before, when it is solved, or after half as many nodes as this position has cost so
  // far (at least kNullStretch): a null move that does not lose (the mover was winning) costs a
  // bounded share of the work.
  void search_null(const State& s, std::uint64_t key, int ply, Frame& f) {
    if constexpr (kZoneGame) {
      const bool or_node = game_.to_move(s) == goal_.prover;
      f.null_active = false;
      const ProofNumber loss = or_node ? f.null_dn : f.null_pn;
      const ProofNumber loss_th = std::min(kPnMax, pn_add(loss, std::max<ProofNumber>(1, loss)));
      const DfpnTable::Entry* self = table_.probe(key);
      const std::uint64_t spent = self != nullptr ? self->work : 0;
      const std::uint64_t outer_stop = stop_at_;
      stop_at_ = std::min(stop_at_, stats_.nodes + std::max(kNullStretch, spent / 2));
      Zone nz;
      const Numbers nr =
          or_node ? mid(f.null_state, f.null_key, ply + 1, kPnInfinity, loss_th, nz, true)
                  : mid(f.null_state, f.null_key, ply + 1, loss_th, kPnInfinity, nz, true);
      stop_at_ = outer_stop;
      if (aborted_) return;
      if (loses_for_mover(or_node, nr.pn, nr.dn)) {
        f.null_zone = nz;
        prune(s, f);
      }
    }
  }

  // A move the null child's refutation refutes too.
  static bool covered(const Frame& f, Move m) {
    if constexpr (kZoneGame) {
      return f.null_used && G::outside(f.must, m);
    } else {
      return false;
    }
  }

  // The mover's result in the prover's numbers.
  static bool loses_for_mover(bool or_node, ProofNumber pn, ProofNumber dn) {
    return or_node ? dn == 0 : pn == 0;
  }
  static bool wins_for_mover(bool or_node, ProofNumber pn, ProofNumber dn) {
    return or_node ? pn == 0 : dn == 0;
  }

  // The null child of `s`: its result if known (a refutation prunes at once), else its numbers.
  void expand_null(const State& s, Frame& f) {
    if constexpr (kZoneGame) {
      const bool or_node = game_.to_move(s) == goal_.prover;
      f.null_state = game_.null_child(s);
      const State& v = f.null_state;
      if (game_.is_terminal(v)) {
        const bool reached = goal_reached(game_, goal_, v);
        if (loses_for_mover(or_node, reached ? 0 : 1, reached ? 1 : 0)) {
          f.null_zone.clear();
          game_.add_status_zone(v, f.null_zone);
          prune(s, f);
        }
        return;
      }
      f.null_key = game_.hash(v);
      f.null_pn = 1;
      f.null_dn = 1;
      ++stats_.tt_probes;
      if (const DfpnTable::Entry* e = table_.probe(f.null_key)) {
        ++stats_.tt_hits;
        f.null_pn = e->pn;
        f.null_dn = e->dn;
        if (loses_for_mover(or_node, e->pn, e->dn)) {
          f.null_zone = zone_store_[table_.slot(e)];
          prune(s, f);
          return;
        }
        if (wins_for_mover(or_node, e->pn, e->dn)) return;
      } else if (options_.heuristic) {
        const ProofEstimate e = heuristic_(v);
        f.null_pn = std::max<ProofNumber>(1, e.pn);
        f.null_dn = std::max<ProofNumber>(1, e.dn);
      }
      f.null_active = true;
    }
  }

  // The null child lost for the mover: every move it covers loses too.
  void prune(const State& s, Frame& f) {
    if constexpr (kZoneGame) {
      const bool or_node = game_.to_move(s) == goal_.prover;
      f.null_used = true;
      f.must.clear();
      Zone scratch;
      game_.null_move_zone(s, f.null_zone, f.must, scratch);
      for (std::size_t i = 0; i < f.live; ++i) {
        if (!covered(f, f.moves[i]) || wins_for_mover(or_node, f.pn[i], f.dn[i])) continue;
        f.pruned[i] = 1;
        f.pn[i] = or_node ? kPnInfinity : 0;
        f.dn[i] = or_node ? 0 : kPnInfinity;
        f.depth[i] = 0;
      }
      // The deferred moves it covers are dropped: lost for the mover, they change no number.
      std::size_t n = f.live;
      for (std::size_t i = f.live; i < f.size; ++i) {
        if (covered(f, f.moves[i])) continue;
        f.keys[n] = f.keys[i];
        f.moves[n++] = f.moves[i];
      }
      f.size = n;
    }
  }

  // The zone of solved `s` (ongoing), from its children in `f`; `best` the winning child when
  // the mover wins.
  void solved_zone(const State& s, Frame& f, bool mover_won, std::size_t best, Zone& z) {
    if constexpr (kZoneGame) {
      z.clear();
      game_.add_status_zone(s, z);
      auto add_child = [&](std::size_t i) {
        if (f.terminal[i] != 0) {
          State c = s;
          game_.play(c, f.moves[i]);
          game_.add_status_zone(c, z);
        } else {
          z |= f.zone[i];
        }
        game_.add_move_zone(s, f.moves[i], z);
      };
      if (mover_won) {
        add_child(best);
        return;
      }
      if (!f.null_used) {
        z.fill();  // a position that differs anywhere may have another move
        return;
      }
      Zone scratch;
      game_.null_move_zone(s, f.null_zone, scratch, z);
      for (std::size_t i = 0; i < f.size; ++i) {
        if (f.pruned[i] == 0) add_child(i);
      }
    }
  }

  static ProofNumber grow(ProofNumber x, double epsilon) {
    if (x >= kPnMax) return kPnInfinity;
    const double scaled = std::ceil(static_cast<double>(x) * (1.0 + epsilon));
    const double t = std::max(static_cast<double>(x) + 1.0, scaled);
    return t >= static_cast<double>(kPnMax) ? kPnMax : static_cast<ProofNumber>(t);
  }

  // `zone` receives the relevance zone when `s` is solved (zones on).
  Numbers mid(const State& s, std::uint64_t key, int ply, ProofNumber th_pn, ProofNumber th_dn,
              Zone& zone, bool after_null = false) {
    if (budget_.exhausted(stats_.nodes)) {
      aborted_ = true;
      return {};
    }
    ++stats_.nodes;
    const std::uint64_t nodes0 = stats_.nodes;
    const bool or_node = game_.to_move(s) == goal_.prover;
    Frame& f = frame(ply);
    expand(s, key, ply, f, after_null);
    if (aborted_) return {};
    const ProofNumber th_phi = or_node ? th_pn : th_dn;
    const ProofNumber th_delta = or_node ? th_dn : th_pn;
    Numbers r;
    std::size_t best = 0;
    for (;;) {
      ProofNumber sel1 = kPnInfinity;
      ProofNumber sel2 = kPnInfinity;
      ProofNumber sum = 0;
      best = 0;
      for (std::size_t i = 0; i < f.live; ++i) {
        ProofNumber sel = or_node ? f.pn[i] : f.dn[i];
        const ProofNumber other = or_node ? f.dn[i] : f.pn[i];
        if (sel != 0 && sel < kPnInfinity) sel = pn_add(sel, cost(f, i));
        if (sel < sel1) {
          sel2 = sel1;
          sel1 = sel;
          best = i;
        } else if (sel < sel2) {
          sel2 = sel;
        }
        sum = pn_add(sum, other);
      }
      if (f.live < f.size) {
        // The deferred children, at one estimate: the first of them stands for them all.
        ProofNumber sel = or_node ? f.deferred.pn : f.deferred.dn;
        sel = pn_add(sel, cost(f, f.live));
        if (sel < sel1) {
          sel2 = f.size - f.live > 1 ? sel : sel1;
          sel1 = sel;
          best = f.live;
        } else if (sel < sel2) {
          sel2 = sel;
        }
        sum = pn_add(sum, pn_times(or_node ? f.deferred.dn : f.deferred.pn, f.size - f.live));
      }
      const ProofNumber phi = sel1;
      const ProofNumber delta = sum;
      r.pn = or_node ? phi : delta;
      r.dn = or_node ? delta : phi;
      if (phi >= th_phi || delta >= th_delta || stats_.nodes >= stop_at_) break;
      if constexpr (kZoneGame) {
        if (f.null_active && (phi >= delta || options_.null_everywhere)) {
          search_null(s, key, ply, f);
          if (aborted_) return r;
          continue;
        }
      }
      if (best >= f.live) {
        play_deferred(s, f);
        continue;
      }
      // Thresholds of the best child, in the parent's terms, then in the child's.
      ProofNumber child_sel_th = std::min(th_phi, grow(sel2, options_.epsilon));
      if (child_sel_th < kPnInfinity) child_sel_th -= cost(f, best);
      const ProofNumber child_other = or_node ? f.dn[best] : f.pn[best];
      const std::int64_t other_th = static_cast<std::int64_t>(th_delta) -
                                    static_cast<std::int64_t>(delta) +
                                    static_cast<std::int64_t>(child_other);
      const auto child_other_th = static_cast<ProofNumber>(
          std::clamp<std::int64_t>(other_th, 1, static_cast<std::int64_t>(kPnInfinity)));
      State c = s;
      game_.play(c, f.moves[best]);
      const Numbers cr =
          or_node ? mid(c, f.keys[best], ply + 1, child_sel_th, child_other_th, f.zone[best])
                  : mid(c, f.keys[best], ply + 1, child_other_th, child_sel_th, f.zone[best]);
      if (aborted_) return r;
      f.pn[best] = cr.pn;
      f.dn[best] = cr.dn;
      f.depth[best] = cr.depth;
    }
    if (r.pn == 0 || r.dn == 0) {
      const bool mover_wins = or_node ? r.pn == 0 : r.dn == 0;
      int d = -1;
      for (std::size_t i = 0; i < f.live; ++i) {
        if (mover_wins) {
          if ((or_node ? f.pn[i] : f.dn[i]) != 0) continue;
          if (d < 0 || f.depth[i] < d) {
            d = f.depth[i];
            best = i;
          }
        } else if (f.depth[i] > d) {
          d = f.depth[i];
          best = i;
        }
      }
      r.depth = static_cast<std::uint16_t>(std::min(d + 1, 65535));
      if (mover_wins) note_killer(ply, f, best);
      if (zones_) solved_zone(s, f, mover_wins, best, zone);
    }
    const std::size_t slot =
        table_.store(key, r.pn, r.dn, r.depth,
                     static_cast<std::uint16_t>(std::min<std::size_t>(f.played, 65535)),
                     stats_.nodes - nodes0 + 1);
    if (zones_ && (r.pn == 0 || r.dn == 0)) zone_store_[slot] = zone;
    if (r.pn == 0 && options_.carry != nullptr)
      proved_slots_.push_back(static_cast<std::uint32_t>(slot));
    return r;
  }

  // Follows the table from the root: the winner's shortest winning child, the loser's deepest
  // child, until the end of the game or a position the table no longer holds.
  void extract_main_line(const State& root, const Numbers& root_numbers, SolveResult& result) {
    State s = root;
    Numbers n = root_numbers;
    while (!game_.is_terminal(s) && static_cast<int>(result.main_line.size()) < kMaxMainLine) {
      const bool or_node = game_.to_move(s) == goal_.prover;
      const bool mover_wins = or_node ? n.pn == 0 : n.dn == 0;
      MovesOf<G> moves;
      game_.legal_moves(s, moves);
      int chosen = -1;
      Numbers chosen_numbers;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        State c = s;
        game_.play(c, moves[i]);
        Numbers cn;
        if (game_.is_terminal(c)) {
          const bool reached = goal_reached(game_, goal_, c);
          cn = reached ? Numbers{0, kPnInfinity, 0} : Numbers{kPnInfinity, 0, 0};
        } else if (const DfpnTable::Entry* e = table_.probe(game_.hash(c))) {
          cn = {e->pn, e->dn, e->depth};
        } else {
          continue;
        }
        if (cn.pn != 0 && cn.dn != 0) continue;
        if (mover_wins) {
          if ((or_node ? cn.pn : cn.dn) != 0) continue;
          if (chosen < 0 || cn.depth < chosen_numbers.depth) {
            chosen = static_cast<int>(i);
            chosen_numbers = cn;
          }
        } else if (chosen < 0 || cn.depth > chosen_numbers.depth) {
          chosen = static_cast<int>(i);
          chosen_numbers = cn;
        }
      }
      if (chosen < 0) break;
      const Move m = moves[static_cast<std::size_t>(chosen)];
      result.main_line.push_back(m);
      game_.play(s, m);
      n = chosen_numbers;
    }
    if (!result.main_line.empty()) result.best_move = result.main_line.front();
  }

  const G& game_;
  SolverGoal goal_;
  const H& heuristic_;
  DfpnOptions options_;
  SearchBudget budget_;
  DfpnTable table_;
  SearchStats stats_;
  bool aborted_ = false;
  std::vector<std::unique_ptr<Frame>> frames_;
  bool zones_ = false;
  bool lazy_ = false;
  ProofNumber focus_cost_ = 0;
  bool killers_on_ = false;
  // The killer moves of each ply, the latest first: killer_count_ of them.
  std::vector<std::array<Move, 2>> killers_;
  std::vector<std::uint8_t> killer_count_;
  // Nodes at which the null child's stretch under way ends (see mid).
  std::uint64_t stop_at_ = ~std::uint64_t{0};
  static constexpr std::uint64_t kNullStretch = 16;
  ZeroedArray<Zone> zone_store_;
  // With a carry: the slots where a proof was stored, for the next search to copy.
  std::vector<std::uint32_t> proved_slots_;
};

}  // namespace detail

// Solves `goal` from `root` with df-pn (options.heuristic off, cost 0) or df-pn+. limits.depth is
// ignored; max_nodes and max_ms bound the search, which then ends unknown. Throws ParamError for a
// bad table size or epsilon.
template <Game G, class H>
requires ProofHeuristic<H, G> SolveResult dfpn(const G& game, const SolverGoal& goal,
                                               const typename G::State& root,
                                               const SearchLimits& limits, const H& heuristic,
                                               const DfpnOptions& options = {}) {
  if (!(limits.max_ms >= 0.0)) throw ParamError("search time budget must be at least 0 ms");
  if (!(options.epsilon >= 0.0 && options.epsilon <= 10.0)) {
    throw ParamError("df-pn: epsilon must be 0..10");
  }
  if (options.cost > 1000000) throw ParamError("df-pn+: cost must be at most 1000000");
  // The clock includes allocating the table, as alpha-beta's does.
  const double wall0 = wall_ms();
  detail::DfpnSearcher<G, H> searcher(game, goal, limits, heuristic, options);
  SolveResult r = searcher.run(root);
  if (options.carry != nullptr) searcher.leave(*options.carry);
  r.wall_ms = wall_ms() - wall0;
  return r;
}

}  // namespace gts
