// mem_latency: the host line that speed figures carry (docs/dev: "Speed figures in docs/results
// name their host"): the CPU model from /proc/cpuinfo and the time of one random memory access
// into buffers of the sizes a transposition table takes, by pointer chasing (each load's address
// comes from the previous load, so loads cannot overlap: the latency, not the bandwidth). Buffers
// are mapped as the tables are (anonymous memory, huge pages asked for) and written once before
// timing, so page faults are not counted. Timed by the thread's CPU clock, so that on a loaded
// machine the time others run is left out (their traffic in the caches is not).
//
//   mem_latency [MIB...]     (default: 64 256 1024 2048)
//
// Prints one line: "host: <model> (<details>) (<n> cpus); random access: 64 MiB 92.1 ns, ...".
#include <sys/mman.h>

#include <ctime>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

// The first processor's value of `field` in /proc/cpuinfo ("" when absent).
std::string cpuinfo(const std::string& field) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field, 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos || line.find_first_not_of(" \t", field.size()) != colon) {
      continue;
    }
    const auto start = line.find_first_not_of(' ', colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return "";
}

// "AMD EPYC (family 26 model 2, 2096 MHz)": a VM's model name may not say which generation.
std::string cpu_model() {
  std::string name = cpuinfo("model name");
  if (name.empty()) name = "unknown CPU";
  const std::string family = cpuinfo("cpu family");
  const std::string model = cpuinfo("model");
  const std::string mhz = cpuinfo("cpu MHz");
  std::string detail;
  if (!family.empty()) detail += "family " + family + " model " + model;
  if (!mhz.empty()) {
    detail += (detail.empty() ? "" : ", ") + mhz.substr(0, mhz.find('.')) + " MHz";
  }
  return detail.empty() ? name : name + " (" + detail + ")";
}

// CPU time of the calling thread: on a loaded machine, the chase's own time, not the others'.
double thread_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

// One cache line: the index of the next line to visit, then padding.
struct alignas(64) Line {
  std::uint64_t next;
  std::uint64_t pad[7];
};

std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Nanoseconds per access over `mib` MiB, or a negative value when the memory is not there.
double chase_ns(std::size_t mib, std::uint64_t accesses) {
  const std::size_t bytes = mib << 20;
  void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return -1;
#ifdef MADV_HUGEPAGE
  madvise(mem, bytes, MADV_HUGEPAGE);
#endif
  auto* lines = static_cast<Line*>(mem);
  const std::size_t n = bytes / sizeof(Line);
  for (std::size_t i = 0; i < n; ++i) lines[i].next = i;
  // Sattolo's shuffle: the lines form one cycle through all of them, in random order.
  std::uint64_t seed = 20261202;
  for (std::size_t i = n - 1; i > 0; --i) {
    const auto j = static_cast<std::size_t>(
        (static_cast<unsigned __int128>(splitmix(seed)) * i) >> 64);  // in [0, i)
    std::swap(lines[i].next, lines[j].next);
  }
  std::uint64_t p = 0;
  for (std::uint64_t k = 0; k < accesses / 8; ++k) p = lines[p].next;  // warm the TLB and caches
  const double t0 = thread_ns();
  for (std::uint64_t k = 0; k < accesses; ++k) p = lines[p].next;
  const double ns = thread_ns() - t0;
  volatile std::uint64_t sink = p;
  (void)sink;
  munmap(mem, bytes);
  return ns / static_cast<double>(accesses);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes;
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(argv[i], &end, 10);
    if (end == argv[i] || *end != '\0' || v < 1 || v > 65536) {
      std::fprintf(stderr, "mem_latency: '%s' is not a size in MiB (1..65536)\n", argv[i]);
      return 2;
    }
    sizes.push_back(v);
  }
  if (sizes.empty()) sizes = {64, 256, 1024, 2048};
  std::printf("host: %s (%u cpus); random access:", cpu_model().c_str(),
              std::thread::hardware_concurrency());
  const char* sep = " ";
  for (const std::size_t mib : sizes) {
    const double ns = chase_ns(mib, std::uint64_t{1} << 22);
    if (ns < 0) {
      std::printf("%s%zu MiB n/a", sep, mib);
    } else {
      std::printf("%s%zu MiB %.1f ns", sep, mib, ns);
    }
    sep = ", ";
    std::fflush(stdout);
  }
  std::printf("\n");
  return 0;
}
