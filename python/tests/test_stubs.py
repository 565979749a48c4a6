"""The type stubs shipped with the package (gametree/__init__.pyi, _core.pyi) say what the module
does: every public name is in them, and every function's and method's parameters, defaults and
(where the module declares them) types are the module's own, read from inspect.signature for the
Python half and from pybind11's signature line for the compiled half."""

import ast
import inspect
import os
import re

import pytest

import gametree
from gametree import _core

PACKAGE = os.path.dirname(gametree.__file__)
# What pybind11 says of a py::object, py::list or py::dict: the stub may say more.
UNTYPED = ("object", "list", "dict", "tuple")


def normal(annotation):
    """An annotation's text in one spelling: typing's and pybind11's names as the stubs write them."""
    if annotation is None:
        return None
    text = annotation.replace("gametree._core.", "").replace("gametree.", "")
    for old, new in (("List[", "list["), ("Dict[", "dict["), ("Tuple[", "tuple["),
                     ("Set[", "set[")):
        text = text.replace(old, new)
    return ast.unparse(ast.parse(text, mode="eval"))


def split_params(text):
    """Top-level comma-separated parts of a parameter list."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def pybind_signature(func):
    """[(name, annotation, default)] and the return annotation of a pybind11 function, from the
    signature line pybind11 puts first in its docstring."""
    first = func.__doc__.splitlines()[0]
    found = re.fullmatch(r"\w*\((.*)\) -> (.+)", first)
    assert found, f"no signature line: {first!r}"
    params = []
    for part in split_params(found.group(1)):
        name, _, rest = part.partition(":")
        annotation, _, default = rest.partition(" = ")
        params.append((name.strip(), annotation.strip() or None, default.strip() or None))
    return params, found.group(2)


def stub_functions(tree):
    """{name: FunctionDef} and {class: {name: FunctionDef}} of a stub."""
    functions, classes = {}, {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = node
        elif isinstance(node, ast.ClassDef):
            classes[node.name] = {n.name: n for n in node.body if isinstance(n, ast.FunctionDef)}
    return functions, classes


def stub_params(node):
    """[(name, annotation, default)] of a stub's def, self included."""
    a = node.args
    positional = a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = [(p.arg, ast.unparse(p.annotation) if p.annotation else None,
            ast.unparse(d) if d is not None else None) for p, d in zip(positional, defaults)]
    if a.kwarg:
        out.append(("**" + a.kwarg.arg, None, None))
    return out


def same_default(a, b):
    if a is None or b is None:
        return a is b
    return ast.literal_eval(a) == ast.literal_eval(b)


def check(name, stub, runtime, pybind):
    """Messages for each way the stub's def differs from the runtime's parameters."""
    wrong = []
    names = [p[0] for p in stub]
    got = [p[0] for p in runtime]
    if names != got:
        return [f"{name}: parameters {names} in the stub, {got} in the module"]
    for (p, s_ann, s_def), (_, r_ann, r_def) in zip(stub, runtime):
        if not same_default(s_def, r_def):
            wrong.append(f"{name}({p}): default {s_def} in the stub, {r_def} in the module")
        # pybind11 says `object` where the function checks the argument itself.
        if p == "self" or (pybind and r_ann in (None, "object")) or p.startswith("**"):
            continue
        if normal(s_ann) != normal(r_ann):
            wrong.append(f"{name}({p}): type {s_ann} in the stub, {r_ann} in the module")
    return wrong


def python_params(func):
    sig = inspect.signature(func)
    out = []
    for p in sig.parameters.values():
        annotation = None if p.annotation is inspect.Parameter.empty else p.annotation
        default = None if p.default is inspect.Parameter.empty else repr(p.default)
        out.append((p.name, annotation if isinstance(annotation, str) or annotation is None
                    else inspect.formatannotation(annotation), default))
    return out, (None if sig.return_annotation is inspect.Signature.empty
                 else sig.return_annotation)


def load(stub):
    with open(os.path.join(PACKAGE, stub)) as f:
        return ast.parse(f.read())


def test_the_stubs_ship_with_the_package():
    for name in ("__init__.pyi", "_core.pyi", "py.typed"):
        assert os.path.isfile(os.path.join(PACKAGE, name)), name


def test_every_public_name_has_a_stub():
    functions, classes = stub_functions(load("__init__.pyi"))
    text = ast.unparse(load("__init__.pyi"))
    for name in gametree.__all__:
        assert name in functions or name in classes or name in text, name


@pytest.mark.parametrize("stub,module", [("__init__.pyi", gametree), ("_core.pyi", _core)])
def test_functions_match_the_module(stub, module):
    functions, _ = stub_functions(load(stub))
    wrong = []
    for name, node in functions.items():
        func = getattr(module, name)
        if inspect.isfunction(func):
            params, ret = python_params(func)
            wrong += check(name, stub_params(node), params, pybind=False)
            if normal(ret) != normal(ast.unparse(node.returns)):
                wrong.append(f"{name}: returns {ast.unparse(node.returns)} in the stub, {ret}")
        else:
            params, ret = pybind_signature(func)
            wrong += check(name, stub_params(node), params, pybind=True)
            if ret not in UNTYPED and normal(ret) != normal(ast.unparse(node.returns)):
                wrong.append(f"{name}: returns {ast.unparse(node.returns)} in the stub, {ret}")
    public = {n for n in dir(module) if not n.startswith("_") and callable(getattr(module, n))
              and not inspect.isclass(getattr(module, n))
              and getattr(getattr(module, n), "__module__", None) == module.__name__}
    assert public <= set(functions), f"without a stub: {sorted(public - set(functions))}"
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("cls", [gametree.Game, gametree.State])
def test_classes_match_the_module(cls):
    _, classes = stub_functions(load("_core.pyi"))
    stub = classes[cls.__name__]
    wrong = []
    for name, node in stub.items():
        member = inspect.getattr_static(cls, name)
        if isinstance(member, property):
            _, ret = pybind_signature(member.fget)
            want = ast.unparse(node.returns)
            if normal(ret) != normal(want):
                wrong.append(f"{cls.__name__}.{name}: {want} in the stub, {ret} in the module")
            continue
        params, ret = pybind_signature(getattr(cls, name))
        if name == "__init__":
            ret = "None"
        wrong += check(f"{cls.__name__}.{name}", stub_params(node), params, pybind=True)
        want = ast.unparse(node.returns)
        if ret not in UNTYPED and normal(ret) != normal(want):
            wrong.append(f"{cls.__name__}.{name}: returns {want} in the stub, {ret} in the module")
    public = {n for n in dir(cls) if not n.startswith("_")}
    assert public <= set(stub), f"without a stub: {sorted(public - set(stub))}"
    assert not wrong, "\n".join(wrong)


def test_a_drifted_stub_is_found():
    """The check finds a parameter renamed, a default changed and a type changed."""
    node = ast.parse("def play(self, mv: str) -> State: ...").body[0]
    params, _ = pybind_signature(gametree.State.play)
    assert check("play", stub_params(node), params, pybind=True)
    node = ast.parse("def legal_moves(self, order: str = 'search') -> list[str]: ...").body[0]
    params, _ = pybind_signature(gametree.State.legal_moves)
    assert check("legal_moves", stub_params(node), params, pybind=True)
    node = ast.parse("def legal_moves(self, order: int = 'board') -> list[str]: ...").body[0]
    assert check("legal_moves", stub_params(node), params, pybind=True)
    node = ast.parse("def perft(game, state, depth: str) -> Result: ...").body[0]
    params, _ = python_params(gametree.perft)
    assert check("perft", stub_params(node), params, pybind=False)
