// Plots through gnuplot (Debian package gnuplot-nox): each plot is a data file and a script written
// beside its images, so that a plot can be re-drawn or restyled by hand with `gnuplot NAME.gp`.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gts::report {

// The gnuplot executable: $GTS_GNUPLOT if set, else `gnuplot` on $PATH. Throws std::runtime_error
// saying what to install when there is none.
std::string find_gnuplot();

// A single-quoted gnuplot string literal ('' stands for a quote inside).
std::string gp_quote(std::string_view text);
// A field of a whitespace-separated data file: double-quoted, inner double quotes replaced.
std::string gp_field(std::string_view text);

struct PlotSpec {
  std::string name;   // file stem: NAME.dat, NAME.gp, NAME.png, NAME.svg
  std::string data;   // contents of NAME.dat (the script reads it as 'NAME.dat')
  std::string body;   // gnuplot commands after the terminal is set; ends with the plot command
  int width = 900;
  int height = 540;
};

class Gnuplot {
 public:
  Gnuplot(std::string executable, std::filesystem::path dir);

  // Writes NAME.dat and NAME.gp and runs gnuplot in `dir`, drawing NAME.png and NAME.svg. Throws
  // std::runtime_error with gnuplot's first error line when it fails or draws an empty image.
  void render(const PlotSpec& plot);

  [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
  // Images drawn so far, as paths.
  [[nodiscard]] const std::vector<std::filesystem::path>& images() const { return images_; }

 private:
  std::string executable_;
  std::filesystem::path dir_;
  std::vector<std::filesystem::path> images_;
};

}  // namespace gts::report
