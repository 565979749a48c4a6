// `harness serve RUN_DIR`: a tournament's run folder as a live page over HTTP (cpp-httplib), for a
// browser on this machine by default. Routes: / (the page), /live (its live part), /events
// (server-sent events: a message whenever the folder's games or run.yaml change) and /files/NAME
// (a file of the run folder). Anything else is 404; a path out of the folder is 403.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

namespace gts::serve {

struct ServeOptions {
  std::filesystem::path run_dir;
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
};

enum class FileAccess { kOk, kForbidden, kMissing };
struct FileLookup {
  FileAccess access = FileAccess::kMissing;
  std::filesystem::path path = {};  // the file, where kOk
};
// The run folder's file that /files/`relative` names (`relative` already URL-decoded), with
// `root` the folder's canonical path: forbidden for an absolute path, a backslash or NUL, a
// component "..", "." or hidden (".lock"), or a path whose symbolic links lead out of the folder;
// missing for what does not exist or is not a regular file.
FileLookup folder_file(const std::filesystem::path& root, const std::string& relative);

// Reads the folder (ParamError naming RUN_DIR when it is not a tournament's run folder), binds
// (ParamError naming --host or --port when it cannot), calls `ready` with the page's URL, and
// serves until the process is stopped.
void serve(const ServeOptions& options, const std::function<void(const std::string& url)>& ready);

}  // namespace gts::serve
