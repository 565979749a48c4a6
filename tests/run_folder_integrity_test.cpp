// One integrity mechanism for every kind of run (manifest.sha256): a sound folder of each kind
// verifies; each damage of each file (cut, deleted, a row removed or repeated, a number changed,
// a boolean flipped, run.yaml changed) is named by `verify`, `replay`, `report` and `--resume`;
// seeded random mutations of every file are named; and a folder holding one kind of run refuses
// every other kind, leaving each file byte-identical.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "harness/pipeline/manifest.h"
#include "harness/pipeline/run_folder.h"
#include "tests/process.h"
#include "tests/run_folder_configs.h"
#include "tests/test_files.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::make_temp_dir;
using testing::run_harness;
using testing::write_config;

const char* kTournament = testing::kSmallTournament;
const char* kCompare = testing::kSmallCompare;
const char* kSolve = testing::kSmallSolve;
const char* kTune = testing::kSmallTune;

const std::vector<std::string> kMatchFlags = {"match",   "--game",
                                              "kalah",   "--param",
                                              "pits=4",  "--param",
                                              "seeds=3", "--engine",
                                              "name=a",  "algorithm=alphabeta",
                                              "depth=1", "--engine",
                                              "name=b",  "algorithm=alphabeta",
                                              "depth=2", "--rounds",
                                              "2",       "--openings",
                                              "plies=2", "--srand",
                                              "3"};

const std::vector<std::string> kKinds = {"run", "match", "compare", "solve", "tune"};

// Every file of a folder but its lock, by path relative to it.
std::map<std::string, std::string> snapshot(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const fs::path rel = e.path().lexically_relative(dir);
    if (e.is_regular_file() && rel != ".lock")
      files[rel.generic_string()] = read_file_text(e.path());
  }
  return files;
}

// One sound run folder of each kind, made once and copied for each case.
class Integrity : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(make_temp_dir());
    configs_ = new std::map<std::string, std::string>;
    const std::map<std::string, const char*> texts = {
        {"run", kTournament}, {"compare", kCompare}, {"solve", kSolve}, {"tune", kTune}};
    for (const auto& [kind, text] : texts)
      (*configs_)[kind] = write_config(*dir_, kind + ".yaml", text);
    for (const std::string& kind : kKinds) {
      const auto r = run_harness(start_args(kind, *dir_ + "/" + kind));
      ASSERT_EQ(r.exit_code, 0) << kind << ": " << r.err;
    }
    (*configs_)["match"] = *dir_ + "/match/match.yaml";
  }
  // The command line that starts a run of `kind` into `out`.
  static std::vector<std::string> start_args(const std::string& kind, const std::string& out) {
    std::vector<std::string> args =
        kind == "match" ? kMatchFlags : std::vector<std::string>{kind, (*configs_)[kind]};
    args.insert(args.end(), {"--out", out, "--quiet"});
    return args;
  }
  // The command line that resumes the run of `kind` in `out` (a match's through its match.yaml).
  static std::vector<std::string> resume_args(const std::string& kind, const std::string& out) {
    return {kind == "match" ? "run" : kind, (*configs_)[kind], "--out", out, "--resume", "--quiet"};
  }
  static std::string copy(const std::string& kind, const std::string& name) {
    const std::string to = *dir_ + "/" + name;
    fs::copy(*dir_ + "/" + kind, to, fs::copy_options::recursive);
    return to;
  }
  static std::string* dir_;
  static std::map<std::string, std::string>* configs_;
};
std::string* Integrity::dir_ = nullptr;
std::map<std::string, std::string>* Integrity::configs_ = nullptr;

TEST_F(Integrity, EveryKindsSoundFolderVerifies) {
  for (const std::string& kind : kKinds) {
    const std::string run = *dir_ + "/" + kind;
    const auto r = run_harness({"verify", run});
    EXPECT_EQ(r.exit_code, 0) << kind << ": " << r.err;
    EXPECT_EQ(r.out, run + ": every file is as the run wrote it (manifest.sha256)\n");
    // The manifest lists every file the run wrote, run.yaml and the journal among them.
    const std::string manifest = read_file_text(run + "/manifest.sha256");
    EXPECT_NE(manifest.find("  run.yaml\n"), std::string::npos) << kind;
    EXPECT_EQ(manifest, manifest_text(run)) << kind;
  }
}

