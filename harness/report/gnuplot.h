// Plots through gnuplot (Debian package gnuplot-nox): each plot is a data file and a script written
// beside its images, so that a plot can be re-drawn or restyled by hand with `gnuplot NAME.gp`.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gts::report {

// String building by appending. GCC 12 warns, wrongly, on `"literal" + std::string{temporary}`
// (-Wrestrict); appending part by part avoids that overload altogether.
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  ((out += parts), ...);
  return out;
}

// The gnuplot executable: $GTS_GNUPLOT if set, else `gnuplot` on $PATH. Throws std::runtime_error
// saying what to install when there is none.
std::string find_gnuplot();

// A single-quoted gnuplot string literal ('' stands for a quote inside).
std::string gp_quote(std::string_view text);
// A field of a whitespace-separated data file: double-quoted, inner double quotes replaced.
std::string gp_field(std::string_view text);

struct PlotSpec {
  std::string name;  // file stem: NAME.dat, NAME.gp, NAME.png, NAME.svg
  std::string data;  // contents of NAME.dat (the script reads it as 'NAME.dat')
  std::string body;  // gnuplot commands after the terminal is set; ends with the plot command
  int width = 900;
  int height = 540;
};

// Writes NAME.dat and NAME.gp into `dir` and runs `gnuplot` there, drawing NAME.png and NAME.svg
// (returned). Throws std::runtime_error with gnuplot's first error line when it fails or draws an
// empty image.
std::vector<std::filesystem::path> render(const std::string& gnuplot,
                                          const std::filesystem::path& dir, const PlotSpec& plot);

}  // namespace gts::report
