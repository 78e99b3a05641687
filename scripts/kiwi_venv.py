"""Run the calling script inside a venv that has kiwisolver from PyPI (made on first use).

Used by scripts/gen_solver_fixtures.py and Benchmarks/kiwi_peer.py.
"""
import os
import subprocess
import sys


def ensure_kiwisolver(venv, script):
    """Return if kiwisolver imports; otherwise re-exec `script` with the venv's python,
    creating the venv and installing kiwisolver into it first."""
    try:
        import kiwisolver  # noqa: F401
        return
    except ImportError:
        pass
    if os.environ.get("BP_IN_VENV"):
        sys.exit("kiwisolver is still missing inside the venv " + venv)
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.check_call([sys.executable, "-m", "venv", venv])
    subprocess.check_call([py, "-m", "pip", "install", "-q", "kiwisolver"])
    env = dict(os.environ, BP_IN_VENV="1")
    os.execve(py, [py, os.path.abspath(script)] + sys.argv[1:], env)
