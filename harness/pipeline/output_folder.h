// Making the folder a command writes its output to, with a reason a user can act on when it
// cannot be made (instead of a raw filesystem error after work has begun).
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

namespace gts {

// Why `dir` could not be made, or "" when it could, without making it: the nearest part of the
// path that exists must be a folder a file can be made in ("'/dev/null' is not a folder",
// "cannot create '/proc/x': Permission denied"). With `make`, makes `dir` and its parents.
inline std::string output_folder_problem(const std::filesystem::path& dir, bool make) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path nearest;  // the nearest part of the path that exists
  for (fs::path p = fs::absolute(dir, ec); !p.empty(); p = p.parent_path()) {
    const fs::file_status st = fs::status(p, ec);
    if (fs::exists(st)) {
      // Appended piecewise: `"x" + std::string` trips a GCC 12 -Wrestrict false positive.
      if (!fs::is_directory(st))
        return std::string("'").append(p.string()).append("' is not a folder");
      nearest = p;
      break;
    }
    if (p == p.parent_path()) break;
  }
  ec.clear();
  if (make) {
    fs::create_directories(dir, ec);
    if (ec) return "cannot create '" + dir.string() + "': " + ec.message();
    nearest = dir;
  }
  // Root may make no file where permissions alone say it could (/proc, a read-only mount).
  const std::string probe = (nearest / (".gts-write-check-" + std::to_string(getpid()))).string();
  const int fd = open(probe.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) {
    return (make ? "cannot write in '" : "cannot create '") + dir.string() + "': " +
           std::strerror(errno);
  }
  close(fd);
  unlink(probe.c_str());
  return {};
}

// Makes `dir` and its parents, and checks that a file can be made in it; "" when it can, else
// why not.
inline std::string make_output_folder(const std::filesystem::path& dir) {
  return output_folder_problem(dir, true);
}

}  // namespace gts
