"""Running a command and reading its own peak memory.

Linux counts the memory of the process that forks a child towards the child's peak (the
high-water mark survives fork and exec), so a command started straight from pytest, grown
large over a session, would report pytest's size. The command is started instead from a
small launcher, which waits for it and writes its peak (KiB), its pid and the processor time
it took (user and system, in seconds) beside each other. Processor time, unlike the wall
clock, does not grow when other processes load the machine.
"""

from __future__ import annotations

LAUNCHER = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
with open(sys.argv[1] + ".pid", "w") as f:
    f.write(str(child.pid))
_, status, usage = os.wait4(child.pid, 0)
child.returncode = os.waitstatus_to_exitcode(status)
with open(sys.argv[1] + ".cpu", "w") as f:
    f.write(repr(usage.ru_utime + usage.ru_stime))
with open(sys.argv[1], "w") as f:
    f.write(str(usage.ru_maxrss))
sys.exit(child.returncode if child.returncode >= 0 else 128 - child.returncode)
"""
