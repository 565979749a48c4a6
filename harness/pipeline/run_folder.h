// What every command that writes a results folder needs: the time stamps it records and names
// default folders by, and whole-file writes that fail loudly.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gts {

// Local time as a folder-name stamp, e.g. 20250131-142501.
std::string stamp_text();
// Local time as ISO 8601 with the UTC offset, e.g. 2025-01-31T14:25:01+0100.
std::string now_text();

// Writes `text` to `path` (binary); throws std::runtime_error naming the path on failure.
void write_file(const std::filesystem::path& path, const std::string& text);
// Writes `text` to `path` through `path`.tmp and a rename, so the file is never half written.
void replace_file(const std::filesystem::path& path, const std::string& text);
// The whole file; empty when it cannot be read.
std::string read_file_text(const std::filesystem::path& path);
// The file's whole lines: a last line without its newline, torn by a kill, is dropped.
std::vector<std::string> complete_lines(const std::string& path);

// An exclusive lock on a run folder (flock on DIR/.lock, which records the holder's PID), held
// while this object lives. The kernel drops it when the holder dies, however it dies, so a lock
// left by a killed run is simply taken over; a live holder is refused.
class RunFolderLock {
 public:
  explicit RunFolderLock(const std::string& dir);  // ParamError naming the holder's PID
  ~RunFolderLock();
  // The same ParamError when a live process holds the lock of `dir`, without taking it or
  // making anything.
  static void check_free(const std::string& dir);
  RunFolderLock(const RunFolderLock&) = delete;
  RunFolderLock& operator=(const RunFolderLock&) = delete;

 private:
  int fd_ = -1;
};

// The run folder format this program writes, run.yaml's `run.format`: 3 since CSVs hold typed
// cells (true/false, numbers, empty for none) and one unit per quantity. Format 1 was written by
// gametree-harness 0.1, format 2 by 0.2 before format 3 (run.yaml without `format`).
inline constexpr int kRunFolderFormat = 3;
// The one line that refuses a folder of an older `format`: which format it is and what to do.
std::string older_format_message(int format);
// Throws ConfigError naming DIR/run.yaml when it records an older format than this program's (or
// none: format 2); a folder without run.yaml, or with one that is not whole, is left to the
// caller.
void check_run_folder_format(const std::string& dir);

// `s` as one word for a POSIX shell (quoted only where it needs to be).
std::string shell_quote(const std::string& s);
// `s` between double quotes, with '"' and '\' escaped by a backslash: a YAML double-quoted
// scalar, or a PGN tag value, that reads back as `s`.
std::string double_quoted(const std::string& s);

}  // namespace gts
