// TracingGame<G>: a game that is G plus a record of what a search did with it. Its State is G's
// state plus the node's id in a shared trie of (parent, move) -> node; play() records the edge,
// legal_moves() the children generated, terminal_value() and TracingEval the leaf evaluations.
// Any algorithm instantiated for TracingGame<G> (through the one dispatch table) therefore leaves
// its explored tree behind without a line of it changing. G's optional features that algorithms
// read (outcome bounds, move outcomes) are forwarded, so the algorithm searches exactly as it does
// on G; so is SSS*'s OPEN: the game offers sss_star() an observer that records the order states
// leave it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/sss_star.h"
#include "games/game.h"
#include "games/params.h"
#include "harness/trace/search_trace.h"

namespace gts {

// More positions than this and the trace is refused: the tree command is for trees a person reads.
inline constexpr std::size_t kMaxTracedNodes = 2'000'000;

template <Game G>
class Tracer {
 public:
  using Inner = typename G::State;

  // The counts as finish() reports them (but static_value in the mover's view, as the game or
  // evaluation gave it, and no children), and what the tracer needs besides.
  struct Node : SearchTrace::Node {
    Inner state{};
    std::vector<std::pair<Move, std::int32_t>> kids;  // in the order first played into
    std::vector<Move> generated;                      // the last generation
    bool hashed = false;    // hashed since it was last made: a table will be probed for it
    bool awaiting = false;  // entered with a probe due: no expansion or evaluation yet
    bool entered = false;   // checked for the end of the game, not expanded or evaluated since
  };

  // `orders_children`: the algorithm evaluates every child of a node once, before searching any,
  // to order them (static ordering); those evaluations order moves and are no visits.
  Tracer(const G& game, bool orders_children) : game_(game), orders_children_(orders_children) {}

  std::int32_t add_root(const Inner& s) {
    nodes_.clear();
    nodes_.emplace_back().state = s;
    return 0;
  }

  std::int32_t child(std::int32_t parent, const Inner& after, Move m) {
    if (parent < 0) return -1;
    settle(parent);
    std::int32_t id = kid(at(parent), m);
    if (id < 0) {
      if (nodes_.size() >= kMaxTracedNodes) {
        throw ParamError("the search made more than " + std::to_string(kMaxTracedNodes) +
                         " positions, too many to trace; lower --depth");
      }
      id = static_cast<std::int32_t>(nodes_.size());
      Node& n = nodes_.emplace_back();
      n.state = after;
      n.parent = parent;
      at(parent).kids.emplace_back(m, id);
    }
    Node& n = at(id);
    ++n.made;
    n.hashed = n.awaiting = n.entered = false;
    return id;
  }

  void on_terminal_check(std::int32_t id) {
    if (Node* n = touch(id)) {
      n->entered = true;
      if (n->hashed) probe_due(id);
    }
  }
  void on_bounds(std::int32_t id) {
    // Game bounds may answer a visit on their own (an exact search without a table); asked
    // after an evaluation, they only clamp it.
    if (Node* n = touch(id); n != nullptr && n->entered) probe_due(id);
  }
  void on_hash(std::int32_t id) {
    if (Node* n = touch(id)) {
      n->hashed = true;
      // Hashed by its own visit (a child the parent made without hashing it): the probe is due.
      if (n->entered) probe_due(id);
    }
  }
  void on_expand(std::int32_t id, std::vector<Move> moves) {
    if (touch(id) == nullptr) return;
    if (id == 0) ++passes_;
    Node& n = at(id);
    n.awaiting = n.entered = false;
    ++n.expansions;
    n.generated = std::move(moves);
    ordering_parent_ = id;
    const auto generated = static_cast<std::uint32_t>(n.generated.size());
    ordering_left_ = orders_children_ && generated > 1 ? generated : 0;
    mark_pass(n);
  }
  void on_eval(std::int32_t id, Value v) {
    if (touch(id) == nullptr) return;
    Node& n = at(id);
    n.awaiting = n.entered = false;
    if (ordering_left_ > 0 && n.parent == ordering_parent_) {
      --ordering_left_;
      ++ordering_evals_;
      return;
    }
    ordering_left_ = 0;
    ++n.evaluations;
    n.has_static = true;
    n.static_value = v;
    mark_pass(n);
  }
  void on_pop(std::int32_t id, bool solved, Value h) {
    if (id < 0) return;
    at(id).pops.push_back(SearchTrace::Pop{++pops_, solved, h});
  }

  // Game-independent copy with moves in notation and values in the root mover's view.
  SearchTrace finish() {
    settle(-2);
    SearchTrace t{.passes = passes_, .pops = pops_, .ordering_evals = ordering_evals_};
    t.nodes.assign(nodes_.begin(), nodes_.end());  // the counts; children and views below
    const int root_mover = game_.to_move(nodes_[0].state);
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const Node& n = nodes_[i];
      SearchTrace::Node& o = t.nodes[i];
      o.max = game_.to_move(n.state) == root_mover;
      if (!o.max) o.static_value = -o.static_value;
      // The moves generated, then any child played into without being generated.
      auto add = [&](Move m) {
        o.children.push_back({game_.move_to_string(n.state, m), kid(n, m)});
      };
      for (Move m : n.generated) add(m);
      for (const auto& k : n.kids) {
        if (std::ranges::find(n.generated, k.first) == n.generated.end()) add(k.first);
      }
    }
    return t;
  }

  static void pop_thunk(void* self, const void* state, bool solved, Value h);

