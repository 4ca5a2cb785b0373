"""Helpers shared by the Python bench scripts: a private bmd, timing whole processes,
a varlink client, readiness through NOTIFY_SOCKET, and the rows of the summary table.

Nothing here is part of bmd or bmctl; it only drives them from outside.
"""
import datetime
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

METHOD = "org.bettermorning.Morning."


def median(values):
    return statistics.median(values) if values else float("nan")


def percentile(values, p):
    """The value below which p percent of the sorted values lie (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def bin_dir(argv):
    if len(argv) > 1 and argv[1]:
        return os.path.abspath(argv[1])
    out = subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def page_faults(argv, env, runs=20):
    """Median minor page faults of one run of `argv`: getrusage of each child, which
    counts what the process itself touched, on any machine (perf may not be allowed)."""
    import resource
    counts = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        counts.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before)
    return median(counts)


def instructions(argv, env):
    """Instructions one run of `argv` executes, counted by valgrind's callgrind (the same
    on any machine and under any load), or None without valgrind."""
    import shutil
    import tempfile
    if not shutil.which("valgrind"):
        return None
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for line in run.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1].strip().replace(",", ""))
    return None


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


# MARK: the summary table

def row(measure, figure, reference, target, verdict):
    """Prints one row and appends it to $BENCH_SUMMARY (tab-separated) when set."""
    subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "row"),
                    measure, figure, reference, target, verdict], check=True)


def verdict_max(value, limit, unit, why):
    """'met' when value <= limit, else how much it is missed by and why."""
    if value <= limit:
        return "met"
    return f"MISSED by {value - limit:.{1 if unit == 'ms' else 2}f} {unit} ({value / limit:.2f}x the limit): {why}"


# MARK: a private bmd

class Sandbox:
    """A temporary XDG_RUNTIME_DIR and XDG_STATE_HOME, so bmd never meets the user's own."""

    def __init__(self, bins):
        self.bins = bins
        self.dir = tempfile.mkdtemp(prefix="bm-bench-")
        os.mkdir(os.path.join(self.dir, "run"), 0o700)
        self.env = dict(os.environ, XDG_RUNTIME_DIR=os.path.join(self.dir, "run"),
                        XDG_STATE_HOME=os.path.join(self.dir, "state"), LANG="en_GB.UTF-8")
        self.env.pop("NOTIFY_SOCKET", None)
        self.env.pop("LISTEN_FDS", None)
        self.socket = os.path.join(self.dir, "run", "better-morning", "bmd.sock")
        self.database = os.path.join(self.dir, "state", "better-morning", "bmd.sqlite")
        self.bmd = None

    def start(self, extra_env=None):
        log = open(os.path.join(self.dir, "bmd.log"), "ab")
        self.bmd = subprocess.Popen([os.path.join(self.bins, "bmd")], env=dict(self.env, **(extra_env or {})),
                                    stdout=subprocess.DEVNULL, stderr=log)
        for _ in range(400):
            if os.path.exists(self.socket):
                try:
                    VarlinkClient(self.socket).close()
                    return
                except OSError:
                    pass
            time.sleep(0.025)
        raise RuntimeError("bmd did not start; see " + os.path.join(self.dir, "bmd.log"))

    def stop(self):
        if self.bmd and self.bmd.poll() is None:
            self.bmd.send_signal(signal.SIGTERM)
            try:
                self.bmd.wait(10)
            except subprocess.TimeoutExpired:
                self.bmd.kill()
                self.bmd.wait()
        self.bmd = None

    def bmctl(self, *args, stdin=None):
        return subprocess.run([os.path.join(self.bins, "bmctl"), "--no-autostart", *args], env=self.env,
                              input=stdin, capture_output=True, text=True, check=True).stdout

    def import_routine(self, tasks, days_ago=7):
        """Imports one active custom routine that started days_ago, so today is checkable."""
        today = datetime.date.today()
        start = (today - datetime.timedelta(days=days_ago)).isoformat()
        document = {"format": "better-morning-export", "version": 1, "exportedOn": today.isoformat(),
                    "routines": [{"id": "bench", "name": "Bench", "type": "custom", "active": True,
                                  "createdDate": start, "startDate": start,
                                  "tasks": [{"time": t, "title": title} for t, title in tasks],
                                  "days": [], "open": []}]}
        path = os.path.join(self.dir, "routine.json")
        with open(path, "w") as f:
            json.dump(document, f)
        self.bmctl("import", path)

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def cpu_seconds(pid):
    """utime + stime of a process (all threads), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# MARK: timing whole processes

def spawn_ms(argv, env):
    """Wall time from spawning argv to reaping it, in ms; stdout and stderr to /dev/null.

    posix_spawn (vfork + exec in glibc) keeps the harness's own share small and the same
    for every command, so ratios between commands timed this way are fair."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        t0 = time.perf_counter_ns()
        pid = os.posix_spawnp(argv[0], argv, env, file_actions=[
            (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, status = os.waitpid(pid, 0)
        t1 = time.perf_counter_ns()
    finally:
        os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {os.waitstatus_to_exitcode(status)}")
    return (t1 - t0) / 1e6


def interleaved(commands, env, rounds, warmup=3):
    """Runs every command once per round, in an order rotated each round, and returns
    {name: [ms, ...]}. Interleaving spreads the noise of a shared machine over all of
    them alike, so each ratio compares runs made seconds apart.

    A command may be a list of argvs run in turn (only the first one is timed), such as
    check then uncheck, so every timed check really changes the state."""
    names = list(commands)
    times = {name: [] for name in names}
    for r in range(warmup + rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            spec = commands[name]
            argvs = spec if isinstance(spec[0], list) else [spec]
            t = spawn_ms(argvs[0], env)
            for rest in argvs[1:]:
                spawn_ms(rest, env)
            if r >= warmup:
                times[name].append(t)
    return times


# MARK: varlink over the Unix socket

class VarlinkClient:
    """A blocking varlink client: one JSON object and a NUL byte each way."""

    def __init__(self, path, timeout=30):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buffer = b""

    def call(self, method, parameters=None):
        message = {"method": method if "." in method else METHOD + method}
        if parameters:
            message["parameters"] = parameters
        self.sock.sendall(json.dumps(message).encode() + b"\0")
        while b"\0" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("bmd closed the connection")
            self.buffer += chunk
        frame, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(frame)

    def close(self):
        self.sock.close()


# MARK: readiness

def ready_ms(argv, env, log_path, timeout=30):
    """Spawns argv with NOTIFY_SOCKET set, as systemd would, and returns the ms until it
    sends READY=1, then stops it with SIGTERM."""
    folder = tempfile.mkdtemp(prefix="bm-notify-")
    path = os.path.join(folder, "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(timeout)
    try:
        with open(log_path, "ab") as log:
            t0 = time.perf_counter_ns()
            process = subprocess.Popen(argv, env=dict(env, NOTIFY_SOCKET=path),
                                       stdout=subprocess.DEVNULL, stderr=log)
            try:
                while True:
                    message = sock.recv(4096)
                    if b"READY=1" in message.split(b"\n"):
                        elapsed = (time.perf_counter_ns() - t0) / 1e6
                        break
            finally:
                process.send_signal(signal.SIGTERM)
                process.wait(10)
        return elapsed
    finally:
        sock.close()
        shutil.rmtree(folder, ignore_errors=True)


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)
