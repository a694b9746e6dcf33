"""The files a command writes besides the night (出檔): a chart, an export, a hand record.

One rule for every output path a person names (``--chart``, ``export --output``):

- ``-`` is standard output;
- a FIFO, a character device or a terminal is written through, opened and written as
  ``cat > x`` would: never replaced by a regular file (``/dev/null`` stays a device);
- a folder, one of the command's own input files (also through a link), or any other kind of
  node (a block device, a socket) is refused before anything is written;
- a regular file is replaced atomically (:func:`filewrite.write`: temporary file, rename), so
  that Ctrl-C or a full disk leaves the old file whole and no temporary file behind.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterable

from ..errors import OutputError
from ..i18n.messages import Message, at, msg, reason
from ..i18n.visible import visible


def check_output(path: str, inputs: Iterable[str] = ()) -> None:
    """Refuse ``path`` as an output (raising :class:`OutputError`) unless writing it is safe; call
    it before the work, so that a refusal touches nothing."""
    if path == "-":
        return
    if not path:
        raise OutputError(at("''", msg("an empty path names no file; nothing was written")))
    try:
        found = os.stat(path)
    except FileNotFoundError:
        # through a dangling link, the file is made where the link points: that folder must exist
        folder = os.path.dirname(os.path.realpath(path)) or "."
        if path.endswith(os.sep) or not os.path.isdir(folder):
            raise OutputError(at(path, msg("no such folder: {folder}", folder=folder))) from None
        return
    except OSError as exc:  # a loop of links, a name too long: refused before any work
        raise OutputError(at(path, reason(exc))) from None
    if stat.S_ISDIR(found.st_mode):
        refusal = IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        raise OutputError(at(path, reason(refusal)))  # "Is a directory", in either language
    if stat.S_ISREG(found.st_mode):
        source = input_at(found, inputs)
        if source is not None:
            raise OutputError(replaces_input(path, source))
        return
    if not (stat.S_ISFIFO(found.st_mode) or stat.S_ISCHR(found.st_mode)):
        raise OutputError(
            at(path, msg("not a file, a pipe or a terminal; nothing was written to it"))
        )


def write_output(path: str, text: str, inputs: Iterable[str] = (), bom: bool = False) -> None:
    """Write ``text`` (UTF-8) to the output path ``path`` as the module's rule says."""
    inputs = tuple(inputs)
    check_output(path, inputs)
    if path == "-":
        sys.stdout.write(("\ufeff" if bom else "") + text)
        sys.stdout.flush()
        return
    if os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode):
        # a pipe, a device, a terminal: written through, as `cat > x` would; never replaced
        with open(os.open(path, os.O_WRONLY | os.O_NOCTTY), "wb") as stream:
            stream.write(("\ufeff" if bom else "").encode("utf-8") + text.encode("utf-8"))
        return
    from .filewrite import write

    write(path, text, bom)


def write_new(path: str, text: str) -> bool:
    """Write ``text`` to ``path`` as a new regular file, never replacing one: written whole to a
    temporary file beside it, then linked to its name, which fails when a file took the name
    meanwhile (another ``record -o`` at the same moment): False then, and nothing written. A pipe
    or a device is written through as :func:`write_output` does."""
    if path == "-" or (os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode)):
        write_output(path, text)
        return True
    import tempfile

    from .filewrite import new_file_mode

    target = os.path.realpath(path)  # a dangling link: the file is made where it points
    fd, temporary = tempfile.mkstemp(
        prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=os.path.dirname(target)
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, new_file_mode())
        try:
            os.link(temporary, target)  # atomic, and never over an existing name
        except FileExistsError:
            return False
        except OSError as exc:  # a file system without links (FAT): create it, never replace it
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise
            try:
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, new_file_mode())
            except FileExistsError:
                return False
            with os.fdopen(fd, "wb") as handle:
                handle.write(text.encode("utf-8"))
        return True
    finally:
        os.unlink(temporary)


def same_file(found: os.stat_result, other: os.stat_result) -> bool:
    """Whether two nodes are one regular file (by any name: a link, a hard link)."""
    return stat.S_ISREG(found.st_mode) and (found.st_dev, found.st_ino) == (
        other.st_dev,
        other.st_ino,
    )


def input_at(output: str | os.stat_result, inputs: Iterable[str]) -> str | None:
    """The input (of ``inputs``; ``-`` and URLs skipped) that the output, a path or the node it
    names, is the same regular file as; None when it is none of them. The one check of an output
    against the inputs: ``settle``, ``audit``, ``record`` and the ledger's exports call it."""
    if isinstance(output, str):
        try:
            output = os.stat(output)
        except OSError:
            return None
    for source in inputs:
        if source == "-" or "://" in source:
            continue
        try:
            if same_file(output, os.stat(source)):
                return source
        except OSError:
            continue
    return None


def replaces_input(output: str, source: str) -> Message:
    """The one refusal of an output that is an input, in every command's words."""
    return at(
        output,
        msg(
            "this is an input of the command ({source}); writing it would destroy it, so "
            "nothing was written",
            source=visible(source),
        ),
    )
