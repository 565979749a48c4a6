#include "games/random_tree/random_tree.h"

#include <algorithm>
#include <charconv>

#include "games/splitmix.h"
#include "games/text.h"

namespace gts {

namespace {

const std::string kWhat = "game random-tree";

// A 1-based child number "1".."n" as a 0-based index, or -1 if the text is anything else.
int parse_child_number(std::string_view text, int n) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v < 1 || v > n) {
    return -1;
  }
  return v - 1;
}

int bits_for(std::int64_t range) {
  int bits = 0;
  while ((std::int64_t{1} << bits) < range) ++bits;
  return bits;
}

}  // namespace

std::vector<ParamSpec> RandomTree::param_specs() {
  return {
      ParamSpec::integer("branching", 3, 1, static_cast<std::int64_t>(kMaxMoves),
                         "children of every interior node"),
      ParamSpec::integer("depth", 4, 0, kMaxDepth,
                         "plies from the root to the leaves; branching^depth <= 2^40"),
      ParamSpec::integer("seed", 1, 0, std::int64_t{1} << 62, "seed of the leaf values"),
      ParamSpec::choice("values", "independent", {"independent", "incremental"},
                        "independent uniform leaf values, or sums of per-edge increments along "
                        "the path (siblings correlate)"),
      ParamSpec::choice("distinct", "yes", {"yes", "no"},
                        "independent values only: all leaf values distinct"),
      ParamSpec::integer("range", 0, 0, kMaxRange,
                         "independent values only: values lie in [0, range); 0 = max(1000, 4 x "
                         "leaves), capped at " +
                             std::to_string(kMaxRange)),
      ParamSpec::integer("increment", 100, 1, 1'000'000,
                         "incremental values only: each edge adds a uniform integer in "
                         "[-increment, +increment]"),
      ParamSpec::choice("ordering", "random", {"random", "best-first", "worst-first"},
                        "order of legal_moves: as generated, or by exact minimax value, best or "
                        "worst first for the side to move (stores every node's value)"),
  };
}

std::vector<EvalInfo> RandomTree::evaluation_kinds() {
  return {{"leaf",
           "at a depth horizon: 0 for independent values, the path sum for incremental values",
           false}};
}

