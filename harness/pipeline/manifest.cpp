#include "harness/pipeline/manifest.h"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/run_kind.h"

namespace gts {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kTail = 4096;  // bytes kept to tell an append from a rewrite

// The bytes of `path` from `from` to its end ("" when it cannot be read).
std::string read_from(const fs::path& path, std::uintmax_t from) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(from));
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The run files under `dir`, as paths relative to it, sorted.
std::vector<std::string> run_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const fs::path relative = it->path().lexically_relative(dir);
    if (is_run_file(relative)) files.push_back(relative.generic_string());
  }
  std::ranges::sort(files);
  return files;
}

// A manifest line's file name as `sha256sum` reads it: after the hash, two spaces or " *".
bool parse_line(const std::string& line, std::string& hash, std::string& name) {
  if (line.size() < 67 || (line.compare(64, 2, "  ") != 0 && line.compare(64, 2, " *") != 0))
    return false;
  hash = line.substr(0, 64);
  name = line.substr(66);
  return std::ranges::all_of(
      hash, [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// A name that stays inside the folder and is one of the run's files.
bool safe_name(const std::string& name) {
  const fs::path p(name);
  if (p.is_absolute() || name.find('\\') != std::string::npos) return false;
  for (const auto& part : p) {
    if (part == ".." || part == ".") return false;
  }
  return is_run_file(p);
}

// Whether a prefix of `text` ending at a line's end hashes to `expected`; its length in `at`.
bool line_prefix_matches(const std::string& text, const std::string& expected, std::size_t& at) {
  Sha256 h;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    h.update(std::string_view(text).substr(start, nl + 1 - start));
    if (h.hex() == expected) {
      at = nl + 1;
      return true;
    }
  }
  return false;
}

}  // namespace

bool is_run_file(const fs::path& relative) {
  const std::string first = relative.begin() == relative.end() ? "" : relative.begin()->string();
  const std::string name = relative.filename().string();
  return first != "plots" && name != kManifestName && name != ".lock" && name != "report.html" &&
         !name.ends_with(".tmp") && !name.starts_with(".gts-write-check-");
}

std::string manifest_text(const std::string& dir) {
  std::string text;
  for (const std::string& file : run_files(dir)) {
    text += sha256_hex(read_file_text(fs::path(dir) / file)) + "  " + file + "\n";
  }
  return text;
}

void ManifestWriter::checkpoint() { write(false); }

void ManifestWriter::seal() { write(true); }

void ManifestWriter::write(bool full) {
  std::string text;
  std::map<std::string, Known> now;
  for (const std::string& file : run_files(dir_)) {
    const fs::path path = fs::path(dir_) / file;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) continue;
    const auto size = static_cast<std::uintmax_t>(st.st_size);
    Known k;
    const auto it = known_.find(file);
    if (!full && it != known_.end() && it->second.inode == st.st_ino && it->second.size <= size &&
        read_from(path, it->second.size - it->second.tail.size()).starts_with(it->second.tail)) {
      k = it->second;  // the same file, grown (or not): hash what was appended
      const std::string added = read_from(path, k.size);
      k.state.update(added);
      k.tail = (k.tail + added)
                   .substr(std::max<std::size_t>(k.tail.size() + added.size(), kTail) - kTail);
    } else {
      const std::string all = read_file_text(path);
      k.state.update(all);
      k.tail = all.substr(all.size() - std::min(all.size(), kTail));
    }
    k.inode = st.st_ino;
    k.size = static_cast<std::uintmax_t>(st.st_size);
    text += k.state.hex() + "  " + file + "\n";
    now.emplace(file, std::move(k));
  }
  known_ = std::move(now);
  replace_file(fs::path(dir_) / kManifestName, text);
}

