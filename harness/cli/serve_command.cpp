// `harness serve RUN_DIR`: a tournament's run folder as a live page (see harness/serve/server.h).
#include <iostream>

#include "common/input_error.h"
#include "harness/cli/command.h"
#if GTS_HAVE_SERVE
#include "harness/serve/server.h"
#endif

namespace gts::cli {

namespace {

struct ServeArgs {
  std::string run_dir;
  std::string host = "127.0.0.1";
  int port = 8080;
};

int run_serve(const ServeArgs& args) {
#if GTS_HAVE_SERVE
  serve::serve({args.run_dir, args.host, args.port}, [&](const std::string& url) {
    std::cout << "serving " << args.run_dir << " at " << url << " (Ctrl-C stops)" << std::endl;
  });
  return 0;
#else
  (void)args;
  std::cerr << "error: this harness was built without cpp-httplib, which harness serve needs "
               "(apt-get install libcpp-httplib-dev, then configure and build again)\n";
  return 1;
#endif
}

}  // namespace

void add_serve_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<ServeArgs>(
      app, action, "serve",
      "a live page of a tournament's run folder (harness run or match), current while the run "
      "goes: standings, crosstable, the SPRT's LLR, pace and ETA, the latest games",
      run_serve);
  cmd->add_option("RUN_DIR", args->run_dir, "the run folder (running or finished)")->required();
  cmd->add_option("--port", args->port, "TCP port to listen on; 0 takes a free one (printed)")
      ->check(integer_in(0, 65535))
      ->capture_default_str();
  cmd->add_option("--host", args->host,
                  "address to listen on; the default keeps the page to this machine (0.0.0.0 "
                  "shows it to the network, with no password)")
      ->check(non_empty("an address"))
      ->capture_default_str();
}

}  // namespace gts::cli
