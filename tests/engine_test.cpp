// External engines as players of `harness run`: `harness ugi` processes play move for move the
// games the same algorithms play in-process; engines that crash, stall, cheat or never answer
// forfeit with the reason and are restarted, and the run completes; no engine outlives the harness
// (Ctrl-C, SIGKILL); a clock is kept per move and a player that runs out of it loses on time.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "harness/config/tournament_config.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::harness_path;
using testing::make_temp_dir;
using testing::run_harness;
using testing::table_without;
using testing::write_config;
using Table = std::vector<std::vector<std::string>>;

// A table's rows as maps from column name to cell.
std::vector<std::map<std::string, std::string>> rows_of(const std::string& path) {
  const Table t = table_without(path, {});
  std::vector<std::map<std::string, std::string>> out;
  for (std::size_t i = 1; i < t.size(); ++i) {
    std::map<std::string, std::string> row;
    for (std::size_t c = 0; c < t[0].size() && c < t[i].size(); ++c) row[t[0][c]] = t[i][c];
    out.push_back(row);
  }
  return out;
}

// `[prog, args...]` as a YAML flow list.
std::string yaml_list(const std::vector<std::string>& words) {
  std::string out = "[";
  for (const auto& w : words) out += (out.size() > 1 ? ", " : "") + ("'" + w + "'");
  return out + "]";
}

std::string fake(const std::string& game_args, const std::string& extra) {
  return std::string("[") + "'" + GTS_FAKE_ENGINE + "', " + game_args +
         (extra.empty() ? "" : ", " + extra) + "]";
}

// The processes a fake engine recorded in `dir` (one file per pid).
std::vector<int> pids_in(const std::string& dir) {
  std::vector<int> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    out.push_back(std::stoi(e.path().filename().string()));
  }
  return out;
}

