// The registry: the only place where game and algorithm templates meet their names.
//
// A GameHandle is one configured game (name + parameters) behind a virtual interface; it turns
// notation into states, builds Searchers (algorithm × evaluation instantiated for that game), and
// runs perft. Per-node work never crosses this interface: a Searcher call is one whole search.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ranges>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/search.h"
#include "games/evaluation.h"
#include "games/params.h"
#include "harness/strf.h"
#include "harness/trace/search_trace.h"

namespace gts {

// A position `harness bench` searches with every algorithm's bench variants, at a fixed depth.
struct BenchPosition {
  std::string label;
  std::map<std::string, std::string> params;  // the game's parameters
  std::string position;                       // in the game's notation; empty: the start
  int depth = 0;                              // kDepthMax: to the end of the game
};

struct GameInfo {
  std::string name;
  std::string description;
  std::vector<ParamSpec> params;
  std::vector<EvalInfo> evaluations;
  std::string default_evaluation;
  // Facts the harness acts on (from the game class, with defaults where it says nothing):
  std::array<std::string, 2> side_names = {"MAX", "MIN"};  // sides 0 and 1, for people
  bool outcome_is_margin = false;      // the final value is a score margin (Kalah's stores)
  bool outcome_is_leaf_value = false;  // a finished line ends in a leaf's value (trees)
  // A uniform tree: its `branching` and `depth` parameters give the minimal alpha-beta tree.
  bool uniform_tree = false;
  // Positions `harness bench` searches (set where the game registers, harness/games/).
  std::vector<BenchPosition> bench_positions = {};
};

// What the harness needs to know about an algorithm, so that no code outside the registry names
// one. Each fact is stated where the algorithm registers (its entry in harness/algorithms/).
struct AlgorithmFacts {
  // Honours a node or time budget and then plays the best move of its last completed iteration
  // (never a depth-0 move). `anytime_option`, when set, is the option that turns its iterative
  // deepening on, set to "on" under a budget.
  bool anytime = false;
  std::string anytime_option = {};
  // Draws on the search seed (random tie-breaking, with the `seed` option as the default seed).
  bool seeded = false;
  // Set for an algorithm that ends only under a node or time budget unless this option is "on"
  // (mcts: `solver`, which searches until its root is proven): without a budget and with the
  // option off it is refused (check_ends_unbudgeted). Empty: every search ends.
  std::string budget_free_option = {};
  // An integer option whose non-zero value is a budget of its own (mcts: `iterations`): with it
  // set, a search ends without a node or time budget.
  std::string budget_option = {};
  // Searches at all (false for the random baseline: no value, no tree to print).
  bool searches = true;
  // The plain full-width search every other algorithm is checked against (compare's reference).
  bool reference = false;
  // The algorithm compare's cost ratios are taken against.
  bool ratio_baseline = false;
  // Its table grows up to `tt_max_mb` in every search, not only in searches to the end.
  bool table_always_grows = false;
  // Without a transposition table it visits about N^tree_exponent of the N positions within its
  // depth: 1 for full-width minimax, 1/2 at best for the alpha-beta family at a fixed depth (Knuth
  // and Moore's minimal tree; to the end, the game's own cuts decide). 0: no such estimate.
  double tree_exponent = 0;
};

// One position of one configured game across the type-erased boundary: made by a GameHandle and
// read back only by a handle of the same game type, which checks it (a position of another game
// is a logic error, reported as such).
class Position {
 public:
  struct Data {
    virtual ~Data() = default;
    [[nodiscard]] virtual std::unique_ptr<Data> clone() const = 0;
  };
  Position() = default;
  explicit Position(std::unique_ptr<Data> data) : data_(std::move(data)) {}
  Position(const Position& o) : data_(o.data_ ? o.data_->clone() : nullptr) {}
  Position& operator=(const Position& o) {
    if (this != &o) data_ = o.data_ ? o.data_->clone() : nullptr;
    return *this;
  }
  Position(Position&&) noexcept = default;
  Position& operator=(Position&&) noexcept = default;
  ~Position() = default;

