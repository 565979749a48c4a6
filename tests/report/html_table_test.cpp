// report.html's tables: numbers as a person reads them (bytes in KiB/MiB, times in ns..s, Elo with
// its sign and ±, never a raw inf or nan), human headers with a tooltip, the raw number kept for
// sorting, and every table in a box that scrolls.
#include "harness/report/html_table.h"

#include <gtest/gtest.h>

#include "harness/csv.h"
#include "harness/tournament/journal.h"

namespace gts::report {
namespace {

TEST(HtmlTable, NumbersAreFormattedByKind) {
  EXPECT_EQ(format_number(Format::kBytes, 16777216), "16.0 MiB");
  EXPECT_EQ(format_number(Format::kBytes, 1536), "1.5 KiB");
  EXPECT_EQ(format_number(Format::kBytes, 900), "900 B");
  EXPECT_EQ(format_number(Format::kMs, 1234.5), "1.23 s");
  EXPECT_EQ(format_number(Format::kMs, 12.34), "12.3 ms");
  EXPECT_EQ(format_number(Format::kUs, 450), "450 µs");
  EXPECT_EQ(format_number(Format::kNs, 45.25), "45.3 ns");
  EXPECT_EQ(format_number(Format::kUs, 2500), "2.50 ms");
  EXPECT_EQ(format_number(Format::kCount, 1048576), "1,048,576");
  EXPECT_EQ(format_number(Format::kNumber, 531278.4), "531,278");
  EXPECT_EQ(format_number(Format::kNumber, 0.01234), "0.0123");
  EXPECT_EQ(format_number(Format::kElo, 12.34), "+12.3");
  EXPECT_EQ(format_number(Format::kElo, -21.8), "−21.8");
  EXPECT_EQ(format_number(Format::kPercent, 99.6), "99.6%");
  EXPECT_EQ(format_number(Format::kFraction, 0.625), "62.5%");
  EXPECT_EQ(format_number(Format::kRatio, 1.534), "1.53×");
}

TEST(HtmlTable, InfAndNanAreNeverShownRaw) {
  for (const char* raw : {"inf", "-inf", "nan", ""}) {
    SCOPED_TRACE(raw);
    const Cell c = format_cell(Format::kElo, raw);
    EXPECT_EQ(c.html, "—");
  }
  EXPECT_EQ(format_cell(Format::kElo, "inf").sort, "Infinity");  // still sorts above the rest
  EXPECT_EQ(format_cell(Format::kElo, "inf").title, "unbounded above (infinite)");
  EXPECT_EQ(format_cell(Format::kElo, "12.3", "4.5").html, "+12.3 ± 4.50");
  const Cell unbounded = format_cell(Format::kElo, "0", "inf");
  EXPECT_EQ(unbounded.html, "0.0");
  EXPECT_EQ(unbounded.title, "no finite interval");
  EXPECT_EQ(format_cell(Format::kCount, "max").html, "max");  // text in a numeric column stays
  EXPECT_EQ(format_cell(Format::kBool, "yes").sort, "1");
}

TEST(HtmlTable, HeadersAreHumanWithTooltipsAndCellsKeepTheirRawNumber) {
  const Table pairs{{"player_a", "player_b", "elo", "elo_error", "wl_dd", "los", "peak_bytes"},
                    {{"ab_d3", "sss-d2", "inf", "nan", "3", "100", "16777216"},
                     {"rnd", "ab_d3", "-35.5", "20.26", "1", "4.5", "1024"}},
                    "/x/pairs.csv"};
  const std::string html = html_table(pairs);
  EXPECT_NE(html.find("<div class=\"scroll\"><table class=\"sortable\">"), std::string::npos);
  EXPECT_NE(html.find("title=\"Elo difference of A over B with its 95% interval (from W/D/L) "
                      "(pairs.csv: elo)\">Elo ± 95%</th>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find(">WL+DD</th>"), std::string::npos);
  EXPECT_EQ(html.find(">elo_error<"), std::string::npos);  // shown as the Elo's ±
  EXPECT_NE(html.find("<td class=\"name\">ab_d3</td>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num\" data-v=\"-35.5\">−35.5 ± 20.3</td>"), std::string::npos)
      << html;
  EXPECT_NE(html.find("data-v=\"16777216\">16.0 MiB</td>"), std::string::npos);
  EXPECT_EQ(html.find(">inf<"), std::string::npos);
  EXPECT_EQ(html.find(">nan<"), std::string::npos);
  // Every header has a tooltip.
  std::size_t headers = 0, tips = 0;
  for (auto at = html.find("<th "); at != std::string::npos; at = html.find("<th ", at + 1)) {
    ++headers;
    const std::string tag = html.substr(at, html.find('>', at) - at);
    if (tag.find(" title=\"") != std::string::npos) ++tips;
  }
  EXPECT_EQ(headers, 6u);  // elo_error folded into elo
  EXPECT_EQ(tips, headers);
}

// Every column of a tournament's journal has its own tooltip, never the generic one.
TEST(HtmlTable, EveryJournalColumnIsDescribed) {
  for (const auto& [file, header] :
       {std::pair("games.csv", games_csv_header()), std::pair("moves.csv", moves_csv_header())}) {
    for (const std::string& column : csv::split(header)) {
      EXPECT_NE(find_column(file, column), nullptr) << file << ": " << column;
    }
  }
}

}  // namespace
}  // namespace gts::report
