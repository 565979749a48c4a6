// `harness serve RUN_DIR`: the live page of a run that is playing, loaded twice in headless
// Chromium, shows more games the second time; the server hands out the run folder's files and
// nothing outside it, answers unknown routes with 404, and its page's SPRT line is the run's.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "tests/process.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;

// Two alpha-beta players on Kalah, depth `depth` against depth - 2, one thread (at depth 5 about a
// millisecond a game; deeper for a run that must last); `sprt` the tournament's SPRT (none where
// empty).
std::string config(int openings, const std::string& sprt, int depth = 5) {
  return "name: live\ngame: {name: kalah, params: {pits: 6, seeds: 4}}\n"
         "evaluations:\n  stores: {kind: store-diff}\nplayers:\n"
         "  - {name: deep, algorithm: alphabeta, depth: " +
         std::to_string(depth) +
         ", evaluation: stores}\n"
         "  - {name: shallow, algorithm: alphabeta, depth: " +
         std::to_string(depth - 2) +
         ", evaluation: stores}\n"
         "openings: {kind: random, count: " +
         std::to_string(openings) + ", plies: 6}\ntournament:\n  format: round-robin\n" +
         (sprt.empty() ? "" : "  sprt: " + sprt + "\n") + "seed: 3\nthreads: 1\n";
}

// Waits up to `seconds` for `done`.
template <class Done>
bool wait_for(Done done, double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

long data_lines(const std::string& csv) {
  const std::string text = read_file(csv);
  return std::max(0L, static_cast<long>(std::count(text.begin(), text.end(), '\n')) - 1);
}

// `harness serve DIR --port 0` in the background: its pid and the port it printed.
struct Server {
  int pid = -1;
  int port = 0;
};
Server start_server(const std::string& run, const std::string& dir) {
  Server s;
  s.pid =
      testing::spawn_harness({"serve", run, "--port", "0"}, dir + "/serve.out", dir + "/serve.err");
  std::smatch m;
  const std::regex url(R"(at http://127\.0\.0\.1:(\d+)/ )");
  std::string out;
  EXPECT_TRUE(wait_for(
      [&] {
        out = read_file(dir + "/serve.out");
        return std::regex_search(out, m, url);
      },
      20))
      << out << read_file(dir + "/serve.err");
  if (!m.empty()) s.port = std::stoi(m[1]);
  return s;
}

void stop(int pid, int sig) {
  if (pid <= 0) return;
  kill(pid, sig);
  testing::wait_process(pid);
}

// One raw HTTP/1.1 request (as written, so that nothing normalises its path): status and body,
// read to the end, or, with `until`, until the body holds it (at most 10 s).
std::pair<int, std::string> http_get(int port, const std::string& target,
                                     const std::string& until = "") {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return {-1, "cannot connect"};
  }
  const std::string request =
      "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  (void)!write(fd, request.data(), request.size());
  std::string response;
  char buffer[4096];
  const timeval limit{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) {
    response.append(buffer, n);
    const auto body = response.find("\r\n\r\n");
    if (!until.empty() && body != std::string::npos &&
        response.find(until, body) != std::string::npos) {
      break;
    }
  }
  close(fd);
  const auto space = response.find(' ');
  const auto body = response.find("\r\n\r\n");
  if (space == std::string::npos || body == std::string::npos) return {-1, response};
  return {std::stoi(response.substr(space + 1, 3)), response.substr(body + 4)};
}

// The page as headless Chromium has it after loading it.
std::string browse(const std::string& chromium, int port) {
  const std::string profile = make_temp_dir();
  const auto r = testing::run_program(
      "/usr/bin/timeout",
      {"60", chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
       "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1400,900",
       "--dump-dom", "http://127.0.0.1:" + std::to_string(port) + "/"});
  fs::remove_all(profile);
  EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 500);
  return r.out;
}

