"""help(gametree) documents everything: every public class, function, method and property has a
docstring, every class, function and method an example, and the examples run (doctest)."""

import doctest
import inspect

import pytest

import gametree


def public_objects():
    """(dotted name, object) of everything gametree exports, the classes' members included."""
    for name in gametree.__all__:
        if name == "__version__":
            continue
        obj = getattr(gametree, name)
        yield name, obj
        if inspect.isclass(obj):
            for member in sorted(vars(obj)):
                if not member.startswith("_"):
                    yield f"{name}.{member}", inspect.getattr_static(obj, member)


OBJECTS = list(public_objects())


def test_the_version_is_the_programs(cli):
    rc, out, _ = cli.run("--version")
    assert rc == 0 and gametree.__version__ == out.strip()


@pytest.mark.parametrize("name,obj", OBJECTS, ids=[n for n, _ in OBJECTS])
def test_documented_with_an_example(name, obj):
    doc = inspect.getdoc(obj)
    assert doc, f"{name}: no docstring"
    if not isinstance(obj, property):
        assert ">>>" in doc, f"{name}: no example in its docstring"


def test_the_examples_run():
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    ran = 0
    for name, obj in [("gametree", gametree), *OBJECTS]:
        if isinstance(obj, property) or not getattr(obj, "__doc__", None):
            continue
        for test in finder.find(obj, name, module=False, globs={"gametree": gametree}):
            ran += len(test.examples)
            runner.run(test)
    summary = runner.summarize(verbose=False)
    assert ran >= 20 and summary.failed == 0
