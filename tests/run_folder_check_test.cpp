// `harness replay` and `harness report` check a compare, solve or tune run folder as a whole before
// trusting it: each file of each kind cut, emptied, with a foreign row, with a row repeated and
// deleted is named on its own lines (file, line, what), exit 1; a sound folder passes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tests/process.h"
#include "tests/report/report_test_util.h"
#include "tests/run_folder_configs.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::lines_of;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::text_of;
using testing::write_config;

// Two inputs at one depth, two algorithms: 2 jobs, 4 searches.
const char* kCompare = testing::kSmallCompare;
const char* kSolve = testing::kSmallSolve;

// 3 SPSA iterations of 2 pairs (12 games), then up to 4 verification pairs (8 games).
const char* kTune = R"(name: tn
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 1}
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
spsa: {iterations: 3, pairs: 2}
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 8, batch_pairs: 2}
seed: 1
)";

// One run of each kind, made once and copied for each case.
class RunFolders : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(make_temp_dir());
    for (const auto& [kind, config] :
         {std::pair("compare", kCompare), std::pair("solve", kSolve), std::pair("tune", kTune)}) {
      const auto r = run_harness({kind, write_config(*dir_, std::string(kind) + ".yaml", config),
                                  "--out", *dir_ + "/" + kind, "--quiet"});
      ASSERT_EQ(r.exit_code, 0) << kind << ": " << r.err;
    }
  }
  static std::string copy(const std::string& kind, const std::string& name) {
    const std::string to = *dir_ + "/" + name;
    std::filesystem::copy(*dir_ + "/" + kind, to, std::filesystem::copy_options::recursive);
    // These cases test the kind's own rules, which replay, report and --resume run after the
    // manifest's check and alone on a folder written before manifests (the manifest's own cases:
    // run_folder_integrity_test).
    std::filesystem::remove(to + "/manifest.sha256");
    return to;
  }
  static std::string* dir_;
};
std::string* RunFolders::dir_ = nullptr;

TEST_F(RunFolders, SoundFoldersPass) {
  for (const char* kind : {"compare", "solve", "tune"}) {
    SCOPED_TRACE(kind);
    const std::string run = *dir_ + "/" + kind;
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, "checked " + run + ", a " + kind +
                         " run: every file is whole and agrees with the others (no games to play "
                         "back)\n");
    // --game draws a tournament's game; these kinds have none.
    const auto game = run_harness({"replay", run, "--game", "0"});
    EXPECT_EQ(game.exit_code, 2);
    EXPECT_EQ(game.err, "error: --game: " + run + " holds a " + kind +
                            " run, which plays no games to draw\n");
  }
}