  // The data as T; throws std::logic_error when it is another game's (or empty).
  template <class T>
  [[nodiscard]] T& as() const {
    auto* d = dynamic_cast<T*>(data_.get());
    if (d == nullptr) throw std::logic_error("a position handed to a game of another type");
    return *d;
  }

 private:
  std::unique_ptr<Data> data_;
};

// Searches positions of the game that made it.
class Searcher {
 public:
  virtual ~Searcher() = default;
  // `seed` drives random tie-breaking where the algorithm has it (random_ties=on).
  virtual SearchResult search(const Position& position, const SearchLimits& limits,
                              std::uint64_t seed) = 0;
};

struct AlgorithmSpec;
// Receives a searcher of a wrapped algorithm's `base` (default options) and returns the new one.
using SearcherWrapper =
    std::function<std::unique_ptr<Searcher>(std::unique_ptr<Searcher> base, const AlgorithmSpec&)>;

// One configuration of an algorithm that `harness bench` runs on every bench position.
struct BenchVariant {
  std::string label;
  std::map<std::string, std::string> options;
};

struct AlgorithmInfo {
  std::string name;
  std::vector<std::string> aliases;
  std::string description;
  std::vector<ParamSpec> options;
  AlgorithmFacts facts = {};
  // What `harness bench` runs (none: the algorithm is not in the bench).
  std::vector<BenchVariant> bench_variants = {};
  // An algorithm made of whole searches of `base` (register_algorithm_wrapper), or none.
  std::string base = {};
  SearcherWrapper wrap = {};
};

const std::vector<AlgorithmInfo>& algorithm_infos();

// Finds a game or algorithm by name (or alias); throws ParamError listing the known names.
const GameInfo& find_game_info(const std::string& name);
const AlgorithmInfo& find_algorithm_info(const std::string& name);
// The entry of `infos` named `name` or one of its aliases, or nullptr.
const AlgorithmInfo* named_entry(const std::vector<AlgorithmInfo>& infos, const std::string& name);
// As named_entry, but throws ParamError "unknown <kind> ..." listing the known names.
const AlgorithmInfo& find_named(const std::vector<AlgorithmInfo>& infos, const std::string& name,
                                const std::string& kind);
// The names of `infos`, ", "-separated, for messages.
std::string names_of(const std::vector<AlgorithmInfo>& infos);
// "alphabeta(fail=soft,ordering=static)": the name and the options not at their defaults.
std::string options_label(const AlgorithmInfo& info, const Params& options);
// The algorithm whose value every other one is checked against (facts.reference).
const AlgorithmInfo& reference_algorithm();

// An algorithm with validated options (defaults filled in), by its canonical name.
struct AlgorithmSpec {
  std::string name;
  Params options;
  // "alphabeta(fail=soft,ordering=static,...)"; options equal to their defaults are left out.
  [[nodiscard]] std::string label() const;
};
AlgorithmSpec make_algorithm_spec(const std::string& name,
                                  const std::map<std::string, std::string>& options);
// The algorithm as it plays under a node or time budget: an anytime one with its iterative
// deepening turned on (facts.anytime_option), so that every move comes from a completed
// iteration. Throws ParamError for one that cannot stop with a finished move, naming `budget`
// and the algorithms that can.
AlgorithmSpec spec_under_budget(const AlgorithmSpec& spec, const std::string& budget);
// For a search without a node or time budget: throws ParamError for an algorithm that would never
// end there (facts.budget_free_option off), saying that it needs one.
void check_ends_unbudgeted(const AlgorithmSpec& spec);

// "store-diff" or "linear:1,0,-0.5,..." (weights comma-separated).
EvalSpec parse_eval_spec(const std::string& text);
std::string eval_spec_text(const EvalSpec& spec);

// An algorithm made from another at the level of whole searches (AlgorithmInfo::wrap). This is how
// a program adds a player that the product does not ship (the tests' misbehaving player); call it
// before anything looks the registry up, and before any thread starts.
void register_algorithm_wrapper(AlgorithmInfo info, std::string base, SearcherWrapper wrap);

class GameHandle {
 public:
  virtual ~GameHandle() = default;

