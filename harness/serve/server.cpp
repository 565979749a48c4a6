// The HTTP side of `harness serve`: routes, the pace the server sees, and the run folder's files
// handed out only from inside the folder.
#include "harness/serve/server.h"

#include <httplib.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>

#include "common/input_error.h"
#include "harness/report/report.h"
#include "harness/serve/live_page.h"
#include "harness/strf.h"

namespace gts::serve {

namespace fs = std::filesystem;
using report::cat;

FileLookup folder_file(const fs::path& root, const std::string& relative) {
  if (relative.empty()) return {FileAccess::kMissing};
  if (relative.front() == '/' ||
      relative.find_first_of(std::string("\\\0", 2)) != std::string::npos) {
    return {FileAccess::kForbidden};
  }
  for (const auto& part : fs::path(relative)) {
    const std::string s = part.string();
    if (!s.empty() && s.front() == '.') return {FileAccess::kForbidden};  // "..", ".", ".lock"
  }
  std::error_code ec;
  const fs::path full = fs::canonical(root / relative, ec);  // every link followed
  if (ec) return {FileAccess::kMissing};
  if (std::mismatch(root.begin(), root.end(), full.begin(), full.end()).first != root.end()) {
    return {FileAccess::kForbidden};
  }
  if (!fs::is_regular_file(full, ec)) return {FileAccess::kMissing};
  return {FileAccess::kOk, full};
}

namespace {

using Clock = std::chrono::steady_clock;

std::string content_type(const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".csv") return "text/csv; charset=utf-8";
  if (ext == ".png") return "image/png";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".json") return "application/json";
  for (const char* text : {".yaml", ".txt", ".pgn", ".sgf", ".log", ".sha256", ".dat", ".gp"}) {
    if (ext == text) return "text/plain; charset=utf-8";
  }
  return "application/octet-stream";
}

// Seconds since the epoch of run.yaml's "2025-01-31T14:25:01+0100"; nullopt when it is not one.
std::optional<std::time_t> epoch_of(const std::string& stamp) {
  std::tm tm{};
  const char* end = strptime(stamp.c_str(), "%Y-%m-%dT%H:%M:%S%z", &tm);
  if (end == nullptr || *end != '\0') return std::nullopt;
  const long offset = tm.tm_gmtoff;
  return timegm(&tm) - offset;
}

// The folder as the server watches it: what run.yaml says now, and the pace the server has seen.
class Watch {
 public:
  explicit Watch(fs::path dir) : dir_(std::move(dir)) {}

  // A text that changes whenever games.csv or run.yaml does.
  [[nodiscard]] std::string version() const {
    std::string v;
    for (const char* f : {"games.csv", "run.yaml"}) {
      std::error_code ec;
      const auto size = fs::file_size(dir_ / f, ec);
      const auto time = fs::last_write_time(dir_ / f, ec);
      v += cat(std::to_string(ec ? 0 : size), ".", std::to_string(time.time_since_epoch().count()),
               " ");
    }
    return v;
  }

  // The run's status and its pace: over the games the server has seen finish; before it has seen
  // one, since run.yaml's start; once the run has ended, run.yaml's own.
  Pace pace(long games_done) {
    Pace p;
    YAML::Node run;
    try {
      run = YAML::LoadFile((dir_ / "run.yaml").string())["run"];
    } catch (const std::exception&) {
      // Rewritten at this moment (it is replaced whole): the status is not known for this look.
    }
    p.status = run && run["status"] ? run["status"].as<std::string>("?") : "?";
    const auto now = Clock::now();
    std::lock_guard lock(mutex_);
    if (!first_) first_ = {now, games_done};
    if (p.status != "running") {
      if (run && run["this_process"] && run["this_process"]["games_per_s"]) {
        p.games_per_s = run["this_process"]["games_per_s"].as<double>(0.0);
      }
      return p;
    }
    const double watched = std::chrono::duration<double>(now - first_->first).count();
    if (games_done > first_->second && watched > 0) {
      p.games_per_s = static_cast<double>(games_done - first_->second) / watched;
    } else if (run && run["started"]) {
      const auto started = epoch_of(run["started"].as<std::string>(""));
      const double since = started ? std::difftime(std::time(nullptr), *started) : 0;
      if (since > 0) p.games_per_s = static_cast<double>(games_done) / since;
    }
    return p;
  }

 private:
  fs::path dir_;
  std::mutex mutex_;
  std::optional<std::pair<Clock::time_point, long>> first_;
};

