"""Builds gametree._core with the repository's CMake (pyproject.toml names setuptools).

The module is the CMake target gametree_core; only it (and the libraries it links) is built.
GAMETREE_BUILD_DIR=DIR builds it in an existing configured build folder (reusing what that build
made) instead of a new one under build-pip/ at the repository's root.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent  # the repository: its CMakeLists.txt builds the module


def project_version():
    """The VERSION of CMakeLists.txt's project(), as `harness --version` prints it."""
    text = (ROOT / "CMakeLists.txt").read_text()
    found = re.search(r"^project\(\S+\s+VERSION\s+([0-9.]+)", text, re.MULTILINE)
    if not found:
        raise RuntimeError(f"{ROOT / 'CMakeLists.txt'}: no project(... VERSION x.y.z)")
    return found.group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("GAMETREE_BUILD_DIR")
        build = Path(given).resolve() if given else ROOT / "build-pip" / "cmake"
        if not given:
            subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build),
                            "-DCMAKE_BUILD_TYPE=Release", "-DGTS_PYTHON=ON",
                            f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "gametree_core", "-j", jobs],
                       check=True)
        suffix = self.get_ext_filename("_core")[len("_core"):]
        built = build / "python" / "gametree" / f"_core{suffix}"
        if not built.is_file():
            raise RuntimeError(f"{built}: not built (is {build} configured with GTS_PYTHON=ON "
                               "for this Python?)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


# setuptools' own folders go under the build folder given, else build-pip/ (git-ignored), not
# into the source tree.
scratch = (Path(os.environ["GAMETREE_BUILD_DIR"]).resolve() / "pip"
           if os.environ.get("GAMETREE_BUILD_DIR") else ROOT / "build-pip")
scratch.mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    packages=["gametree"],
    package_dir={"gametree": "gametree"},
    package_data={"gametree": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("gametree._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(scratch / "setuptools")},
             "egg_info": {"egg_base": str(scratch)}},
    zip_safe=False,
)
