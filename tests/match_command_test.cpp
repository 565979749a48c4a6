// `harness match`: a match from flags alone plays the games `harness run` plays of the equivalent
// config, its folder resumes like run's, and fastchess's -noswap, -reverse and -sprt mean the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::table_without;
using testing::write_config;

const std::vector<std::string> kGame = {"match",  "--game",  "kalah",  "--param",
                                        "pits=6", "--param", "seeds=4"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// games.csv's (first, second) of each game, in game order.
std::vector<std::pair<std::string, std::string>> sides(const std::string& dir) {
  const auto rows = table_without(dir + "/games.csv", {});
  std::vector<std::pair<std::string, std::string>> out;
  const auto& header = rows.at(0);
  const auto first = std::ranges::find(header, "first") - header.begin();
  const auto second = std::ranges::find(header, "second") - header.begin();
  for (std::size_t i = 1; i < rows.size(); ++i) {
    out.emplace_back(rows[i].at(static_cast<std::size_t>(first)),
                     rows[i].at(static_cast<std::size_t>(second)));
  }
  return out;
}

TEST(MatchCommand, PlaysTheGamesOfTheEquivalentConfig) {
  const std::string dir = make_temp_dir();
  const std::string harness = testing::harness_path();
  const std::string config = write_config(dir, "match.yaml", R"(
name: m
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: ab, algorithm: alphabeta, depth: 3, options: {ordering: static}}
  - name: ugi
    engine: {command: [)" + harness + R"(, ugi, --game, kalah, --algorithm, alphabeta],
             options: {tt: "on"}}
    depth: 2
openings: {kind: random, count: 3, plies: 3}
seed: 5
)");
  const auto run = run_harness({"run", config, "--out", dir + "/run", "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto flags =
      with(kGame, {"--engine", "name=ab", "algorithm=alphabeta", "depth=3",
                   "option.ordering=static", "--engine", "name=ugi", "cmd=" + harness,
                   "args=ugi --game kalah --algorithm alphabeta", "option.tt=on", "plies=2",
                   "--rounds", "3", "--openings", "plies=3", "--srand", "5", "--event", "m"});
  const auto match = run_harness(with(flags, {"--out", dir + "/match", "--quiet"}));
  ASSERT_EQ(match.exit_code, 0) << match.err;
  testing::expect_same_tournament_results(dir + "/run", dir + "/match");
  EXPECT_EQ(sides(dir + "/match").size(), 6u);

  // The folder holds the config it played: `harness run` of it plays the same games again.
  const std::string written = dir + "/match/match.yaml";
  ASSERT_TRUE(std::filesystem::exists(written));
  const auto again = run_harness({"run", written, "--out", dir + "/again", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  testing::expect_same_tournament_results(dir + "/run", dir + "/again");
  // --check prints that config and plays nothing.
  const auto check = run_harness(with(flags, {"--check"}));
  ASSERT_EQ(check.exit_code, 0) << check.err;
  EXPECT_EQ(check.out, read_file(written));

  // Resumed with the same flags it has nothing left to play; other flags are refused.
  const auto resumed = run_harness(with(flags, {"--out", dir + "/match", "--resume", "--quiet"}));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  testing::expect_same_tournament_results(dir + "/run", dir + "/match");
  auto other = flags;
  other[std::ranges::find(other, "--rounds") - other.begin() + 1] = "4";
  const auto refused = run_harness(with(other, {"--out", dir + "/match", "--resume"}));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("--resume: these flags differ from those " + dir + "/match"),
            std::string::npos)
      << refused.err;
}

TEST(MatchCommand, NoswapAndReverseSetTheSides) {
  const std::string dir = make_temp_dir();
  const auto base = with(kGame, {"--engine", "name=a", "algorithm=alphabeta", "depth=1", "--engine",
                                 "name=b", "algorithm=alphabeta", "depth=2", "--rounds", "2",
                                 "--openings", "plies=2", "--quiet"});
  using Sides = std::vector<std::pair<std::string, std::string>>;
  const std::pair<std::string, std::string> a_first{"a", "b"}, b_first{"b", "a"};
  const std::vector<std::pair<std::vector<std::string>, Sides>> cases = {
      {{}, {a_first, b_first, a_first, b_first}},
      {{"--noswap"}, {a_first, a_first, a_first, a_first}},
      {{"--reverse"}, {b_first, a_first, b_first, a_first}},
      {{"--noswap", "--reverse"}, {b_first, b_first, b_first, b_first}},
  };
  int k = 0;
  for (const auto& [extra, expected] : cases) {
    const std::string out = dir + "/" + std::to_string(k++);
    const auto r = run_harness(with(with(base, extra), {"--out", out}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(sides(out), expected) << (extra.empty() ? "" : extra[0]);
  }
}

// The SPRT tests the first engine against the second whichever side each game gives it.
TEST(MatchCommand, TheSprtTestsTheFirstEngineWhateverItsSide) {
  const std::string dir = make_temp_dir();
  const auto r = run_harness(with(kGame, {"--engine",
                                          "name=ab",
                                          "algorithm=alphabeta",
                                          "depth=4",
                                          "option.ordering=static",
                                          "--engine",
                                          "name=rnd",
                                          "algorithm=random",
                                          "depth=1",
                                          "--rounds",
                                          "100",
                                          "--openings",
                                          "plies=4",
                                          "--sprt",
                                          "elo0=0",
                                          "elo1=100",
                                          "model=logistic",
                                          "--reverse",
                                          "--noswap",
                                          "--srand",
                                          "2",
                                          "--out",
                                          dir + "/m",
                                          "--quiet"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string run_yaml = read_file(dir + "/m/run.yaml");
  EXPECT_NE(run_yaml.find("sprt_result: \"H1 accepted"), std::string::npos) << run_yaml;
  for (const auto& [first, second] : sides(dir + "/m")) EXPECT_EQ(first, "rnd");
}

TEST(MatchCommand, BadFlagsAreNamedAndExitTwo) {
  const std::string dir = make_temp_dir();
  const std::vector<std::string> two = {"--engine", "algorithm=alphabeta", "depth=2",
                                        "--engine", "algorithm=random",    "depth=1"};
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--engine", "algorithm=alphabeta", "depth=2"}, "--engine: a match needs at least two"},
      {{"--engine", "algorithm=alphabeta", "depth=2", "hash=16", "--engine", "algorithm=random"},
       "--engine: unknown key 'hash'"},
      {{"--engine", "algorithm=nosuch", "depth=2", "--engine", "algorithm=random"},
       "--engine algorithm=nosuch depth=2: "},
      {{"--engine", "depth=2", "--engine", "algorithm=random"},
       "give cmd=PROGRAM (an engine over UGI) or algorithm=NAME"},
      {with(two, {"--each", "tc=abc"}), "--each tc=abc: "},
      {with(two, {"--games", "3"}), "--games: 1 (a round is one game) or 2"},
      {with(two, {"-tb", "/syzygy"}), "-tb: not taken by harness match: endgame tablebases"},
      {with(two, {"-nosuch"}), "-nosuch: not an option of harness match"},
      {with(two, {"--maxmoves", "5", "--maxplies", "9"}), "--maxmoves: give --maxmoves"},
      {with(two, {"-output", "format=fastchess"}), "--output: only format=cutechess"},
      {with(two, {"-pgnout", "file=x.pgn", "nodes=true"}), "--pgnout: nodes= is not taken"},
      {with(two, {"--openings", "plies=2", "order=random"}), "--openings: order is for an "},
      {with(two, {"--sprt", "elo0=0", "elo1=x"}), "--sprt elo0=0 elo1=x: "},
      {with(two, {"--engine", "algorithm=random", "depth=1", "--sprt", "elo0=0", "elo1=5"}),
       "'tournament.sprt' tests one player against another"},
      // Incomplete, conflicting or empty: never a default in their place.
      {with(two, {"--sprt", "elo0=0"}), "--sprt: give both elo0= and elo1="},
      {with(two, {"--seeds", "1"}), "--seeds: it chooses a gauntlet's seeds; give --tournament"},
      {with(two, {"--repeat", "--games", "1"}), "--repeat: it means --games 2, which --games 1"},
      {with(two, {"--event", ""}), "--event: an empty value"},
      {with(two, {"--engine", ""}), "--engine: an empty word"},
      {with(two, {"--each", "tc=1+0", ""}), "--each: an empty word"},
  };
  for (const auto& [flags, message] : cases) {
    const auto r = run_harness(with(with(kGame, flags), {"--out", dir + "/x", "--quiet"}));
    EXPECT_EQ(r.exit_code, 2) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/x/games.csv"));
}

// Real fastchess and cutechess-cli command lines (fastchess's man page and README, cutechess-cli's
// help, engines' testing scripts) pass the parser with only the program's name replaced and
// -game added; what they ask for lands in the config.
TEST(MatchCommand, FastchessCommandLinesParse) {
  const std::string dir = make_temp_dir();
  // --check starts each engine, as the run would: the lines' programs are the fake UGI engine,
  // under their names in PATH and their paths relative to the folder the lines run in.
  namespace fs = std::filesystem;
  fs::create_directories(dir + "/bin");
  for (const char* name :
       {"bin/Engine1.exe", "bin/Engine2.exe", "bin/stash-bot", "bin/foo", "bin/bar", "bin/a",
        "bin/b", "bin/c", "a", "b", "engines/new", "engines/old", "releases/v11"}) {
    fs::create_directories((fs::path(dir) / name).parent_path());
    fs::create_symlink(GTS_FAKE_ENGINE, fs::path(dir) / name);
  }
  const std::string old_path = std::getenv("PATH");
  const fs::path old_cwd = fs::current_path();
  setenv("PATH", (dir + "/bin:" + old_path).c_str(), 1);
  fs::current_path(dir);
  const std::string book = dir + "/book.epd";
  write_config(dir, "book.epd", "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S\n");
  const std::vector<std::string> game = {"match", "-game", "kalah"};
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> lines = {
      // fastchess's man page, EXAMPLES.
      {{"-engine", "cmd=Engine1.exe", "name=Engine1", "-engine", "cmd=Engine2.exe", "name=Engine2",
        "-openings", "file=" + book, "format=epd", "order=random", "-each", "tc=60+0.6",
        "option.Hash=64", "-rounds", "200", "-repeat", "-concurrency", "4"},
       {"  file: " + book, "  count: 200", "  order: random", "    tc: 60+0.6",
        "      options: {Hash: 64}"}},
      // fastchess's README.
      {{"-engine", "cmd=Engine1.exe", "name=Engine1", "-engine", "cmd=Engine2.exe", "name=Engine2",
        "-each", "tc=10+0.1", "-rounds", "200", "-repeat", "-concurrency", "4"},
       {"  pairs: 200", "    tc: 10+0.1"}},
      // A testing script: -recover, -sprt with alpha and beta.
      {{"-engine", "cmd=engines/new", "name=new", "-engine", "cmd=engines/old", "name=old", "-each",
        "tc=8+0.08", "-rounds", "10", "-repeat", "-concurrency", "4", "-recover", "-sprt",
        "elo0=-10", "elo1=0", "alpha=0.05", "beta=0.05"},
       {"  sprt: {alpha: 0.05, beta: 0.05, elo0: \"-10\", elo1: 0}"}},
      // -games 2, -each proto=uci, -ratinginterval, a book with fewer positions than rounds.
      {{"-engine",
        "name=SacreDieu",
        "cmd=releases/v11",
        "-engine",
        "name=StashBot",
        "cmd=stash-bot",
        "-games",
        "2",
        "-rounds",
        "500",
        "-each",
        "proto=uci",
        "tc=8+0.08",
        "-openings",
        "order=random",
        "file=" + book,
        "format=epd",
        "-concurrency",
        "6",
        "-ratinginterval",
        "10"},
       {"      protocol: ugi", "  count: 500"}},
      // -log file=, -pgnout FILE (cutechess's form), -event, -site, -srand.
      {{"-engine", "cmd=./a",      "name=a",    "-engine", "cmd=./b",
        "name=b",  "-each",        "tc=8+0.08", "-rounds", "500",
        "-repeat", "-concurrency", "1",         "-log",    "file=fastchess.log",
        "-pgnout", "sprt.pgn",     "-event",    "sprt",    "-site",
        "lab",     "-srand",       "7"},
       {"name: sprt", "site: lab", "seed: 7"}},
      // cutechess-cli: -maxmoves counts moves (2 plies), -draw, -resign, -games 1.
      {{"-engine",
        "cmd=foo",
        "-engine",
        "cmd=bar",
        "-each",
        "proto=uci",
        "tc=40/60",
        "-rounds",
        "10",
        "-games",
        "1",
        "-maxmoves",
        "200",
        "-draw",
        "movenumber=40",
        "movecount=8",
        "score=10",
        "-resign",
        "movecount=3",
        "score=400",
        "-output",
        "format=cutechess",
        "-epdout",
        "file=final.epd"},
       {"  pairs: 5", "  games: 10", "  max_plies: 400", "  draw: {score: 10, moves: 8, after: 40}",
        "  resign: {score: 400, moves: 3, two_sided: false}"}},
      // -games 1 -rounds 1: one game.
      {{"-engine", "cmd=foo", "-engine", "cmd=bar", "-each", "st=1", "-games", "1", "-rounds", "1"},
       {"  pairs: 1", "  games: 1"}},
      // A gauntlet.
      {{"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "nodes=1000",
        "-tournament", "gauntlet", "-seeds", "1", "-noswap", "-reverse"},
       {"  format: gauntlet", "  gauntlet: [a]", "  swap: false", "  reverse: true"}},
  };
  for (const auto& [line, expected] : lines) {
    const auto r = run_harness(with(with(game, line), {"--check"}));
    EXPECT_EQ(r.exit_code, 0) << line[1] << ": " << r.err;
    for (const auto& text : expected) {
      EXPECT_NE(r.out.find(text + "\n"), std::string::npos) << text << " in\n" << r.out;
    }
  }
  fs::current_path(old_cwd);
  setenv("PATH", old_path.c_str(), 1);
}

// -games 1 plays single games, a book shorter than the rounds is cycled, --maxmoves counts moves,
// and -pgnout, -epdout and --json write what they name; -config file= resumes the folder.
TEST(MatchCommand, SingleGamesCycledBookAndOutputs) {
  const std::string dir = make_temp_dir();
  write_config(dir, "book.txt", "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S\n4,4,4,4,4,4,0,4,4,4,4,4,4,0:N\n");
  const auto base = with(kGame, {"-engine",
                                 "name=a",
                                 "algorithm=alphabeta",
                                 "depth=1",
                                 "-engine",
                                 "name=b",
                                 "algorithm=random",
                                 "depth=1",
                                 "-games",
                                 "1",
                                 "-rounds",
                                 "5",
                                 "-openings",
                                 "file=" + dir + "/book.txt",
                                 "-maxmoves",
                                 "3",
                                 "-pgnout",
                                 "file=" + dir + "/out.pgn",
                                 "-epdout",
                                 dir + "/out.epd",
                                 "--json",
                                 "--quiet"});
  const auto r = run_harness(with(base, {"-out", dir + "/m"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto played = sides(dir + "/m");
  EXPECT_EQ(played.size(), 5u);
  // One JSON object: the standings, typed.
  EXPECT_EQ(r.out.front(), '{') << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << r.out;
  EXPECT_NE(r.out.find("\"games\":5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"player\":\"a\""), std::string::npos) << r.out;
  // Three moves are six plies: every game (Kalah lasts longer) is a draw there.
  const auto rows = table_without(dir + "/m/games.csv", {});
  const auto plies = std::ranges::find(rows.at(0), "plies") - rows.at(0).begin();
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].at(static_cast<std::size_t>(plies)), "6");
  }
  // The book's two positions serve three pairs: the third pair plays the first again.
  const auto opening = std::ranges::find(rows.at(0), "opening_position") - rows.at(0).begin();
  EXPECT_EQ(rows.at(5).at(static_cast<std::size_t>(opening)),
            rows.at(1).at(static_cast<std::size_t>(opening)));
  EXPECT_EQ(read_file(dir + "/out.pgn"), read_file(dir + "/m/games.pgn"));
  std::size_t epd_lines = 0;
  for (const char c : read_file(dir + "/out.epd")) epd_lines += c == '\n';
  EXPECT_EQ(epd_lines, 5u);
  // fastchess's way to resume: nothing is left to play.
  const auto again = run_harness({"match", "-config", "file=" + dir + "/m/match.yaml", "--quiet"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(sides(dir + "/m").size(), 5u);
}

// The score line after each game, in cutechess's form; never coloured into a pipe.
TEST(MatchCommand, ScoreLineAfterEachGame) {
  const std::string dir = make_temp_dir();
  const auto r =
      run_harness(with(kGame, {"--engine", "name=a", "algorithm=alphabeta", "depth=3", "--engine",
                               "name=b", "algorithm=random", "depth=1", "--rounds", "2",
                               "--rating-interval", "1", "--out", dir + "/m"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (int n = 1; n <= 4; ++n) {
    EXPECT_NE(r.err.find(" ["), std::string::npos);
    EXPECT_NE(r.err.find("] " + std::to_string(n) + "\n"), std::string::npos) << r.err;
  }
  EXPECT_NE(r.err.find("Score of a vs b: "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\033'), std::string::npos) << "colour into a pipe";
  EXPECT_NE(r.err.find("interim after 4 games:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("95% interval"), std::string::npos) << r.err;
  // Games all one way, or one game, leave no finite rating: said, never printed as nan or inf.
  for (std::size_t at = r.err.find("interim after"); at != std::string::npos;
       at = r.err.find("interim after", at + 1)) {
    const std::string line = r.err.substr(at, r.err.find('\n', at) - at);
    EXPECT_EQ(line.find("nan"), std::string::npos) << line;
    EXPECT_EQ(line.find("inf"), std::string::npos) << line;
    if (line.find("W/D/L 1/0/0") != std::string::npos) {
      EXPECT_NE(line.find(", Elo none, nElo none"), std::string::npos) << line;
    }
  }
  // --quiet: no score lines, but the standings are still printed.
  const auto quiet = run_harness(with(
      kGame, {"--engine", "name=a", "algorithm=alphabeta", "depth=3", "--engine", "name=b",
              "algorithm=random", "depth=1", "--rounds", "2", "--quiet", "--out", dir + "/q"}));
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(quiet.err.find("Score of"), std::string::npos) << quiet.err;
  EXPECT_NE(quiet.out.find("95% interval"), std::string::npos) << quiet.out;
}

// A relative book path is the current directory's, written absolute into the folder's config;
// a match that fails before its first game leaves no folder in the way of the rerun.
TEST(MatchCommand, PathsResolveAgainstTheCurrentDirectory) {
  const std::string dir = make_temp_dir();
  write_config(dir, "book.txt", "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S\n");
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  const auto flags = with(kGame, {"--engine", "algorithm=alphabeta", "depth=1", "--engine",
                                  "algorithm=random", "depth=1", "--rounds", "1", "--quiet"});
  const auto ok = run_harness(with(flags, {"--openings", "file=book.txt", "--out", "results/b"}));
  const auto missing = run_harness(
      with(flags, {"--openings", "file=" + dir + "/gone.txt", "--out", "results/gone"}));
  std::filesystem::current_path(cwd);
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(read_file(dir + "/results/b/match.yaml").find("  file: " + dir + "/book.txt\n"),
            std::string::npos);
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/results/gone")) << missing.err;
}

}  // namespace
}  // namespace gts
