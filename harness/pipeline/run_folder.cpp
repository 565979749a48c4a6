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

#include "common/input_error.h"
#include "harness/config/config_error.h"

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

namespace {

[[noreturn]] void throw_in_use(const std::string& dir) {
  const std::string holder = read_file_text(dir + "/.lock");
  throw ParamError("--out: " + dir + " is in use by another harness process" +
                   (holder.empty() ? std::string() : " (PID " + holder + ")") +
                   "; wait for it to finish or stop it, then resume");
}

}  // namespace

void RunFolderLock::check_free(const std::string& dir) {
  const int fd = ::open((dir + "/.lock").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;  // no lock file: no holder
  const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0;
  ::close(fd);  // releases it, where it was taken here
  if (held) throw_in_use(dir);
}

RunFolderLock::RunFolderLock(const std::string& dir) {
  const std::string path = dir + "/.lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    throw ParamError("--out: cannot create the lock file " + path + ": " + std::strerror(errno));
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    fd_ = -1;
    throw_in_use(dir);
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

std::string older_format_message(int format) {
  return "a run folder of format " + std::to_string(format) + " (gametree-harness " +
         (format <= 1 ? "0.1" : "0.2") + "); this is " GTS_VERSION ", which reads format " +
         std::to_string(kRunFolderFormat) +
         ": replay, report or resume it with the build that wrote it, or run it again";
}

void check_run_folder_format(const std::string& dir) {
  const std::string path = dir + "/run.yaml";
  if (!std::filesystem::exists(path)) return;
  int format = kRunFolderFormat;
  try {
    const YAML::Node root = YAML::LoadFile(path);
    const YAML::Node run = root["run"];
    // Only a whole run.yaml (its `config` is last) without `format` is of format 2; a damaged one
    // is left to the caller's own reading, which names what is wrong.
    if (!root.IsMap() || !run.IsMap() || !root["config"].IsMap()) return;
    const YAML::Node node = run["format"];
    format = node.IsDefined() ? node.as<int>() : 2;
  } catch (const YAML::Exception&) {
    return;
  }
  if (format < kRunFolderFormat) throw ConfigError(path, older_format_message(format));
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

std::string double_quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

}  // namespace gts