// The number in the element with id `id`'s data-v; -1 where there is none.
double page_value(const std::string& page, const std::string& id) {
  std::smatch m;
  if (!std::regex_search(page, m, std::regex("id=\"" + id + "\" data-v=\"([-0-9.e+]+)\""))) {
    return -1;
  }
  return std::stod(m[1]);
}

class Serve : public ::testing::Test {
 protected:
  void SetUp() override {
#if !GTS_HAVE_SERVE
    GTEST_SKIP() << "built without cpp-httplib (apt-get install libcpp-httplib-dev)";
#endif
    dir_ = make_temp_dir();
  }
  void TearDown() override {
    stop(server_.pid, SIGTERM);
    stop(run_pid_, SIGKILL);
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  std::string dir_;
  Server server_;
  int run_pid_ = -1;
};

TEST_F(Serve, PageInChromiumFollowsARunningRun) {
  const std::string chromium = testing::find_chromium();
  if (chromium.empty()) {
    GTEST_SKIP() << "chromium is not installed (apt-get install chromium; scripts/setup.sh "
                    "installs it)";
  }
  // 8,000 games at depth 7: the run goes on while the page is loaded twice, and is stopped after.
  std::ofstream(dir_ + "/config.yaml") << config(4000, "", 7);
  const std::string run = dir_ + "/run";
  run_pid_ = testing::spawn_harness({"run", dir_ + "/config.yaml", "--out", run, "--quiet"},
                                    dir_ + "/run.out", dir_ + "/run.err");
  bool ended = false;
  ASSERT_TRUE(wait_for(
      [&] {
        ended = waitpid(run_pid_, nullptr, WNOHANG) == run_pid_;
        return ended || data_lines(run + "/games.csv") >= 2;
      },
      60));
  ASSERT_FALSE(ended) << read_file(dir_ + "/run.err");
  server_ = start_server(run, dir_);
  ASSERT_GT(server_.port, 0);

  const std::string first = browse(chromium, server_.port);
  const double seen = page_value(first, "games-done");
  EXPECT_GE(seen, 2) << first.substr(0, 2000);
  EXPECT_NE(first.find("<th>status</th><td>running</td>"), std::string::npos);
  EXPECT_NE(first.find("<h2>Crosstable</h2>"), std::string::npos);
  EXPECT_EQ(first.find("http://"), std::string::npos) << "the page reaches out of the machine";
  ASSERT_TRUE(wait_for([&] { return data_lines(run + "/games.csv") > seen; }, 60));
  const std::string second = browse(chromium, server_.port);
  EXPECT_GT(page_value(second, "games-done"), seen);

  kill(run_pid_, SIGINT);  // the run stops as Ctrl-C stops it
  EXPECT_EQ(testing::wait_process(run_pid_), 130);
  run_pid_ = -1;
}

TEST_F(Serve, FilesOfTheFolderOnlyAndKnownRoutesOnly) {
  // An SPRT that decides within the config's 400 games.
  std::ofstream(dir_ + "/config.yaml") << config(200, "{elo0: 0, elo1: 30, model: normalized}");
  const std::string run = dir_ + "/run";
  ASSERT_EQ(run_harness({"run", dir_ + "/config.yaml", "--out", run, "--quiet"}).exit_code, 0);
  std::ofstream(dir_ + "/secret.txt") << "not for the web\n";
  fs::create_symlink("../secret.txt", run + "/link.txt");
  std::ofstream(run + "/.hidden") << "not for the web\n";
  server_ = start_server(run, dir_);
  ASSERT_GT(server_.port, 0);

  const auto [status, run_yaml] = http_get(server_.port, "/files/run.yaml");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(run_yaml, read_file(run + "/run.yaml"));
  EXPECT_EQ(http_get(server_.port, "/files/games.csv").second, read_file(run + "/games.csv"));
  for (const std::string target :
       {"/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files/%2E%2E%2Fsecret.txt",
        "/files/..%2fsecret.txt", "/files//etc/passwd", "/files/%2Fetc%2Fpasswd", "/files/link.txt",
        "/files/.hidden", "/files/plots/../../secret.txt"}) {
    SCOPED_TRACE(target);
    const auto [code, body] = http_get(server_.port, target);
    EXPECT_EQ(code, 403);
    EXPECT_EQ(body.find("not for the web"), std::string::npos);
  }
  for (const std::string target :
       {"/files/missing.csv", "/files/", "/secret.txt", "/../secret.txt", "/report", "/files"}) {
    SCOPED_TRACE(target);
    const auto [code, body] = http_get(server_.port, target);
    EXPECT_EQ(code, 404);
    EXPECT_EQ(body.find("not for the web"), std::string::npos);
  }
  // The page's SPRT line is the run's own (run.yaml's sprt_llr), and the run is over.
  const auto [page_status, page] = http_get(server_.port, "/");
  EXPECT_EQ(page_status, 200);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(run_yaml, m, std::regex(R"(sprt_llr: ([-0-9.e+]+))")));
  EXPECT_NEAR(page_value(page, "llr"), std::stod(m[1]), 1e-9);
  EXPECT_NE(page.find("H1 accepted"), std::string::npos);
  EXPECT_NE(page.find("<svg class=\"llr\""), std::string::npos);
  EXPECT_NE(page.find("<th>status</th><td>finished</td>"), std::string::npos);
  EXPECT_EQ(page_value(page, "games-done"), data_lines(run + "/games.csv"));
  EXPECT_NE(page.find("new EventSource(\"events\")"), std::string::npos);
  // The event stream says at once where the folder stands, and the page's part it refetches then
  // is the page's own.
  const auto [events_status, events] = http_get(server_.port, "/events", "\n\n");
  EXPECT_EQ(events_status, 200);
  EXPECT_TRUE(std::regex_search(events, std::regex("^[0-9a-fA-F]+\r\ndata: [^\n]+\n\n")))
      << events;  // a chunk whose first line is a message
  const auto [live_status, live] = http_get(server_.port, "/live");
  EXPECT_EQ(live_status, 200);
  EXPECT_NE(page.find(live.substr(0, live.find("<h2>SPRT</h2>"))), std::string::npos);
}

