#include "harness/registry.h"

#include <charconv>
#include <cmath>

#include "harness/game_adapter.h"
#include "harness/game_table.h"

namespace gts {

TranspositionTable& thread_table(std::size_t mib) {
  thread_local std::map<std::size_t, std::unique_ptr<TranspositionTable>> tables;
  auto& slot = tables[mib];
  if (!slot) {
    try {
      slot = std::make_unique<TranspositionTable>(mib);
    } catch (const std::bad_alloc&) {
      tables.erase(mib);
      throw ParamError("tt_mb=" + std::to_string(mib) + ": cannot allocate a " +
                       std::to_string(mib) +
                       " MiB transposition table here; choose a smaller tt_mb");
    }
  }
  return *slot;
}

const char* termination_name(Termination t) {
  switch (t) {
    case Termination::kNormal:
      return "normal";
    case Termination::kMaxPlies:
      return "max_plies";
    case Termination::kIllegalMove:
      return "illegal_move";
    case Termination::kError:
      return "error";
    case Termination::kBudget:
      return "budget";
    case Termination::kStopped:
      return "stopped";
  }
  return "unknown";
}

const std::vector<GameEntry>& game_table() {
  static const std::vector<GameEntry> table = [] {
    std::vector<GameEntry> t;
    t.push_back(kalah_entry());
    t.push_back(tictactoe_entry());
    t.push_back(explicit_tree_entry());
    t.push_back(random_tree_entry());
    t.push_back(go_capture_entry());
    t.push_back(connect_four_entry());
    return t;
  }();
  return table;
}

const std::vector<GameInfo>& game_infos() {
  static const std::vector<GameInfo> infos = [] {
    std::vector<GameInfo> out;
    for (const auto& e : game_table()) out.push_back(e.info);
    return out;
  }();
  return infos;
}

namespace {

std::string known_names(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// An algorithm's facts, each set by name where it registers (unset facts keep their defaults).
template <class Set>
AlgorithmFacts facts(Set set) {
  AlgorithmFacts f;
  set(f);
  return f;
}

std::vector<AlgorithmInfo> make_algorithm_infos() {
  using S = ParamSpec;
  const std::vector<std::string> off_on = {"off", "on"};
  std::vector<AlgorithmInfo> out;
  out.push_back({"minimax",
                 {},
                 "plain full-width minimax (negamax form): the reference",
                 {},
                 facts([](AlgorithmFacts& f) { f.reference = true; })});
  out.push_back(
      {"alphabeta",
       {"alpha-beta", "ab"},
       "depth-first alpha-beta (Knuth and Moore), with the variants below",
       {S::choice("fail", "hard", {"hard", "soft"},
                  "hard: the classic Minimax-ab, values clamped to the window; soft: the best "
                  "value found, even outside the window"),
        S::choice("ordering", "none", {"none", "static"},
                  "static: children sorted by their static evaluation before they are searched"),
        S::choice("tt", "off", off_on,
                  "transposition table storing bounds and the best move (searched first)"),
        S::integer("tt_mb", 16, 1, 4096, "transposition table size in MiB"),
        S::choice("id", "off", off_on,
                  "iterative deepening: depth 1, 2, ... up to the depth; under a node or time "
                  "budget the last completed iteration's move is played"),
        S::choice("history", "off", off_on,
                  "history heuristic: moves that caused cut-offs before are searched first"),
        S::choice("etc", "off", off_on,
                  "enhanced transposition cut-offs (with tt): probe every child before "
                  "searching any"),
        S::choice("hints", "auto", {"auto", "on", "off"},
                  "the game's move-ordering hints first (Kalah: extra turn, capture, nearest the "
                  "store); auto: on in searches to the end (depth max)"),
        S::choice("bounds", "on", off_on,
                  "in searches to the end (depth max), cut with the game's bounds on the final "
                  "outcome where it has them (Kalah: stores only grow)"),
        S::choice("random_ties", "off", off_on,
                  "choose at random (seeded) among equally valued root moves"),
        S::integer("seed", 0, 0, (std::int64_t{1} << 62), "seed for random_ties")},
       facts([](AlgorithmFacts& f) {
         f.anytime = true;
         f.anytime_option = "id";
         f.seeded = true;
         f.ratio_baseline = true;
       })});
  {
    // NegaScout takes alpha-beta's options; Reinefeld's formulation is fail-soft.
    std::vector<ParamSpec> scout = out.back().options;
    for (auto& spec : scout) {
      if (spec.name == "fail") spec.default_value = "soft";
    }
    out.push_back({"negascout",
                   {"pvs"},
                   "NegaScout / principal variation search (Reinefeld): null-window scouts of "
                   "every move after the first, re-searched on a fail-high; alpha-beta's options",
                   std::move(scout),
                   facts([](AlgorithmFacts& f) {
                     f.anytime = true;
                     f.anytime_option = "id";
                     f.seeded = true;
                   })});
  }
  out.push_back({"random",
                 {},
                 "a uniformly random legal move (seeded): a baseline player",
                 {},
                 facts([](AlgorithmFacts& f) {
                   f.anytime = true;
                   f.seeded = true;
                   f.searches = false;
                 })});
  out.push_back({"sss*",
                 {"sss"},
                 "Stockman's SSS*: best-first search over solution trees with a priority queue "
                 "OPEN; never evaluates a leaf that alpha-beta prunes",
                 {},
                 AlgorithmFacts{}});
  const auto mt_table = [] {
    return S::integer("tt_mb", 16, 1, 4096,
                      "transposition table size in MiB (MT stores every position it searched, "
                      "leaves included; a table too small re-evaluates leaves)");
  };
  out.push_back({"mt-sss*",
                 {"mt-sss"},
                 "MT-SSS* (Plaat et al. 1996): null-window alpha-beta passes over a "
                 "transposition table from +inf down; evaluates the same leaves as SSS*",
                 {mt_table()},
                 AlgorithmFacts{}});
  out.push_back({"mt-dual*",
                 {"mt-dual"},
                 "MT-DUAL* (Plaat et al. 1996): null-window alpha-beta passes over a "
                 "transposition table from -inf up",
                 {mt_table()},
                 AlgorithmFacts{}});
  out.push_back({"mtd(f)",
                 {"mtdf"},
                 "MTD(f) (Plaat et al. 1996): null-window passes over a transposition table "
                 "from a first guess, bounds narrowed from both sides",
                 {S::choice("id", "off", off_on,
                            "iterative deepening: each depth's value is the next one's first "
                            "guess, and the table's best moves go first"),
                  S::integer("first_guess", 0, -999'999'999, 999'999'999,
                             "first guess of the value (the first iteration's, with id)"),
                  S::choice("hints", "auto", {"auto", "on", "off"},
                            "the game's move-ordering hints after the table's move; auto: on "
                            "in searches to the end (depth max)"),
                  mt_table()},
                 facts([](AlgorithmFacts& f) {
                   f.anytime = true;
                   f.anytime_option = "id";
                 })});
  // An exact solve: under a budget it is stopped, not deepened (not anytime).
  out.push_back({"solve",
                 {},
                 "exact solve (use --depth max): MTD(f) over the two-bound table with the game's "
                 "move hints and solving keys; prints the principal variation to the end",
                 {S::integer("tt_mb", 256, 1, 4096, "transposition table size in MiB")},
                 AlgorithmFacts{}});
  return out;
}

}  // namespace

std::vector<AlgorithmInfo>& mutable_algorithm_infos() {
  static std::vector<AlgorithmInfo> infos = make_algorithm_infos();
  return infos;
}

std::map<std::string, AlgorithmWrapper>& algorithm_wrappers() {
  static std::map<std::string, AlgorithmWrapper> wrappers;
  return wrappers;
}

const std::vector<AlgorithmInfo>& algorithm_infos() { return mutable_algorithm_infos(); }

void register_algorithm_wrapper(AlgorithmInfo info, std::string base, SearcherWrapper wrap) {
  (void)find_algorithm_info(base);  // throws for an unknown base
  algorithm_wrappers()[info.name] = AlgorithmWrapper{std::move(base), std::move(wrap)};
  mutable_algorithm_infos().push_back(std::move(info));
}

const AlgorithmWrapper* find_algorithm_wrapper(const std::string& name) {
  const auto& w = algorithm_wrappers();
  const auto it = w.find(name);
  return it == w.end() ? nullptr : &it->second;
}

const GameInfo& find_game_info(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& g : game_infos()) {
    if (g.name == name) return g;
    names.push_back(g.name);
  }
  throw ParamError("unknown game '" + name + "' (known: " + known_names(names) + ")");
}

const AlgorithmInfo& find_algorithm_info(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& a : algorithm_infos()) {
    if (a.name == name) return a;
    for (const auto& alias : a.aliases) {
      if (alias == name) return a;
    }
    names.push_back(a.name);
  }
  throw ParamError("unknown algorithm '" + name + "' (known: " + known_names(names) + ")");
}