ManifestCheck verify_manifest(const std::string& dir) {
  ManifestCheck check;
  const fs::path manifest = fs::path(dir) / kManifestName;
  if (!fs::exists(manifest)) return check;
  check.present = true;
  const std::string at = dir + "/";
  std::map<std::string, std::string> listed;  // name -> hash
  int line_number = 0;
  for (const std::string& line : complete_lines(manifest.string())) {
    ++line_number;
    std::string hash, name;
    const std::string where = at + kManifestName + ":" + std::to_string(line_number) + ": ";
    if (!parse_line(line, hash, name) || !safe_name(name)) {
      check.problems.push_back(where +
                               "not a line of a manifest (64 hex digits, two spaces, a file of "
                               "the run folder)");
    } else if (!listed.emplace(name, hash).second) {
      check.problems.push_back(where + name + " listed again");
    }
  }
  const std::string manifest_text_read = read_file_text(manifest);
  if (!manifest_text_read.empty() && manifest_text_read.back() != '\n') {
    check.problems.push_back(at + kManifestName + ": cut short (its last line has no end)");
  }
  // A killed run: its run.yaml, as the manifest lists it, says it was running.
  const std::string run_yaml = read_file_text(fs::path(dir) / "run.yaml");
  const auto listed_yaml = listed.find("run.yaml");
  const bool killed = listed_yaml != listed.end() && sha256_hex(run_yaml) == listed_yaml->second &&
                      run_yaml.find("\n  status: running\n") != std::string::npos;
  for (const auto& [name, hash] : listed) {
    const fs::path path = fs::path(dir) / name;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
      check.problems.push_back(at + name + ": missing (" + kManifestName + " lists it)");
      continue;
    }
    const std::string text = read_file_text(path);
    if (sha256_hex(text) == hash) continue;
    std::size_t prefix = 0;
    if (killed && line_prefix_matches(text, hash, prefix)) {
      check.notes.push_back(at + name + ": " + std::to_string(text.size() - prefix) +
                            " bytes written after the killed run's last checkpoint (unverified)");
      continue;
    }
    check.problems.push_back(at + name + ": changed since the run wrote it (its SHA-256 is not " +
                             kManifestName + "'s)");
  }
  for (const std::string& file : run_files(dir)) {
    if (listed.contains(file)) continue;
    if (killed) {
      check.notes.push_back(at + file +
                            ": written after the killed run's last checkpoint (unverified)");
    } else {
      check.problems.push_back(at + file + ": not written by the run (" + kManifestName +
                               " does not list it)");
    }
  }
  return check;
}

void require_sound_folder(const std::string& dir, const std::string& what, const RunKind* kind,
                          TableRepair repair) {
  ManifestCheck check = verify_manifest(dir);
  if (check.problems.empty()) return;
  if (kind != nullptr && repair != TableRepair::kNone) {
    // Only tables the kind rebuilds from its journal differ: they are written anew from it.
    const std::map<std::string, std::string> rebuilt = kind->rebuild(dir);
    const auto rebuildable = [&](const std::string& problem) {
      return std::ranges::any_of(rebuilt, [&](const auto& table) {
        return problem.starts_with(dir + "/" + table.first + ": ");
      });
    };
    if (std::ranges::all_of(check.problems, rebuildable)) {
      if (repair == TableRepair::kWrite) {
        for (const auto& [file, text] : rebuilt) {
          if (!std::ranges::any_of(check.problems, [&](const std::string& p) {
                return p.starts_with(dir + "/" + file + ": ");
              })) {
            continue;
          }
          replace_file(dir + "/" + file, text);
          std::cerr << what << ": " << dir << "/" << file << " rebuilt from "
                    << kind->journal().front() << " (it was not what the run wrote)\n";
        }
      }
      return;
    }
  }
  if (kind != nullptr) locate_damage(dir, *kind, check.problems);
  std::string message = what + ": " + dir +
                        " is damaged: " + std::to_string(check.problems.size()) +
                        " files differ from what the run wrote (" + kManifestName +
                        "); see docs/guide/troubleshooting.md";
  for (const std::string& p : check.problems) message += "\n  " + p;
  throw DamagedFolderError(message);
}

}  // namespace gts