RandomTree::RandomTree(const Params& params) {
  std::int64_t b = params.get_int("branching");
  std::int64_t d = params.get_int("depth");
  if (b < 1 || b > static_cast<std::int64_t>(kMaxMoves)) {
    throw ParamError(kWhat + ": parameter 'branching' = " + std::to_string(b) +
                     " is out of range 1.." + std::to_string(kMaxMoves));
  }
  if (d < 0 || d > kMaxDepth) {
    throw ParamError(kWhat + ": parameter 'depth' = " + std::to_string(d) + " is out of range 0.." +
                     std::to_string(kMaxDepth));
  }
  branching_ = static_cast<int>(b);
  depth_ = static_cast<int>(d);
  num_leaves_ = 1;
  for (int k = 0; k < depth_; ++k) {
    num_leaves_ *= static_cast<std::uint64_t>(branching_);
    if (num_leaves_ > kMaxLeaves) {
      throw ParamError(kWhat + ": branching^depth = " + std::to_string(b) + "^" +
                       std::to_string(d) +
                       " leaves exceeds the limit of 2^40 = " + std::to_string(kMaxLeaves));
    }
  }

  values_ = params.get("values") == "incremental" ? Values::kIncremental : Values::kIndependent;
  const std::string& ordering = params.get("ordering");
  ordering_ = ordering == "best-first"    ? Ordering::kBestFirst
              : ordering == "worst-first" ? Ordering::kWorstFirst
                                          : Ordering::kRandom;
  std::uint64_t seed_state = static_cast<std::uint64_t>(params.get_int("seed"));
  leaf_key_ = splitmix64(seed_state);
  increment_key_ = splitmix64(seed_state);
  for (auto& key : feistel_keys_) {
    key[0] = splitmix64(seed_state) | 1;
    key[1] = splitmix64(seed_state);
  }

  if (values_ == Values::kIncremental) {
    distinct_ = false;
    range_ = 0;
    increment_ = static_cast<Value>(params.get_int("increment"));
    if (increment_ < 1 || increment_ > 1'000'000) {
      throw ParamError(kWhat + ": parameter 'increment' = " + std::to_string(increment_) +
                       " is out of range 1..1000000");
    }
  } else {
    distinct_ = params.get("distinct") != "no";
    std::int64_t range = params.get_int("range");
    if (range < 0 || range > kMaxRange) {
      throw ParamError(kWhat + ": parameter 'range' = " + std::to_string(range) +
                       " is out of range 0.." + std::to_string(kMaxRange));
    }
    auto leaves = static_cast<std::int64_t>(num_leaves_);
    if (range == 0) range = std::min(std::max<std::int64_t>(1000, 4 * leaves), kMaxRange);
    if (distinct_ && range < leaves) {
      if (params.get_int("range") == 0) {
        throw ParamError(kWhat + ": distinct values need range >= leaves, but " +
                         std::to_string(leaves) + " leaves exceed the largest range " +
                         std::to_string(kMaxRange) + " (set distinct=no)");
      }
      throw ParamError(
          kWhat + ": distinct values need range >= leaves, but range = " + std::to_string(range) +
          " < " + std::to_string(leaves) + " leaves (raise range or set distinct=no)");
    }
    range_ = range;
    low_bits_ = bits_for(range_) / 2;
    low_mask_ = (std::uint64_t{1} << low_bits_) - 1;
    high_size_ = (static_cast<std::uint64_t>(range_) + low_mask_) >> low_bits_;
  }

  if (ordering_ != Ordering::kRandom) materialize();
}

void RandomTree::materialize() {
  std::uint64_t nodes = 0;
  std::uint64_t width = 1;
  for (int k = 0; k <= depth_; ++k, width *= static_cast<std::uint64_t>(branching_)) {
    nodes += width;
  }
  if (nodes > kMaxMaterializedNodes) {
    throw ParamError(
        kWhat + ": ordering=" + (ordering_ == Ordering::kBestFirst ? "best-first" : "worst-first") +
        " stores the exact minimax value of every node, and " + std::to_string(nodes) +
        " nodes exceed the limit of " + std::to_string(kMaxMaterializedNodes) +
        " (use ordering=random or a smaller tree)");
  }
  auto levels = std::make_shared<std::vector<std::vector<std::int32_t>>>(
      static_cast<std::size_t>(depth_) + 1);
  auto b = static_cast<std::uint64_t>(branching_);
  width = 1;
  for (auto& level : *levels) {
    level.resize(width);
    width *= b;
  }
  std::vector<std::int32_t>& leaves = (*levels)[static_cast<std::size_t>(depth_)];
  if (values_ == Values::kIncremental) {
    // Path sums top-down; interior entries are overwritten by minimax values below.
    for (int k = 1; k <= depth_; ++k) {
      const auto& up = (*levels)[static_cast<std::size_t>(k - 1)];
      auto& here = (*levels)[static_cast<std::size_t>(k)];
      for (std::uint64_t x = 0; x < here.size(); ++x) here[x] = up[x / b] + increment(k, x);
    }
  } else {
    for (std::uint64_t x = 0; x < leaves.size(); ++x) leaves[x] = independent_value(x);
  }
  for (int k = depth_ - 1; k >= 0; --k) {
    const auto& down = (*levels)[static_cast<std::size_t>(k + 1)];
    auto& here = (*levels)[static_cast<std::size_t>(k)];
    bool max_level = (k & 1) == 0;
    for (std::uint64_t x = 0; x < here.size(); ++x) {
      const std::int32_t* c = &down[x * b];
      std::int32_t v = c[0];
      for (std::uint64_t i = 1; i < b; ++i) v = max_level ? std::max(v, c[i]) : std::min(v, c[i]);
      here[x] = v;
    }
  }
  minimax_ = std::move(levels);
}