const AlgorithmInfo& reference_algorithm() {
  for (const auto& a : algorithm_infos()) {
    if (a.facts.reference) return a;
  }
  throw std::logic_error("the registry has no reference algorithm");
}

std::string AlgorithmSpec::label() const {
  const AlgorithmInfo& info = find_algorithm_info(name);
  std::string opts;
  for (const auto& spec : info.options) {
    const std::string& v = options.get(spec.name);
    if (v != spec.default_value) opts += (opts.empty() ? "" : ",") + spec.name + "=" + v;
  }
  return opts.empty() ? name : name + "(" + opts + ")";
}

AlgorithmSpec make_algorithm_spec(const std::string& name,
                                  const std::map<std::string, std::string>& options) {
  const AlgorithmInfo& info = find_algorithm_info(name);
  return AlgorithmSpec{info.name, resolve_params(info.options, options, "algorithm " + info.name)};
}

AlphaBetaOptions alphabeta_options(const AlgorithmSpec& spec) {
  AlphaBetaOptions o;
  const Params& p = spec.options;
  o.fail_soft = p.get("fail") == "soft";
  o.static_ordering = p.get("ordering") == "static";
  o.tt = p.get("tt") == "on";
  o.tt_mb = static_cast<std::size_t>(p.get_int("tt_mb"));
  o.iterative_deepening = p.get("id") == "on";
  o.history = p.get("history") == "on";
  o.enhanced_cutoffs = p.get("etc") == "on";
  o.outcome_bounds = p.get("bounds") == "on";
  const std::string hints = p.get("hints");
  o.hints = hints == "on"    ? AlphaBetaOptions::Hints::kOn
            : hints == "off" ? AlphaBetaOptions::Hints::kOff
                             : AlphaBetaOptions::Hints::kAuto;
  o.random_ties = p.get("random_ties") == "on";
  o.seed = static_cast<std::uint64_t>(p.get_int("seed"));
  return o;
}