  [[nodiscard]] virtual const GameInfo& info() const = 0;
  [[nodiscard]] virtual const Params& params() const = 0;
  // "kalah(pits=6,seeds=4,...)".
  [[nodiscard]] std::string label() const { return info().name + "(" + params().to_string() + ")"; }

  [[nodiscard]] virtual std::string initial_position() const = 0;

  // Positions as handles (see Position); each throws ParseError for text that is not one.
  [[nodiscard]] virtual Position position(std::string_view text) const = 0;
  [[nodiscard]] virtual std::string text(const Position& p) const = 0;
  [[nodiscard]] virtual int mover(const Position& p) const = 0;
  [[nodiscard]] virtual bool finished(const Position& p) const = 0;
  // The exact outcome of a finished game, from the side to move's point of view (> 0: a win).
  [[nodiscard]] virtual Value final_value(const Position& p) const = 0;
  // Bounds on the final outcome, the mover's view, where the game has them (Kalah's stores).
  [[nodiscard]] virtual std::optional<std::pair<Value, Value>> outcome_bounds(
      const Position& p) const = 0;
  // The legal move written `move`; throws ParseError for one that is not legal (or no move).
  [[nodiscard]] virtual Move parse_move(const Position& p, std::string_view move) const = 0;
  virtual void play(Position& p, Move m) const = 0;
  [[nodiscard]] virtual std::vector<std::string> legal_moves(const Position& p) const = 0;
  // Moves of a line from `p`, in notation; stops at the first move that is not legal.
  [[nodiscard]] virtual std::vector<std::string> line_text(const Position& p,
                                                           const std::vector<Move>& line) const = 0;

  // The same, on positions in notation.
  // Parses and prints again: the canonical form.
  [[nodiscard]] std::string canonical_position(std::string_view t) const {
    return text(position(t));
  }
  [[nodiscard]] int to_move(std::string_view t) const { return mover(position(t)); }
  [[nodiscard]] bool is_terminal(std::string_view t) const { return finished(position(t)); }
  [[nodiscard]] std::vector<std::string> legal_moves(std::string_view t) const {
    return legal_moves(position(t));
  }
  // The position after `move` (in notation); throws ParseError for a move that is not legal there.
  [[nodiscard]] std::string play_move(std::string_view t, std::string_view move) const;
  // A multi-line drawing of the position for the terminal (the notation where a game has none).
  [[nodiscard]] virtual std::string draw(std::string_view position) const = 0;

  // Throws ParamError for an unknown evaluation or bad weights.
  [[nodiscard]] virtual std::unique_ptr<Searcher> make_searcher(const AlgorithmSpec& algorithm,
                                                                const EvalSpec& eval) const = 0;
  // Makes now what a search under `limits` would otherwise make on its first use (Kalah's endgame
  // database, which searches to the end consult), so that no clock, budget or time column pays for
  // it: call it before the clock starts. Throws Interrupted when stopped (common/interrupt.h).
  virtual void prepare(const SearchLimits& limits) const = 0;
  [[nodiscard]] virtual std::vector<std::uint64_t> perft(std::string_view position,
                                                         int depth) const = 0;
  // log10 of the number of positions within `depth` plies of `position` (the root included;
  // kDepthMax: to the end of the game), by Knuth's estimator (1975): along a random line the
  // product of the move counts met is an unbiased estimate of the positions at that ply; averaged
  // over a few hundred seeded lines, so the same call gives the same answer.
  [[nodiscard]] virtual double tree_size_log10(std::string_view position, int depth) const = 0;
  // Searches `position` as search() would, with the algorithm run on a tracing wrapper of the
  // game, and returns the tree it explored (harness/trace/). Throws as make_searcher does.
  [[nodiscard]] virtual SearchTrace trace(std::string_view position, const AlgorithmSpec& algorithm,
                                          const EvalSpec& eval, const SearchLimits& limits,
                                          std::uint64_t seed) const = 0;

  // The start position followed by `plies` random legal moves drawn from `seed`; stops early at a
  // position one move before the end of the game.
  [[nodiscard]] virtual std::string random_opening(std::uint64_t seed, int plies) const = 0;