// Each damage of each file of each kind: the lines replay prints (each a whole line of stderr, the
// run folder's path before it), exit 1; report names the same lines.
TEST_F(RunFolders, EachDamageOfEachFileIsNamed) {
  using Edit = std::function<std::string(std::vector<std::string>&)>;
  // Keeps the lines before line 3 (or the last, if fewer) whole and 5 characters of it.
  const Edit cut = [](std::vector<std::string>& l) {
    const std::size_t at = std::min<std::size_t>(3, l.size());
    const std::string part = l[at - 1].substr(0, 5);
    l.resize(at - 1);
    return text_of(l) + part;
  };
  const Edit emptied = [](std::vector<std::string>&) { return std::string(); };
  // Appends a copy of line `line` (1-based), its first field (up to `sep`) made 999 when foreign.
  const auto appended = [](std::size_t line, char sep, bool foreign) -> Edit {
    return [=](std::vector<std::string>& l) {
      std::string copy = l[line - 1];
      if (foreign) copy = "999" + copy.substr(copy.find(sep));
      l.push_back(copy);
      return text_of(l);
    };
  };
  const Edit yaml_foreign = [](std::vector<std::string>& l) {
    l.push_back("foreign: 1");
    return text_of(l);
  };
  const Edit yaml_repeated = [](std::vector<std::string>& l) {
    l.push_back(l.back());
    return text_of(l);
  };
  const Edit deleted;  // the file removed
  // The line an appended row lands on, and the key of a YAML file's last line.
  const auto next = [&](const std::string& kind, const std::string& file) {
    return std::to_string(lines_of(read_file(*dir_ + "/" + kind + "/" + file)).size() + 1);
  };
  const auto last_key = [&](const std::string& kind, const std::string& file) {
    const std::string l = lines_of(read_file(*dir_ + "/" + kind + "/" + file)).back();
    const std::size_t from = l.find_first_not_of(' ');
    std::string out = "'";
    out.append(l.substr(from, l.find(':') - from)).append("' given again (first at line ");
    return out.append(std::to_string(std::stoi(next(kind, file)) - 1)).append(")");
  };
  // The job a line of results.log records (jobs are journaled in the order they finish).
  const auto job_on = [&](const std::string& kind, std::size_t line) {
    const std::string l = lines_of(read_file(*dir_ + "/" + kind + "/results.log"))[line - 1];
    return l.substr(0, l.find(' '));
  };
  const std::string cut_line =
      ":3: cut mid-line (the last line has no newline): the file is truncated";
  // A row a table rebuilt from the journal, of `rows` lines, does not have.
  const auto extra_line = [](int rows, const std::string& source = "results.log") {
    return "a line the table rebuilt from " + source + " does not have (it has " +
           std::to_string(rows) + ")";
  };
  struct Case {
    std::string kind, file, damage;
    Edit edit;
    std::vector<std::string> lines;  // FILE:... lines, the run folder's path before each
  };
  const auto yaml_cases = [&](const std::string& kind, const std::string& file,
                              const std::string& entry, const std::string& deleted_line) {
    return std::vector<Case>{
        {kind, file, "cut", cut, {file + cut_line}},
        {kind, file, "emptied", emptied, {file + ":1: empty"}},
        {kind,
         file,
         "foreign",
         yaml_foreign,
         {file + ":" + next(kind, file) + ": 'foreign': not an entry of " + entry}},
        {kind,
         file,
         "repeated",
         yaml_repeated,
         {file + ":" + next(kind, file) + ": " + last_key(kind, file)}},
        {kind, file, "deleted", deleted, {deleted_line}},
    };
  };
  std::vector<Case> cases = {
      // compare: 2 jobs of 2 algorithms.
      {"compare", "compare.csv", "cut", cut, {"compare.csv" + cut_line}},
      {"compare", "compare.csv", "emptied", emptied, {"compare.csv:1: empty: not even its header"}},
      {"compare",
       "compare.csv",
       "foreign",
       appended(2, ',', true),
       {"compare.csv:6: " + extra_line(5)}},
      {"compare",
       "compare.csv",
       "repeated",
       appended(2, ',', false),
       {"compare.csv:6: " + extra_line(5)}},
      {"compare",
       "compare.csv",
       "deleted",
       deleted,
       {"compare.csv: missing (a compare run writes it)"}},
      {"compare", "inputs.csv", "cut", cut, {"inputs.csv" + cut_line}},
      {"compare", "inputs.csv", "emptied", emptied, {"inputs.csv:1: empty: not even its header"}},
      {"compare",
       "inputs.csv",
       "foreign",
       appended(2, ',', true),
       {"inputs.csv:4: " + extra_line(3)}},
      {"compare",
       "inputs.csv",
       "repeated",
       appended(2, ',', false),
       {"inputs.csv:4: " + extra_line(3)}},
      {"compare",
       "inputs.csv",
       "deleted",
       deleted,
       {"inputs.csv: missing (a compare run writes it)"}},
      {"compare", "summary.csv", "cut", cut, {"summary.csv" + cut_line}},
      {"compare", "summary.csv", "emptied", emptied, {"summary.csv:1: empty: not even its header"}},
      {"compare",
       "summary.csv",
       "foreign",
       appended(2, ',', true),
       {"summary.csv:4: " + extra_line(3)}},
      {"compare",
       "summary.csv",
       "repeated",
       appended(2, ',', false),
       {"summary.csv:4: " + extra_line(3)}},
      {"compare",
       "summary.csv",
       "deleted",
       deleted,
       {"summary.csv: missing (a compare run writes it)"}},
      {"compare",
       "results.log",
       "cut",
       cut,
       {"results.log:2: cut mid-line (the last line has no newline): the file is truncated",
        "results.log: holds 1 results; run.yaml's jobs_done is 2"}},
      {"compare",
       "results.log",
       "emptied",
       emptied,
       {"results.log: holds 0 results; run.yaml's jobs_done is 2"}},
      {"compare",
       "results.log",
       "foreign",
       appended(1, ' ', true),
       {"results.log:3: job 999: not a job of this run (run.yaml: jobs_total 2, numbered from 0)"}},
      {"compare",
       "results.log",
       "repeated",
       appended(1, ' ', false),
       {"results.log:3: job " + job_on("compare", 1) + ": recorded again (first at line 1)"}},
      {"compare",
       "results.log",
       "deleted",
       deleted,
       {"results.log: missing (the journal every compare and solve run writes)"}},
      // solve: 2 problems by 2 solvers.
      {"solve", "solve.csv", "cut", cut, {"solve.csv" + cut_line}},
      {"solve", "solve.csv", "emptied", emptied, {"solve.csv:1: empty: not even its header"}},
      {"solve", "solve.csv", "foreign", appended(2, ',', true), {"solve.csv:6: " + extra_line(5)}},
      {"solve",
       "solve.csv",
       "repeated",
       appended(2, ',', false),
       {"solve.csv:6: " + extra_line(5)}},
      {"solve", "solve.csv", "deleted", deleted, {"solve.csv: missing (a solve run writes it)"}},
      {"solve", "summary.csv", "cut", cut, {"summary.csv" + cut_line}},
      {"solve", "summary.csv", "emptied", emptied, {"summary.csv:1: empty: not even its header"}},
      {"solve",
       "summary.csv",
       "foreign",
       appended(2, ',', true),
       {"summary.csv:4: " + extra_line(3)}},
      {"solve",
       "summary.csv",
       "repeated",
       appended(2, ',', false),
       {"summary.csv:4: " + extra_line(3)}},
      {"solve",
       "summary.csv",
       "deleted",
       deleted,
       {"summary.csv: missing (a solve run writes it)"}},
      {"solve", "solved_within.csv", "cut", cut, {"solved_within.csv" + cut_line}},
      {"solve",
       "solved_within.csv",
       "emptied",
       emptied,
       {"solved_within.csv:1: empty: not even its header"}},
      {"solve",
       "solved_within.csv",
       "foreign",
       appended(2, ',', true),
       {"solved_within.csv:" + next("solve", "solved_within.csv") + ": " + extra_line(14)}},
      {"solve",
       "solved_within.csv",
       "repeated",
       appended(2, ',', false),
       {"solved_within.csv:" + next("solve", "solved_within.csv") + ": " + extra_line(14)}},
      {"solve",
       "solved_within.csv",
       "deleted",
       deleted,
       {"solved_within.csv: missing (a solve run writes it)"}},
      {"solve",
       "results.log",
       "cut",
       cut,
       {"results.log" + cut_line, "results.log: holds 2 results; run.yaml's runs_done is 4"}},
      {"solve",
       "results.log",
       "emptied",
       emptied,
       {"results.log: holds 0 results; run.yaml's runs_done is 4"}},
      {"solve",
       "results.log",
       "foreign",
       appended(1, ' ', true),
       {"results.log:5: job 999: not a job of this run (run.yaml: runs_total 4, numbered from 0)"}},
      {"solve",
       "results.log",
       "repeated",
       appended(2, ' ', false),
       {"results.log:5: job " + job_on("solve", 2) + ": recorded again (first at line 2)"}},
      {"solve",
       "results.log",
       "deleted",
       deleted,
       {"results.log: missing (the journal every compare and solve run writes)"}},
      // tune: 12 SPSA games and 8 of verification.
      {"tune",
       "games.csv",
       "cut",
       cut,
       {"games.csv" + cut_line, "games.csv: holds 1 games; run.yaml's games_done is 20"}},
      {"tune",
       "games.csv",
       "emptied",
       emptied,
       {"games.csv:1: empty: not even its header",
        "games.csv: holds 0 games; run.yaml's games_done is 20"}},
      {"tune",
       "games.csv",
       "foreign",
       appended(2, ',', true),
       {"games.csv:22: game 999: not a game of this run (run.yaml: games_done 20, numbered from "
        "0)"}},
      {"tune",
       "games.csv",
       "repeated",
       appended(2, ',', false),
       {"games.csv:22: game 0: recorded again (first at line 2)"}},
      {"tune", "games.csv", "deleted", deleted, {"games.csv: missing (every tune run writes it)"}},
      {"tune", "tune.csv", "cut", cut, {"tune.csv" + cut_line}},
      {"tune", "tune.csv", "emptied", emptied, {"tune.csv:1: empty: not even its header"}},
      {"tune",
       "tune.csv",
       "foreign",
       appended(2, ',', true),
       {"tune.csv:6: " + extra_line(5, "games.csv")}},
      {"tune",
       "tune.csv",
       "repeated",
       appended(2, ',', false),
       {"tune.csv:6: " + extra_line(5, "games.csv")}},
      {"tune", "tune.csv", "deleted", deleted, {"tune.csv: missing (a tune run writes it)"}},
      {"tune", "verify.csv", "cut", cut, {"verify.csv" + cut_line}},
      {"tune", "verify.csv", "emptied", emptied, {"verify.csv:1: empty: not even its header"}},
      {"tune",
       "verify.csv",
       "foreign",
       appended(2, ',', true),
       {"verify.csv:6: " + extra_line(5, "games.csv")}},
      {"tune",
       "verify.csv",
       "repeated",
       appended(2, ',', false),
       {"verify.csv:6: " + extra_line(5, "games.csv")}},
      {"tune", "verify.csv", "deleted", deleted, {"verify.csv: missing (a tune run writes it)"}},
  };
  for (const std::string kind : {"compare", "solve", "tune"}) {
    for (auto& c :
         yaml_cases(kind, "run.yaml", "a run.yaml (run, config)",
                    std::string("run.yaml: missing (every run writes it; the folder ") +
                        "holds a run's " + (kind == "tune" ? "games.csv" : "results.log") +
                        "): replay cannot tell what the run was")) {
      cases.push_back(c);
    }
    if (kind != "tune") {
      for (auto& c : yaml_cases(kind, "config.yaml", "run.yaml's config",
                                "config.yaml: missing (every compare and solve run writes it)")) {
        cases.push_back(c);
      }
    }
  }
  // tuned.yaml is held to the one rebuilt from games.csv, line by line.
  cases.push_back({"tune", "tuned.yaml", "cut", cut, {"tuned.yaml" + cut_line}});
  cases.push_back(
      {"tune", "tuned.yaml", "emptied", emptied, {"tuned.yaml:1: empty: not even its header"}});
  cases.push_back({"tune",
                   "tuned.yaml",
                   "foreign",
                   yaml_foreign,
                   {"tuned.yaml:8: " + extra_line(7, "games.csv")}});
  cases.push_back({"tune",
                   "tuned.yaml",
                   "repeated",
                   yaml_repeated,
                   {"tuned.yaml:8: " + extra_line(7, "games.csv")}});
  cases.push_back(
      {"tune", "tuned.yaml", "deleted", deleted, {"tuned.yaml: missing (a tune run writes it)"}});

  const bool gnuplot = testing::have_gnuplot();
  std::map<std::string, std::set<std::string>> covered;  // kind -> file:damage
  for (const Case& c : cases) {
    SCOPED_TRACE(c.kind + " " + c.file + " " + c.damage);
    covered[c.kind].insert(c.file + ":" + c.damage);
    const std::string run = copy(c.kind, c.kind + "-" + std::to_string(&c - cases.data()));
    const std::string path = run + "/" + c.file;
    if (c.edit) {
      auto lines = lines_of(read_file(path));
      std::ofstream(path, std::ios::trunc) << c.edit(lines);
    } else {
      std::filesystem::remove(path);
    }
    std::string expected;
    for (const auto& l : c.lines) expected += run + "/" + l + "\n";
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err, expected);
    EXPECT_EQ(r.out,
              run + ": " + std::to_string(c.lines.size()) + " problems (listed on stderr)\n");
    // report makes the same check (its own line for a deleted run.yaml); a cut or a foreign row
    // for each file stands for the rest.
    if (gnuplot && c.file != "run.yaml" && (c.damage == "cut" || c.damage == "foreign")) {
      const auto rep = run_harness({"report", run});
      EXPECT_EQ(rep.exit_code, 1) << rep.err;
      EXPECT_EQ(rep.err.substr(0, expected.size()), expected);
    }
  }
  // Every file each kind writes, each damage.
  const std::map<std::string, std::vector<std::string>> files = {
      {"compare",
       {"run.yaml", "config.yaml", "results.log", "compare.csv", "inputs.csv", "summary.csv"}},
      {"solve",
       {"run.yaml", "config.yaml", "results.log", "solve.csv", "summary.csv", "solved_within.csv"}},
      {"tune", {"run.yaml", "games.csv", "tune.csv", "verify.csv", "tuned.yaml"}},
  };
  for (const auto& [kind, names] : files) {
    std::set<std::string> listed;
    for (const auto& e : std::filesystem::directory_iterator(*dir_ + "/" + kind)) {
      // (the manifest's own damage: run_folder_integrity_test)
      if (e.path().filename().string()[0] != '.' && e.path().filename() != "manifest.sha256")
        listed.insert(e.path().filename().string());
    }
    EXPECT_EQ(listed, std::set<std::string>(names.begin(), names.end())) << kind;
    for (const auto& f : names) {
      for (const char* d : {"cut", "emptied", "foreign", "repeated", "deleted"}) {
        EXPECT_TRUE(covered[kind].contains(f + ":" + d)) << kind << " " << f << " " << d;
      }
    }
  }
}

