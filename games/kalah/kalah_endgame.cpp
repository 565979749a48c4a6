#include "games/kalah/kalah_endgame.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>

#include "common/interrupt.h"
#include "games/kalah/kalah.h"
#include "games/params.h"

namespace gts {

namespace {

// Weak compositions of s into p parts for s <= max_seeds, p <= parts, saturating at kCap so that
// an oversized request is measured without overflow.
constexpr std::uint64_t kCap = std::uint64_t{1} << 62;

std::vector<std::uint64_t> ways_table(int max_seeds, int parts) {
  const int stride = parts + 1;
  std::vector<std::uint64_t> w(static_cast<std::size_t>((max_seeds + 1) * stride), 0);
  const auto at = [&](int s, int p) -> std::uint64_t& {
    return w[static_cast<std::size_t>(s * stride + p)];
  };
  for (int p = 1; p <= parts; ++p) at(0, p) = 1;
  for (int s = 1; s <= max_seeds; ++s) {
    at(s, 1) = 1;
    for (int p = 2; p <= parts; ++p) {
      const std::uint64_t sum = at(s, p - 1) + at(s - 1, p);
      at(s, p) = sum < kCap ? sum : kCap;
    }
  }
  return w;
}

}  // namespace

std::uint64_t KalahEndgame::bytes_for(int pits, int max_seeds) {
  const auto w = ways_table(max_seeds, 2 * pits);
  std::uint64_t total = 0;
  for (int s = 0; s <= max_seeds; ++s) {
    total += w[static_cast<std::size_t>(s * (2 * pits + 1) + 2 * pits)];
    if (total >= kCap) return kCap;
  }
  return total;
}

void KalahEndgame::check_size(int pits, int max_seeds) {
  const std::uint64_t need = bytes_for(pits, max_seeds);
  if (need > kMaxBytes) {
    throw ParamError("game kalah: endgame=" + std::to_string(max_seeds) + " needs " +
                     std::to_string(need >> 20) + " MiB with pits=" + std::to_string(pits) +
                     "; at most " + std::to_string(kMaxBytes >> 20) + " MiB");
  }
}

namespace {

// A table file: this header, then the table's bytes. The checksum covers the bytes.
struct FileHeader {
  char magic[8] = {'G', 'T', 'S', 'K', 'E', 'G', 'D', '1'};
  std::uint32_t pits = 0;
  std::uint32_t capture_empty = 0;
  std::uint32_t seeds = 0;
  std::uint32_t entry_bytes = 1;
  std::uint64_t size = 0;
  std::uint64_t checksum = 0;
};

std::uint64_t checksum_of(const std::vector<std::int8_t>& table) {
  std::uint64_t h = 0xcbf29ce484222325ULL ^ table.size();
  std::size_t i = 0;
  for (; i + 8 <= table.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, table.data() + i, sizeof w);
    h = (h ^ w) * 0x100000001b3ULL;
    h ^= h >> 29;
  }
  for (; i < table.size(); ++i) h = (h ^ static_cast<std::uint8_t>(table[i])) * 0x100000001b3ULL;
  return h;
}

// Tables smaller than this are built, never kept: building them takes less than reading.
constexpr std::uint64_t kKeepFrom = std::uint64_t{1} << 16;
// A build of at least this many positions reports its progress on stderr.
constexpr std::uint64_t kLoudFrom = std::uint64_t{1} << 22;

std::string file_name(const Kalah& rules, int seeds) {
  return "kalah-" + std::to_string(rules.pits()) + "-" +
         (rules.capture_empty() ? "empty" : "nonempty") + "-" + std::to_string(seeds) + ".egdb";
}

FileHeader header_of(const Kalah& rules, int seeds, const std::vector<std::int8_t>& table) {
  FileHeader h;
  h.pits = static_cast<std::uint32_t>(rules.pits());
  h.capture_empty = rules.capture_empty() ? 1 : 0;
  h.seeds = static_cast<std::uint32_t>(seeds);
  h.size = table.size();
  return h;
}

// Reads `path` into `table` (sized already); "" when it holds that table, else why not.
std::string read_table(const std::filesystem::path& path, const FileHeader& want,
                       std::vector<std::int8_t>& table) {
  std::ifstream in(path, std::ios::binary);
  FileHeader got;
  if (!in.read(reinterpret_cast<char*>(&got), sizeof got)) return "too short";
  if (std::memcmp(got.magic, want.magic, sizeof got.magic) != 0 || got.pits != want.pits ||
      got.capture_empty != want.capture_empty || got.seeds != want.seeds ||
      got.entry_bytes != want.entry_bytes || got.size != want.size) {
    return "another table's header";
  }
  if (!in.read(reinterpret_cast<char*>(table.data()), static_cast<std::streamsize>(table.size())) ||
      in.peek() != std::char_traits<char>::eof()) {
    return "wrong length";
  }
  if (checksum_of(table) != got.checksum) return "checksum mismatch";
  return "";
}

// Removes the temporary files of `path` (PATH.tmpPID) left by processes that were killed while
// they wrote it; a writer still alive keeps its own.
void remove_stale_temporaries(const std::filesystem::path& path) {
  const std::string prefix = path.filename().string() + ".tmp";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(path.parent_path(), ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto pid = static_cast<pid_t>(std::stol(digits));
    if (pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      std::filesystem::remove(entry.path(), ignored);
    }
  }
}

// Writes `table` to `path` by way of a temporary file, so a reader never sees half a table;
// "" or why it could not.
std::string write_table(const std::filesystem::path& path, FileHeader h,
                        const std::vector<std::int8_t>& table) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) return ec.message();
  remove_stale_temporaries(path);
  h.checksum = checksum_of(table);
  const std::filesystem::path tmp = path.string() + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    out.write(reinterpret_cast<const char*>(table.data()),
              static_cast<std::streamsize>(table.size()));
    if (!out.flush()) {
      std::filesystem::remove(tmp, ec);
      return "cannot write " + tmp.string();
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
  return ec ? ec.message() : "";
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

KalahEndgame::KalahEndgame(const Kalah& rules, int max_seeds, const std::string& cache_dir)
    : pits_(rules.pits()),
      parts_(2 * rules.pits()),
      stride_(2 * rules.pits() + 1),
      max_seeds_(max_seeds) {
  check_size(pits_, max_seeds);
  ways_ = ways_table(max_seeds, parts_);
  tables_.resize(static_cast<std::size_t>(max_seeds) + 1);
  std::uint64_t to_build = 0;
  bool warned = false;
  for (int s = 0; s <= max_seeds; ++s) {
    auto& table = tables_[static_cast<std::size_t>(s)];
    table.assign(ways(s, parts_), kUnknown);
    const FileHeader header = header_of(rules, s, table);
    const bool keep = !cache_dir.empty() && table.size() >= kKeepFrom;
    const std::filesystem::path path = std::filesystem::path(cache_dir) / file_name(rules, s);
    if (keep && std::filesystem::exists(path)) {
      const std::string why = read_table(path, header, table);
      if (why.empty()) {
        ++tables_read_;
        continue;
      }
      std::fprintf(stderr, "kalah endgame: %s does not hold its table (%s); building it again\n",
                   path.c_str(), why.c_str());
      std::fill(table.begin(), table.end(), kUnknown);
    }
    to_build += table.size();
    const bool loud = to_build >= kLoudFrom;
    const auto t0 = std::chrono::steady_clock::now();
    build_table(rules, s);
    if (loud) {
      std::fprintf(stderr,
                   "kalah endgame: %d houses a side, %s capture: %llu positions with %d seeds "
                   "built in %.1f s (%d of %d)\n",
                   pits_, rules.capture_empty() ? "empty" : "nonempty",
                   static_cast<unsigned long long>(table.size()), s, seconds_since(t0), s,
                   max_seeds);
    }
    if (!keep) continue;
    if (const std::string why = write_table(path, header, table); !why.empty() && !warned) {
      warned = true;
      std::fprintf(stderr,
                   "kalah endgame: cannot keep the database in %s (%s); it lives in memory only "
                   "(GTS_CACHE_DIR names another folder)\n",
                   cache_dir.c_str(), why.c_str());
    }
  }
}

void KalahEndgame::build_table(const Kalah& rules, int s) {
  // The table is shared out among the machine's cores in blocks. Two threads may solve the same
  // position (a child reached from two blocks); both find the same value, so the race is only
  // on who writes it, and every access to the table being built is atomic.
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t size = tables_[static_cast<std::size_t>(s)].size();
  constexpr std::uint64_t kBlock = 4096;
  std::atomic<std::uint64_t> next{0};
  const auto work = [&] {
    for (std::uint64_t b;
         !g_interrupt.load(std::memory_order_relaxed) && (b = next.fetch_add(kBlock)) < size;) {
      for (std::uint64_t i = b; i < std::min(b + kBlock, size); ++i) solve(rules, s, i);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads && size > kBlock * t; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (g_interrupt.load()) throw Interrupted();  // the table is part made: the caller drops it
}

std::uint64_t KalahEndgame::bytes() const {
  std::uint64_t total = 0;
  for (const auto& t : tables_) total += t.size();
  return total;
}

void KalahEndgame::decode(std::uint64_t i, int seeds, std::uint8_t* houses) const {
  for (int h = 0, left = parts_; h < parts_ - 1; ++h, --left) {
    int c = 0;
    for (; i >= ways(seeds - c, left - 1); ++c) i -= ways(seeds - c, left - 1);
    houses[h] = static_cast<std::uint8_t>(c);
    seeds -= c;
  }
  houses[parts_ - 1] = static_cast<std::uint8_t>(seeds);
}

std::int8_t KalahEndgame::solve(const Kalah& rules, int seeds, std::uint64_t i) {
  std::atomic_ref<std::int8_t> slot(tables_[static_cast<std::size_t>(seeds)][i]);
  if (const std::int8_t known = slot.load(std::memory_order_relaxed); known != kUnknown)
    return known;
  std::uint8_t houses[2 * Kalah::kMaxPits];
  decode(i, seeds, houses);
  // The position with the mover as South and empty stores, so a child's store difference is
  // what the move banked.
  const auto n = static_cast<std::size_t>(pits_);
  Kalah::State s;
  std::memcpy(s.board.data(), houses, n);
  std::memcpy(s.board.data() + n + 1, houses + n, n);
  int mine = 0;
  for (int h = 0; h < pits_; ++h) mine += houses[h];
  const auto keep = [&](int v) {
    slot.store(static_cast<std::int8_t>(v), std::memory_order_relaxed);
    return static_cast<std::int8_t>(v);
  };
  if (mine == 0 || mine == seeds) return keep(2 * mine - seeds);
  int best = -seeds;
  for (int h = 1; h <= pits_; ++h) {
    if (houses[h - 1] == 0) continue;
    Kalah::State c = s;
    rules.play(c, h);
    int v =
        c.board[static_cast<std::size_t>(pits_)] - c.board[static_cast<std::size_t>(2 * pits_ + 1)];
    const int left = seeds - c.board[static_cast<std::size_t>(pits_)] -
                     c.board[static_cast<std::size_t>(2 * pits_ + 1)];
    if (left > 0) {
      std::uint8_t child[2 * Kalah::kMaxPits];
      std::memcpy(child, c.board.data() + c.side * (pits_ + 1), n);
      std::memcpy(child + n, c.board.data() + (1 - c.side) * (pits_ + 1), n);
      const std::uint64_t ci = index(child, left);
      const int cv =
          left < seeds ? tables_[static_cast<std::size_t>(left)][ci] : solve(rules, left, ci);
      v += c.side == 0 ? cv : -cv;
    }
    if (v > best) best = v;
  }
  return keep(best);
}

std::string kalah_endgame_cache_dir() {
  if (const char* dir = std::getenv("GTS_CACHE_DIR")) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::string(xdg) + "/gametree-harness";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::string(home) + "/.cache/gametree-harness";
  }
  return "";
}

std::shared_ptr<const KalahEndgame> shared_kalah_endgame(const Kalah& rules, int max_seeds) {
  // One slot per database, made once: the lock covers only finding the slot (a map's nodes stay
  // where they are), so a long build holds up only the games that want the same database. A slot's
  // own mutex, not std::call_once: a build stopped by Interrupted leaves the slot empty for the
  // next caller, and call_once with a throwing callable hangs that caller on some platforms (GCC
  // bug 66146; under ThreadSanitizer here).
  struct Slot {
    std::mutex making;
    std::shared_ptr<const KalahEndgame> db;
  };
  static std::mutex mutex;
  static std::map<std::tuple<int, bool, int>, Slot> built;
  Slot* slot = nullptr;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    slot = &built[{rules.pits(), rules.capture_empty(), max_seeds}];
  }
  const std::lock_guard<std::mutex> lock(slot->making);
  if (slot->db == nullptr) {
    slot->db = std::make_shared<const KalahEndgame>(rules, max_seeds, kalah_endgame_cache_dir());
  }
  return slot->db;
}

KalahEndgameRef::KalahEndgameRef(int pits, int max_seeds) : max_seeds_(max_seeds) {
  KalahEndgame::check_size(pits, max_seeds);
}

const KalahEndgame& KalahEndgameRef::make(const Kalah& rules) const {
  const std::lock_guard<std::mutex> lock(making_);  // not call_once: see shared_kalah_endgame
  if (held_ == nullptr) {
    held_ = shared_kalah_endgame(rules, max_seeds_);
    ready_.store(held_.get(), std::memory_order_release);
  }
  return *held_;
}

}  // namespace gts
