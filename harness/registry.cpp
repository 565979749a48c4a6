#include "harness/registry.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "algorithms/shared_table.h"
#include "algorithms/transposition_table.h"
#include "harness/algorithms/algorithm_list.h"
#include "harness/goal_problem.h"

namespace gts {

namespace {

// A table of `mib` growing to `max_mib` (at least mib); ParamError naming the key when the
// machine cannot give it.
template <class Table>
std::unique_ptr<Table> make_table(std::size_t mib, std::size_t max_mib, const std::string& what) {
  try {
    return std::make_unique<Table>(mib, max_mib);
  } catch (const std::bad_alloc&) {
    const bool grows = max_mib > mib;
    throw ParamError("tt_mb=" + std::to_string(mib) +
                     (grows ? " tt_max_mb=" + std::to_string(max_mib) : std::string()) +
                     (grows ? ": cannot reserve a " : ": cannot allocate a ") +
                     std::to_string(max_mib) + " MiB " + what + " here; choose a smaller " +
                     (grows ? "tt_max_mb" : "tt_mb"));
  }
}

// The calling thread's table of each (size, growth limit), made on first use.
template <class Table>
Table& thread_cached_table(std::size_t mib, std::size_t max_mib, const std::string& what) {
  thread_local std::map<std::pair<std::size_t, std::size_t>, std::unique_ptr<Table>> tables;
  const std::pair key{mib, std::max(mib, max_mib)};
  auto& slot = tables[key];
  if (!slot) {
    try {
      slot = make_table<Table>(key.first, key.second, what);
    } catch (...) {
      tables.erase(key);
      throw;
    }
  }
  return *slot;
}

}  // namespace

TranspositionTable& thread_table(std::size_t mib, std::size_t max_mib) {
  return thread_cached_table<TranspositionTable>(mib, max_mib, "transposition table");
}

SharedTable& thread_shared_table(std::size_t mib, std::size_t max_mib) {
  return thread_cached_table<SharedTable>(mib, max_mib, "shared transposition table");
}

int search_threads(const AlgorithmSpec& spec) {
  return spec.options.values().count("threads") != 0
             ? static_cast<int>(spec.options.get_int("threads"))
             : 1;
}

std::optional<std::pair<std::size_t, std::size_t>> table_sizes(const Params& options, bool grows) {
  const auto& values = options.values();
  if (values.count("tt_mb") == 0) return std::nullopt;
  if (values.count("tt") != 0 && options.get("tt") != "on") return std::nullopt;
  const std::size_t mib = table_mib(options);
  const std::size_t max_mib = values.count("tt_max_mb") != 0 ? table_mib(options, "tt_max_mb") : 0;
  return std::pair{mib, grows ? std::max(mib, max_mib) : mib};
}

std::optional<std::pair<std::size_t, std::size_t>> table_sizes(const AlgorithmSpec& spec,
                                                               int depth) {
  // As TableSizes::for_search sizes it (solve's always takes its growth limit).
  return table_sizes(spec.options,
                     depth == kDepthMax || find_algorithm_info(spec.name).facts.table_always_grows);
}

std::optional<std::string> hopeless_search(const GameHandle& game, std::string_view position,
                                           const AlgorithmSpec& spec, int depth) {
  const AlgorithmFacts& facts = find_algorithm_info(spec.name).facts;
  if (facts.tree_exponent <= 0 || !facts.searches || table_sizes(spec, depth)) return std::nullopt;
  // To the end of the game a pruning search also cuts with the game's outcome bounds and move
  // hints, by orders of magnitude the estimate cannot see (alpha-beta solves Kalah(6,3) in 1.4e8
  // positions, not the 10^14 of its minimal tree's estimate); a full-width one visits them all.
  if (depth == kDepthMax && facts.tree_exponent < 1) return std::nullopt;
  const double visited = facts.tree_exponent * game.tree_size_log10(position, depth);
  if (visited < kHopelessPositionsLog10) return std::nullopt;
  return spec.name + " would visit " + (facts.tree_exponent < 1 ? "at best " : "") + "about 10^" +
         std::to_string(static_cast<int>(visited)) + " positions of " + game.label() +
         " (estimated from random lines of play); it may not finish in any reasonable time";
}

void check_tables_fit(const std::vector<std::pair<std::size_t, std::size_t>>& sizes) {
  std::vector<std::unique_ptr<TranspositionTable>> held;  // all at once, as one thread holds them
  for (const auto& [mib, max_mib] : sizes) {
    held.push_back(
        make_table<TranspositionTable>(mib, std::max(mib, max_mib), "transposition table"));
  }
}

std::string GameHandle::play_move(std::string_view t, std::string_view move) const {
  Position p = position(t);
  if (finished(p)) throw ParseError("move '" + std::string(move) + "': the game is over");
  play(p, parse_move(p, move));
  return text(p);
}

AlgorithmSpec spec_under_budget(const AlgorithmSpec& spec, const std::string& budget) {
  const AlgorithmFacts& facts = find_algorithm_info(spec.name).facts;
  if (!facts.anytime) {
    std::vector<std::string> anytime;
    for (const AlgorithmInfo& a : algorithm_infos()) {
      if (a.facts.anytime && a.facts.searches) anytime.push_back(a.name);
    }
    throw ParamError(spec.name + " cannot play under " + budget +
                     " (it cannot stop early with a move it has finished searching); "
                     "algorithms that can: " +
                     join_strings(anytime, ", "));
  }
  if (facts.anytime_option.empty()) return spec;
  auto options = spec.options.values();
  options[facts.anytime_option] = "on";
  return make_algorithm_spec(spec.name, options);
}

void check_ends_unbudgeted(const AlgorithmSpec& spec) {
  const AlgorithmFacts& facts = find_algorithm_info(spec.name).facts;
  const std::string& option = facts.budget_free_option;
  if (option.empty() || spec.options.get(option) == "on") return;
  if (!facts.budget_option.empty() && spec.options.get_int(facts.budget_option) != 0) return;
  const std::string own = facts.budget_option.empty() ? "" : " or " + facts.budget_option + "=N";
  throw ParamError(spec.name + " with " + option + "=off needs a node or time budget" + own +
                   " (or " + option + "=on, which searches until its root is proven)");
}

// The registered games, each defined in harness/games/<game>.cpp (the game's one translation
// unit), in the order `harness games` lists them.
GameEntry kalah_entry();
GameEntry tictactoe_entry();
GameEntry explicit_tree_entry();
GameEntry random_tree_entry();
GameEntry go_capture_entry();
GameEntry connect_four_entry();

const std::vector<GameEntry>& game_table() {
  static const std::vector<GameEntry> table = {kalah_entry(),         tictactoe_entry(),
                                               explicit_tree_entry(), random_tree_entry(),
                                               go_capture_entry(),    connect_four_entry()};
  return table;
}

std::vector<AlgorithmInfo>& mutable_algorithm_infos() {
  static std::vector<AlgorithmInfo> infos = SearchAlgorithms::infos();
  return infos;
}

const std::vector<AlgorithmInfo>& algorithm_infos() { return mutable_algorithm_infos(); }

void register_algorithm_wrapper(AlgorithmInfo info, std::string base, SearcherWrapper wrap) {
  (void)find_algorithm_info(base);  // throws for an unknown base
  info.base = std::move(base);
  info.wrap = std::move(wrap);
  mutable_algorithm_infos().push_back(std::move(info));
}

namespace {

// The registered game `name`; throws ParamError listing the known games.
const GameEntry& registered_game(const std::string& name) {
  for (const auto& e : game_table()) {
    if (e.info.name == name) return e;
  }
  throw ParamError("unknown game '" + name + "' (known: " +
                   join_strings(game_infos() | std::views::transform(&GameInfo::name), ", ") + ")");
}

}  // namespace

const GameInfo& find_game_info(const std::string& name) { return registered_game(name).info; }

const AlgorithmInfo* named_entry(const std::vector<AlgorithmInfo>& infos, const std::string& name) {
  for (const auto& a : infos) {
    if (a.name == name || std::ranges::find(a.aliases, name) != a.aliases.end()) return &a;
  }
  return nullptr;
}

const AlgorithmInfo& find_named(const std::vector<AlgorithmInfo>& infos, const std::string& name,
                                const std::string& kind) {
  if (const AlgorithmInfo* a = named_entry(infos, name)) return *a;
  throw ParamError("unknown " + kind + " '" + name + "' (known: " + names_of(infos) + ")");
}

std::string names_of(const std::vector<AlgorithmInfo>& infos) {
  return join_strings(infos | std::views::transform(&AlgorithmInfo::name), ", ");
}

const AlgorithmInfo& find_algorithm_info(const std::string& name) {
  return find_named(algorithm_infos(), name, "algorithm");
}

const AlgorithmInfo& reference_algorithm() {
  for (const auto& a : algorithm_infos()) {
    if (a.facts.reference) return a;
  }
  throw std::logic_error("the registry has no reference algorithm");
}

std::string options_label(const AlgorithmInfo& info, const Params& options) {
  std::string opts;
  for (const auto& spec : info.options) {
    const std::string& v = options.get(spec.name);
    if (v != spec.default_value) opts += (opts.empty() ? "" : ",") + spec.name + "=" + v;
  }
  return opts.empty() ? info.name : info.name + "(" + opts + ")";
}

std::string AlgorithmSpec::label() const {
  return options_label(find_algorithm_info(name), options);
}

AlgorithmSpec make_algorithm_spec(const std::string& name,
                                  const std::map<std::string, std::string>& options) {
  const AlgorithmInfo& info = find_algorithm_info(name);
  return AlgorithmSpec{info.name, resolve_params(info.options, options, "algorithm " + info.name)};
}

EvalSpec parse_eval_spec(const std::string& text) {
  EvalSpec spec;
  const auto colon = text.find(':');
  spec.kind = text.substr(0, colon);
  if (spec.kind.empty()) throw ParamError("--eval: empty evaluation name");
  for (std::size_t pos = colon; pos != std::string::npos;) {
    const auto comma = text.find(',', pos + 1);
    const std::string item =
        text.substr(pos + 1, comma == std::string::npos ? comma : comma - pos - 1);
    const auto w = parse_whole<double>(item);
    if (!w || !std::isfinite(*w)) {
      throw ParamError("--eval " + spec.kind + ": weight " +
                       std::to_string(spec.weights.size() + 1) + " is not a number: '" + item +
                       "'");
    }
    spec.weights.push_back(*w);
    pos = comma;
  }
  return spec;
}

std::string eval_spec_text(const EvalSpec& spec) {
  return spec.kind + (spec.weights.empty() ? "" : ":") +
         join_strings(spec.weights | std::views::transform(format_number), ",");
}

std::unique_ptr<GameHandle> make_game(const std::string& name,
                                      const std::map<std::string, std::string>& params) {
  const GameEntry& e = registered_game(name);
  return e.make(e.info, resolve_params(e.info.params, params, "game " + name));
}

const std::vector<AlgorithmInfo>& solver_infos() {
  static const std::vector<AlgorithmInfo> infos = GoalSolvers::infos();
  return infos;
}

const AlgorithmInfo& find_solver_info(const std::string& name) {
  return find_named(solver_infos(), name, "solver");
}

SolverSpec make_solver_spec(const std::string& algorithm,
                            const std::map<std::string, std::string>& options,
                            const std::string& label) {
  const AlgorithmInfo& info = find_solver_info(algorithm);
  SolverSpec spec{label, info.name, resolve_params(info.options, options, "solver " + info.name)};
  if (spec.name.empty()) spec.name = options_label(info, spec.options);
  return spec;
}

const std::vector<std::string>& solve_game_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& e : game_table()) {
      if (e.make_problem != nullptr) out.push_back(e.info.name);
    }
    return out;
  }();
  return names;
}

std::unique_ptr<SolveProblem> make_solve_problem(const std::string& game,
                                                 const std::map<std::string, std::string>& params,
                                                 const ProblemSpec& spec) {
  for (const auto& e : game_table()) {
    if (e.info.name == game && e.make_problem != nullptr) return e.make_problem(params, spec);
  }
  throw ParamError("game '" + game + "' cannot pose solve problems (known: " +
                   join_strings(solve_game_names(), ", ") + ")");
}

}  // namespace gts