// Games finished so far: games.csv's complete lines after its header.
long games_done(const fs::path& dir) {
  std::ifstream in(dir / "games.csv", std::ios::binary);
  const long lines = static_cast<long>(
      std::count(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n'));
  return std::max(0L, lines - 1);
}

void no_store(httplib::Response& res) {
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Content-Type-Options", "nosniff");
}

}  // namespace

void serve(const ServeOptions& options, const std::function<void(const std::string&)>& ready) {
  const RunFacts facts = read_run_facts(options.run_dir);
  const fs::path root = fs::canonical(options.run_dir);
  Watch watch(root);

  httplib::Server server;
  // Each open page holds a thread for its event stream.
  server.new_task_queue = [] { return new httplib::ThreadPool(32); };
  const auto sections = [&] { return live_sections(root, facts, watch.pace(games_done(root))); };
  const auto failed = [](httplib::Response& res, const std::exception& e) {
    res.status = 500;
    res.set_content(cat("harness serve: ", e.what(), "\n"), "text/plain; charset=utf-8");
  };
  server.Get("/", [&](const httplib::Request&, httplib::Response& res) {
    no_store(res);
    try {
      res.set_content(live_page(root, facts, sections()), "text/html; charset=utf-8");
    } catch (const std::exception& e) {
      failed(res, e);
    }
  });
  server.Get("/live", [&](const httplib::Request&, httplib::Response& res) {
    no_store(res);
    try {
      res.set_content(sections(), "text/html; charset=utf-8");
    } catch (const std::exception& e) {
      failed(res, e);
    }
  });
  server.Get("/events", [&](const httplib::Request&, httplib::Response& res) {
    no_store(res);
    res.set_chunked_content_provider(
        "text/event-stream",
        [&watch, last = std::string()](std::size_t, httplib::DataSink& sink) mutable {
          // A message when the folder changes (at once for a new page), a comment every 5 s so
          // that a closed page's stream ends.
          for (int i = 0; i < 20; ++i) {
            if (const std::string v = watch.version(); v != last) {
              last = v;
              const std::string message = cat("data: ", v, "\n\n");
              return sink.write(message.data(), message.size());
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
          }
          return sink.write(": idle\n\n", 8);
        });
  });
  server.Get(R"(/files/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    no_store(res);
    const FileLookup file = folder_file(root, req.matches[1].str());
    if (file.access != FileAccess::kOk) {
      res.status = file.access == FileAccess::kForbidden ? 403 : 404;
      return;
    }
    std::error_code ec;
    const auto size = static_cast<std::size_t>(fs::file_size(file.path, ec));
    if (ec) {
      res.status = 404;
      return;
    }
    // The size when asked: a file the run appends to is sent as it was then.
    res.set_content_provider(
        size, content_type(file.path),
        [path = file.path](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
          std::ifstream in(path, std::ios::binary);
          in.seekg(static_cast<std::streamoff>(offset));
          std::string buffer(std::min<std::size_t>(length, 1 << 16), '\0');
          in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
          return in.gcount() > 0 &&
                 sink.write(buffer.data(), static_cast<std::size_t>(in.gcount()));
        });
  });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    no_store(res);
    res.set_content(
        cat(std::to_string(res.status),
            res.status == 403 ? " forbidden: outside the run folder" : " not found",
            " (harness serve has /, /live, /events and /files/NAME, NAME a file of the run "
            "folder)\n"),
        "text/plain; charset=utf-8");
  });

  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port(options.host);
  } else if (!server.bind_to_port(options.host, port)) {
    port = -1;
  }
  if (port < 0) {
    httplib::Server probe;  // the host alone: can anything be bound there?
    if (probe.bind_to_any_port(options.host) < 0) {
      throw ParamError(cat("--host ", options.host,
                           ": cannot listen there (not an address of "
                           "this machine)"));
    }
    throw ParamError(cat("--port ", std::to_string(options.port), ": cannot listen on ",
                         options.host, ":", std::to_string(options.port),
                         " (in use by another program, or a port below 1024 needs root); "
                         "--port 0 takes a free one"));
  }
  const bool v6 = options.host.find(':') != std::string::npos;
  ready(cat("http://", v6 ? "[" : "", options.host, v6 ? "]" : "", ":", std::to_string(port), "/"));
  if (!server.listen_after_bind()) throw std::runtime_error("harness serve: the server stopped");
}

}  // namespace gts::serve
