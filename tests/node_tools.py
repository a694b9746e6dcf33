"""The npm tools the suite uses, in one place: Ajv (the schema's strict mode), axe-core (the
page's accessibility), js-yaml (a second YAML reader of what `record` writes) and Lighthouse (the
page's accessibility score, pinned exactly: its scores move between versions).

They are installed once into the CI cache (``$MEIZHOU_CI_CACHE``, else
``$XDG_CACHE_HOME/meizhou-score-ci``, else ``~/.cache/meizhou-score-ci``), in a folder keyed by
the packages and node's version, and linked as ``.ci/node`` (a complete ``.ci/node`` folder of
the checkout's own is used as it is). `.ci/run` runs this file (``python3 tests/node_tools.py``);
the tests that need the tools call :func:`node_modules` (tests/conftest.py's ``npm_tools``
fixture), so the README's test command does the same set-up on a fresh clone. Where node or npm
is missing, or npm cannot install, :class:`Missing` says what to install.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("ajv@8", "ajv-formats@3", "axe-core@4", "js-yaml@4", "lighthouse@12.2.3")
LIGHTHOUSE = "12.2.3"
HOW = "npm install --prefix .ci/node -E " + " ".join(PACKAGES)


class Missing(Exception):
    """The tools could not be had; the message says why and what to install."""


def cache() -> Path:
    """The CI cache, as .ci/run names it (a relative XDG_CACHE_HOME ignored, as the spec says)."""
    if os.environ.get("MEIZHOU_CI_CACHE"):
        return Path(os.environ["MEIZHOU_CI_CACHE"])
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "meizhou-score-ci"


def complete(folder: Path) -> bool:
    """Every package in ``folder``'s node_modules, Lighthouse at its pinned version."""
    modules = folder / "node_modules"
    if not all((modules / name).is_dir() for name in ("ajv", "ajv-formats", "axe-core", "js-yaml")):
        return False
    try:
        text = (modules / "lighthouse" / "package.json").read_text(encoding="utf-8")
    except OSError:
        return False
    import json

    return json.loads(text).get("version") == LIGHTHOUSE


def _node_version() -> str:
    node = shutil.which("node")
    if node is None:
        raise Missing(f"the npm tools need node: apt-get install nodejs npm, then {HOW}")
    return subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()


def node_modules(root: Path = ROOT) -> Path:
    """``root/.ci/node/node_modules``, with every tool in it: installed from npm into the cache
    and linked there first when missing."""
    linked = root / ".ci" / "node"
    if complete(linked):
        return linked / "node_modules"
    version = _node_version()
    key = hashlib.sha256("".join(f"{p}\n" for p in (*PACKAGES, version)).encode()).hexdigest()
    folder = cache() / f"node-{key[:16]}"  # the key .ci/run gave it: its cache is this one
    if not complete(folder):
        _install(folder)
    if linked.is_symlink() or linked.exists():
        if linked.is_dir() and not linked.is_symlink():
            shutil.rmtree(linked)  # an incomplete folder of the checkout's own (.ci/run did this)
    linked.parent.mkdir(parents=True, exist_ok=True)
    link = linked.parent / f".node.{os.getpid()}"
    link.unlink(missing_ok=True)
    link.symlink_to(folder)
    os.replace(link, linked)  # at once: a test in another process sees the old link or the new
    return linked / "node_modules"


def _install(folder: Path) -> None:
    """npm's packages into ``folder``, under a lock (several test processes may ask at once); a
    fresh folder renamed into place whole, so a half-made one is never taken for the tools."""
    import fcntl

    npm = shutil.which("npm")
    if npm is None:
        raise Missing(f"the npm tools need npm: apt-get install npm, then {HOW}")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / "node.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if complete(folder):  # another process installed them meanwhile
            return
        fresh = Path(tempfile.mkdtemp(prefix="node.", dir=folder.parent))
        try:
            done = subprocess.run(
                [npm, "install", "--silent", "--save-exact", "--prefix", str(fresh), *PACKAGES],
                capture_output=True,
                text=True,
                timeout=900,
            )
            if done.returncode != 0 or not complete(fresh):
                said = (done.stderr or done.stdout).strip().splitlines()[-5:]
                raise Missing(
                    f"npm could not install the tools (exit {done.returncode}): "
                    + " / ".join(said)
                    + f"; by hand: {HOW}"
                )
            shutil.rmtree(folder, ignore_errors=True)
            os.replace(fresh, folder)
        finally:
            shutil.rmtree(fresh, ignore_errors=True)


if __name__ == "__main__":  # .ci/run: link .ci/node of the checkout it runs in
    try:
        node_modules(Path.cwd())
    except Missing as exc:
        print(exc, file=sys.stderr)
        sys.exit(1)
