#include "games/kalah/kalah_endgame.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>

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

KalahEndgame::KalahEndgame(const Kalah& rules, int max_seeds)
    : pits_(rules.pits()),
      parts_(2 * rules.pits()),
      stride_(2 * rules.pits() + 1),
      max_seeds_(max_seeds) {
  const std::uint64_t need = bytes_for(pits_, max_seeds);
  if (need > kMaxBytes) {
    throw ParamError("game kalah: endgame=" + std::to_string(max_seeds) + " needs " +
                     std::to_string(need >> 20) + " MiB with pits=" + std::to_string(pits_) +
                     "; at most " + std::to_string(kMaxBytes >> 20) + " MiB");
  }
  ways_ = ways_table(max_seeds, parts_);
  tables_.resize(static_cast<std::size_t>(max_seeds) + 1);
  // Each table is shared out among the machine's cores in blocks. Two threads may solve the same
  // position (a child reached from two blocks); both find the same value, so the race is only
  // on who writes it, and every access to the table being built is atomic.
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  for (int s = 0; s <= max_seeds; ++s) {
    const std::uint64_t size = ways(s, parts_);
    tables_[static_cast<std::size_t>(s)].assign(size, kUnknown);
    constexpr std::uint64_t kBlock = 4096;
    std::atomic<std::uint64_t> next{0};
    const auto work = [&] {
      for (std::uint64_t b; (b = next.fetch_add(kBlock)) < size;) {
        for (std::uint64_t i = b; i < std::min(b + kBlock, size); ++i) solve(rules, s, i);
      }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads && size > kBlock * t; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
  }
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

std::shared_ptr<const KalahEndgame> shared_kalah_endgame(const Kalah& rules, int max_seeds) {
  static std::mutex mutex;
  static std::map<std::tuple<int, bool, int>, std::shared_ptr<const KalahEndgame>> built;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& db = built[{rules.pits(), rules.capture_empty(), max_seeds}];
  if (!db) db = std::make_shared<const KalahEndgame>(rules, max_seeds);
  return db;
}

}  // namespace gts