// Counts that disagree across files: a summary's, a threshold's, a verdict's, the tuned weights.
TEST_F(RunFolders, CountsThatDisagreeAcrossFilesAreNamed) {
  const auto edit = [](const std::string& path, const std::string& from, const std::string& to) {
    std::string text = read_file(path);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(path, std::ios::trunc) << text;
  };
  {
    const std::string run = copy("compare", "compare-agree");
    // The first summary row's inputs and agree counts (2 and 2) made 3 and 1.
    const auto rows = lines_of(read_file(run + "/summary.csv"));
    const std::string row = rows[1];
    const std::string prefix = "tree,tree,alphabeta,ab,4,true,2,2,";
    ASSERT_EQ(row.rfind(prefix, 0), 0u) << row;
    edit(run + "/summary.csv", prefix, "tree,tree,alphabeta,ab,4,true,3,1,");
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, run +
                         "/summary.csv:2: group tree: inputs '3', where the table rebuilt from "
                         "results.log has '2'\n");
  }
  {
    // config.yaml must be the config run.yaml records.
    const std::string run = copy("compare", "compare-config");
    edit(run + "/config.yaml", "name: cmp", "name: other");
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, run +
                         "/config.yaml:2: 'name' differs from run.yaml's config (the config the "
                         "run was given)\n");
  }
  {
    const std::string run = copy("solve", "solve-within");
    // The last threshold's counts (both problems, by each solver) made 1 for ab.
    const auto rows = lines_of(read_file(run + "/solved_within.csv"));
    const std::string last = rows.back();
    const std::string t = last.substr(0, last.find(','));
    edit(run + "/solved_within.csv", last, t + ",1,2");
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, run + "/solved_within.csv:" + std::to_string(rows.size()) + ": t_ms " + t +
                         ": ab '1', where the table rebuilt from results.log has '2'\n");
  }
  {
    const std::string run = copy("tune", "tune-verdict");
    const std::string verdict =
        read_file(run + "/run.yaml").find("verdict: inconclusive") != std::string::npos
            ? "inconclusive"
            : "";
    ASSERT_EQ(verdict, "inconclusive");
    edit(run + "/run.yaml", "verdict: inconclusive", "verdict: H1");
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, run +
                         "/run.yaml: verdict: H1, where the verification rebuilt from games.csv "
                         "ends inconclusive\n");
  }
  {
    const std::string run = copy("tune", "tune-weights");
    edit(run + "/tuned.yaml", "tuned: {kind: linear, weights: [",
         "tuned: {kind: linear, weights: [7, ");
    const auto r = run_harness({"replay", run});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(run + "/tuned.yaml:6: differs from the table rebuilt from games.csv ('  "
                               "tuned: {kind: linear, weights: [0."),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// --resume keeps what it checks: a job recorded twice in results.log, or a tune game that is not
// the run's, is refused at its line (exit 2) and the files are left as they were.
TEST_F(RunFolders, ResumeRefusesWhatTheChecksRefuse) {
  {
    const std::string run = copy("solve", "solve-resume");
    auto lines = lines_of(read_file(run + "/results.log"));
    lines.push_back(lines[1]);
    std::ofstream(run + "/results.log", std::ios::trunc) << text_of(lines);
    const auto r =
        run_harness({"solve", *dir_ + "/solve.yaml", "--out", run, "--resume", "--quiet"});
    EXPECT_EQ(r.exit_code, 2);
    const std::string job = lines[1].substr(0, lines[1].find(' '));
    EXPECT_NE(
        r.err.find(run + "/results.log:5:1: job " + job + " recorded again (first at line 2)"),
        std::string::npos)
        << r.err;
    EXPECT_EQ(read_file(run + "/results.log"), text_of(lines));
  }
  {
    const std::string run = copy("tune", "tune-resume");
    auto lines = lines_of(read_file(run + "/games.csv"));
    lines.push_back("999" + lines[1].substr(lines[1].find(',')));
    std::ofstream(run + "/games.csv", std::ios::trunc) << text_of(lines);
    const auto r = run_harness({"tune", *dir_ + "/tune.yaml", "--out", run, "--resume", "--quiet"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(run + "/games.csv:22:1: game 999: not a game of this run (it plays at "
                               "most 20, numbered from 0)"),
              std::string::npos)
        << r.err;
    // A game between sides its number does not have (an SPSA game between the verification's).
    lines.pop_back();
    std::string swapped = lines[1];
    swapped.replace(swapped.find("theta+"), 6, "tuned");
    lines[1] = swapped;
    std::ofstream(run + "/games.csv", std::ios::trunc) << text_of(lines);
    const auto sides =
        run_harness({"tune", *dir_ + "/tune.yaml", "--out", run, "--resume", "--quiet"});
    EXPECT_EQ(sides.exit_code, 2);
    EXPECT_NE(sides.err.find(run + "/games.csv:2:1: game 0: tuned against theta- is not a game "
                                   "of the run's spsa"),
              std::string::npos)
        << sides.err;
  }
}

}  // namespace
}  // namespace gts
