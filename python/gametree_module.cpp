// gametree._core: the registry's games and searches for Python (pybind11). The package's Python
// half (python/gametree/__init__.py) wraps the results; every search runs with the GIL released.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "common/input_error.h"
#include "games/game.h"
#include "harness/cli/app.h"
#include "harness/cli/command.h"
#include "harness/goal_problem.h"
#include "harness/registry.h"
#include "harness/search/catalog.h"
#include "harness/search/search_report.h"

namespace py = pybind11;

namespace gts::python {

namespace {

// JSON as plain Python values: ints stay ints, floats floats, null None.
py::object to_python(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list out;
      for (const auto& item : j) out.append(to_python(item));
      return out;
    }
    case nlohmann::json::value_t::object: {
      py::dict out;
      for (const auto& [key, value] : j.items()) out[py::str(key)] = to_python(value);
      return out;
    }
    default:
      throw std::logic_error("a JSON value of no Python type");
  }
}

// A parameter or option value as the CLI writes it: True/False are on/off (yes/no where `specs`
// declares the name a yes/no choice: --json gives both as booleans), numbers their digits.
std::string value_text(const std::string& name, const py::handle& v,
                       const std::vector<ParamSpec>& specs) {
  if (!py::isinstance<py::bool_>(v)) return py::str(v).cast<std::string>();
  const bool on = v.cast<bool>();
  const auto spec = std::ranges::find(specs, name, &ParamSpec::name);
  const bool yes_no =
      spec != specs.end() && std::ranges::find(spec->choices, "yes") != spec->choices.end();
  return yes_no ? (on ? "yes" : "no") : (on ? "on" : "off");
}

std::map<std::string, std::string> text_map(const py::dict& d,
                                            const std::vector<ParamSpec>& specs = {}) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : d) {
    const std::string name = py::str(key).cast<std::string>();
    out[name] = value_text(name, value, specs);
  }
  return out;
}

// The parameters game `name` declares (none for a name that is no game's: make_game says so).
std::vector<ParamSpec> game_param_specs(const std::string& name) {
  for (const GameInfo& g : game_infos()) {
    if (g.name == name) return g.params;
  }
  return {};
}

// A configured game and the parameters given for it: a goal solver's problem reads which were
// given (go-capture without `ko_threats` solves under both ko rules), as `harness search` does.
struct Game {
  std::shared_ptr<const GameHandle> handle;
  std::map<std::string, std::string> given;
  const GameHandle* operator->() const { return handle.get(); }
};
using GamePtr = std::shared_ptr<const Game>;

// A position of one game; states are values: play() returns a new one.
struct State {
  GamePtr game;
  Position position;
  [[nodiscard]] std::string text() const { return game->handle->text(position); }
};

// The state a search starts from: a State of the same game, a position in notation, or None.
State state_of(const GamePtr& game, const py::handle& state) {
  if (state.is_none()) return {game, game->handle->position(game->handle->initial_position())};
  if (py::isinstance<State>(state)) {
    const auto& s = state.cast<const State&>();
    if (s.game->handle->label() != game->handle->label()) {
      throw ParamError("state: a state of " + s.game->handle->label() + ", searched as " +
                       game->handle->label());
    }
    return s;
  }
  if (py::isinstance<py::str>(state)) {
    try {
      return {game, game->handle->position(state.cast<std::string>())};
    } catch (const ParseError& e) {
      throw ParseError(std::string("--position: ") + e.what());
    }
  }
  throw ParamError("state: expected a gametree.State, a position in the game's notation or None");
}

// A search as `harness search` takes it, resolved with the GIL held; run() needs no Python.
struct Request {
  State root;
  std::string position;  // canonical
  bool goal = false;     // a goal solver (pn, dfpn, ...) rather than a value search
  AlgorithmSpec algorithm;
  SolverSpec solver;
  EvalSpec eval;
  SearchLimits limits;
  std::uint64_t seed = 0;
  bool position_given = false;

  [[nodiscard]] nlohmann::json run() const {
    const GameHandle& game = *root.game->handle;
    if (goal) {
      const GoalReport report = run_goal_search(game.info().name, root.game->given,
                                                position_given ? position : "", solver, limits);
      return goal_json(game, position, report);
    }
    auto searcher = game.make_searcher(algorithm, eval);
    const SearchReport report = run_search(game, root.position, *searcher, limits, seed);
    return search_json(game, position, algorithm, eval, limits.depth, report);
  }
};

int depth_of(const py::handle& depth) {
  if (depth.is_none()) throw ParamError("--depth: required (plies, or 'max': to the end)");
  return cli::parse_depth(py::str(depth).cast<std::string>());
}