  // Game records in SGF, for a game that has that form (Go).
  struct SgfGame {
    std::string opening;             // the start position, in the game's notation
    std::vector<std::string> moves;  // in notation
    std::vector<std::pair<std::string, std::string>> root;  // root properties to add (GN, PB, RE)
  };
  // The games as one SGF collection (a game tree each); std::nullopt for a game without an SGF
  // form. Throws ParseError for a move that is not legal.
  [[nodiscard]] virtual std::optional<std::string> to_sgf(
      const std::vector<SgfGame>& games) const = 0;
  // Reads such a collection back: each tree's start position and moves (`root` left empty).
  // Throws ParseError naming `source`, also for a game without an SGF form.
  [[nodiscard]] virtual std::vector<SgfGame> from_sgf(std::string_view text,
                                                      const std::string& source) const = 0;
};

struct ProblemSpec;
class SolveProblem;

// One registered game (harness/games/<game>.cpp, listed in registry.cpp's game_table()).
struct GameEntry {
  GameInfo info;
  std::unique_ptr<GameHandle> (*make)(const GameInfo& info, Params params);
  // Problems for `harness solve` (nullptr: the game poses none).
  std::unique_ptr<SolveProblem> (*make_problem)(const std::map<std::string, std::string>& params,
                                                const ProblemSpec& spec) = nullptr;
};
const std::vector<GameEntry>& game_table();
// The registered games' descriptions, in game_table()'s order.
inline auto game_infos() { return game_table() | std::views::transform(&GameEntry::info); }

class TranspositionTable;

// The calling thread's transposition table of `mib` MiB, made at its first use and kept for the
// thread's life. A search empties it first (in O(1)), so sharing it between every search that
// runs on the thread changes no result; it spares a tournament the cost of mapping and faulting
// in a fresh table for every game (which, with many threads, also serialises on the kernel's
// memory-map lock). `max_mib` above mib lets it grow as it fills (TranspositionTable; at or below
// mib, 0 included, it never grows); tables of different growth limits are different tables.
TranspositionTable& thread_table(std::size_t mib, std::size_t max_mib = 0);

class SharedTable;
// The calling thread's shared table of `mib` MiB, growing to max_mib in a solve, for the parallel
// searches it starts (algorithms/shared_table.h), kept like thread_table's: its threads share it
// for one search.
SharedTable& thread_shared_table(std::size_t mib, std::size_t max_mib = 0);
// The threads one search of `spec` runs on: its `threads` option, or 1.
int search_threads(const AlgorithmSpec& spec);

// The (tt_mb, growth limit) of the table a search of `spec` to `depth` takes, as thread_table's
// key, or nullopt when it takes none (no `tt_mb` option, or its `tt` option off).
std::optional<std::pair<std::size_t, std::size_t>> table_sizes(const AlgorithmSpec& spec,
                                                               int depth);
// The same from options alone (a goal solver's: `tt_mb`, with `tt` on where it has one); `grows`:
// it grows up to tt_max_mb.
std::optional<std::pair<std::size_t, std::size_t>> table_sizes(const Params& options, bool grows);
// Maps each table of `sizes` at once and lets them go: throws thread_table's ParamError for the
// first that this machine cannot give. Costs no memory: pages are only made when touched.
void check_tables_fit(const std::vector<std::pair<std::size_t, std::size_t>>& sizes);

// Above this many positions a search is taken not to finish in any reasonable time (a day at
// ten million positions a second).
inline constexpr double kHopelessPositionsLog10 = 12;
// Why a search of `spec` to `depth` (kDepthMax: the end) from `position` cannot finish in any
// reasonable time, by the game's tree size estimate and the algorithm's tree_exponent: "minimax
// would visit about 10^28 positions of ..."; nullopt when it can, or where no estimate holds (a
// search with a transposition table, where transpositions decide; a pruning search to the end,
// where the game's bounds and hints do; one that does not search).
std::optional<std::string> hopeless_search(const GameHandle& game, std::string_view position,
                                           const AlgorithmSpec& spec, int depth);

// Throws ParamError for an unknown game or a bad parameter.
std::unique_ptr<GameHandle> make_game(const std::string& name,
                                      const std::map<std::string, std::string>& params);

}  // namespace gts
