import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# The programs the suite starts run as users run them from a shell: stdout to a file or a pipe
# buffered. A machine that sets PYTHONUNBUFFERED (some CI images, some containers) would hide what
# only buffering shows (a full disk said twice, exit 120; a line a test waits for that was never
# flushed), so it is taken away here, before any test starts a program; .ci/run unsets it too.
os.environ.pop("PYTHONUNBUFFERED", None)

# Hypothesis's deadline (200 ms an example) is a wall-clock limit: on a loaded machine an example
# that is merely slow fails as DeadlineExceeded (seen in a loaded compiled run). What a property
# test checks is the property; the benchmarks measure speed.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
EXAMPLES = ROOT / "examples"

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]

# What a program stopped by Ctrl-C ends with: 130, or killed by SIGINT itself (-2), which a shell
# reports as 130 all the same. Seen in loaded runs: `python -m meizhou_score audit` stopped
# mid-work said "Stopped.", removed what it had begun and, about 1 time in 24, ended by SIGINT
# rather than exit(130) (the cause not found: never through the installed meizhou-score script in
# 36 tries). Everything else a test asks of a stop (its words, no traceback, nothing left) stands.
CTRL_C_EXITS = (130, -2)

# Debian's Chromium (Playwright's own browser download is unreachable) and the flags it runs with
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def record():
    """A fresh ordinary self-draw record (Mei wins, Ah Fook deals) to modify."""
    from records import hand_record

    return hand_record()


@pytest.fixture
def en_xa(monkeypatch):
    """en-XA (tests/test_words_pseudo.py's XA, English accented and bracketed) registered for one
    test: the one line a new language takes."""
    from test_words_pseudo import XA

    from meizhou_score.i18n import catalog as catalogs
    from meizhou_score.i18n import language as languages

    monkeypatch.setitem(languages.LANGUAGES, "en-XA", XA)
    yield "en-XA"
    for kind in catalogs.KINDS:
        catalogs._CACHE.pop(("en-XA", kind), None)


def reading(pid: int, timeout: float = 60) -> None:
    """Wait until process ``pid`` is blocked reading its standard input (``read(0, ...)`` in
    /proc/PID/syscall): a question asked and waited on. A Ctrl-C or Ctrl-D typed then reaches it
    as a person's would; typed the moment the question's text shows, it raced the program's own
    way to the read (a CI run under load saw a Ctrl-C lost there, and the test waited 60 s)."""
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/syscall") as found:
                call = found.read().split()
        except OSError:
            return  # it has ended, or this is no Linux: nothing left to wait for
        if call[:2] == ["0", "0x0"]:
            return
        time.sleep(0.005)
    pytest.fail(f"process {pid} did not wait on its standard input within {timeout} s")


def dialogue(args, steps, lang: str) -> tuple[int, str]:
    """``meizhou-score ARGS --lang LANG`` in a pseudo-terminal, as a person at tmux answers it:
    each step (what the screen must show, what is typed: a line, ``^C``, ``^D``, or None for
    nothing), each answer sent the moment its question shows; (exit status, the whole screen)."""
    import io
    import sys

    pexpect = pytest.importorskip("pexpect")
    screen = io.StringIO()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "meizhou_score", *map(str, args), "--lang", lang],
        cwd=str(ROOT),
        env={**os.environ, "COLUMNS": "200"},
        encoding="utf-8",
        timeout=60,
    )
    child.logfile_read = screen
    for shown, typed in steps:
        child.expect_exact(shown)
        if typed == "^C":
            reading(child.pid)
            child.sendintr()
        elif typed == "^D":
            reading(child.pid)
            child.sendeof()
        elif typed is not None:
            child.sendline(typed)
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, screen.getvalue()


