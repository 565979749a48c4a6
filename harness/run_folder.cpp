#include "harness/run_folder.h"

#include <yaml-cpp/yaml.h>

#include <ctime>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "games/params.h"
#include "harness/config/config_error.h"

namespace gts {

namespace {

std::string local_time_text(const char* format) {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

}  // namespace

std::string stamp_text() { return local_time_text("%Y%m%d-%H%M%S"); }

std::string now_text() { return local_time_text("%Y-%m-%dT%H:%M:%S%z"); }

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.flush();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void replace_file(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::path tmp = path;
  tmp += ".tmp";
  write_file(tmp, text);
  std::filesystem::rename(tmp, path);
}

std::string read_file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::string open_run_folder(const RunFolderRequest& r) {
  std::string dir = r.dir;
  if (r.resume) {
    if (dir.empty()) throw ParamError("--resume needs the run folder: --out DIR");
    if (!std::filesystem::exists(dir + "/run.yaml")) {
      throw ParamError("--resume: " + dir + " holds no run (no run.yaml)");
    }
    if (const std::string old = read_run_hash(dir); old != r.hash) {
      std::string message = "--resume: this config differs from the one ";
      message += dir;
      message += " was started with (config hash ";
      message += r.hash;
      message += " vs ";
      message += old;
      message += "); ";
      message += r.resume_hint;
      throw ConfigError(r.config_path, message);
    }
    return dir;
  }
  if (dir.empty()) dir = "results/" + r.name + "-" + stamp_text();
  for (const std::string& file : r.run_files) {
    if (std::filesystem::exists(dir + "/" + file)) {
      throw ParamError("--out: " + dir +
                       " already holds a run; add --resume to finish it, or choose another folder");
    }
  }
  std::filesystem::create_directories(dir);
  return dir;
}

std::string read_run_hash(const std::string& dir) {
  try {
    YAML::Node node = YAML::LoadFile(dir + "/run.yaml");
    return node["run"]["config_hash"].as<std::string>();
  } catch (const std::exception& e) {
    throw ConfigError(dir + "/run.yaml", std::string("cannot read the run to resume: ") + e.what());
  }
}

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-./=:+,") == std::string::npos) {
    return s;
  }
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace gts
