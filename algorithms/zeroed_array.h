// An array that starts as all zero bytes, from the kernel: anonymous pages mapped for it and made
// as they are first touched, so a large table costs nothing up front. (calloc promises the same
// only while malloc maps each large block afresh: glibc raises its mapping threshold past the size
// of the first large block freed and serves later ones from freed heap memory, writing zeros over
// all of it at every search.)
#pragma once

#include <sys/mman.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace gts {

namespace detail {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
// A released mapping's written part up to this size is zeroed by writing (its pages stay made for
// the next search); a larger one goes back to the kernel, which makes it again as it is touched.
inline constexpr std::size_t kRewriteZeroBytes = std::size_t{4} << 20;

// Milliseconds this thread has spent making table memory ready and taking it back: mapping it,
// making the pages a search starts on, zeroing what a search wrote. A table's cost apart from its
// search's, which compare, solve and `search --json` report in a column of its own.
inline double& table_memory_ms() {
  thread_local double ms = 0.0;
  return ms;
}
// Adds the time from its making to its end to table_memory_ms().
class TableMemoryClock {
 public:
  TableMemoryClock() : start_(std::chrono::steady_clock::now()) {}
  TableMemoryClock(const TableMemoryClock&) = delete;
  TableMemoryClock& operator=(const TableMemoryClock&) = delete;
  ~TableMemoryClock() {
    table_memory_ms() +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_)
            .count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

// The mappings this thread released, kept for its next searches: a search of a few thousand nodes
// then pays neither mmap nor its page faults (tens of microseconds each on a virtual machine), as
// Stockfish keeps one table across searches. Every kept byte is zero.
class ZeroPagePool {
 public:
  // Trivially destructible, so that tables other thread_locals hold can still be given back while
  // the thread ends (after the pool closed: unmapped at once).
  static ZeroPagePool& of_this_thread() {
    thread_local ZeroPagePool pool;
    thread_local Closer closer{pool};
    return pool;
  }

  // A kept mapping of exactly `bytes` (and the same reservation), or nullptr; `made`: how many
  // of its first bytes are known to be made.
  void* take(std::size_t bytes, bool noreserve, std::size_t& made) {
    for (std::size_t i = count_; i-- > 0;) {
      if (kept_[i].bytes != bytes || kept_[i].noreserve != noreserve) continue;
      void* base = kept_[i].base;
      made = kept_[i].made;
      for (std::size_t j = i + 1; j < count_; ++j) kept_[j - 1] = kept_[j];
      --count_;
      return base;
    }
    return nullptr;
  }

  // Keeps a mapping whose bytes from `dirty` on are zero, zeroing the rest first, and whose first
  // `made` bytes were made; the oldest kept one is unmapped when the pool is full.
  void keep(void* base, std::size_t bytes, bool noreserve, std::size_t dirty, std::size_t made) {
    if (closed_) {
      munmap(base, bytes);
      return;
    }
    dirty = dirty < bytes ? dirty : bytes;
    if (dirty > kRewriteZeroBytes) {
      madvise(base, dirty, MADV_DONTNEED);
      made = 0;
    } else if (dirty != 0) {
      std::memset(base, 0, dirty);
      made = made > dirty ? made : dirty;
    }
    if (count_ == kKept) {
      munmap(kept_[0].base, kept_[0].bytes);
      for (std::size_t j = 1; j < count_; ++j) kept_[j - 1] = kept_[j];
      --count_;
    }
    kept_[count_++] = {base, bytes, noreserve, made};
  }

