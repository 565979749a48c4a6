// Runs `mpirun -np N harness args...` for the MPI tests, with settings that work in a container
// without a network: shared memory between ranks on one node, more ranks than cores, root
// allowed. The including test target defines GTS_MPI_ENABLED and GTS_MPIEXEC.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/process.h"

extern char** environ;

#define SKIP_WITHOUT_MPI()                                        \
  if (!GTS_MPI_ENABLED)                                           \
  GTEST_SKIP() << "this build has no MPI (GTS_MPI=OFF): install " \
                  "libopenmpi-dev and openmpi-bin and reconfigure"

namespace gts::testing {

// `env` entries ("NAME=value") come before the inherited environment, so they win.
inline ProcessResult run_mpi(int ranks, const std::vector<std::string>& args,
                             const std::vector<std::string>& env = {}) {
  const std::string dir = make_temp_dir();
  const std::string out_path = dir + "/stdout", err_path = dir + "/stderr";
  std::vector<std::string> argv_store = {GTS_MPIEXEC, "--oversubscribe", "-np",
                                         std::to_string(ranks)};
  if (geteuid() == 0) argv_store.push_back("--allow-run-as-root");
  argv_store.push_back(harness_path());
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_store = {"OMPI_MCA_btl=self,vader",
                                        "OMPI_MCA_btl_vader_single_copy_mechanism=none",
                                        "OMPI_MCA_rmaps_base_oversubscribe=1"};
  env_store.insert(env_store.end(), env.begin(), env.end());
  for (char** e = environ; *e != nullptr; ++e) env_store.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : env_store) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ProcessResult r;
  if (rc != 0) {
    r.err = std::string("cannot start ") + GTS_MPIEXEC;
    return r;
  }
  r.exit_code = wait_process(pid);
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  std::filesystem::remove_all(dir);
  return r;
}

}  // namespace gts::testing
