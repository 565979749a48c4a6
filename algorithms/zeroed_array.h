// An array that starts as all zero bytes, from the kernel: anonymous pages mapped for it and made
// as they are first touched, so a large table costs nothing up front. (calloc promises the same
// only while malloc maps each large block afresh: glibc raises its mapping threshold past the size
// of the first large block freed and serves later ones from freed heap memory, writing zeros over
// all of it at every search.)
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>

namespace gts {

namespace detail {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// `bytes` of zero pages, mapped anonymous and made as they are first touched. Past one huge page,
// aligned to one and advised huge: a search whose few thousand probes scatter over a table of
// many MiB then faults in a few huge pages, not a 4 KiB page a probe. `noreserve`: address space
// only (a table's room to grow). Throws std::bad_alloc when the memory cannot be mapped; the
// caller unmaps exactly `bytes` from the returned address.
inline void* map_zero_pages(std::size_t bytes, bool noreserve = false) {
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
  void* base = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  if (slack != 0) madvise(base, bytes, MADV_HUGEPAGE);
#endif
  return base;
}

}  // namespace detail

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>, "zero bytes must be a valid T");

 public:
  ZeroedArray() = default;
  // Throws std::bad_alloc when the memory cannot be mapped.
  explicit ZeroedArray(std::size_t n) : size_(n) {
    if (n != 0) data_ = static_cast<T*>(detail::map_zero_pages(n * sizeof(T)));
  }
  ZeroedArray(ZeroedArray&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    if (this != &o) {
      release();
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
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

 private:
  void release() {
    if (data_ != nullptr) munmap(data_, size_ * sizeof(T));
    data_ = nullptr;
    size_ = 0;
  }
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace gts