 private:
  struct Kept {
    void* base;
    std::size_t bytes;
    bool noreserve;
    std::size_t made;
  };
  // Unmaps what the pool keeps when the thread ends.
  struct Closer {
    ZeroPagePool& pool;
    ~Closer() {
      for (std::size_t i = 0; i < pool.count_; ++i) munmap(pool.kept_[i].base, pool.kept_[i].bytes);
      pool.count_ = 0;
      pool.closed_ = true;
    }
  };
  static constexpr std::size_t kKept = 4;
  Kept kept_[kKept] = {};
  std::size_t count_ = 0;
  bool closed_ = false;
};
static_assert(std::is_trivially_destructible_v<ZeroPagePool>);

// Makes the pages of bytes [from, to) of a mapping that is all zero there, writing a zero into
// each 4 KiB page (huge pages or not: the kernel falls back to small ones when it has no huge page
// free), so that their page faults are paid here and not in a search.
inline void make_zero_pages(void* base, std::size_t from, std::size_t to) {
  auto* bytes_at = static_cast<volatile unsigned char*>(base);
  for (std::size_t i = from; i < to; i += 4096) bytes_at[i] = 0;
}

// `bytes` of zero pages: one this thread released (release_zero_pages) or, failing that, mapped
// anonymous and made as they are first touched. Past one huge page, aligned to one and advised
// huge: a search whose few thousand probes scatter over a table of many MiB then faults in a few
// huge pages, not a 4 KiB page a probe. `noreserve`: address space only (a table's room to grow).
// The first `made` bytes are made at once (written), so that their page faults count here and not
// in the search. Throws std::bad_alloc when the memory cannot be mapped; the caller gives back
// exactly `bytes` from the returned address, with the same `noreserve` and `made`.
inline void* map_zero_pages(std::size_t bytes, bool noreserve = false, std::size_t made = 0) {
  const TableMemoryClock clock;
  std::size_t made_before = 0;
  void* base = ZeroPagePool::of_this_thread().take(bytes, noreserve, made_before);
  if (base == nullptr) {
    const std::size_t slack = bytes >= kHugePageBytes ? kHugePageBytes : 0;
    void* raw = mmap(nullptr, bytes + slack, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | (noreserve ? MAP_NORESERVE : 0), -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto at = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = slack == 0 ? at : (at + slack - 1) / slack * slack;
    if (aligned != at) munmap(raw, aligned - at);
    if (const std::size_t tail = slack - (aligned - at); tail != 0) {
      munmap(reinterpret_cast<void*>(aligned + bytes), tail);
    }
    base = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
    if (slack != 0) madvise(base, bytes, MADV_HUGEPAGE);
#endif
  }
  make_zero_pages(base, made_before, made < bytes ? made : bytes);
  return base;
}

// Gives back what map_zero_pages returned, for this thread's next searches. `dirty`: the caller
// vouches that every byte from there on is still zero (bytes: it may have written anywhere).
inline void release_zero_pages(void* base, std::size_t bytes, bool noreserve, std::size_t dirty,
                               std::size_t made) {
  if (base == nullptr) return;
  const TableMemoryClock clock;
  ZeroPagePool::of_this_thread().keep(base, bytes, noreserve, dirty, made);
}

}  // namespace detail

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>, "zero bytes must be a valid T");

 public:
  ZeroedArray() = default;
  // Throws std::bad_alloc when the memory cannot be mapped.
  // `made`: elements whose pages are made at once (detail::map_zero_pages).
  explicit ZeroedArray(std::size_t n, std::size_t made = 0)
      : size_(n), dirty_(n), made_(made < n ? made : n) {
    if (n != 0) {
      data_ = static_cast<T*>(detail::map_zero_pages(n * sizeof(T), false, made_ * sizeof(T)));
    }
  }
  ZeroedArray(ZeroedArray&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)),
        size_(std::exchange(o.size_, 0)),
        dirty_(std::exchange(o.dirty_, 0)),
        made_(std::exchange(o.made_, 0)) {}
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    if (this != &o) {
      release();
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
      dirty_ = std::exchange(o.dirty_, 0);
      made_ = std::exchange(o.made_, 0);
    }
    return *this;
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { release(); }

  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] T* data() { return data_; }
  [[nodiscard]] const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  explicit operator bool() const { return data_ != nullptr; }
  // The owner vouches that every element from `n` on is zero again (it wrote zeros over the rest
  // of what it wrote): the memory then goes back for reuse without being cleared again.
  void set_dirty(std::size_t n) { dirty_ = n < size_ ? n : size_; }

 private:
  void release() {
    detail::release_zero_pages(data_, size_ * sizeof(T), false, dirty_ * sizeof(T),
                               made_ * sizeof(T));
    data_ = nullptr;
    size_ = dirty_ = made_ = 0;
  }
  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t dirty_ = 0;  // elements that may not be zero: the first dirty_
  std::size_t made_ = 0;   // elements whose pages were made with it
};

}  // namespace gts
