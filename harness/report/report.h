// `harness report RUN_DIR`: plots (PNG and SVG, through gnuplot) and one report.html that shows
// them beside the tables, from the CSVs a run folder holds.
//
// The kind of run is recognised by its files (see run_kinds() in report.cpp, the one place to add
// a kind):
//   tournament  standings.csv, crosstable.csv (pairs.csv, games.csv, moves.csv when present)
//   solve       solved_within.csv, summary.csv (solve.csv when present)
//   compare     compare.csv, summary.csv
//   tune        tune.csv (verify.csv, tuned.yaml when present)
// A new kind plugs in there the same way: a detector and a function that draws the plots and
// returns the HTML.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gts::report {

struct ReportOptions {
  std::filesystem::path run_dir;
  std::filesystem::path out_dir;  // empty: the run folder itself
  std::string gnuplot;            // empty: find_gnuplot()
};

struct ReportResult {
  std::string kind;                           // "tournament", "solve"
  std::filesystem::path html;                 // OUT/report.html
  std::vector<std::filesystem::path> images;  // OUT/plots/*.png and *.svg
};

// Throws ParamError for a folder that is missing or holds no known CSVs, std::runtime_error when
// gnuplot is missing or fails.
ReportResult write_report(const ReportOptions& options);

}  // namespace gts::report
