// Go capture problems in the registry. For `harness solve` each problem file is its own game
// (board, target, region, limits), with the config's rule parameters (superko, max_plies,
// escape_liberties, escape_after).
#include "games/go_capture/go_capture.h"

#include <atomic>
#include <chrono>
#include <thread>

#include "harness/game_adapter.h"

namespace gts {

namespace {

// Zhang et al.'s evaluation as initial numbers: E = GoCapture::capture_distance, pn = E^2 and
// dn = (25/E)^2 when the prover is the attacker, swapped when it is the defender.
class GoCaptureHeuristic {
 public:
  GoCaptureHeuristic(const GoCapture& game, const SolverGoal& goal)
      : game_(&game), prover_is_attacker_(goal.prover == game.attacker()) {}
  ProofEstimate operator()(const GoCapture::State& s) const {
    const ProofEstimate e = estimate_from_distance(game_->capture_distance(s));
    return prover_is_attacker_ ? e : swapped(e);
  }

 private:
  const GoCapture* game_;
  bool prover_is_attacker_;
};

// Two searches of one problem, the second only where the first leaves the question open, under one
// node or time budget.
class GoTwoSearches : public SolveProblem {
 public:
  GoTwoSearches(std::unique_ptr<SolveProblem> first, std::unique_ptr<SolveProblem> second)
      : SolveProblem(*first), first_(std::move(first)), second_(std::move(second)) {}

 protected:
  // The second search's outcome, with the costs of both, under what the first (`done`) left of the
  // budget; unknown when it left nothing.
  [[nodiscard]] SolveOutcome solve_second(const SolverSpec& solver, const SearchLimits& limits,
                                          const SolveOutcome& done, DfpnCarry* carry) const {
    SearchLimits rest = limits;
    bool spent = false;
    if (limits.max_nodes != 0) {
      spent = done.stats.nodes >= limits.max_nodes;
      rest.max_nodes = spent ? 0 : limits.max_nodes - done.stats.nodes;
    }
    if (limits.max_ms > 0) {
      spent = spent || done.time_ms >= limits.max_ms;
      rest.max_ms = limits.max_ms - done.time_ms;
    }
    SolveOutcome second = spent ? SolveOutcome{} : second_->solve(solver, rest, carry);
    second.stats += done.stats;
    second.time_ms += done.time_ms;
    return second;
  }

  std::unique_ptr<SolveProblem> first_;
  std::unique_ptr<SolveProblem> second_;
};

// GNU Go's question, asked exactly: a problem is proved when the prover wins even if its opponent
// wins every ko (may retake one at once), proved by ko when it wins only if it wins every ko
// itself, and disproved when it fails even then. So at most two searches, on the game under each
// ko rule (first: the opponent wins kos, second: the prover does); a node or time budget covers
// both. What the prover wins when its opponent wins every ko it wins when it wins them itself (its
// moves there are a superset, its opponent's a subset, the ends the same), so df-pn's second
// search starts from the positions the first proved (DfpnCarry).
//
// ko_searches=side-by-side runs the two searches at once, each on its own thread with the whole
// budget (a time budget is wall clock, so it still covers both) and without the first's proofs:
// the first proving answers (the second is stopped), as does the second disproving (the prover
// fails even winning every ko, so the first would fail too); otherwise both are waited for.
class GoKoProblem final : public GoTwoSearches {
 public:
  GoKoProblem(std::unique_ptr<SolveProblem> first, std::unique_ptr<SolveProblem> second,
              bool side_by_side)
      : GoTwoSearches(std::move(first), std::move(second)), side_by_side_(side_by_side) {}

  [[nodiscard]] SolveOutcome solve(const SolverSpec& solver, const SearchLimits& limits,
                                   DfpnCarry* /*carry*/) const override {
    if (side_by_side_) return solve_side_by_side(solver, limits);
    DfpnCarry carry;
    SolveOutcome first = first_->solve(solver, limits, &carry);
    if (first.status != ProofStatus::kDisproved) return first;
    SolveOutcome second = solve_second(solver, limits, first, &carry);
    second.by_ko = second.status == ProofStatus::kProved;
    return second;
  }