 private:
  Node& at(std::int32_t id) { return nodes_[static_cast<std::size_t>(id)]; }
  // The traced node `id` as the search touches it (a pending probe settled first), or nullptr
  // outside the traced search.
  Node* touch(std::int32_t id) {
    if (id < 0) return nullptr;
    settle(id);
    return &at(id);
  }
  // The child of `n` that `m` leads to, or -1.
  static std::int32_t kid(const Node& n, Move m) {
    const auto it = std::ranges::find(n.kids, m, &std::pair<Move, std::int32_t>::first);
    return it == n.kids.end() ? -1 : it->second;
  }
  void probe_due(std::int32_t id) {
    at(id).awaiting = true;
    pending_ = id;
  }

  // A node entered with a table probe due, and left with nothing else done there, was answered by
  // the probe (or by the game's bounds): seen when the search next touches another node.
  void settle(std::int32_t id) {
    if (pending_ < 0 || pending_ == id) return;
    Node& n = at(pending_);
    if (n.awaiting) {
      ++n.tt_answers;
      n.awaiting = false;
      mark_pass(n);
    }
    pending_ = -1;
  }
  void mark_pass(Node& n) const {
    if (n.first_pass == 0) n.first_pass = passes_;
    n.last_pass = passes_;
  }

  const G& game_;
  bool orders_children_;
  std::int32_t ordering_parent_ = -1;
  std::uint32_t ordering_left_ = 0;  // children of ordering_parent_ still to be evaluated for order
  std::uint64_t ordering_evals_ = 0;
  std::vector<Node> nodes_;
  std::int32_t pending_ = -1;
  std::uint32_t passes_ = 0;
  std::uint32_t pops_ = 0;
};

template <Game G>
class TracingGame {
 public:
  static constexpr std::size_t kMaxMoves = G::kMaxMoves;

  struct State {
    typename G::State inner{};
    std::int32_t node = -1;  // -1: not part of the traced search (parsed, initial)
    bool operator==(const State& o) const { return inner == o.inner && node == o.node; }
  };

  TracingGame(const G& game, Tracer<G>& tracer) : game_(&game), tracer_(&tracer) {}

  // The same position outside the traced search: what an algorithm does with it afterwards (the
  // MT family's walk of the table for its principal variation) is no visit.
  [[nodiscard]] State unobserved(const State& s) const { return State{s.inner, -1}; }

  // The traced root: searches started from it are recorded.
  [[nodiscard]] State root(const typename G::State& s) const { return {s, tracer_->add_root(s)}; }

  [[nodiscard]] State initial_state() const { return {game_->initial_state(), -1}; }
  [[nodiscard]] int to_move(const State& s) const { return game_->to_move(s.inner); }
  [[nodiscard]] bool is_terminal(const State& s) const {
    tracer_->on_terminal_check(s.node);
    return game_->is_terminal(s.inner);
  }
  [[nodiscard]] Value terminal_value(const State& s) const {
    const Value v = game_->terminal_value(s.inner);
    tracer_->on_eval(s.node, v);
    return v;
  }
  void legal_moves(const State& s, MoveList<kMaxMoves>& moves) const {
    const std::size_t before = moves.size();
    game_->legal_moves(s.inner, moves);
    if (s.node >= 0) tracer_->on_expand(s.node, {moves.begin() + before, moves.end()});
  }
  void play(State& s, Move m) const {
    game_->play(s.inner, m);
    s.node = tracer_->child(s.node, s.inner, m);
  }
  [[nodiscard]] std::uint64_t hash(const State& s) const {
    tracer_->on_hash(s.node);
    return game_->hash(s.inner);
  }
  [[nodiscard]] std::string to_string(const State& s) const { return game_->to_string(s.inner); }
  [[nodiscard]] State parse(std::string_view text) const { return {game_->parse(text), -1}; }
  [[nodiscard]] std::string move_to_string(const State& s, Move m) const {
    return game_->move_to_string(s.inner, m);
  }
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const {
    return game_->parse_move(s.inner, text);
  }

  [[nodiscard]] auto outcome_bounds(const State& s) const requires detail::HasOutcomeBounds<G> {
    tracer_->on_bounds(s.node);
    return game_->outcome_bounds(s.inner);
  }

  [[nodiscard]] Value max_outcome() const requires OutcomeLimitGame<G> {
    return game_->max_outcome();
  }

  // Settles a move without making its position, so no node for it is traced either.
  [[nodiscard]] auto move_outcome(const State& s, Move m) const requires detail::HasMoveOutcome<G> {
    return game_->move_outcome(s.inner, m);
  }

  [[nodiscard]] SssPopObserver sss_pop_observer() const {
    return SssPopObserver{&Tracer<G>::pop_thunk, tracer_};
  }

 private:
  const G* game_;
  Tracer<G>* tracer_;
};

template <Game G>
void Tracer<G>::pop_thunk(void* self, const void* state, bool solved, Value h) {
  const auto* s = static_cast<const typename TracingGame<G>::State*>(state);
  static_cast<Tracer<G>*>(self)->on_pop(s->node, solved, h);
}

template <Game G, class E>
class TracingEval {
 public:
  TracingEval(const E& eval, Tracer<G>& tracer) : eval_(&eval), tracer_(&tracer) {}
  Value operator()(const typename TracingGame<G>::State& s) const {
    const Value v = (*eval_)(s.inner);
    tracer_->on_eval(s.node, v);
    return v;
  }

 private:
  const E* eval_;
  Tracer<G>* tracer_;
};

}  // namespace gts
