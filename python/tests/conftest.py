"""The gametree tests' shared pieces: the CLI to compare with ($GTS_HARNESS, else build/harness)."""

import json
import os
import subprocess

import pytest

# Fields that measure the machine rather than the search.
TIMES = ("time_ms", "alloc_ms", "cpu_us")


class Cli:
    def __init__(self, path):
        self.path = path

    def run(self, *args):
        """(exit code, stdout, stderr) of `harness ARGS`."""
        p = subprocess.run([self.path, *args], capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout, p.stderr

    def json(self, *args):
        rc, out, err = self.run(*args, "--json")
        assert rc == 0, err
        return json.loads(out)

    def error(self, *args):
        """The one-line message of a command that fails with bad input (exit 2)."""
        rc, _, err = self.run(*args)
        assert rc == 2, f"exit {rc}: {err}"
        assert err.startswith("error: ") and err.count("\n") == 1, err
        return err[len("error: "):].rstrip("\n")


@pytest.fixture(scope="session")
def cli():
    return Cli(os.environ.get("GTS_HARNESS", "build/harness"))


def untimed(fields):
    """A result's fields without the times."""
    return {k: v for k, v in fields.items() if k not in TIMES}