// Alive: it exists and is not a zombie waiting for a parent that will never reap it.
bool alive(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

bool all_gone(const std::vector<int>& pids, double within_s) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(within_s);
  for (;;) {
    bool any = false;
    for (int p : pids) any = any || alive(p);
    if (!any) return true;
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

const std::string kKalah = "game: {name: kalah, params: {pits: 4, seeds: 3}}\n";

// The protocol path adds nothing and loses nothing: the same round robin, once in-process and
// once with every player a `harness ugi` process, plays the same moves with the same values,
// depths and node counts, and the same results.
TEST(Engine, UgiProcessesPlayTheSameGamesAsInProcess) {
  const std::string dir = make_temp_dir();
  struct P {
    std::string name, algorithm;
    int depth;
  };
  const std::vector<P> players = {
      {"ab", "alphabeta", 4}, {"ns", "negascout", 3}, {"mm", "minimax", 2}};
  std::string in_process = kKalah + "players:\n";
  std::string engines = kKalah + "players:\n";
  for (const auto& p : players) {
    in_process += "  - {name: " + p.name + ", algorithm: " + p.algorithm +
                  ", depth: " + std::to_string(p.depth) + "}\n";
    engines += "  - {name: " + p.name + ", depth: " + std::to_string(p.depth) +
               ", engine: {command: " +
               yaml_list({harness_path(), "ugi", "--game", "kalah", "--param", "pits=4", "--param",
                          "seeds=3", "--algorithm", p.algorithm}) +
               "}}\n";
  }
  const std::string rest = "openings: {kind: random, count: 3, plies: 2}\nthreads: 2\n";
  const auto a = run_harness(
      {"run", write_config(dir, "a.yaml", in_process + rest), "--out", dir + "/a", "--quiet"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const auto b = run_harness(
      {"run", write_config(dir, "b.yaml", engines + rest), "--out", dir + "/b", "--quiet"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const std::set<std::string> measured = {"cpu_us",       "wall_ms",       "leaves",
                                          "first_cpu_us", "second_cpu_us", "first_leaves",
                                          "second_leaves"};
  const Table ma = table_without(dir + "/a/moves.csv", measured);
  const Table mb = table_without(dir + "/b/moves.csv", measured);
  ASSERT_GT(ma.size(), 50u);
  EXPECT_EQ(ma, mb);
  EXPECT_EQ(table_without(dir + "/a/games.csv", measured),
            table_without(dir + "/b/games.csv", measured));
  EXPECT_EQ(table_without(dir + "/a/standings.csv", {"ms_per_move", "cpu_us_per_move"}).size(),
            table_without(dir + "/b/standings.csv", {"ms_per_move", "cpu_us_per_move"}).size());
}

// Under a clock, the same algorithm in-process and as a `harness ugi` engine both search every
// move: each records a completed depth >= 1 (the engine's own `info depth`), none is unsearched,
// and the standings count no unsearched move.
TEST(Engine, UnderAClockEveryMoveIsSearchedInProcessAndOverUgi) {
  const std::string dir = make_temp_dir();
  const std::string config =
      "game: {name: kalah, params: {pits: 6, seeds: 4}}\n"
      "players:\n"
      "  - {name: inproc, algorithm: alphabeta, options: {ordering: static}}\n"
      "  - {name: ugi, engine: {command: " +
      yaml_list({harness_path(), "ugi", "--game", "kalah", "--param", "seeds=4", "--algorithm",
                 "alphabeta", "--option", "ordering=static"}) +
      "}}\n"
      "openings: {kind: random, count: 2, plies: 2}\n"
      "tournament: {limits: {tc: '0.4+0.01', margin_ms: 200}}\nthreads: 2\n";
  const auto r = run_harness({"run", write_config(dir, "t.yaml", config), "--out", dir + "/out"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("without a completed search"), std::string::npos) << r.out;
  std::map<std::string, int> moves;
  for (const auto& m : rows_of(dir + "/out/moves.csv")) {
    SCOPED_TRACE(m.at("game") + "/" + m.at("ply") + " " + m.at("player"));
    EXPECT_GE(std::stoi(m.at("depth")), 1);
    EXPECT_LT(std::stoi(m.at("depth")), 200);
    EXPECT_EQ(m.at("searched"), "true");
    ++moves[m.at("player")];
  }
  EXPECT_GT(moves["inproc"], 20);
  EXPECT_GT(moves["ugi"], 20);
  for (const auto& g : rows_of(dir + "/out/games.csv")) {
    EXPECT_TRUE(g.at("forfeit").empty()) << g.at("reason");
    EXPECT_EQ(g.at("first_unsearched"), "0");
    EXPECT_EQ(g.at("second_unsearched"), "0");
  }
  for (const auto& s : rows_of(dir + "/out/standings.csv")) EXPECT_EQ(s.at("unsearched"), "0");
}

// Each game's seed reaches an engine that declares `seed`: two random engines play different
// games from the same opening, as two in-process random players do, and say so in moves.csv
// (every move of a random player is unsearched, and the run warns of it).
TEST(Engine, TheGameSeedReachesEveryEngine) {
  const std::string dir = make_temp_dir();
  const std::string engine = yaml_list({harness_path(), "ugi", "--game", "kalah", "--param",
                                        "pits=4", "--param", "seeds=3", "--algorithm", "random"});
  const std::string config = kKalah +
                             "players:\n"
                             "  - {name: a, depth: 1, engine: {command: " +
                             engine +
                             "}}\n"
                             "  - {name: b, depth: 1, engine: {command: " +
                             engine +
                             "}}\n"
                             "tournament: {pairs: 4}\nthreads: 2\n";
  const auto r = run_harness({"run", write_config(dir, "s.yaml", config), "--out", dir + "/out"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> finals;
  for (const auto& g : rows_of(dir + "/out/games.csv")) finals.insert(g.at("final_position"));
  EXPECT_GE(finals.size(), 6u);  // 8 games from the start position
  EXPECT_NE(r.out.find("warning: a played"), std::string::npos) << r.out;
  for (const auto& m : rows_of(dir + "/out/moves.csv")) EXPECT_EQ(m.at("searched"), "false");
  const auto report = run_harness({"report", dir + "/out"});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  std::ifstream html(dir + "/out/report.html");
  const std::string page((std::istreambuf_iterator<char>(html)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find("Warning: a played"), std::string::npos);
}

// Engines that crash, stall, send an illegal or unreadable move, or stop finishing the handshake
// after the check before the run lose each of their games with the reason; each is started afresh
// for its next game; the games between sound players are untouched; and no engine process is left
// when the run ends.
TEST(Engine, MisbehavingEnginesForfeitAreRestartedAndTheRunCompletes) {
  const std::string dir = make_temp_dir();
  const std::vector<std::string> modes = {"crash", "stall", "illegal", "garbage", "no-ugi-later"};
  std::string config =
      "game: tictactoe\nplayers:\n  - {name: ab, algorithm: alphabeta, depth: 2}\n";
  std::filesystem::create_directories(dir + "/pids/good");
  config += "  - {name: good, depth: 1, engine: {command: " +
            fake("'--game', 'tictactoe'", "'--pid-dir', '" + dir + "/pids/good'") + "}}\n";
  for (const auto& m : modes) {
    std::filesystem::create_directories(dir + "/pids/" + m);
    config += "  - {name: " + m + ", depth: 1, engine: {startup_ms: 400, stall_ms: 400, command: " +
              fake("'--game', 'tictactoe', '--mode', '" + m + "', '--at', '" +
                       (m == "no-ugi-later" ? "1" : "2") + "'",
                   "'--pid-dir', '" + dir + "/pids/" + m + "'") +
              "}}\n";
  }
  config += "threads: 2\n";
  const auto r = run_harness({"run", write_config(dir, "c.yaml", config), "--out", dir + "/out"});
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const auto games = rows_of(dir + "/out/games.csv");
  ASSERT_EQ(games.size(), 42u);  // 7 players: 21 pairings, both colours
  const std::map<std::string, std::pair<std::string, std::string>> expected = {
      {"crash", {"error", "killed by signal 6"}},
      {"stall", {"timeout", "no 'bestmove' within 400 ms (the engine's stall_ms)"}},
      {"illegal", {"illegal_move", "bestmove '999'"}},
      {"garbage", {"illegal_move", "bestmove 'what?'"}},
      {"no-ugi-later", {"error", "no 'ugiok' within 400 ms (the engine's startup_ms)"}}};
  std::map<std::string, int> games_of;
  for (const auto& g : games) {
    SCOPED_TRACE(g.at("first") + " vs " + g.at("second") + ": " + g.at("reason"));
    ++games_of[g.at("first")];
    ++games_of[g.at("second")];
    const bool bad_first = expected.count(g.at("first")) != 0;
    const bool bad_second = expected.count(g.at("second")) != 0;
    if (!bad_first && !bad_second) {
      EXPECT_EQ(g.at("forfeit"), "");
      EXPECT_TRUE(g.at("termination") == "normal" || g.at("termination") == "adjudicated");
      continue;
    }
    // Both bad: the first to misbehave loses; one of them is named.
    const std::string loser = g.at("forfeit");
    ASSERT_TRUE(expected.count(loser)) << loser;
    EXPECT_EQ(g.at("termination"), expected.at(loser).first);
    EXPECT_NE(g.at("reason").find(expected.at(loser).second), std::string::npos);
    EXPECT_EQ(g.at("result"), loser == g.at("first") ? "0-1" : "1-0");
  }
  bool crash_stderr = false;
  for (const auto& g : games) {
    if (g.at("forfeit") == "crash") {
      crash_stderr = crash_stderr || g.at("reason").find("fake engine\\x00\\x1b[31m: crashing on "
                                                         "purpose at go 2") != std::string::npos;
    }
  }
  EXPECT_TRUE(crash_stderr) << "the crash's stderr is in the reason";
  // A fresh process after every forfeit: as many as the games each lost (and at most one more).
  for (const auto& m : modes) {
    int lost = 0;
    for (const auto& g : games) lost += g.at("forfeit") == m ? 1 : 0;
    const auto started = pids_in(dir + "/pids/" + m).size();
    EXPECT_GE(started, static_cast<std::size_t>(lost)) << m;
    EXPECT_LE(started, static_cast<std::size_t>(games_of[m]) + 2) << m;
    EXPECT_GE(lost, 1) << m;
  }
  // The sound engine keeps its processes (at most one per thread, and the one checked before the
  // first game).
  EXPECT_LE(pids_in(dir + "/pids/good").size(), 3u);
  EXPECT_TRUE(std::filesystem::exists(dir + "/out/engines/crash.log"));
  EXPECT_NE(testing::read_file(dir + "/out/engines/crash.log").find("crashing on purpose"),
            std::string::npos);
  std::vector<int> all;
  for (const auto& m : modes) {
    for (int p : pids_in(dir + "/pids/" + m)) all.push_back(p);
  }
  for (int p : pids_in(dir + "/pids/good")) all.push_back(p);
  EXPECT_TRUE(all_gone(all, 2.0));
}

// A stalled engine is in every game when the harness is stopped: by Ctrl-C (exit 130, a
// resumable folder) or by SIGKILL, its processes end with it. (Three processes: the one checked
// before the first game, then one per thread.)
TEST(Engine, NoEngineOutlivesTheHarness) {
  for (const int sig : {SIGINT, SIGKILL}) {
    SCOPED_TRACE(sig);
    const std::string dir = make_temp_dir();
    std::filesystem::create_directories(dir + "/pids");
    const std::string config =
        "game: tictactoe\nplayers:\n"
        "  - {name: ab, algorithm: alphabeta, depth: 2}\n"
        "  - {name: stall, depth: 1, engine: {command: " +
        fake("'--game', 'tictactoe', '--mode', 'stall', '--at', '1'",
             "'--pid-dir', '" + dir + "/pids'") +
        "}}\nthreads: 2\n";
    const int pid =
        testing::spawn_harness({"run", write_config(dir, "c.yaml", config), "--out", dir + "/out"},
                               dir + "/o", dir + "/e");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (pids_in(dir + "/pids").size() < 3 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const auto engines = pids_in(dir + "/pids");
    ASSERT_EQ(engines.size(), 3u);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_EQ(kill(pid, sig), 0);
    const int code = testing::wait_process(pid);
    EXPECT_EQ(code, sig == SIGINT ? 130 : 128 + SIGKILL) << testing::read_file(dir + "/e");
    EXPECT_TRUE(all_gone(engines, 5.0));
  }
}

// An engine started through a wrapper script that leaves a child of its own running: a SIGKILL
// of the harness takes the wrapper's child too, within a second (and the check before the first
// game left none: three wrappers, three children).
TEST(Engine, NoChildOfAnEngineOutlivesTheHarness) {
  const std::string dir = make_temp_dir();
  std::filesystem::create_directories(dir + "/pids");
  std::filesystem::create_directories(dir + "/kids");
  const std::string wrapper = dir + "/wrapper.sh";
  std::ofstream(wrapper) << "#!/bin/sh\nsleep 1000 &\n: > '" << dir << "/kids/'$!\nexec '"
                         << GTS_FAKE_ENGINE << "' \"$@\"\n";
  std::filesystem::permissions(wrapper, std::filesystem::perms::owner_all);
  const std::string config =
      "game: tictactoe\nplayers:\n"
      "  - {name: ab, algorithm: alphabeta, depth: 2}\n"
      "  - {name: stall, depth: 1, engine: {command: " +
      yaml_list({wrapper, "--game", "tictactoe", "--mode", "stall", "--at", "1", "--pid-dir",
                 dir + "/pids"}) +
      "}}\nthreads: 2\n";
  const int pid = testing::spawn_harness(
      {"run", write_config(dir, "c.yaml", config), "--out", dir + "/out"}, dir + "/o", dir + "/e");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while ((pids_in(dir + "/pids").size() < 3 || pids_in(dir + "/kids").size() < 3) &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  auto tree = pids_in(dir + "/pids");
  const auto kids = pids_in(dir + "/kids");
  ASSERT_EQ(tree.size(), 3u) << testing::read_file(dir + "/e");
  ASSERT_EQ(kids.size(), 3u);
  tree.insert(tree.end(), kids.begin(), kids.end());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  EXPECT_EQ(testing::wait_process(pid), 128 + SIGKILL);
  EXPECT_TRUE(all_gone(tree, 1.0));
  for (int p : tree) {
    if (alive(p)) kill(p, SIGKILL);  // leave nothing behind when the check fails
  }
}

// Kalah(4,3) between the in-process player `ab` (the fields of its entry) and the fake engine
// `sleepy`, which sleeps 300 ms a move (`sleepy` adds to its entry), run into DIR/out.
testing::ProcessResult run_against_sleepy(const std::string& dir, const std::string& ab,
                                          const std::string& sleepy, const std::string& tournament,
                                          const std::vector<std::string>& flags = {}) {
  const std::string config =
      kKalah + "players:\n  - {name: ab, algorithm: alphabeta, " + ab + "}\n  - {name: sleepy, " +
      sleepy + ", engine: {command: " +
      fake("'--game', 'kalah', '--param', 'pits=4', '--param', 'seeds=3', '--sleep-ms', '300'",
           "") +
      "}}\ntournament: " + tournament + "\n";
  std::vector<std::string> args = {"run", write_config(dir, "c.yaml", config), "--out",
                                   dir + "/out"};
  args.insert(args.end(), flags.begin(), flags.end());
  return run_harness(args);
}

// Both games of a run lost on time by sleepy, each reason holding `why`.
void expect_sleepy_lost_on_time(const std::string& dir, const std::string& why) {
  const auto games = rows_of(dir + "/out/games.csv");
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) {
    EXPECT_EQ(g.at("termination"), "timeout");
    EXPECT_EQ(g.at("forfeit"), "sleepy");
    EXPECT_NE(g.at("reason").find(why), std::string::npos) << g.at("reason");
  }
}

// Under a clock the engine that sleeps 300 ms a move has 1 s + 0 and a 150 ms margin: its clock
// reads about 700, 400 and 100 ms after its first three moves, and its fourth loses on time; the
// in-process player's clock is kept too, and it never runs out.
TEST(Engine, AClockPerMoveAndALossOnTime) {
  const std::string dir = make_temp_dir();
  const auto r = run_against_sleepy(dir, "tc: '2+0.05'", "tc: '1+0'",
                                    "{pairs: 1, limits: {margin_ms: 150}}\nthreads: 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_sleepy_lost_on_time(dir, "lost on time");
  std::map<std::string, std::vector<double>> clocks;  // "game/player" -> clock after each move
  for (const auto& m : rows_of(dir + "/out/moves.csv")) {
    ASSERT_FALSE(m.at("clock_ms").empty());
    clocks[m.at("game") + "/" + m.at("player")].push_back(std::stod(m.at("clock_ms")));
  }
  for (const auto& [key, c] : clocks) {
    SCOPED_TRACE(key);
    if (key.find("sleepy") != std::string::npos) {
      ASSERT_EQ(c.size(), 3u);  // the fourth move lost on time and is not recorded
      for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_NEAR(c[i], 1000.0 - 300.0 * static_cast<double>(i + 1), 80.0);
      }
    } else {
      for (std::size_t i = 0; i < c.size(); ++i) {
        EXPECT_GT(c[i], 0.0);
        EXPECT_LE(c[i], 2000.0 + 50.0 * static_cast<double>(i + 1));
      }
    }
  }
}

// Moves per period over UGI: the engine that sleeps 300 ms a move has 1 s for every 3 moves
// (`tc: 3/1`); a whole-game clock would run out on its fourth move, but after each third move
// the second comes back: it reads about 700, 400, 1100, 800 ms, and `go` tells it the moves to go.
TEST(Engine, APeriodsTimeComesBackOverUgi) {
  const std::string dir = make_temp_dir();
  const auto r = run_against_sleepy(
      dir, "depth: 2", "tc: 3/1", "{pairs: 1, max_plies: 12, limits: {margin_ms: 150}}\nthreads: 2",
      {"--debug"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& g : rows_of(dir + "/out/games.csv")) {
    EXPECT_NE(g.at("termination"), "timeout") << g.at("reason");
  }
  std::map<std::string, std::vector<double>> clocks;  // game -> sleepy's clock after each move
  for (const auto& m : rows_of(dir + "/out/moves.csv")) {
    if (m.at("player") == "sleepy") clocks[m.at("game")].push_back(std::stod(m.at("clock_ms")));
  }
  ASSERT_EQ(clocks.size(), 2u);
  for (const auto& [game, c] : clocks) {
    SCOPED_TRACE(game);
    ASSERT_GE(c.size(), 4u);
    const double expected[] = {700, 400, 1100, 800};
    for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(c[i], expected[i], 80.0);
  }
  const std::string log = testing::read_file(dir + "/out/engines/sleepy.log");
  for (const char* go : {" movestogo 3", " movestogo 2", " movestogo 1"}) {
    EXPECT_NE(log.find(go), std::string::npos) << go << "\n" << log;
  }
}

// `st=` is a time per move and `inf` no limit, each over the tournament's clock: the engine that
// sleeps 300 ms under st=0.2 loses on its movetime; the player under `inf` has no clock at all.
TEST(Engine, APerMoveTimeAndNoLimitOverTheTournamentsClock) {
  const std::string dir = make_temp_dir();
  const auto r = run_against_sleepy(dir, "depth: 2, tc: inf", "tc: st=0.2",
                                    "{pairs: 1, limits: {tc: 10+0, margin_ms: 50}}\nthreads: 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_sleepy_lost_on_time(dir, "lost on time (200.0 ms movetime + margin 50.0 ms)");
  int ab_moves = 0;
  for (const auto& m : rows_of(dir + "/out/moves.csv")) {
    if (m.at("player") != "ab") continue;
    EXPECT_EQ(m.at("clock_ms"), "");
    ++ab_moves;
  }
  EXPECT_GE(ab_moves, 1);
  EXPECT_NE(testing::read_file(dir + "/out/run.yaml").find("tc: st=0.2"), std::string::npos);
}

// Engines, clocks and a player's own limits survive the trip through run.yaml's resolved config,
// and they are part of the config hash (a changed engine cannot resume another's run).
TEST(Engine, EnginePlayersRoundTripThroughTheResolvedConfig) {
  const std::string dir = make_temp_dir();
  const std::string text =
      "game: tictactoe\n"
      "players:\n"
      "  - {name: ab, algorithm: alphabeta, depth: 3, nodes: 5000}\n"
      "  - {name: e, depth: [1, 2], tc: '3+0.5', engine: {command: [prog, -x], working_dir: .,\n"
      "     options: {Hash: 16, Style: 'wild one'}, startup_ms: 500, stall_ms: 900}}\n"
      "tournament: {limits: {tc: 10+0.1, margin_ms: 40}}\n";
  const TournamentConfig c = load_tournament_config_text(text, dir + "/c.yaml");
  ASSERT_EQ(c.players.size(), 3u);
  EXPECT_EQ(c.players[1].name, "e-d1");
  ASSERT_TRUE(c.players[1].engine);
  EXPECT_EQ(c.players[1].engine->command, (std::vector<std::string>{"prog", "-x"}));
  EXPECT_EQ(c.players[1].engine->working_dir,
            std::filesystem::path(dir).lexically_normal().string() + "/");
  EXPECT_EQ(c.players[1].limits.tc, (TimeControl{3000, 500}));
  EXPECT_EQ(c.players[0].limits.nodes, 5000u);
  EXPECT_EQ(c.limits.tc, (TimeControl{10000, 100}));
  EXPECT_EQ(c.limits.margin_ms, 40);
  const TournamentConfig back = load_tournament_config_text(resolved_yaml(c), dir + "/r.yaml");
  EXPECT_EQ(back, c) << resolved_yaml(c);
  EXPECT_EQ(config_hash(back), config_hash(c));
  TournamentConfig other = c;
  other.players[1].engine->options[0].second = "32";
  EXPECT_NE(config_hash(other), config_hash(c));
}

// Config mistakes about engines name the file, line and column.
TEST(Engine, ConfigMistakesAreNamed) {
  const std::string dir = make_temp_dir();
  struct Case {
    std::string players, expected;
  };
  const std::vector<Case> cases = {
      {"  - {name: x, algorithm: alphabeta, depth: 1, engine: {command: [a]}}\n",
       "c.yaml:4:15: player 'x' is an engine: 'algorithm' belongs to in-process players"},
      {"  - {name: x, engine: {command: [a]}}\n",
       "c.yaml:4:23: player 'x' is an engine with nothing to bound its moves"},
      {"  - {name: x, depth: 1, tc: 'ten', engine: {command: [a]}}\n",
       "c.yaml:4:29: expected a time control for 'tc' of player 'x': SECONDS+INC (10+0.1), "
       "MOVES/SECONDS+INC (40/60+0.6)"},
      {"  - {name: x, depth: 1, engine: {command: [a], protocol: uci}}\n", "c.yaml:4:58: "},
      {"  - {name: x, depth: 1, engine: {cmd: [a]}}\n", "c.yaml:4:34: unknown key 'cmd'"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.players);
    const std::string config =
        "game: tictactoe\nplayers:\n  - {name: ab, algorithm: alphabeta, depth: 1}\n" + c.players;
    const auto r = run_harness({"run", write_config(dir, "c.yaml", config), "--out", dir + "/o"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
  }
}

// An engine that cannot start is the config's error before the first game, at its command, by
// `run --check`, `run`, `match --check` and `match` alike (the flag named there): a program that
// is not there, not in PATH, a folder, not executable, one that quits or never answers `ugiok`.
// Nothing is written.
TEST(Engine, AnEngineThatCannotStartIsRefusedBeforeTheFirstGame) {
  const std::string dir = make_temp_dir();
  std::ofstream(dir + "/not-executable") << "#!/bin/sh\n";
  const std::string quits = "[/bin/sh, -c, 'read line']";  // reads `ugi`, then exits
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[" + dir + "/no-such-engine]", "no such program: " + dir + "/no-such-engine"},
      {"[no-such-engine-in-path]", "'no-such-engine-in-path' is not found in PATH"},
      {"[" + dir + "]", dir + " is not a file a program can be run from"},
      {"[" + dir + "/not-executable]", dir + "/not-executable is not executable"},
      {quits, "the engine closed its output before 'ugiok'; engine exited with status 0"},
      {fake("'--game', 'tictactoe', '--mode', 'no-ugi'", ""),
       "no 'ugiok' within 300 ms (the engine's startup_ms); engine still running"}};
  int n = 0;
  for (const auto& [command, why] : cases) {
    SCOPED_TRACE(command);
    const std::string config = write_config(
        dir, "c" + std::to_string(n) + ".yaml",
        "game: tictactoe\nplayers:\n  - {name: ab, algorithm: alphabeta, depth: 1}\n"
        "  - {name: ghost, depth: 1, engine: {startup_ms: 300, command: " +
            command + "}}\n");
    const std::string line = "error: " + config + ":4:64: player 'ghost': its engine cannot start: " +
                             why + "\n";
    const std::string out = dir + "/o" + std::to_string(n++);
    const auto check = run_harness({"run", config, "--check"});
    EXPECT_EQ(check.exit_code, 2);
    EXPECT_EQ(check.err, line);
    const auto run = run_harness({"run", config, "--out", out, "--quiet"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, line);
    EXPECT_FALSE(std::filesystem::exists(out));
  }
  // The same through match's flags: the flag is named.
  const std::vector<std::string> match = {"match", "--game", "tictactoe", "--engine",
                                          "name=ab", "algorithm=alphabeta", "depth=1",
                                          "--engine", "name=ghost", "cmd=" + dir + "/no-such-engine",
                                          "depth=1", "--rounds", "1"};
  for (const bool checking : {true, false}) {
    auto args = match;
    args.insert(args.end(), {"--out", dir + "/m"});
    if (checking) args.push_back("--check");
    const auto r = run_harness(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("player 'ghost': its engine cannot start: no such program: " + dir +
                         "/no-such-engine"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir + "/m"));
  }
}

}  // namespace
}  // namespace gts
