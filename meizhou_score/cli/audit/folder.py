"""``audit``'s working folder in ``--out``: named after the run that made it, and the folders of
runs that were killed (SIGKILL, a power cut: nothing of theirs ran to remove them) removed by the
next run that writes there.

The folder's name says whose it is: ``.audit-HOST-PID-START-XXXXXXXX``, where HOST is a short
digest of the machine's name and boot (``/proc/sys/kernel/random/boot_id``), PID the process and
START when it started (``/proc/PID/stat``, clock ticks since boot), so that a process id used
again by another program is not taken for the run. A folder is removed only when all three say
its run is over: made on this machine since it booted, and no process with that id and start is
alive (a zombie, killed and not yet reaped, is not). A folder another machine made (an ``--out``
shared over the network), or one whose run may be alive, is left alone; so is any other name.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import stat
import tempfile

_NAME = re.compile(r"\.audit-([0-9a-f]{8})-([0-9]+)-([0-9]+)-[A-Za-z0-9_]+")


def _started(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot); None where it is gone, a zombie,
    or there is no /proc to ask."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as found:
            fields = found.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    if fields[0] in (b"Z", b"X"):  # killed, not yet reaped: its run is over
        return None
    return int(fields[19])


def _machine() -> str:
    """This machine since it booted, as 8 hex digits."""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as found:
            boot = found.read().strip()
    except OSError:
        boot = ""
    return hashlib.sha256(f"{socket.gethostname()}\n{boot}".encode()).hexdigest()[:8]


def _alive(pid: int, start: int) -> bool:
    if start and os.path.isdir("/proc/self"):
        return _started(pid) == start
    try:  # no start known (no /proc: macOS, BSD): any process with that id is taken for the run
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def make(out_dir: str) -> str:
    """The run's own working folder in ``out_dir`` (which exists), after removing those of
    killed runs."""
    machine = _machine()
    pid = os.getpid()
    remove_killed(out_dir, machine)
    return tempfile.mkdtemp(prefix=f".audit-{machine}-{pid}-{_started(pid) or 0}-", dir=out_dir)


def remove_killed(out_dir: str, machine: str | None = None) -> list[str]:
    """Remove the working folders this machine's killed runs left in ``out_dir``; the names
    removed."""
    machine = machine or _machine()
    try:
        names = os.listdir(out_dir)
    except OSError:
        return []
    removed = []
    for name in sorted(names):
        found = _NAME.fullmatch(name)
        if found is None or found[1] != machine or _alive(int(found[2]), int(found[3])):
            continue
        path = os.path.join(out_dir, name)
        try:
            if not stat.S_ISDIR(os.lstat(path).st_mode):  # a link or a file: not ours
                continue
        except OSError:
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(name)
    return removed
