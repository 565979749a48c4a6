// The run folder's manifest: SHA-256 against FIPS 180-4's vectors, incremental checkpoints equal
// to hashing from the start, and verification naming each damaged, missing or foreign file.
#include "harness/pipeline/manifest.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/sha256.h"
#include "tests/process.h"

namespace gts {
namespace {

TEST(Sha256, StandardVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PiecewiseEqualsWholeAtEveryLength) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += static_cast<char>('a' + i % 26);
  for (std::size_t cut = 0; cut <= 130; ++cut) {
    Sha256 h;
    h.update(std::string_view(text).substr(0, cut));
    const std::string prefix = h.hex();  // hex() leaves the state to go on
    h.update(std::string_view(text).substr(cut));
    EXPECT_EQ(prefix, sha256_hex(text.substr(0, cut))) << cut;
    EXPECT_EQ(h.hex(), sha256_hex(text)) << cut;
  }
}

void append(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::app) << text;
}

TEST(Manifest, CheckpointsFollowAppendsAndRewrites) {
  const std::string dir = testing::make_temp_dir();
  write_file(dir + "/run.yaml", "run:\n  status: finished\n");
  write_file(dir + "/results.log", "0 aa\n");
  ManifestWriter writer(dir);
  writer.checkpoint();
  append(dir + "/results.log", "1 bb\n");
  write_file(dir + "/summary.csv", "x\n1\n");
  replace_file(dir + "/run.yaml", "run:\n  status: finished\n  games: 2\n");
  writer.checkpoint();
  EXPECT_EQ(read_file_text(dir + "/" + kManifestName), manifest_text(dir));
  // A rewrite in place (same file, longer) is hashed from the start, not as an append.
  write_file(dir + "/results.log", "0 ab\n1 bb\n2 cc\n");
  writer.checkpoint();
  EXPECT_EQ(read_file_text(dir + "/" + kManifestName), manifest_text(dir));
  EXPECT_TRUE(verify_manifest(dir).problems.empty());
  // Report's outputs, the lock and files being written are not the run's.
  write_file(dir + "/report.html", "x");
  std::filesystem::create_directories(dir + "/plots");
  write_file(dir + "/plots/a.svg", "x");
  write_file(dir + "/.lock", "1");
  EXPECT_TRUE(verify_manifest(dir).problems.empty());
}

TEST(Manifest, NamesEachDamagedMissingOrForeignFile) {
  const std::string dir = testing::make_temp_dir();
  write_file(dir + "/run.yaml", "run:\n  status: finished\n");
  write_file(dir + "/a.csv", "x\n1\n");
  write_file(dir + "/b.csv", "y\n2\n");
  ManifestWriter(dir).seal();
  write_file(dir + "/a.csv", "x\n2\n");
  std::filesystem::remove(dir + "/b.csv");
  write_file(dir + "/c.csv", "z\n");
  const ManifestCheck check = verify_manifest(dir);
  ASSERT_TRUE(check.present);
  ASSERT_EQ(check.problems.size(), 3u);
  EXPECT_EQ(check.problems[0],
            dir + "/a.csv: changed since the run wrote it (its SHA-256 is not manifest.sha256's)");
  EXPECT_EQ(check.problems[1], dir + "/b.csv: missing (manifest.sha256 lists it)");
  EXPECT_EQ(check.problems[2],
            dir + "/c.csv: not written by the run (manifest.sha256 does not list it)");
}

TEST(Manifest, AKilledRunsTailIsNotedAndOnlyThere) {
  const std::string dir = testing::make_temp_dir();
  write_file(dir + "/run.yaml", "run:\n  status: running\n");
  write_file(dir + "/results.log", "0 aa\n");
  ManifestWriter(dir).checkpoint();
  append(dir + "/results.log", "1 bb\n");  // journaled after the last checkpoint
  ManifestCheck check = verify_manifest(dir);
  EXPECT_TRUE(check.problems.empty());
  ASSERT_EQ(check.notes.size(), 1u);
  EXPECT_EQ(check.notes[0],
            dir +
                "/results.log: 5 bytes written after the killed run's last checkpoint "
                "(unverified)");
  // What was hashed stays hashed: a changed first record is named.
  write_file(dir + "/results.log", "0 ab\n1 bb\n");
  check = verify_manifest(dir);
  ASSERT_EQ(check.problems.size(), 1u);
  EXPECT_EQ(check.problems[0], dir +
                                   "/results.log: changed since the run wrote it (its SHA-256 "
                                   "is not manifest.sha256's)");
  // A finished run has no tail.
  write_file(dir + "/run.yaml", "run:\n  status: finished\n");
  write_file(dir + "/results.log", "0 aa\n");
  ManifestWriter(dir).seal();
  append(dir + "/results.log", "1 bb\n");
  EXPECT_EQ(verify_manifest(dir).problems.size(), 1u);
}

TEST(Manifest, RefusesLinesThatLeaveTheFolder) {
  const std::string dir = testing::make_temp_dir();
  write_file(dir + "/run.yaml", "run:\n");
  write_file(dir + "/" + kManifestName,
             sha256_hex("run:\n") + "  run.yaml\n" + sha256_hex("") + "  ../x\n");
  const ManifestCheck check = verify_manifest(dir);
  ASSERT_EQ(check.problems.size(), 1u);
  EXPECT_EQ(check.problems[0], dir +
                                   "/manifest.sha256:2: not a line of a manifest (64 hex "
                                   "digits, two spaces, a file of the run folder)");
}

}  // namespace
}  // namespace gts
