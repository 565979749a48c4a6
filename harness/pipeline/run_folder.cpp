#include "harness/pipeline/run_folder.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "games/params.h"
#include "harness/config/config_error.h"
#include "harness/strf.h"

namespace gts {

namespace {

std::string local_time_text(const char* format) {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

}  // namespace

std::string stamp_text() { return local_time_text("%Y%m%d-%H%M%S"); }

std::string now_text() { return local_time_text("%Y-%m-%dT%H:%M:%S%z"); }

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.flush();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void replace_file(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::path tmp = path;
  tmp += ".tmp";
  write_file(tmp, text);
  std::filesystem::rename(tmp, path);
}

std::string read_file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<std::string> complete_lines(const std::string& path) {
  const std::string text = read_file_text(path);
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    lines.push_back(text.substr(start, nl - start));
  }
  return lines;
}

RunFolderLock::RunFolderLock(const std::string& dir) {
  const std::string path = dir + "/.lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    throw ParamError("--out: cannot create the lock file " + path + ": " + std::strerror(errno));
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const std::string holder = read_file_text(path);
    ::close(fd_);
    fd_ = -1;
    throw ParamError("--out: " + dir + " is in use by another harness process" +
                     (holder.empty() ? std::string() : " (PID " + holder + ")") +
                     "; wait for it to finish or stop it, then resume");
  }
  // Ours now (a lock file left by a killed run holds a dead PID: rewrite it).
  const std::string pid = std::to_string(::getpid());
  if (::ftruncate(fd_, 0) != 0 ||
      ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    throw ParamError("--out: cannot write the lock file " + path + ": " + std::strerror(errno));
  }
}

RunFolderLock::~RunFolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

RunFolder open_run_folder(const RunFolderRequest& r) {
  RunFolder folder;
  folder.dir = r.dir;
  const std::string& dir = folder.dir;
  if (r.resume) {
    if (dir.empty()) throw ParamError("--resume needs the run folder: --out DIR");
    if (!std::filesystem::exists(dir + "/run.yaml")) {
      throw ParamError("--resume: " + dir + " holds no run (no run.yaml)");
    }
    folder.lock = RunFolderLock(dir);
    if (const std::string old = read_run_hash(dir); old != r.hash) {
      throw ConfigError(r.config_path,
                        strf("--resume: this config differs from the one %s was started with "
                             "(config hash %s vs %s); %s",
                             dir.c_str(), r.hash.c_str(), old.c_str(), r.resume_hint.c_str()));
    }
    return folder;
  }
  if (dir.empty()) folder.dir = "results/" + r.name + "-" + stamp_text();
  std::filesystem::create_directories(dir);
  // Locked before the check, so two runs started on one new folder cannot both pass it.
  folder.lock = RunFolderLock(dir);
  for (const std::string& file : r.run_files) {
    if (std::filesystem::exists(dir + "/" + file)) {
      throw ParamError("--out: " + dir +
                       " already holds a run; add --resume to finish it, or choose another folder");
    }
  }
  return folder;
}

std::string read_run_hash(const std::string& dir) {
  try {
    YAML::Node node = YAML::LoadFile(dir + "/run.yaml");
    return node["run"]["config_hash"].as<std::string>();
  } catch (const std::exception& e) {
    throw ConfigError(dir + "/run.yaml", std::string("cannot read the run to resume: ") + e.what());
  }
}

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-./=:+,") == std::string::npos) {
    return s;
  }
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace gts
