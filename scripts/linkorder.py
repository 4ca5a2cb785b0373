"""What scripts/order-written-data and scripts/order-bmctl-start share: a program's
symbols, and a private bmd to measure against."""
import os
import subprocess
import time


def symbols(binary):
    """(address, size, name) of every defined symbol with a size, local ones included,
    sorted by address."""
    out = subprocess.run(["nm", "-S", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 4 and int(fields[1], 16) > 0:
            found.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    return sorted(found)


def private_bmd(bmd, bmctl, work):
    """Starts `bmd` with its socket and state in the folder `work` and an active routine;
    returns the process and the environment that reaches it."""
    env = dict(os.environ, XDG_RUNTIME_DIR=os.path.join(work, "run"), XDG_STATE_HOME=os.path.join(work, "state"))
    os.mkdir(env["XDG_RUNTIME_DIR"], 0o700)
    daemon = subprocess.Popen([bmd], env=env, stderr=subprocess.DEVNULL)
    socket = os.path.join(env["XDG_RUNTIME_DIR"], "better-morning", "bmd.sock")
    for _ in range(200):
        if os.path.exists(socket):
            break
        time.sleep(0.05)
    subprocess.run([bmctl, "--no-autostart", "activate", "kant"], env=env, check=True, stdout=subprocess.DEVNULL)
    return daemon, env