// The damages of the issue, each applied to one file's text; "" where it does not apply.
using Damage = std::function<std::string(const std::string&)>;
const std::vector<std::pair<std::string, Damage>>& damages() {
  static const std::vector<std::pair<std::string, Damage>> list = {
      {"cut",
       [](const std::string& t) {
         return t.size() < 2 ? std::string() : t.substr(0, t.size() / 2);
       }},
      {"row removed",
       [](const std::string& t) {
         const auto a = t.find('\n');
         const auto b = a == std::string::npos ? a : t.find('\n', a + 1);
         return b == std::string::npos ? std::string() : t.substr(0, a + 1) + t.substr(b + 1);
       }},
      {"row repeated",
       [](const std::string& t) {
         const auto a = t.find('\n');
         const auto b = a == std::string::npos ? a : t.find('\n', a + 1);
         return b == std::string::npos ? std::string() : t.substr(0, b + 1) + t.substr(a + 1);
       }},
      {"number changed",
       [](const std::string& t) {
         const auto at =
             t.find_first_of("123456789", t.find('\n') == std::string::npos ? 0 : t.find('\n'));
         if (at == std::string::npos) return std::string();
         std::string s = t;
         s[at] = s[at] == '9' ? '8' : static_cast<char>(s[at] + 1);
         return s;
       }},
      {"boolean flipped",
       [](const std::string& t) {
         std::string s = t;
         if (const auto at = s.find("true"); at != std::string::npos)
           return s.replace(at, 4, "false");
         if (const auto at = s.find("false"); at != std::string::npos)
           return s.replace(at, 5, "true");
         return std::string();
       }},
  };
  return list;
}

TEST_F(Integrity, VerifyNamesEveryDamageOfEveryFileOfEveryKind) {
  int cases = 0;
  for (const std::string& kind : kKinds) {
    const std::string sound = *dir_ + "/" + kind;
    for (const auto& [file, text] : snapshot(sound)) {
      if (!is_run_file(file)) continue;
      std::vector<std::pair<std::string, std::string>> damaged;  // (damage, new text or deleted)
      for (const auto& [name, damage] : damages()) {
        if (const std::string t = damage(text); !t.empty() && t != text)
          damaged.emplace_back(name, t);
      }
      damaged.emplace_back("deleted", "");
      for (const auto& [name, t] : damaged) {
        const std::string run = copy(kind, std::string("v").append(std::to_string(cases++)));
        if (name == "deleted") {
          fs::remove(run + "/" + file);
        } else {
          write_file(run + "/" + file, t);
        }
        const ManifestCheck check = verify_manifest(run);
        ASSERT_EQ(check.problems.size(), 1u) << kind << " " << file << " " << name;
        EXPECT_EQ(check.problems[0],
                  run + "/" + file +
                      (name == "deleted" ? ": missing (manifest.sha256 lists it)"
                                         : ": changed since the run wrote it (its SHA-256 is not "
                                           "manifest.sha256's)"))
            << kind << " " << name;
        fs::remove_all(run);
      }
    }
  }
  EXPECT_GT(cases, 150);
}

// The journal of each kind and run.yaml, each damage: named by verify, replay and --resume (which
// writes nothing then), and a changed number by report (which draws with gnuplot: once a kind),
// exit 1. A damaged table (solve's summary.csv, tune's tune.csv) --resume rebuilds from the
// journal, naming it, and the folder verifies again.
TEST_F(Integrity, EveryCommandNamesTheDamagedFile) {
  const std::map<std::string, std::string> journal = {{"run", "games.csv"},
                                                      {"match", "moves.csv"},
                                                      {"compare", "results.log"},
                                                      {"solve", "summary.csv"},
                                                      {"tune", "tune.csv"}};
  int n = 0;
  for (const std::string& kind : kKinds) {
    for (const std::string& file : {journal.at(kind), std::string("run.yaml")}) {
      const std::string text = read_file_text(*dir_ + "/" + kind + "/" + file);
      for (const auto& [name, damage] : damages()) {
        std::string t = damage(text);
        if (file == "run.yaml" && name != "number changed") continue;  // one change of run.yaml
        if (t.empty() || t == text) continue;
        const std::string run = copy(kind, std::string("c").append(std::to_string(n++)));
        write_file(run + "/" + file, t);
        const std::string named = run + "/" + file + ": changed since the run wrote it";
        const auto before = snapshot(run);
        // A table (solve's summary.csv, tune's tune.csv) is rebuilt by --resume, below.
        const bool table = file == "summary.csv" || file == "tune.csv";
        std::vector<std::vector<std::string>> commands = {{"verify", run}, {"replay", run}};
        if (!table) commands.push_back(resume_args(kind, run));
        if (name == "number changed" && file != "run.yaml") commands.push_back({"report", run});
        for (const auto& args : commands) {
          const auto r = run_harness(args);
          EXPECT_EQ(r.exit_code, 1)
              << kind << " " << file << " " << name << " " << args[0] << ": " << r.err;
          EXPECT_NE(r.err.find(named), std::string::npos)
              << kind << " " << file << " " << name << " " << args[0] << ": " << r.err;
        }
        auto after = snapshot(run);
        after.erase("report.html");
        std::erase_if(after, [](const auto& kv) { return kv.first.starts_with("plots/"); });
        EXPECT_EQ(after, before) << kind << " " << file << " " << name;
        if (table) {
          const auto resumed = run_harness(resume_args(kind, run));
          EXPECT_EQ(resumed.exit_code, 0) << kind << " " << file << " " << name << resumed.err;
          EXPECT_NE(resumed.err.find("--resume: " + run + "/" + file + " rebuilt from "),
                    std::string::npos)
              << kind << " " << file << " " << name << ": " << resumed.err;
          EXPECT_EQ(read_file_text(run + "/" + file), text) << kind << " " << file << " " << name;
          EXPECT_EQ(run_harness({"verify", run}).exit_code, 0)
              << kind << " " << file << " " << name;
        }
        fs::remove_all(run);
      }
    }
  }
  EXPECT_GT(n, 20);
}