EvalSpec parse_eval_spec(const std::string& text) {
  EvalSpec spec;
  auto colon = text.find(':');
  spec.kind = text.substr(0, colon);
  if (spec.kind.empty()) throw ParamError("--eval: empty evaluation name");
  if (colon == std::string::npos) return spec;
  std::string rest = text.substr(colon + 1);
  std::size_t pos = 0;
  while (pos <= rest.size()) {
    auto comma = rest.find(',', pos);
    std::string item =
        rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    double w = 0;
    auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), w);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size() ||
        !std::isfinite(w)) {
      throw ParamError("--eval " + spec.kind + ": weight " +
                       std::to_string(spec.weights.size() + 1) + " is not a number: '" + item +
                       "'");
    }
    spec.weights.push_back(w);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return spec;
}

std::string eval_spec_text(const EvalSpec& spec) {
  std::string out = spec.kind;
  for (std::size_t i = 0; i < spec.weights.size(); ++i) {
    char buf[32];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, spec.weights[i]);
    out += i == 0 ? ':' : ',';
    out.append(buf, ptr);
  }
  return out;
}

std::unique_ptr<GameHandle> make_game(const std::string& name,
                                      const std::map<std::string, std::string>& params) {
  for (const auto& e : game_table()) {
    if (e.info.name == name) {
      return e.make(e.info, resolve_params(e.info.params, params, "game " + name));
    }
  }
  find_game_info(name);  // throws with the list of known games
  return nullptr;
}

}  // namespace gts
