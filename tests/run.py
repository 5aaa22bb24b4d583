"""The one test command: `python3 tests/run.py [pytest arguments]`.

On a fresh machine with only Python 3.11+, it sets up what the tests need and runs
every test, unit and browser:
  1. a virtual environment in .venv with the pinned packages of tests/requirements.txt;
  2. Chromium for the browser tests: the system's headless shell
     (/usr/bin/chromium-headless-shell, the kind Playwright itself runs headless: it
     starts a page with less work than the whole browser) for most, and the whole
     browser (/usr/bin/chromium) for the few that need it (tests/e2e/conftest.py,
     `whole_browser`); Debian's packages when they are missing and we are root with apt;
     else Playwright's own download of both (none when the browser tests are left out:
     `-m "not e2e"`, as the publishing workflow runs it); and Node.js, with which the
     setup makes the standard library the pages get (Debian's, when missing);
  3. pytest over tests/ (the pinned web runtime fetched meanwhile, game/site/runtime.py:
     the browser tests ask for it again, and say what went wrong if it is missing), in
     parallel workers (pytest-xdist, a worker per core and one more; tests/conftest.py
     says where each test goes) unless the arguments choose otherwise (`-n 0` runs
     everything in this one process).
"""

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "tests" / "requirements.txt"
# The system's Chromium, best first: a page that starts the runtime costs the headless
# shell about a fifth less CPU than the whole browser run headless.
SYSTEM_CHROMIUMS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))


def step(message: str) -> None:
    print(f"[tests/run.py] {message}", flush=True)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> None:
    stamp = VENV / ".requirements-sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted and venv_python().exists():
        return
    step("creating .venv with the pinned test packages")
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(venv_python()), "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", "-r", str(REQUIREMENTS)], check=True)
    stamp.write_text(wanted)


def can_apt() -> bool:
    return bool(shutil.which("apt-get")) and os.geteuid() == 0


def apt_install(*packages: str) -> None:
    """Debian's packages, reading the package lists again if they are too old."""
    step(f"installing Debian's {' and '.join(packages)}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = ["apt-get", "install", "-y", "-qq", *packages]
    if subprocess.run(install, env=env, stdout=subprocess.DEVNULL).returncode:
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(install, env=env, stdout=subprocess.DEVNULL)


def ensure_chromium() -> dict:
    """Return the environment telling the browser tests which Chromium to launch:
    CHROMIUM for most, CHROMIUM_BROWSER (the whole browser) for the few that need it."""
    if os.environ.get("CHROMIUM") and Path(os.environ["CHROMIUM"]).exists():
        return {}
    shell, whole = SYSTEM_CHROMIUMS
    if not (shell.exists() and whole.exists()) and can_apt():
        apt_install("chromium-headless-shell", "chromium")
    if whole.exists():  # (the whole browser does all, if more slowly, when it is alone)
        return {"CHROMIUM": str(shell if shell.exists() else whole),
                "CHROMIUM_BROWSER": str(whole)}
    step("no system Chromium: asking Playwright for its own (the shell and the browser)")
    subprocess.run([str(venv_python()), "-m", "playwright", "install", "chromium"], check=True)
    return {}


def ensure_node() -> None:
    """Node.js, with which the site's setup makes the standard library the pages get, and
    its modules compiled (game/site/stdlib.py; browser tests play on both): Debian's
    package when it is missing and we are root with apt."""
    if not shutil.which("node") and can_apt():
        apt_install("nodejs")


def needs_browser(args: list[str]) -> bool:
    """Whether pytest may run browser tests: not when its marker expression (the last -m)
    leaves them out with a plain `not e2e`, alone or joined by `and`."""
    expression = None
    for i, arg in enumerate(args):
        if arg == "-m" and i + 1 < len(args):
            expression = args[i + 1]
        elif arg.startswith("-m") and len(arg) > 2:
            expression = arg[2:]
    if expression is None:
        return True
    words = expression.split()
    if "or" in words or "(" in expression:
        return True
    return not any(words[i:i + 2] == ["not", "e2e"] for i in range(len(words)))


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist's arguments: a worker per core and one more (three at least, six at
    most: a browser test waits on its page, for a motion or a timer, part of the time,
    and the extra worker uses those waits), tests placed by their groups; none when the
    arguments already say (-n, -p no:xdist) or ask for a debugger."""
    chosen = any(arg in ("-n", "--numprocesses", "--pdb", "--trace", "no:xdist")
                 or arg.startswith(("-n", "--numprocesses=", "-pno:xdist")) for arg in args)
    if chosen:
        return []
    workers = max(3, min((os.cpu_count() or 2) + 1, 6))
    return ["-n", str(workers), "--dist", "loadgroup"]


def main() -> int:
    os.chdir(ROOT)
    env = dict(os.environ)
    runtime = None
    browser = needs_browser(sys.argv[1:])
    if browser:
        ensure_node()
        # The web runtime (fetched, verified, its standard library made) while the
        # packages install: it needs only this Python. A failure here is reported by the
        # browser tests, which ask again.
        runtime = subprocess.Popen([sys.executable, "-m", "game.site.runtime"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ensure_venv()
    if browser:
        env.update(ensure_chromium())  # (Playwright's own download needs the venv)
    if runtime:
        runtime.wait()
    env["PYTHONPATH"] = str(ROOT)
    step("running pytest")
    args = sys.argv[1:]
    return subprocess.run([str(venv_python()), "-m", "pytest", *parallel(args), *args],
                          env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