Request make_request(const GamePtr& game, const py::handle& state, const std::string& algorithm,
                     const py::handle& depth, const py::dict& options, const std::string& eval,
                     long long max_nodes, double max_ms) {
  if (max_nodes < 0) throw ParamError("--max-nodes: " + std::to_string(max_nodes) + " is below 0");
  if (max_ms < 0) throw ParamError("--max-ms: a negative time budget");
  Request r;
  r.root = state_of(game, state);
  r.position = r.root.text();
  r.position_given = !state.is_none();
  r.limits = {.depth = depth_of(depth),
              .max_nodes = static_cast<std::uint64_t>(max_nodes),
              .max_ms = max_ms};
  r.goal = is_goal_solver_only(algorithm);
  if (r.goal) {
    r.solver = make_solver_spec(algorithm, text_map(options));
    check_goal_search(game->handle->info().name, r.solver, r.limits.depth, !eval.empty());
    return r;
  }
  r.algorithm = make_algorithm_spec(algorithm, text_map(options));
  r.eval = parse_eval_spec(eval.empty() ? game->handle->info().default_evaluation : eval);
  r.seed = search_seed(r.algorithm);
  return r;
}

// search_many's items: dicts of search()'s keyword arguments.
Request request_of(const py::dict& item) {
  static const char* const known[] = {"game",    "state", "algorithm", "depth",
                                      "options", "eval",  "max_nodes", "max_ms"};
  for (const auto& [key, value] : item) {
    const auto name = py::str(key).cast<std::string>();
    if (std::ranges::find_if(known, [&](const char* k) { return name == k; }) == std::end(known)) {
      throw ParamError("search_many: unknown key '" + name +
                       "' (keys: game, state, algorithm, depth, options, eval, max_nodes, max_ms)");
    }
  }
  for (const char* key : {"game", "algorithm", "depth"}) {
    if (!item.contains(key))
      throw ParamError(std::string("search_many: an item without '") + key + "'");
  }
  const auto get = [&](const char* key) -> py::object {
    return item.contains(key) ? py::object(item[key]) : py::none();
  };
  const py::object options = get("options");
  const py::object eval = get("eval");
  const py::object max_nodes = get("max_nodes");
  const py::object max_ms = get("max_ms");
  return make_request(item["game"].cast<GamePtr>(), get("state"),
                      item["algorithm"].cast<std::string>(), get("depth"),
                      options.is_none() ? py::dict() : options.cast<py::dict>(),
                      eval.is_none() ? "" : eval.cast<std::string>(),
                      max_nodes.is_none() ? 0 : max_nodes.cast<long long>(),
                      max_ms.is_none() ? 0.0 : max_ms.cast<double>());
}

py::object search(const GamePtr& game, const py::handle& state, const std::string& algorithm,
                  const py::handle& depth, const py::dict& options, const std::string& eval,
                  long long max_nodes, double max_ms) {
  const Request request =
      make_request(game, state, algorithm, depth, options, eval, max_nodes, max_ms);
  nlohmann::json result;
  {
    py::gil_scoped_release release;
    result = request.run();
  }
  return to_python(result);
}

py::list search_many(const py::list& items, int threads) {
  if (threads < 0) throw ParamError("threads: " + std::to_string(threads) + " is below 0");
  std::vector<Request> requests;
  for (const auto& item : items) {
    if (!py::isinstance<py::dict>(item)) throw ParamError("search_many: items are dicts");
    requests.push_back(request_of(item.cast<py::dict>()));
  }
  std::vector<nlohmann::json> results(requests.size());
  std::vector<std::exception_ptr> errors(requests.size());
  {
    py::gil_scoped_release release;
    tbb::task_arena arena(threads == 0 ? tbb::task_arena::automatic : threads);
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, requests.size(), [&](std::size_t i) {
        try {
          results[i] = requests[i].run();
        } catch (...) {
          errors[i] = std::current_exception();
        }
      });
    });
  }
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  py::list out;
  for (const auto& r : results) out.append(to_python(r));
  return out;
}

py::object perft(const GamePtr& game, const py::handle& state, int depth) {
  if (depth < 0 || depth > 64)
    throw ParamError("--depth: " + std::to_string(depth) + " is not in 0..64");
  const std::string position = state_of(game, state).text();
  std::vector<std::uint64_t> per_ply;
  double elapsed = 0;
  {
    py::gil_scoped_release release;
    const double start = wall_ms();
    per_ply = game->handle->perft(position, depth);
    elapsed = wall_ms() - start;
  }
  return to_python(perft_json(*game->handle, position, depth, per_ply, elapsed));
}

// The harness's command line in this process, the GIL released: (exit code, what it wrote to
// std::cerr, where its one-line errors go). Not for two threads at once (std::cerr is one).
std::pair<int, std::string> run_main(const std::vector<std::string>& args) {
  std::vector<std::string> owned = args;
  std::vector<char*> argv;
  for (auto& a : owned) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::ostringstream err;
  int rc = 0;
  {
    py::gil_scoped_release release;
    std::streambuf* old = std::cerr.rdbuf(err.rdbuf());
    try {
      rc = cli::harness_main(static_cast<int>(owned.size()), argv.data());
    } catch (...) {
      std::cerr.rdbuf(old);
      throw;
    }
    std::cerr.rdbuf(old);
  }
  return {rc, err.str()};
}

}  // namespace