// A table the manifest names as changed is named at the line and column where it differs from the
// table rebuilt from the journal by replay; --resume writes it anew from the journal.
TEST_F(Integrity, AChangedTableIsNamedAtItsLine) {
  const std::string run = copy("run", "table-line");
  std::string text = read_file_text(run + "/standings.csv");
  const std::size_t row = text.find('\n') + 1;
  const std::size_t games = text.find(',', row) + 1;  // the first player's games
  text.insert(games, "1");
  write_file(run + "/standings.csv", text);
  const std::string sound = read_file_text(copy("run", "table-sound") + "/standings.csv");
  const auto r = run_harness({"replay", run});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(run + "/standings.csv: changed since the run wrote it (its SHA-256 is not "
                             "manifest.sha256's); line 2: player "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(": games '1"), std::string::npos) << r.err;
  const auto resumed = run_harness(resume_args("run", run));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("--resume: " + run +
                             "/standings.csv rebuilt from games.csv (it was not what the run "
                             "wrote)"),
            std::string::npos)
      << resumed.err;
  EXPECT_EQ(read_file_text(run + "/standings.csv"), sound);
  EXPECT_EQ(run_harness({"verify", run}).exit_code, 0);
}

TEST_F(Integrity, SeededMutationsOfEveryFileAreNamed) {
  std::mt19937_64 rng(60);
  int mutated = 0;
  for (const std::string& kind : kKinds) {
    const std::string run = copy(kind, "m-" + kind);
    const auto files = snapshot(run);
    for (const auto& [file, text] : files) {
      if (!is_run_file(file)) continue;
      for (int i = 0; i < 12; ++i) {
        std::string t = text;
        const std::size_t at = t.empty() ? 0 : rng() % t.size();
        switch (rng() % 4) {
          case 0:
            if (!t.empty()) t[at] = static_cast<char>(rng());
            break;  // a byte changed
          case 1:
            t.insert(at, 1, static_cast<char>(rng()));
            break;  // a byte added
          case 2:
            if (!t.empty()) t.erase(at, 1 + rng() % 8);
            break;  // bytes removed
          default:
            t.resize(at);
            break;  // cut
        }
        write_file(run + "/" + file, t);
        const ManifestCheck check = verify_manifest(run);
        if (t == text) {
          EXPECT_TRUE(check.problems.empty()) << kind << " " << file;
        } else {
          ++mutated;
          ASSERT_EQ(check.problems.size(), 1u) << kind << " " << file << " mutation " << i;
          EXPECT_TRUE(check.problems[0].starts_with(run + "/" + file + ": ")) << check.problems[0];
        }
        write_file(run + "/" + file, text);
      }
    }
    EXPECT_TRUE(verify_manifest(run).problems.empty()) << kind;
  }
  EXPECT_GT(mutated, 300);
}

TEST_F(Integrity, AFolderOfOneKindRefusesEveryOtherAndKeepsEveryByte) {
  int n = 0;
  for (const std::string& holder : kKinds) {
    for (const std::string& intruder : kKinds) {
      const std::string run = copy(holder, std::string("x").append(std::to_string(n++)));
      const auto before = snapshot(run);
      const std::string program = holder == "match" ? "run" : holder;
      const auto fresh = run_harness(start_args(intruder, run));
      EXPECT_EQ(fresh.exit_code, 2) << holder << " <- " << intruder << ": " << fresh.err;
      EXPECT_EQ(fresh.err.rfind(std::string("error: --out: ") + run +
                                    " already holds a run of `harness " + program + "`; ",
                                0),
                0u)
          << holder << " <- " << intruder << ": " << fresh.err;
      EXPECT_EQ(std::count(fresh.err.begin(), fresh.err.end(), '\n'), 1) << fresh.err;
      const bool same = (intruder == "match" ? "run" : intruder) == program;
      if (!same && intruder != "match") {  // match resumes through its match.yaml
        auto args = resume_args(intruder, run);
        const auto resume = run_harness(args);
        EXPECT_EQ(resume.exit_code, 2) << holder << " <- " << intruder << ": " << resume.err;
        EXPECT_EQ(resume.err, std::string("error: --resume: ") + run + " holds a `harness " +
                                  program + "` run, not a `harness " + intruder +
                                  "` one; resume it with "
                                  "`harness " +
                                  program + "`\n");
      }
      EXPECT_EQ(snapshot(run), before) << holder << " <- " << intruder;
      fs::remove_all(run);
    }
  }
}

}  // namespace
}  // namespace gts