TEST_F(Serve, BadOptionsAreOneLineAndExit2) {
  const auto not_run = run_harness({"serve", dir_});
  EXPECT_EQ(not_run.exit_code, 2);
  EXPECT_EQ(not_run.err, "error: " + dir_ + ": not a run folder (it has no run.yaml)\n");
  const auto range = run_harness({"serve", dir_, "--port", "70000"});
  EXPECT_EQ(range.exit_code, 2);
  EXPECT_NE(range.err.find("--port"), std::string::npos) << range.err;

  std::ofstream(dir_ + "/config.yaml") << config(2, "");
  ASSERT_EQ(
      run_harness({"run", dir_ + "/config.yaml", "--out", dir_ + "/run", "--quiet"}).exit_code, 0);
  // A port this test holds.
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(listen(fd, 1), 0);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  const std::string port = std::to_string(ntohs(addr.sin_port));
  const auto taken = run_harness({"serve", dir_ + "/run", "--port", port});
  close(fd);
  EXPECT_EQ(taken.exit_code, 2);
  EXPECT_EQ(taken.err.rfind("error: --port " + port + ": cannot listen on 127.0.0.1:" + port, 0),
            0u)
      << taken.err;
  EXPECT_EQ(std::count(taken.err.begin(), taken.err.end(), '\n'), 1);
  const auto host = run_harness({"serve", dir_ + "/run", "--host", "192.0.2.1"});
  EXPECT_EQ(host.exit_code, 2);
  EXPECT_EQ(host.err.rfind("error: --host 192.0.2.1: cannot listen there", 0), 0u) << host.err;
}

}  // namespace
}  // namespace gts
