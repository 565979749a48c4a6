// Go capture problems in the registry. For `harness solve` each problem file is its own game
// (board, target, region, limits), with the config's rule parameters (superko, max_plies,
// escape_liberties).
#include "games/go_capture/go_capture.h"

#include "harness/game_adapter.h"
#include "harness/game_table.h"
#include "harness/goal_problem_adapter.h"

namespace gts {

namespace {

// Zhang et al.'s evaluation as initial numbers: E = GoCapture::capture_distance, pn = E^2 and
// dn = (25/E)^2 when the prover is the attacker, swapped when it is the defender.
class GoCaptureHeuristic {
 public:
  GoCaptureHeuristic(const GoCapture& game, int prover)
      : game_(&game), prover_is_attacker_(prover == game.attacker()) {}
  ProofEstimate operator()(const GoCapture::State& s) const {
    const ProofEstimate e = estimate_from_distance(game_->capture_distance(s));
    return prover_is_attacker_ ? e : swapped(e);
  }

 private:
  const GoCapture* game_;
  bool prover_is_attacker_;
};

// GNU Go's question, asked exactly: a problem is proved when the prover wins even if its opponent
// wins every ko (may retake one at once), proved by ko when it wins only if it wins every ko
// itself, and disproved when it fails even then. So at most two searches, on the game under each
// ko rule; a node or time budget covers both.
class GoKoProblem final : public SolveProblem {
 public:
  GoKoProblem(std::unique_ptr<SolveProblem> opponent_wins_kos,
              std::unique_ptr<SolveProblem> prover_wins_kos)
      : first_(std::move(opponent_wins_kos)), second_(std::move(prover_wins_kos)) {}
  [[nodiscard]] const std::string& name() const override { return first_->name(); }
  [[nodiscard]] const std::string& expected() const override { return first_->expected(); }
  [[nodiscard]] const std::string& game() const override { return first_->game(); }
  [[nodiscard]] const std::string& goal() const override { return first_->goal(); }

  [[nodiscard]] SolveOutcome solve(const SolverSpec& solver,
                                   const SearchLimits& limits) const override {
    SolveOutcome first = first_->solve(solver, limits);
    if (first.status != ProofStatus::kDisproved) return first;
    SearchLimits rest = limits;
    bool spent = false;
    if (limits.max_nodes != 0) {
      spent = first.stats.nodes >= limits.max_nodes;
      rest.max_nodes = spent ? 0 : limits.max_nodes - first.stats.nodes;
    }
    if (limits.max_ms > 0) {
      spent = spent || first.time_ms >= limits.max_ms;
      rest.max_ms = limits.max_ms - first.time_ms;
    }
    if (spent) {
      SolveOutcome unknown;
      unknown.stats = first.stats;
      unknown.time_ms = first.time_ms;
      return unknown;
    }
    SolveOutcome second = second_->solve(solver, rest);
    second.stats += first.stats;
    second.time_ms += first.time_ms;
    second.by_ko = second.status == ProofStatus::kProved;
    return second;
  }

 private:
  std::unique_ptr<SolveProblem> first_;
  std::unique_ptr<SolveProblem> second_;
};

// region=checked: the answer in the problem's region, then on the whole board; when they differ
// the region was too small for the truth, and the whole board's answer is the one given, with a
// warning. One budget covers both searches.
class GoRegionCheckedProblem final : public SolveProblem {
 public:
  GoRegionCheckedProblem(std::unique_ptr<SolveProblem> in_region,
                         std::unique_ptr<SolveProblem> whole)
      : region_(std::move(in_region)), whole_(std::move(whole)) {}
  [[nodiscard]] const std::string& name() const override { return region_->name(); }
  [[nodiscard]] const std::string& expected() const override { return region_->expected(); }
  [[nodiscard]] const std::string& game() const override { return region_->game(); }
  [[nodiscard]] const std::string& goal() const override { return region_->goal(); }

  [[nodiscard]] SolveOutcome solve(const SolverSpec& solver,
                                   const SearchLimits& limits) const override {
    SolveOutcome r = region_->solve(solver, limits);
    if (r.status == ProofStatus::kUnknown) return r;
    SearchLimits rest = limits;
    bool spent = false;
    if (limits.max_nodes != 0) {
      spent = r.stats.nodes >= limits.max_nodes;
      rest.max_nodes = spent ? 0 : limits.max_nodes - r.stats.nodes;
    }
    if (limits.max_ms > 0) {
      spent = spent || r.time_ms >= limits.max_ms;
      rest.max_ms = limits.max_ms - r.time_ms;
    }
    SolveOutcome w;
    if (!spent) w = whole_->solve(solver, rest);
    const std::string in_region = solve_result_name(r);
    if (w.status == ProofStatus::kUnknown) {
      r.stats += w.stats;
      r.time_ms += w.time_ms;
      r.warning = in_region + " in the region, not confirmed on the whole board within the budget";
      return r;
    }
    w.stats += r.stats;
    w.time_ms += r.time_ms;
    if (solve_result_name(w) != in_region) {
      w.warning = "the region is too small: in it the answer is " + in_region +
                  ", on the whole board " + solve_result_name(w);
    }
    return w;
  }

 private:
  std::unique_ptr<SolveProblem> region_;
  std::unique_ptr<SolveProblem> whole_;
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
  // One search under one ko rule (the `ko_threats` of `rules`).
  auto make =
      [&spec](const std::map<std::string, std::string>& rules) -> std::unique_ptr<SolveProblem> {
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
        std::string(GoCapture::kName), name.empty() ? std::string("problem") : name, expected,
        goal_text, std::move(game), root, goal, [goal](const GoCapture& g) {
          return std::make_unique<GoCaptureHeuristic>(g, goal.prover);
        });
  };
  // A ko rule the user chose is the question asked; otherwise GNU Go's three answers.
  auto question = [&](const std::map<std::string, std::string>& q) {
    if (q.count("ko_threats") != 0) return make(q);
    const GoCapture plain(resolve_params(GoCapture::param_specs(), q, "game go-capture"));
    const int prover = spec.position.empty() ? plain.to_move(plain.initial_state())
                                             : plain.to_move(plain.parse(spec.position));
    const char* colour[2] = {"black", "white"};
    std::map<std::string, std::string> opponent_wins = q;
    opponent_wins["ko_threats"] = colour[1 - prover];
    std::map<std::string, std::string> prover_wins = q;
    prover_wins["ko_threats"] = colour[prover];
    return std::unique_ptr<SolveProblem>(
        std::make_unique<GoKoProblem>(make(opponent_wins), make(prover_wins)));
  };
  const auto region = p.find("region");
  if (region == p.end() || region->second != "checked") return question(p);
  std::map<std::string, std::string> in_region = p;
  in_region["region"] = "problem";
  std::map<std::string, std::string> whole = p;
  whole["region"] = "whole";
  return std::make_unique<GoRegionCheckedProblem>(question(in_region), question(whole));
}

}  // namespace

GameEntry go_capture_entry() {
  GameEntry entry{describe_game<GoCapture>(), &make_adapter<GoCapture>, &make_go_capture_problem};
  entry.info.bench_positions = {{"go-capture ladder", {}, "", 4}};
  return entry;
}

}  // namespace gts
