#include "harness/report/gnuplot.h"

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

// Runs `exe NAME.gp` in `dir` with stdout and stderr into NAME.log there; returns the exit status.
int run_in(const std::string& exe, const std::string& name, const std::filesystem::path& dir) {
  const int status = std::system(cat("cd ", shell_quote(dir.string()), " && ", shell_quote(exe),
                                     " ", shell_quote(name + ".gp"), " >",
                                     shell_quote(name + ".log"), " 2>&1 </dev/null")
                                     .c_str());
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
  if (run_in(gnuplot, plot.name, dir) != 0) {
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
