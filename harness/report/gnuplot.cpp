#include "harness/report/gnuplot.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "harness/report/cat.h"

namespace gts::report {

namespace {

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error(cat("cannot write ", path.string()));
}

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

std::string first_error_line(const std::string& log) {
  std::istringstream in(log);
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
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    const std::string dir = dirs.substr(start, colon - start);
    if (!dir.empty()) {
      const std::filesystem::path p = std::filesystem::path(dir) / "gnuplot";
      if (executable(p)) return p.string();
    }
    start = colon + 1;
  }
  throw std::runtime_error(
      "report: gnuplot is not installed (needed for the plots); install it with: apt-get install "
      "gnuplot-nox");
}

std::string gp_quote(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    if (c == '\n') continue;
    out += c;
  }
  out += '\'';
  return out;
}

std::string gp_field(std::string_view text) {
  std::string out = "\"";
  for (char c : text) out += c == '"' ? '\'' : c == '\n' ? ' ' : c;
  out += '"';
  return out;
}

Gnuplot::Gnuplot(std::string executable, std::filesystem::path dir)
    : executable_(std::move(executable)), dir_(std::move(dir)) {}

void Gnuplot::render(const PlotSpec& plot) {
  write_text(dir_ / (plot.name + ".dat"), plot.data);
  const std::string size = cat(std::to_string(plot.width), ",", std::to_string(plot.height));
  std::string script =
      cat("# Written by `harness report`; re-draw with: gnuplot ", plot.name, ".gp (in this folder)\n");
  script += "set encoding utf8\n";
  // Both images from the same commands: PNG for viewing, SVG for papers.
  script += cat("set terminal pngcairo size ", size,
                " noenhanced font 'DejaVu Sans,11' background '#ffffff'\n");
  script += cat("set output '", plot.name, ".png'\n");
  script += plot.body;
  script += "\nset output\n";
  script += cat("set terminal svg size ", size,
                " noenhanced font 'DejaVu Sans,11' background '#ffffff' dynamic\n");
  script += cat("set output '", plot.name, ".svg'\n");
  script += plot.body;
  script += "\nset output\n";
  write_text(dir_ / (plot.name + ".gp"), script);

  const std::filesystem::path log = dir_ / (plot.name + ".log");
  const int rc = run_in(executable_, plot.name + ".gp", dir_, log);
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  if (rc != 0) {
    throw std::runtime_error(cat("gnuplot failed on ", (dir_ / (plot.name + ".gp")).string(), ": ",
                                 first_error_line(text.str())));
  }
  for (const char* ext : {".png", ".svg"}) {
    const std::filesystem::path image = dir_ / (plot.name + ext);
    std::error_code ec;
    if (!std::filesystem::exists(image, ec) || std::filesystem::file_size(image, ec) == 0) {
      throw std::runtime_error(
          cat("gnuplot drew no ", image.string(), ": ", first_error_line(text.str())));
    }
    images_.push_back(image);
  }
  std::filesystem::remove(log);
}

}  // namespace gts::report
