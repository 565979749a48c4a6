// ThreadSanitizer reads its default options from this function: the suppressions for oneTBB's
// uninstrumented internals (tests/tsan.supp), so a TSan run needs no environment. Other builds
// never call it.
extern "C" const char* __tsan_default_options() { return "suppressions=" GTS_TSAN_SUPPRESSIONS; }
