#include "harness/pipeline/stop_signal.h"

#include <unistd.h>

#include <csignal>

namespace gts {

namespace {

// The one piece of global state, because a signal handler can reach nothing else.
std::atomic<bool> g_stop{false};

extern "C" void on_stop_signal(int) {
  if (g_stop.exchange(true)) _exit(130);  // a second Ctrl-C stops at once
}

}  // namespace

StopSignal::StopSignal() {
  g_stop = false;
  old_int_ = std::signal(SIGINT, on_stop_signal);
  old_term_ = std::signal(SIGTERM, on_stop_signal);
}

StopSignal::~StopSignal() {
  std::signal(SIGINT, old_int_);
  std::signal(SIGTERM, old_term_);
}

std::atomic<bool>& StopSignal::flag() { return g_stop; }

}  // namespace gts
