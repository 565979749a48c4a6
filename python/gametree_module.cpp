// gametree._core: the registry's games and searches for Python (pybind11). The package's Python
// half (python/gametree/__init__.py) wraps the results; every search runs with the GIL released.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <exception>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
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

// The Python type of `v` as a message names it ("None", "int", "gametree.State").
std::string type_name(const py::handle& v) {
  if (v.is_none()) return "None";
  return Py_TYPE(v.ptr())->tp_name;
}

[[noreturn]] void wrong_type(const std::string& name, const std::string& expected,
                             const py::handle& got) {
  throw py::type_error(name + ": expected " + expected + ", got " + type_name(got));
}

// An int or an integer of another type (numpy's): anything with __index__ but a bool.
bool is_integer(const py::handle& v) {
  return PyIndex_Check(v.ptr()) != 0 && !py::isinstance<py::bool_>(v);
}

// A parameter or option value as the CLI writes it: True/False are on/off (yes/no where `specs`
// declares the name a yes/no choice: --json gives both as booleans), numbers their digits.
// `what` names the dict in messages ("options", "params").
std::string value_text(const std::string& what, const std::string& name, const py::handle& v,
                       const std::vector<ParamSpec>& specs) {
  if (!py::isinstance<py::bool_>(v)) {
    if (is_integer(v)) {
      return py::str(py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr())))
          .cast<std::string>();
    }
    if (!py::isinstance<py::str>(v) && !PyFloat_Check(v.ptr())) {
      wrong_type(what + "['" + name + "']", "a str, int, float or bool", v);
    }
    return py::str(v).cast<std::string>();
  }
  const bool on = v.cast<bool>();
  const auto spec = std::ranges::find(specs, name, &ParamSpec::name);
  const bool yes_no =
      spec != specs.end() && std::ranges::find(spec->choices, "yes") != spec->choices.end();
  return yes_no ? (on ? "yes" : "no") : (on ? "on" : "off");
}

std::map<std::string, std::string> text_map(const std::string& what, const py::dict& d,
                                            const std::vector<ParamSpec>& specs = {}) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : d) {
    if (!py::isinstance<py::str>(key)) wrong_type(what + " keys", "str", key);
    const std::string name = key.cast<std::string>();
    out[name] = value_text(what, name, value, specs);
  }
  return out;
}

// Arguments checked one by one, each message naming the argument: TypeError for a wrong type,
// ValueError for a value out of range.
std::string str_arg(const py::handle& v, const std::string& name) {
  if (!py::isinstance<py::str>(v)) wrong_type(name, "a str", v);
  return v.cast<std::string>();
}

long long int_arg(const py::handle& v, const std::string& name, long long lo, long long hi) {
  if (!is_integer(v)) wrong_type(name, "an int", v);
  const auto number = py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr()));
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (x == -1 && PyErr_Occurred() != nullptr) throw py::error_already_set();
  if (overflow != 0 || x < lo || x > hi) {
    const std::string range = hi == std::numeric_limits<long long>::max()
                                  ? "at least " + std::to_string(lo)
                                  : std::to_string(lo) + ".." + std::to_string(hi);
    throw py::value_error(name + ": " + py::repr(v).cast<std::string>() +
                          " is out of range (expected " + range + ")");
  }
  return x;
}

// A time budget: an int or float, finite and >= 0 (as --max-ms takes it).
double ms_arg(const py::handle& v, const std::string& name) {
  if (!is_integer(v) && !PyFloat_Check(v.ptr()) &&
      !(py::hasattr(v, "__float__") && !py::isinstance<py::str>(v) &&
        !py::isinstance<py::bool_>(v))) {
    wrong_type(name, "an int or float", v);
  }
  const double x = v.cast<double>();
  if (!(x >= 0) || std::isinf(x)) {
    throw py::value_error(name + ": " + py::repr(v).cast<std::string>() +
                          " is out of range (expected a finite number >= 0)");
  }
  return x;
}