void bind(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  m.def(
      "games", [] { return to_python(games_json()); },
      "The games with their parameters and evaluations, as `harness games --json` lists them.");
  m.def(
      "algorithms", [] { return to_python(algorithms_json()); },
      "The searches and goal solvers with their options, as `harness algorithms --json`.");

  const auto info = [](const Game& g) -> const GameInfo& { return g->info(); };
  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def(py::init([](const std::string& name, const py::kwargs& params) {
             auto given = text_map(params, game_param_specs(name));
             return std::make_shared<Game>(Game{make_game(name, given), given});
           }),
           py::arg("name"))
      .def_property_readonly("name", [=](const Game& g) { return info(g).name; })
      .def_property_readonly("params", [](const Game& g) { return g->params().values(); })
      .def_property_readonly("label", [](const Game& g) { return g->label(); })
      .def_property_readonly("description", [=](const Game& g) { return info(g).description; })
      .def_property_readonly("default_evaluation",
                             [=](const Game& g) { return info(g).default_evaluation; })
      .def_property_readonly("evaluations",
                             [=](const Game& g) {
                               std::vector<std::string> kinds;
                               for (const auto& e : info(g).evaluations) kinds.push_back(e.kind);
                               return kinds;
                             })
      .def_property_readonly("side_names",
                             [=](const Game& g) {
                               return std::vector<std::string>(info(g).side_names.begin(),
                                                               info(g).side_names.end());
                             })
      .def(
          "initial_state",
          [](const GamePtr& g) {
            return State{g, (*g)->position((*g)->initial_position())};
          },
          "The start position.")
      .def(
          "state",
          [](const GamePtr& g, const std::string& text) { return state_of(g, py::str(text)); },
          py::arg("text"),
          "The position written `text` in the game's notation (ValueError if not).")
      .def("__repr__", [](const Game& g) { return "gametree.Game(" + g->label() + ")"; });

  py::class_<State>(m, "State")
      .def_property_readonly("game", [](const State& s) { return s.game; })
      .def("to_string", &State::text, "The position in the game's notation (canonical).")
      .def("__str__", &State::text)
      .def("__repr__", [](const State& s) { return "gametree.State('" + s.text() + "')"; })
      .def("__eq__",
           [](const State& a, const State& b) {
             return a.game->handle->label() == b.game->handle->label() && a.text() == b.text();
           })
      .def("__hash__", [](const State& s) { return py::hash(py::str(s.text())); })
      .def(
          "legal_moves", [](const State& s) { return s.game->handle->legal_moves(s.position); },
          "The legal moves, in notation (empty at the end of the game).")
      .def(
          "play",
          [](const State& s, const std::string& move) {
            State next = s;
            next.game->handle->play(next.position,
                                    next.game->handle->parse_move(next.position, move));
            return next;
          },
          py::arg("move"), "The state after `move` (in notation); this state is unchanged.")
      .def("is_terminal", [](const State& s) { return s.game->handle->finished(s.position); })
      .def(
          "to_move", [](const State& s) { return s.game->handle->mover(s.position); },
          "The side to move: 0 (the first player) or 1.")
      .def(
          "final_value",
          [](const State& s) {
            if (!s.game->handle->finished(s.position)) {
              throw ParamError("final_value: the game is not over at " + s.text());
            }
            return s.game->handle->final_value(s.position);
          },
          "The outcome of a finished game from the side to move's view (> 0: a win).")
      .def(
          "draw", [](const State& s) { return s.game->handle->draw(s.text()); },
          "A multi-line drawing of the position.");

  m.def("search", &search, py::arg("game"), py::arg("state"), py::arg("algorithm"),
        py::arg("depth"), py::arg("options") = py::dict(), py::arg("eval") = "",
        py::arg("max_nodes") = 0, py::arg("max_ms") = 0.0,
        "One search as `harness search --json` runs it; returns its object as a dict.");
  m.def("search_many", &search_many, py::arg("items"), py::arg("threads") = 0,
        "Searches of dicts of search()'s arguments on oneTBB threads (0: all cores).");
  m.def("main", &run_main, py::arg("argv"),
        "`harness ARGV[1:]` in this process: (exit code, its stderr text).");
  m.def("perft", &perft, py::arg("game"), py::arg("state"), py::arg("depth"),
        "Positions at each ply as `harness perft --json` counts them.");
}

}  // namespace gts::python

PYBIND11_MODULE(_core, m) {
  m.doc() = "gametree's compiled half: the registry's games and searches.";
  gts::python::bind(m);
}
