// What every report.html carries besides its sections: the style sheet, the few lines of script
// that sort a table by a click on its header, and images inlined as data URIs for a page that
// travels alone (--self-contained). Nothing is fetched from elsewhere.
#include <algorithm>
#include <filesystem>
#include <string>

#include "harness/pipeline/run_folder.h"
#include "harness/report/html_table.h"

namespace gts::report {

std::string page_style() {
  return R"(<style>
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1200px;
       color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f2f2f2; text-align: left; vertical-align: bottom; }
th.num, td.num { text-align: right; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
td.name { white-space: nowrap; }
table.sortable th { cursor: pointer; }
table.sortable th[aria-sort=ascending]::after { content: " ▲"; font-size: 0.8em; }
table.sortable th[aria-sort=descending]::after { content: " ▼"; font-size: 0.8em; }
tr.marked td { background: #fff4cc; font-weight: bold; }
.tag { font-size: 0.8em; font-weight: normal; color: #8a6d00; }
.scroll { max-width: 100%; overflow-x: auto; }
table.facts th { width: 9em; }
table.facts td { overflow-wrap: anywhere; }
pre { max-width: 100%; overflow-x: auto; }
figure { margin: 1em 0; }
figure img { max-width: 100%; border: 1px solid #eee; }
figcaption { font-size: 0.9em; color: #444; }
.note { color: #666; font-size: 0.9em; overflow-wrap: anywhere; }
.grid { display: flex; flex-wrap: wrap; gap: 1em; }
.grid figure { flex: 1 1 520px; min-width: 0; }
</style>
)";
}

// A click on a header sorts its table by that column, again the other way: by the cells' raw
// numbers (data-v) where they have them, those without after them, else by their text.
std::string page_script() {
  return R"(<script>
document.querySelectorAll("table.sortable").forEach(function (table) {
  var heads = table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads, function (th, i) {
    th.addEventListener("click", function () {
      var up = th.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", up ? "ascending" : "descending");
      var key = function (row) {
        var v = row.cells[i].getAttribute("data-v");
        return v === null ? null : parseFloat(v);
      };
      var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        if ((x === null) !== (y === null)) return x === null ? 1 : -1;
        var d = x === null ? a.cells[i].textContent.localeCompare(b.cells[i].textContent)
                           : (x < y ? -1 : x > y ? 1 : 0);
        return up ? d : -d;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
</script>
)";
}

std::string data_uri(const std::filesystem::path& file, const std::string& type) {
  static const char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const std::string bytes = read_file_text(file);
  std::string out = cat("data:", type, ";base64,");
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    unsigned v = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    }
    for (std::size_t k = 0; k < 4; ++k) {
      out += k <= n ? kDigits[(v >> (18 - 6 * k)) & 63] : '=';
    }
  }
  return out;
}

}  // namespace gts::report