py::dict options_arg(const py::handle& v, const std::string& name) {
  if (v.is_none()) return {};
  if (!py::isinstance<py::dict>(v)) wrong_type(name, "a dict or None", v);
  return py::reinterpret_borrow<py::dict>(v);
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
// A Game or State made by __new__ without __init__ holds nothing: its methods raise TypeError.
[[noreturn]] inline void not_initialised(const char* what) {
  throw py::type_error(std::string("a gametree.") + what + " not initialised (made by __new__)");
}

// pybind11 gives a method called on such an object storage from the class's operator new
// without constructing it; these construct an empty value there, so the checks below see it.
template <class T>
void* new_empty(std::size_t size) {
  return ::new (::operator new(size)) T{};
}

struct Game {
  static void* operator new(std::size_t size) { return new_empty<Game>(size); }
  static void operator delete(void* p) { ::operator delete(p); }
  std::shared_ptr<const GameHandle> handle;
  std::map<std::string, std::string> given;
  const GameHandle* operator->() const {
    if (!handle) not_initialised("Game");
    return handle.get();
  }
};
using GamePtr = std::shared_ptr<const Game>;

// A position of one game; states are values: play() returns a new one.
struct State {
  static void* operator new(std::size_t size) { return new_empty<State>(size); }
  static void operator delete(void* p) { ::operator delete(p); }
  GamePtr game;
  Position position;
  [[nodiscard]] const GameHandle& handle() const {
    if (!game || !game->handle) not_initialised("State");
    return *game->handle;
  }
  [[nodiscard]] std::string text() const { return handle().text(position); }
};

// A Game argument; a Game whose __init__ never ran (Game.__new__(Game)) holds no game.
GamePtr game_arg(const py::handle& v, const std::string& name) {
  if (!py::isinstance<Game>(v)) wrong_type(name, "a gametree.Game", v);
  GamePtr game;
  try {
    game = v.cast<GamePtr>();
  } catch (const py::cast_error&) {
  }
  if (!game || !game->handle) throw py::type_error(name + ": a gametree.Game not initialised");
  return game;
}

// `self` of a Game method that keeps the game (a State holds it): taken as an object, since
// pybind11's own cast of None or of a Game made by __new__ gives no Python-side message.
GamePtr self_game(const py::object& self) { return game_arg(self, "self"); }

// The state a search starts from: a State of the same game, a position in notation, or None.
State state_of(const GamePtr& game, const py::handle& state, const std::string& name = "state") {
  if (state.is_none()) return {game, game->handle->position(game->handle->initial_position())};
  if (py::isinstance<State>(state)) {
    const auto& s = state.cast<const State&>();
    if (!s.game) throw py::type_error(name + ": a gametree.State not initialised");
    if (s.handle().label() != game->handle->label()) {
      throw ParamError(name + ": a state of " + s.handle().label() + ", searched as " +
                       game->handle->label());
    }
    return s;
  }
  if (py::isinstance<py::str>(state)) {
    try {
      return {game, game->handle->position(state.cast<std::string>())};
    } catch (const ParseError& e) {
      throw ParseError(name + ": " + e.what());
    }
  }
  wrong_type(name, "a gametree.State, a position in the game's notation (str) or None", state);
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
  if (is_integer(depth)) {
    const auto plies = py::reinterpret_steal<py::object>(PyNumber_Index(depth.ptr()));
    if (!plies) throw py::error_already_set();
    return cli::parse_depth(py::str(plies).cast<std::string>());
  }
  if (!py::isinstance<py::str>(depth)) wrong_type("depth", "an int (plies) or 'max'", depth);
  return cli::parse_depth(depth.cast<std::string>());
}

// search()'s arguments as Python gave them.
Request make_request(const py::handle& game_h, const py::handle& state,
                     const py::handle& algorithm_h, const py::handle& depth,
                     const py::handle& options_h, const py::handle& eval_h,
                     const py::handle& max_nodes_h, const py::handle& max_ms_h, bool goal = false) {
  const GamePtr game = game_arg(game_h, "game");
  const std::string algorithm = str_arg(algorithm_h, "algorithm");
  const py::dict options = options_arg(options_h, "options");
  const std::string eval = eval_h.is_none() ? "" : str_arg(eval_h, "eval");
  const long long max_nodes =
      int_arg(max_nodes_h, "max_nodes", 0, std::numeric_limits<long long>::max());
  const double max_ms = ms_arg(max_ms_h, "max_ms");
  Request r;
  r.root = state_of(game, state, "state");
  r.position = r.root.text();
  r.position_given = !state.is_none();
  r.limits = {.depth = depth_of(depth),
              .max_nodes = static_cast<std::uint64_t>(max_nodes),
              .max_ms = max_ms};
  r.goal = goal || is_goal_solver_only(algorithm);
  if (r.goal) {
    r.solver = make_solver_spec(algorithm, text_map("options", options));
    check_goal_search(game->handle->info().name, r.solver, r.limits.depth, !eval.empty());
    return r;
  }
  r.algorithm = make_algorithm_spec(algorithm, text_map("options", options));
  r.eval = parse_eval_spec(eval.empty() ? game->handle->info().default_evaluation : eval);
  r.seed = search_seed(r.algorithm);
  return r;
}

// search_many's items: dicts of search()'s keyword arguments.
Request request_of(const py::handle& item_h, std::size_t index) {
  const std::string where = "items[" + std::to_string(index) + "]";
  if (!py::isinstance<py::dict>(item_h))
    wrong_type(where, "a dict of search()'s arguments", item_h);
  const auto item = py::reinterpret_borrow<py::dict>(item_h);
  static const char* const known[] = {"game",    "state", "algorithm", "depth",
                                      "options", "eval",  "max_nodes", "max_ms"};
  for (const auto& [key, value] : item) {
    const auto name = py::str(key).cast<std::string>();
    if (!py::isinstance<py::str>(key) ||
        std::ranges::find_if(known, [&](const char* k) { return name == k; }) == std::end(known)) {
      throw ParamError(where + ": unknown key " + py::repr(key).cast<std::string>() +
                       " (keys: game, state, algorithm, depth, options, eval, max_nodes, max_ms)");
    }
  }
  for (const char* key : {"game", "algorithm", "depth"}) {
    if (!item.contains(key)) throw ParamError(where + ": no '" + key + "'");
  }
  const auto get = [&](const char* key, py::object otherwise) -> py::object {
    return item.contains(key) ? py::object(item[key]) : otherwise;
  };
  // Every message names the item: "items[2]: depth: ...".
  try {
    return make_request(item["game"], get("state", py::none()), item["algorithm"], item["depth"],
                        get("options", py::none()), get("eval", py::none()),
                        get("max_nodes", py::int_(0)), get("max_ms", py::float_(0.0)));
  } catch (const py::type_error& e) {
    throw py::type_error(where + ": " + e.what());
  } catch (const py::value_error& e) {
    throw py::value_error(where + ": " + e.what());
  } catch (const InputError& e) {
    throw ParamError(where + ": " + e.what());
  }
}

py::object search(const py::object& game, const py::object& state, const py::object& algorithm,
                  const py::object& depth, const py::object& options, const py::object& eval,
                  const py::object& max_nodes, const py::object& max_ms) {
  const Request request =
      make_request(game, state, algorithm, depth, options, eval, max_nodes, max_ms);
  nlohmann::json result;
  {
    py::gil_scoped_release release;
    result = request.run();
  }
  return to_python(result);
}

// A goal solver's search to the end (alphabeta is a goal solver too: solve() asks for one).
py::object solve(const py::object& game, const py::object& state, const py::object& algorithm,
                 const py::object& options, const py::object& max_nodes, const py::object& max_ms) {
  const Request request = make_request(game, state, algorithm, py::str("max"), options, py::none(),
                                       max_nodes, max_ms, true);
  nlohmann::json result;
  {
    py::gil_scoped_release release;
    result = request.run();
  }
  return to_python(result);
}

// The most threads search_many takes, as `harness run --threads`.
constexpr long long kMaxThreads = 1024;

py::list search_many(const py::object& items, const py::object& threads_h) {
  const auto threads = static_cast<int>(int_arg(threads_h, "threads", 0, kMaxThreads));
  if (py::isinstance<py::str>(items) || py::isinstance<py::dict>(items) ||
      !py::hasattr(items, "__iter__")) {
    wrong_type("items", "a list of dicts of search()'s arguments", items);
  }
  std::vector<Request> requests;
  for (const auto& item : items) requests.push_back(request_of(item, requests.size()));
  std::vector<nlohmann::json> results(requests.size());
  std::vector<std::exception_ptr> errors(requests.size());
  if (!requests.empty()) {
    // No more threads than searches, nor than oneTBB allows (it warns on stderr above that).
    const int most = std::min<int>(static_cast<int>(requests.size()),
                                   static_cast<int>(tbb::global_control::active_value(
                                       tbb::global_control::max_allowed_parallelism)));
    py::gil_scoped_release release;
    tbb::task_arena arena(threads == 0 ? tbb::task_arena::automatic : std::min(threads, most));
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

py::object perft(const py::object& game_h, const py::object& state, const py::object& depth_h) {
  const GamePtr game = game_arg(game_h, "game");
  const int depth = static_cast<int>(int_arg(depth_h, "depth", 0, 64));
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
// std::cout, what it wrote to std::cerr, where its one-line errors go). Not for two threads at
// once (std::cout and std::cerr are one each).
std::tuple<int, std::string, std::string> run_main(const std::vector<std::string>& args) {
  std::vector<std::string> owned = args;
  std::vector<char*> argv;
  for (auto& a : owned) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::ostringstream out;
  std::ostringstream err;
  int rc = 0;
  {
    py::gil_scoped_release release;
    std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
    std::streambuf* old_err = std::cerr.rdbuf(err.rdbuf());
    const auto restore = [&] {
      std::cout.rdbuf(old_out);
      std::cerr.rdbuf(old_err);
    };
    try {
      rc = cli::harness_main(static_cast<int>(owned.size()), argv.data());
    } catch (...) {
      restore();
      throw;
    }
    restore();
  }
  return {rc, out.str(), err.str()};
}

// A message of the command line in Python's terms: its flags become search()'s arguments.
std::string python_terms(std::string message) {
  static const std::pair<std::string_view, std::string_view> names[] = {
      {"--position", "state"},
      {"--depth", "depth"},
      {"--max-nodes", "max_nodes"},
      {"--max-ms", "max_ms"},
      {"--option", "options"},
      {"--param", "params"},
      {"--eval", "eval"},
      {"--algorithm", "algorithm"},
      {"--game", "game"},
      {"`harness games`", "gametree.games()"},
      {"`harness algorithms`", "gametree.algorithms()"}};
  for (const auto& [flag, name] : names) {
    for (std::size_t at = message.find(flag); at != std::string::npos;
         at = message.find(flag, at + name.size())) {
      const std::size_t end = at + flag.size();
      const bool whole =
          end == message.size() || !(std::isalnum(static_cast<unsigned char>(message[end])) ||
                                     message[end] == '-' || message[end] == '_');
      if (whole) {
        message.replace(at, flag.size(), name);
      } else {
        at += 1;
      }
    }
  }
  return message;
}

// The legal moves of `s` in the game's move order, which a game may choose for its searches
// (Connect Four: the centre first), or in board order (ascending move number).
std::vector<std::string> legal_moves(const State& s, const std::string& order) {
  if (order != "board" && order != "search") {
    throw py::value_error("order: expected 'board' or 'search', got '" + order + "'");
  }
  std::vector<std::string> moves = s.handle().legal_moves(s.position);
  if (order == "search") return moves;
  std::vector<std::pair<Move, std::string>> numbered;
  for (auto& m : moves) numbered.emplace_back(s.handle().parse_move(s.position, m), m);
  std::ranges::stable_sort(numbered, {}, &std::pair<Move, std::string>::first);
  for (std::size_t i = 0; i < moves.size(); ++i) moves[i] = std::move(numbered[i].second);
  return moves;
}

}  // namespace

void bind(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, python_terms(e.what()).c_str());
    }
  });
  m.attr("__version__") = GTS_VERSION;

  m.def(
      "games", [] { return to_python(games_json()); },
      "The games with their parameters and evaluations, as `harness games --json` lists them.");
  m.def(
      "algorithms", [] { return to_python(algorithms_json()); },
      "The searches and goal solvers with their options, as `harness algorithms --json`.");

  // Both classes are registered before any method names them, so that signatures read
  // gametree.State rather than the C++ type; they are gametree.Game and gametree.State, where
  // Python imports them from (the module's name while they are made is their prefix).
  const py::object module_name = m.attr("__name__");
  m.attr("__name__") = "gametree";
  py::class_<Game, std::shared_ptr<Game>> game_class(
      m, "Game", R"(A game of the registry, configured by its parameters.

Game(name, **params): name as gametree.games() lists it, parameters as keyword arguments
(str, int, float or bool; True/False are on/off, or yes/no where the parameter takes those).
Unknown names and bad values raise ValueError with the parameter's name.

>>> g = gametree.Game("kalah", pits=4, seeds=3)
>>> g.params["pits"], g.params["seeds"]
('4', '3')
>>> g.initial_state().legal_moves()
['1', '2', '3', '4'])");
  py::class_<State> state_class(
      m, "State", R"(A position of one game. States are values: play() returns a new one.

Made by Game.initial_state(), Game.parse(text) and State.play(move); compared with ==
(same game and position) and usable as dict keys.

>>> s = gametree.Game("tictactoe").initial_state().play("b2")
>>> s.to_move(), len(s.legal_moves())
(1, 8))");

  m.attr("__name__") = module_name;

  const auto info = [](const Game& g) -> const GameInfo& { return g->info(); };
  const auto parse = [](const py::object& self, const std::string& text) {
    return state_of(self_game(self), py::str(text), "text");
  };
  game_class
      .def(py::init([](const std::string& name, const py::kwargs& params) {
             auto given = text_map("params", params, game_param_specs(name));
             return std::make_shared<Game>(Game{make_game(name, given), given});
           }),
           py::arg("name"))
      .def_property_readonly(
          "name", [=](const Game& g) { return info(g).name; }, "The game's name: 'kalah'.")
      .def_property_readonly(
          "params", [](const Game& g) { return g->params().values(); },
          "Every parameter's value as text, defaults included: {'pits': '6', 'seeds': '4', ...}.")
      .def_property_readonly(
          "label", [](const Game& g) { return g->label(); },
          "The name with the parameters given: 'kalah(seeds=3)'.")
      .def_property_readonly(
          "description", [=](const Game& g) { return info(g).description; },
          "One line on the game, as `harness games` gives it.")
      .def_property_readonly(
          "default_evaluation", [=](const Game& g) { return info(g).default_evaluation; },
          "The evaluation a search uses when eval is not given.")
      .def_property_readonly(
          "evaluations",
          [=](const Game& g) {
            std::vector<std::string> kinds;
            for (const auto& e : info(g).evaluations) kinds.push_back(e.kind);
            return kinds;
          },
          "The evaluations search(eval=...) takes.")
      .def_property_readonly(
          "side_names",
          [=](const Game& g) {
            return std::vector<std::string>(info(g).side_names.begin(), info(g).side_names.end());
          },
          "The names of side 0 and side 1: ['south', 'north'].")
      .def(
          "initial_state",
          [](const py::object& self) {
            const GamePtr g = self_game(self);
            return State{g, (*g)->position((*g)->initial_position())};
          },
          "The start position.\n\n>>> gametree.Game(\"connect-four\").initial_state().to_move()\n0")
      .def("parse", parse, py::arg("text"),
           "The position written `text` in the game's notation, as State.to_string() writes it "
           "(ValueError if not).\n\n>>> g = gametree.Game(\"tictactoe\")\n"
           ">>> g.parse(\".../.X./...:O\") == g.initial_state().play(\"b2\")\nTrue")
      .def("state", parse, py::arg("text"),
           "parse(text) under its older name.\n\n>>> gametree.Game(\"tictactoe\").state("
           "\".../.../...:X\").to_move()\n0")
      .def("__repr__", [](const Game& g) { return "gametree.Game(" + g->label() + ")"; });

  state_class
      .def_property_readonly(
          "game", [](const State& s) { return s.game; }, "The Game this is a position of.")
      .def("to_string", &State::text,
           "The position in the game's notation (canonical); Game.parse() reads it back.\n\n"
           ">>> gametree.Game(\"tictactoe\").initial_state().play(\"b2\").to_string()\n"
           "'.../.X./...:O'")
      .def("__str__", &State::text)
      .def("__repr__", [](const State& s) { return "gametree.State('" + s.text() + "')"; })
      .def(
          "__eq__",
          [](const State& a, const py::object& other) -> py::object {
            if (!py::isinstance<State>(other))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            const auto& b = other.cast<const State&>();
            return py::bool_(a.handle().label() == b.handle().label() && a.text() == b.text());
          },
          py::arg("other"))
      .def("__hash__", [](const State& s) { return py::hash(py::str(s.text())); })
      .def("legal_moves", &legal_moves, py::arg("order") = "board",
           "The legal moves in notation (empty at the end of the game): order='board' in board "
           "order, order='search' in the order the game's searches try them (Connect Four: the "
           "centre first).\n\n>>> s = gametree.Game(\"connect-four\").initial_state()\n"
           ">>> s.legal_moves(), s.legal_moves(order=\"search\")\n"
           "(['1', '2', '3', '4', '5', '6', '7'], ['4', '3', '5', '2', '6', '1', '7'])")
      .def(
          "play",
          [](const State& s, const std::string& move) {
            State next = s;
            next.handle().play(next.position, next.handle().parse_move(next.position, move));
            return next;
          },
          py::arg("move"),
          "The state after `move` (in notation; ValueError if not legal); this state is "
          "unchanged.\n\n>>> gametree.Game(\"tictactoe\").initial_state().play(\"a1\").to_move()"
          "\n1")
      .def(
          "is_terminal", [](const State& s) { return s.handle().finished(s.position); },
          "Whether the game is over.\n\n>>> gametree.Game(\"tictactoe\").initial_state()"
          ".is_terminal()\nFalse")
      .def(
          "to_move", [](const State& s) { return s.handle().mover(s.position); },
          "The side to move: 0 (the first player) or 1.\n\n"
          ">>> gametree.Game(\"kalah\").initial_state().to_move()\n0")
      .def(
          "final_value",
          [](const State& s) {
            if (!s.handle().finished(s.position)) {
              throw ParamError("final_value: the game is not over at " + s.text());
            }
            return s.handle().final_value(s.position);
          },
          "The outcome of a finished game from the side to move's view (> 0: a win); ValueError "
          "before the end.\n\n>>> s = gametree.Game(\"tictactoe\").parse(\"xxx/oo./...:O\")\n"
          ">>> s.is_terminal(), s.final_value()\n(True, -1000)")
      .def(
          "draw", [](const State& s) { return s.handle().draw(s.text()); },
          "A multi-line drawing of the position.\n\n"
          ">>> print(gametree.Game(\"tictactoe\").initial_state().draw())  # doctest: +SKIP");

  // The module-level calls take Python objects and check each argument themselves, so that a
  // message names the argument (gametree/__init__.py's wrappers give the typed signatures).
  m.def("search", &search, py::arg("game"), py::arg("state"), py::arg("algorithm"),
        py::arg("depth"), py::arg("options") = py::none(), py::arg("eval") = py::none(),
        py::arg("max_nodes") = 0, py::arg("max_ms") = 0.0,
        "One search as `harness search --json` runs it; returns its object as a dict.");
  m.def("solve", &solve, py::arg("game"), py::arg("state"), py::arg("algorithm"),
        py::arg("options") = py::none(), py::arg("max_nodes") = 0, py::arg("max_ms") = 0.0,
        "A goal solver's search to the end, as `harness search --depth max` runs one.");
  m.def("search_many", &search_many, py::arg("items"), py::arg("threads") = 0,
        "Searches of dicts of search()'s arguments on oneTBB threads (0: all cores).");
  m.def("main", &run_main, py::arg("argv"),
        "`harness ARGV[1:]` in this process: (exit code, its stdout text, its stderr text).");
  m.def("perft", &perft, py::arg("game"), py::arg("state"), py::arg("depth"),
        "Positions at each ply as `harness perft --json` counts them.");
}

}  // namespace gts::python

PYBIND11_MODULE(_core, m) {
  m.doc() = "gametree's compiled half: the registry's games and searches.";
  gts::python::bind(m);
}