std::uint64_t RandomTree::materialized_nodes() const {
  if (!minimax_) return 0;
  std::uint64_t n = 0;
  for (const auto& level : *minimax_) n += level.size();
  return n;
}

void RandomTree::ordered_moves(const State& s, MoveList<kMaxMoves>& moves) const {
  const std::int32_t* v = &(*minimax_)[static_cast<std::size_t>(s.level) + 1]
                                      [s.index * static_cast<std::uint64_t>(branching_)];
  // Best-first at a MAX node and worst-first at a MIN node both list high values first.
  bool descending = ((s.level & 1) == 0) == (ordering_ == Ordering::kBestFirst);
  std::array<Move, kMaxMoves> order{};
  // Insertion sort: stable, so ties stay in raw order; b <= 64.
  for (int i = 0; i < branching_; ++i) {
    int j = i;
    while (j > 0 && (descending ? v[order[j - 1]] < v[i] : v[order[j - 1]] > v[i])) {
      order[j] = order[j - 1];
      --j;
    }
    order[j] = i;
  }
  for (int i = 0; i < branching_; ++i) moves.push_back(order[i]);
}

std::string RandomTree::to_string(const State& s) const {
  if (s.level == 0) return "root";
  std::array<int, kMaxDepth> digits{};
  std::uint64_t x = s.index;
  auto b = static_cast<std::uint64_t>(branching_);
  for (int k = s.level - 1; k >= 0; --k) {
    digits[static_cast<std::size_t>(k)] = static_cast<int>(x % b);
    x /= b;
  }
  std::string out;
  for (int k = 0; k < s.level; ++k) {
    if (k > 0) out += '.';
    out += std::to_string(digits[static_cast<std::size_t>(k)] + 1);
  }
  return out;
}

RandomTree::State RandomTree::parse(std::string_view text) const {
  std::string_view t = trim(text);
  State s = initial_state();
  if (t == "root") return s;
  if (t.empty()) {
    throw ParseError("random-tree position: empty text (expected 'root' or a path like 2.1.3)");
  }
  std::size_t start = 0;
  for (;;) {
    std::size_t dot = t.find('.', start);
    std::string_view part = t.substr(start, dot == std::string_view::npos ? t.npos : dot - start);
    if (is_terminal(s)) {
      throw ParseError("random-tree position '" + std::string(t) + "': the path is longer than " +
                       "the tree's depth " + std::to_string(depth_));
    }
    int child = parse_child_number(part, branching_);
    if (child < 0) {
      throw ParseError("random-tree position '" + std::string(t) +
                       "': expected a child number 1.." + std::to_string(branching_) + ", got '" +
                       std::string(part) + "'");
    }
    play(s, child);
    if (dot == std::string_view::npos) return s;
    start = dot + 1;
  }
}

std::string RandomTree::move_to_string(const State& /*s*/, Move m) const {
  return std::to_string(m + 1);
}

Move RandomTree::parse_move(const State& s, std::string_view text) const {
  std::string_view t = trim(text);
  if (is_terminal(s)) {
    throw ParseError("random-tree move '" + std::string(t) + "': " + to_string(s) + " is a leaf");
  }
  int child = parse_child_number(t, branching_);
  if (child < 0) {
    throw ParseError("random-tree move '" + std::string(t) + "': expected a child number 1.." +
                     std::to_string(branching_));
  }
  return child;
}

RandomTreeEval::RandomTreeEval(const RandomTree& game, const EvalSpec& spec)
    : incremental_(game.values() == RandomTree::Values::kIncremental) {
  if (spec.kind != "leaf") {
    throw ParamError("evaluation '" + spec.kind +
                     "' is not known for game random-tree (known: leaf)");
  }
  if (!spec.weights.empty()) {
    throw ParamError("evaluation 'leaf' for random-tree takes no weights");
  }
}

}  // namespace gts
