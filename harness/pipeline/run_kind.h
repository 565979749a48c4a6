// Each kind of run (a tournament, which `harness run` and `harness match` write; compare; solve;
// tune) owns its folder behind this one interface: what it writes, how its tables are rebuilt from
// its journal, and how the folder is checked. The pipeline and the commands know a kind only
// through it; the list of kinds is harness/run_kinds.cpp's.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include "harness/pipeline/folder_check.h"

namespace gts {

// What a command asks of a kind's check.
struct FolderReading {
  int game = -1;      // `replay --game N`: that game only, drawn move by move
  bool say = false;   // replay's summary lines on stdout
  bool sound = true;  // nothing was found before the kind's check (the manifest matched)
};

// What the kinds without games to play back share: `--game` refused (InputError) ...
void refuse_game_replay(const std::string& dir, const std::string& kind, const FolderReading& how);
// ... and, asked to say and nothing found, the line that says the folder was checked.
void say_checked(const std::string& dir, const std::string& kind, const FolderReading& how,
                 const Findings& findings);

class RunKind {
 public:
  virtual ~RunKind() = default;
  [[nodiscard]] virtual std::string name() const = 0;  // "tournament", "compare"
  // The commands whose runs write it: run.yaml's `program` is "harness " + one of them.
  [[nodiscard]] virtual std::vector<std::string> commands() const = 0;
  [[nodiscard]] virtual std::string unit() const = 0;  // what run.yaml counts: "games", "jobs"
  // The files the run appends to as it goes, each record flushed: its one source of truth.
  [[nodiscard]] virtual std::vector<std::string> journal() const = 0;
  // The tables rebuilt from the journal (and run.yaml) as the run's end writes them, by file name;
  // a table that cannot be rebuilt (its journal not whole) is left out.
  [[nodiscard]] virtual std::map<std::string, std::string> rebuild(
      const std::string& dir) const = 0;
  // The folder checked whole, after its manifest: the journal read record by record and every
  // other file held to it; each disagreement is a finding. InputError when the command cannot
  // read this folder as asked (`how`).
  virtual void check(const std::string& dir, const FolderReading& how,
                     Findings& findings) const = 0;
};

// A kind whose journal is results.log, a line per job (compare, solve): its tables are rebuilt
// from every job's result, and the check holds each table to its rebuilt text line by line.
class JournaledKind : public RunKind {
 public:
  [[nodiscard]] std::vector<std::string> journal() const override { return {"results.log"}; }
  // Empty unless run.yaml says the run finished and results.log holds every job's result once.
  [[nodiscard]] std::map<std::string, std::string> rebuild(const std::string& dir) const override;
  void check(const std::string& dir, const FolderReading& how, Findings& findings) const override;

 protected:
  // As rebuild(), with what made the tables fail to rebuild from a whole journal in `why`.
  [[nodiscard]] std::map<std::string, std::string> rebuild(const std::string& dir,
                                                           std::string& why) const;
  // The tables the run's end writes from `results` (each job's result bytes, in job order) and the
  // config.yaml it wrote into `dir`; throws what reading them throws.
  [[nodiscard]] virtual std::map<std::string, std::string> tables(
      const std::string& dir, const std::vector<std::string>& results) const = 0;
};

// The kinds, each once.
std::span<const RunKind* const> run_kinds();
// The kind whose command wrote DIR's run.yaml; nullptr when it has no run.yaml that says.
const RunKind* run_kind_of(const std::string& dir);

// A run in progress as run.yaml says it (status running): how far it has gone.
struct RunProgress {
  bool running = false;
  std::string unit;  // run.yaml's: "games", "jobs", "runs"
  long done = -1;    // records in the journal so far (-1: unknown)
  long total = -1;   // run.yaml's `<unit>_total` (-1: unsaid)
  // "run in progress: 12 of 40 games done"
  [[nodiscard]] std::string line() const;
};
// DIR's progress: `running` only when its run.yaml says status running.
RunProgress run_progress(const std::string& dir, const RunKind& kind);

// Each line of `problems` (verification's "DIR/FILE: what") that names a table the kind rebuilds
// from its journal gains the first line where the file and the rebuilt table differ.
void locate_damage(const std::string& dir, const RunKind& kind, std::vector<std::string>& problems);

}  // namespace gts
