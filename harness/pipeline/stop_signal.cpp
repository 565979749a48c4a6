#include "harness/pipeline/stop_signal.h"

#include <unistd.h>

#include <csignal>

namespace gts {

namespace {

// The global state, because a signal handler can reach nothing else: the flag every job polls,
// and whether a signal came (the flag is also raised by conclude(), which is none).
std::atomic<bool> g_stop{false};
std::atomic<bool> g_signalled{false};

extern "C" void on_stop_signal(int) {
  if (g_signalled.exchange(true)) _exit(130);  // a second Ctrl-C stops at once
  g_stop = true;
}

}  // namespace

StopSignal::StopSignal() {
  g_stop = false;
  g_signalled = false;
  old_int_ = std::signal(SIGINT, on_stop_signal);
  old_term_ = std::signal(SIGTERM, on_stop_signal);
}

StopSignal::~StopSignal() {
  std::signal(SIGINT, old_int_);
  std::signal(SIGTERM, old_term_);
}

const std::atomic<bool>& StopSignal::flag() { return g_stop; }

void StopSignal::conclude() { g_stop = true; }

}  // namespace gts