def read_until(proc, stream, wanted: bytes, timeout: float = 120) -> bytes:
    """What ``proc`` wrote on ``stream`` up to and including the first line holding ``wanted``;
    a clear failure when it ends, or says nothing more for ``timeout`` seconds, before that."""
    import os
    import select
    import time

    said = b""
    fd = stream.fileno()
    end = time.monotonic() + timeout
    while not any(wanted in line for line in said.splitlines(keepends=True) if line[-1:] == b"\n"):
        left = end - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            pytest.fail(f"no {wanted!r} within {timeout} s; it said:\n{said.decode()}")
        chunk = os.read(fd, 65536)
        if not chunk:
            proc.wait(timeout=60)
            pytest.fail(f"exit {proc.returncode} before {wanted!r}; it said:\n{said.decode()}")
        said += chunk
    return said


def first_answer(proc, url: str, timeout: float = 120) -> tuple[int, bytes] | None:
    """(status, body) of GET ``url`` once the server ``proc`` answers it (a refusal is an answer);
    None when ``proc`` exits first (it could not listen, or refused to start); a clear failure when
    it neither answers nor exits within ``timeout`` seconds (generous: a loaded machine starts
    Python slowly). The one wait for a server in the suite."""
    import time
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + timeout
    while proc.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=1) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read()
        except OSError as exc:
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"no answer to {url} within {timeout} s: {exc}")
            time.sleep(0.05)
    return None


def start_serve(night, *options, port=None, host="127.0.0.1", ready="/api/night", **popen):
    """A real `meizhou-score serve NIGHT [OPTIONS]` on a free port, answering: (its base URL, the
    process).

    `port` names the port instead (a server started again on its address): one try there. `host`
    is the address it is awaited on (where `--host` has it listen elsewhere: `::1`, the machine's
    own address). `ready` is the path asked until it answers: the night (its file checked), or one
    that reads no night (`/static/icon.svg`) where the test counts what the night's reads do.
    ``popen``: Popen's own (env, stdout, stderr, preexec_fn, text...). The caller
    stops it (SIGINT, as Ctrl-C) when done.
    """
    import json
    import socket
    import subprocess
    import sys

    chosen = port
    address = f"[{host}]" if ":" in host else host
    for _ in range(1 if chosen else 5):  # a port another took meanwhile: serve exits; another
        if not chosen:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        proc = subprocess.Popen(
            [sys.executable, "-m", "meizhou_score", "serve", str(night), "--port", str(port)]
            + list(options),
            **{"cwd": ROOT, **popen},
        )
        base = f"http://{address}:{port}"
        answer = first_answer(proc, base + ready)
        if answer is None:  # it exited: it could not listen there
            continue
        status, body = answer
        if status == 200 and ready == "/api/night":
            served = json.loads(body).get("file")
            assert served == str(night), f"another server answers on {port}: {served}"
        return base, proc  # listening (a refusal is an answer)
    if chosen:
        raise AssertionError(f"serve {night} could not listen on port {chosen}")
    raise AssertionError("serve could not listen on five free ports in a row")


def npm_modules() -> Path:
    """The npm tools' node_modules (tests/node_tools.py: Ajv, axe-core, js-yaml, Lighthouse),
    installed from npm into the CI cache and linked as .ci/node on first use, as .ci/run does, so
    that the README's test command needs no other set-up; a clear failure where they cannot be
    had. An unpacked sdist (MEIZHOU_IN_SDIST=1) carries no .ci/node and installs none."""
    import node_tools

    if os.environ.get("MEIZHOU_IN_SDIST") == "1" and not node_tools.complete(ROOT / ".ci" / "node"):
        pytest.skip("an unpacked sdist carries no .ci/node (the npm tools)")
    try:
        return node_tools.node_modules()
    except node_tools.Missing as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="session")
def npm_tools() -> Path:
    """:func:`npm_modules`, for a test that names it."""
    return npm_modules()


