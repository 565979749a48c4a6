// A run folder's manifest: the SHA-256 of every file the run wrote, in DIR/manifest.sha256, in the
// format of `sha256sum` (so `cd DIR && sha256sum -c manifest.sha256` checks it too). The pipeline
// writes it at each checkpoint and at the end; `verify`, `replay`, `report` and `--resume` check
// it before they trust anything else in the folder. One mechanism for every kind of run: no
// knowledge of any kind's files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/pipeline/sha256.h"

namespace gts {

inline constexpr const char* kManifestName = "manifest.sha256";

// Whether `relative` (a path inside a run folder) is one of the run's files: everything but the
// manifest, the lock, files being written (*.tmp) and what `harness report` adds (report.html,
// plots/).
bool is_run_file(const std::filesystem::path& relative);

// The manifest's text for `dir`: one line per run file, sorted by path.
std::string manifest_text(const std::string& dir);

// Writes DIR's manifest again and again as a run goes on: a file that only grew since the last
// write (a journal) is hashed from where it left off, so a checkpoint costs what was appended.
class ManifestWriter {
 public:
  explicit ManifestWriter(std::string dir) : dir_(std::move(dir)) {}
  // Hashes the run files (incrementally where they grew) and replaces the manifest atomically.
  void checkpoint();
  // Hashes every run file from its start and replaces the manifest: the end of a run.
  void seal();

 private:
  struct Known {
    std::uintmax_t inode = 0;
    std::uintmax_t size = 0;
    std::string tail;  // the last bytes hashed, to tell an append from a rewrite
    Sha256 state;
  };
  void write(bool full);
  std::string dir_;
  std::map<std::string, Known> known_;
};

// What verifying a folder against its manifest found.
struct ManifestCheck {
  bool present = false;               // the folder has a manifest
  std::vector<std::string> problems;  // one line each: "DIR/FILE: what"
  std::vector<std::string> notes;     // what was accepted without proof (a killed run's tail)
};

// Verifies DIR against its manifest. A run killed while it ran (run.yaml, itself as the manifest
// lists it, says `status: running`) wrote records after its last checkpoint: a listed file that
// grew by whole lines beyond its hash, and a file not yet listed, are noted, not problems.
ManifestCheck verify_manifest(const std::string& dir);

// A folder whose files are not the ones its run wrote (verification's problems, one per line);
// the commands exit 1 with it.
class DamagedFolderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class RunKind;
// What require_sound_folder does when only tables the kind rebuilds from its journal differ:
// refuse (kNone), accept (kCheck: `--check` of a resume), or write them anew (kWrite: `--resume`).
enum class TableRepair { kNone, kCheck, kWrite };
// Throws DamagedFolderError listing the problems when DIR has a manifest that does not match;
// `what` names the command ("--resume", "replay") for the first line. With the run's `kind`, a
// table it rebuilds from its journal is named with the line where it differs, or, as `repair`
// says, rebuilt (one line on stderr each).
void require_sound_folder(const std::string& dir, const std::string& what,
                          const RunKind* kind = nullptr, TableRepair repair = TableRepair::kNone);

}  // namespace gts
