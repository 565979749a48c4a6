#include "harness/report/gnuplot.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "harness/pipeline/run_folder.h"

namespace gts::report {

namespace {

bool executable(const std::filesystem::path& p) {
  return access(p.c_str(), X_OK) == 0 && !std::filesystem::is_directory(p);
}

// Runs `exe script` in `dir` with stdout and stderr into `log`; returns the exit status.
int run_in(const std::string& exe, const std::string& script, const std::filesystem::path& dir,
           const std::filesystem::path& log) {
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot start gnuplot: fork failed");
  if (pid == 0) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null_in = open("/dev/null", O_RDONLY);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    if (null_in >= 0) dup2(null_in, 0);
    if (chdir(dir.c_str()) != 0) _exit(126);
    execl(exe.c_str(), exe.c_str(), script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string first_error_line(const std::filesystem::path& log) {
  std::ifstream in(log);
  std::string last;
  for (std::string line; std::getline(in, line);) {
    if (line.find("rror") != std::string::npos) return line;
    if (!line.empty()) last = line;
  }
  return last;
}

}  // namespace

std::string find_gnuplot() {
  const char* forced = std::getenv("GTS_GNUPLOT");
  if (forced != nullptr && *forced != '\0') {
    if (executable(forced)) return forced;
    throw std::runtime_error(cat("gnuplot not found at $GTS_GNUPLOT (", forced,
                                 "); install it with: apt-get install gnuplot-nox"));
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::filesystem::path p = std::filesystem::path(dir) / "gnuplot";
    if (!dir.empty() && executable(p)) return p.string();
  }
  throw std::runtime_error(
      "report: gnuplot is not installed (needed for the plots); install it with: apt-get install "
      "gnuplot-nox");
}

std::string gp_quote(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c != '\n') out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

std::string gp_field(std::string_view text) {
  std::string out = "\"";
  for (char c : text) out += c == '"' ? '\'' : c == '\n' ? ' ' : c;
  return out + '"';
}

std::vector<std::filesystem::path> render(const std::string& gnuplot,
                                          const std::filesystem::path& dir, const PlotSpec& plot) {
  write_file(dir / (plot.name + ".dat"), plot.data);
  std::string script = cat("# Written by `harness report`; re-draw with: gnuplot ", plot.name,
                           ".gp (in this folder)\nset encoding utf8\n");
  // Both images from the same commands: PNG for viewing, SVG for papers.
  for (const std::string ext : {"png", "svg"}) {
    script += cat("set terminal ", ext == "png" ? "pngcairo" : "svg", " size ",
                  std::to_string(plot.width), ",", std::to_string(plot.height),
                  " noenhanced font 'DejaVu Sans,11' background '#ffffff'",
                  ext == "svg" ? " dynamic" : "", "\nset output '", plot.name, ".", ext, "'\n",
                  plot.body, "\nset output\n");
  }
  const std::filesystem::path gp = dir / (plot.name + ".gp"), log = dir / (plot.name + ".log");
  write_file(gp, script);
  if (run_in(gnuplot, plot.name + ".gp", dir, log) != 0) {
    throw std::runtime_error(cat("gnuplot failed on ", gp.string(), ": ", first_error_line(log)));
  }
  std::vector<std::filesystem::path> images;
  for (const char* ext : {".png", ".svg"}) {
    const std::filesystem::path image = dir / (plot.name + ext);
    std::error_code ec;
    if (!std::filesystem::exists(image, ec) || std::filesystem::file_size(image, ec) == 0) {
      throw std::runtime_error(
          cat("gnuplot drew no ", image.string(), ": ", first_error_line(log)));
    }
    images.push_back(image);
  }
  std::filesystem::remove(log);
  return images;
}

}  // namespace gts::report