@pytest.fixture(scope="session")
def _one_chromium():
    """One Playwright driver and one Chromium per test process (each xdist worker): starting them
    costs more CPU than most page tests; every test still gets contexts of its own (`chromium`)."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("the page tests need Debian's Chromium: apt-get install -y chromium")
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs Playwright")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def chromium(_one_chromium):
    """The process's Chromium, for one test: what the test opened (contexts, their pages, cookies,
    storage) is closed after it, so the next test starts as in a fresh browser."""
    yield _one_chromium
    assert _one_chromium.is_connected(), "Chromium went away during the test"
    for context in _one_chromium.contexts:
        context.close()


# The files that take longest (clusters, browsers, many processes), started first: xdist's
# --dist loadfile hands a file to one worker, so a long file left to the end keeps one worker busy
# while the other has nothing; the rest follow in their usual order.
LONGEST_FIRST = [
    "test_bulk_audit.py",
    "test_page_night.py",
    "test_page_eyes.py",
    "test_web_page.py",
    "test_page_table_words.py",
    "test_page_chart.py",
    "test_bulk_parallel.py",
    "test_cli_hostile.py",
    "test_page_contract.py",
    "test_cli_files_and_names.py",
    "test_page_table.py",
    "test_cli_pipes.py",
    "test_web_requests.py",
    "test_bulk_audit_faults.py",
    "test_page_lighthouse.py",
    "test_gates.py",
]


def pytest_collection_modifyitems(config, items):
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: files stay whole


@pytest.fixture(autouse=True)
def _own_state_folder(monkeypatch, tmp_path_factory):
    """serve keeps each night's link in the user's state folder: a test's links go to a folder of
    its own, never the tester's (and tests running side by side never share one)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture(autouse=True)
def _whole_lines(monkeypatch):
    """Every test sees whole lines unless it sets COLUMNS itself (a tester's own terminal width must not leak in)."""
    monkeypatch.delenv("COLUMNS", raising=False)


# Skips that say which run a test belongs to (the pure or the compiled build, the checkout or the
# unpacked sdist) are the suite's design; any other skip means a tool was missing.
_RUN_KIND = ("compiled run", "unpacked sdist", "pure run", "pure-Python run")


def _strict() -> bool:
    """Under CI (CI=true, as .ci/run sets) a test skipped for want of a tool fails instead: .ci/run
    installs every tool the suite needs, so a quiet skip there would hide a gate that never ran."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _unexpected_skip(report) -> str | None:
    if not report.skipped or not _strict() or hasattr(report, "wasxfail"):
        return None
    reason = str(report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr)
    return None if any(kind in reason for kind in _RUN_KIND) else reason


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    reason = _unexpected_skip(report)
    if reason is not None:
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where every tool is installed: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    reason = _unexpected_skip(report)
    if reason is not None:
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where every tool is installed: {reason}"


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """`-n auto --dist loadfile` unless told otherwise: a test file's tests on one worker, so that
    its servers, clusters and browsers start once. Only where pytest-xdist is loaded (`-p no:xdist`
    runs the suite in one process) and only in the controller, when no -n or --dist was given;
    registered after xdist's own hook, this one runs before it, which turns `auto` into workers."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    if config.option.numprocesses is None and config.option.dist == "no":
        config.option.numprocesses = "auto"
        config.option.dist = "loadfile"


@pytest.hookimpl(optionalhook=True)  # xdist's own hook: unknown under -p no:xdist
def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pytest_cmdline_main above): half again as many workers as cores, three on two.
    Most of the suite waits — on the servers, browsers, clusters and programs it starts — so one worker
    a core left the cores 43% idle: 188 s for two workers here against 162 s for three."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, (cores or 1) * 3 // 2)


def serving(night, *options, state):
    """`start_serve` of ``night`` as a context: its port, its state in ``state`` (the links), and
    the server stopped (SIGINT, as Ctrl-C) when the block ends."""
    import contextlib
    import signal
    import subprocess

    @contextlib.contextmanager
    def served():
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        base, proc = start_serve(
            night,
            *options,
            env={**env, "XDG_STATE_HOME": str(state)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            yield int(base.rsplit(":", 1)[1])
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()

    return served()


def api_call(port, method, path, body=None, headers=None):
    """(status, JSON answer) of one request from the page's own origin; ``body``: bytes as sent,
    or data sent as JSON; ``headers``: more headers (If-Match)."""
    import http.client
    import json

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Origin": f"http://127.0.0.1:{port}", **(headers or {})}
    if body is not None:
        body = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=body, headers=headers)
    answer = conn.getresponse()
    out = json.loads(answer.read() or b"{}")
    conn.close()
    return answer.status, out
