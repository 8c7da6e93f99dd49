#!/usr/bin/env python3
"""Runs a command and reports the CPU time and peak RSS of every process it started, the ones
still running when it exits included (as a subreaper, this process inherits and waits for them).
/usr/bin/time counts only the children a command waited for itself: folio's esbuild service
outlives node by a moment and was never counted (~0.2 s of CPU a build).

    python3 bench/reap.py COMMAND [ARGS...]

Prints to stderr, after the command's own output, one line:
    reap: status=<exit status> user=<s> system=<s> maxrss_kb=<largest single process's peak RSS>
"""
import ctypes
import os
import resource
import sys

PR_SET_CHILD_SUBREAPER = 36


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: reap.py COMMAND [ARGS...]\n")
        return 2
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.stderr.write("reap: prctl(PR_SET_CHILD_SUBREAPER) failed: errno %d\n" % ctypes.get_errno())
        return 2
    child = os.fork()
    if child == 0:
        try:
            os.execvp(sys.argv[1], sys.argv[1:])
        except OSError as error:
            sys.stderr.write("reap: cannot run %s: %s\n" % (sys.argv[1], error))
            os._exit(127)
    status = None
    while True:
        try:
            pid, raw = os.wait()
        except ChildProcessError:
            break
        if pid == child:
            status = os.waitstatus_to_exitcode(raw)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    sys.stderr.write("reap: status=%d user=%.3f system=%.3f maxrss_kb=%d\n" % (status, usage.ru_utime, usage.ru_stime, usage.ru_maxrss))
    return status if status is not None and status >= 0 else 1


if __name__ == "__main__":
    sys.exit(main())
