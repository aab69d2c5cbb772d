"""The house: the package is the pipeline (language -> game -> tools), imports point down it with no
circles, and no module outgrows a room a newcomer can read."""
from __future__ import annotations

import ast as pyast
import tomllib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "interpreter"
MAX_LINES = 500
#: Stages, lowest first: a module may import its own stage or a lower one, never a higher one.
STAGES = {"diagnostics": 0, "language": 1, "game": 2, "tools": 3}


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _stage(module: str) -> int:
    parts = module.split(".")
    return STAGES.get(parts[1], len(STAGES)) if len(parts) > 1 else len(STAGES)


def _type_checking_only(node: pyast.AST, parents: dict[pyast.AST, pyast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, pyast.If) and "TYPE_CHECKING" in pyast.unparse(node.test):
            return True
    return False


def _imports(module: str) -> set[str]:
    """The package modules `module` imports when it runs (imports only for type checkers left out)."""
    path = MODULES[module]
    tree = pyast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in pyast.walk(tree) for child in pyast.iter_child_nodes(node)}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in pyast.walk(tree):
        if not isinstance(node, pyast.ImportFrom) or _type_checking_only(node, parents):
            continue
        if node.level:
            base = package.split(".")
            base = base[:len(base) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
        elif node.module and node.module.startswith("interpreter"):
            target = node.module
        else:
            continue
        for alias in node.names:
            found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target)
    return {m for m in found if m in MODULES and m != module}


GRAPH = {module: _imports(module) for module in MODULES}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_the_pipeline(module: str) -> None:
    upward = sorted(m for m in GRAPH[module] if _stage(m) > _stage(module))
    assert not upward, f"{module} imports a later stage: {upward}"


def test_no_import_circles() -> None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(module):] + [module]))
        if module in done:
            return
        for imported in sorted(GRAPH[module]):
            # a package's __init__ importing its own modules is how a package is made, not a circle
            if not module.startswith(imported + ".") or MODULES[imported].name != "__init__.py":
                visit(imported, path + [module])
        done.add(module)

    for module in sorted(MODULES):
        visit(module, [])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_module_is_a_room_one_can_read(module: str) -> None:
    lines = len(MODULES[module].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module} has {lines} lines: split it by what it does"


def test_every_executor_is_registered_beside_its_node_name() -> None:
    """A newcomer finds a node's executor in one step: `EXECUTORS[ast.Draw]` is the function defined
    under `@executes(ast.Draw)`, in the family module of interpreter/game/steps."""
    from interpreter.game.steps import EXECUTORS
    for node_class, function in EXECUTORS.items():
        assert function.__module__.startswith("interpreter.game.steps."), (node_class, function.__module__)


def test_each_tree_method_has_one_family() -> None:
    """`ToAst` joins one transformer class per family of grammar rules: a method name defined in two
    families would make the later one silently unused (its grammar rule built by the other's method)."""
    from interpreter.language.syntax.transformer import ToAst
    owners: dict[str, list[str]] = {}
    for family in ToAst.__mro__[1:]:
        if family.__module__.startswith("interpreter.language.syntax."):
            for name, value in vars(family).items():
                if callable(value) and not name.startswith("__"):
                    owners.setdefault(name, []).append(family.__name__)
    assert not {n: o for n, o in owners.items() if len(o) > 1}


def test_every_subpackage_ships() -> None:
    """A non-editable install (CI's) ships only the packages pyproject.toml lists: a new subpackage left out
    would import in a checkout and fail everywhere else."""
    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    packages = {_name(p) for p in PACKAGE.rglob("__init__.py")}
    assert packages <= listed, f"add to [tool.setuptools] packages: {sorted(packages - listed)}"