 private:
  [[nodiscard]] SolveOutcome solve_side_by_side(const SolverSpec& solver,
                                                const SearchLimits& limits) const {
    const auto start = std::chrono::steady_clock::now();
    std::atomic<bool> stop_first{false};
    std::atomic<bool> stop_second{false};
    std::atomic<int> running{2};
    SearchLimits first_limits = limits;
    first_limits.stop = &stop_first;
    SearchLimits second_limits = limits;
    second_limits.stop = &stop_second;
    second_limits.progress = nullptr;  // one reporter, one thread
    SolveOutcome first;
    SolveOutcome second;
    std::thread a([&] {
      first = first_->solve(solver, first_limits);
      if (first.status == ProofStatus::kProved) stop_second = true;
      --running;
    });
    std::thread b([&] {
      second = second_->solve(solver, second_limits);
      if (second.status == ProofStatus::kDisproved) stop_first = true;
      --running;
    });
    // The caller's stop request reaches both.
    while (running > 0) {
      if (limits.stop != nullptr && limits.stop->load()) {
        stop_first = true;
        stop_second = true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    a.join();
    b.join();
    SolveOutcome r = first;
    if (first.status == ProofStatus::kDisproved || second.status == ProofStatus::kDisproved) {
      r = second;
      r.by_ko = second.status == ProofStatus::kProved;
    }
    r.stats = first.stats;
    r.stats += second.stats;
    r.time_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
    return r;
  }

  bool side_by_side_;
};

// region=checked: the answer in the problem's region, then on the whole board; when they differ
// the region was too small for the truth, and the whole board's answer is the one given, with a
// warning (first: the search in the region, second: on the whole board). One budget covers both
// searches.
class GoRegionCheckedProblem final : public GoTwoSearches {
 public:
  using GoTwoSearches::GoTwoSearches;

  [[nodiscard]] SolveOutcome solve(const SolverSpec& solver, const SearchLimits& limits,
                                   DfpnCarry* /*carry*/) const override {
    SolveOutcome r = first_->solve(solver, limits);
    if (r.status == ProofStatus::kUnknown) return r;
    SolveOutcome w = solve_second(solver, limits, r, nullptr);
    const std::string in_region = solve_result_name(r);
    if (w.status == ProofStatus::kUnknown) {
      r.stats = w.stats;
      r.time_ms = w.time_ms;
      r.warning = in_region + " in the region, not confirmed on the whole board within the budget";
      return r;
    }
    if (solve_result_name(w) != in_region) {
      w.warning = "the region is too small: in it the answer is " + in_region +
                  ", on the whole board " + solve_result_name(w);
    }
    return w;
  }
};

std::unique_ptr<SolveProblem> make_go_capture_problem(
    const std::map<std::string, std::string>& params, const ProblemSpec& spec) {
  std::map<std::string, std::string> p = params;
  if (!spec.from_game_params) {
    if (!spec.position.empty()) {
      throw ParamError(
          "problem '" + spec.name +
          "': go-capture problems come from a 'file' or a 'problem', not a 'position'");
    }
    if (spec.file.empty() == spec.problem.empty()) {
      throw ParamError("problem '" + spec.name + "': give a 'file' or a 'problem' (one of them)");
    }
    for (const char* key : {"file", "problem"}) {
      if (p.count(key) != 0) {
        throw ParamError(std::string("game go-capture: '") + key +
                         "' is set per problem, not in the game's parameters");
      }
    }
    if (!spec.file.empty()) p["file"] = spec.file;
    if (!spec.problem.empty()) p["problem"] = spec.problem;
  }
  using Map = std::map<std::string, std::string>;
  auto with = [](Map m, const char* key, const std::string& value) {
    m[key] = value;
    return m;
  };
  // One search under one ko rule (the `ko_threats` of `rules`).
  auto make = [&spec](const Map& rules) -> std::unique_ptr<SolveProblem> {
    GoCapture game(resolve_params(GoCapture::param_specs(), rules, "game go-capture"));
    const GoProblem& prob = game.problem();
    GoCapture::State root =
        spec.position.empty() ? game.initial_state() : game.parse(spec.position);
    // The side to move reaches its goal: the attacker captures, the defender saves.
    const SolverGoal goal{game.to_move(root), 1};
    const std::string target = go_point_name(prob.size, prob.target_point());
    const std::string goal_text =
        std::string(GoCapture::kSideNames[static_cast<std::size_t>(goal.prover)]) +
        (goal.prover == game.attacker() ? " captures " : " saves ") + target;
    const std::string name = spec.name.empty() ? prob.name : spec.name;
    // The problem's known answer is for its own position, not a later one.
    const std::string expected = !spec.expected.empty()  ? spec.expected
                                 : spec.position.empty() ? prob.expected
                                                         : "";
    return std::make_unique<TypedSolveProblem<GoCapture, GoCaptureHeuristic>>(
        name.empty() ? std::string("problem") : name, expected, goal_text, std::move(game), root,
        goal);
  };
  // A ko rule the user chose is the question asked; otherwise GNU Go's three answers.
  auto question = [&](const Map& q) {
    if (q.count("ko_threats") != 0) return make(q);
    const GoCapture plain(resolve_params(GoCapture::param_specs(), q, "game go-capture"));
    const int prover = spec.position.empty() ? plain.to_move(plain.initial_state())
                                             : plain.to_move(plain.parse(spec.position));
    const char* colour[2] = {"black", "white"};
    const auto ko = q.find("ko_searches");
    return std::unique_ptr<SolveProblem>(std::make_unique<GoKoProblem>(
        make(with(q, "ko_threats", colour[1 - prover])), make(with(q, "ko_threats", colour[prover])),
        ko != q.end() && ko->second == "side-by-side"));
  };
  const auto region = p.find("region");
  if (region == p.end() || region->second != "checked") return question(p);
  return std::make_unique<GoRegionCheckedProblem>(question(with(p, "region", "problem")),
                                                  question(with(p, "region", "whole")));
}

}  // namespace

GameEntry go_capture_entry() {
  return game_entry<GoCapture>({{"go-capture ladder", {}, "", 4}}, &make_go_capture_problem);
}

}  // namespace gts
