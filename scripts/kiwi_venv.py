"""Run the calling script inside a venv that has a package from PyPI (made on first use).

Used by scripts/gen_solver_fixtures.py and Benchmarks/kiwi_peer.py (kiwisolver) and by
scripts/gen_font_metrics.py (fontTools).
"""
import importlib
import os
import subprocess
import sys


def ensure_module(venv, script, module, package=None):
    """Return if `module` imports; otherwise re-exec `script` with the venv's python,
    creating the venv and installing `package` (default: `module`) into it first if needed."""
    try:
        importlib.import_module(module)
        return
    except ImportError:
        pass
    if os.environ.get("BP_IN_VENV"):
        sys.exit(module + " is still missing inside the venv " + venv)
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.check_call([sys.executable, "-m", "venv", venv])
    if subprocess.call([py, "-c", "import " + module], stderr=subprocess.DEVNULL) != 0:
        subprocess.check_call([py, "-m", "pip", "install", "-q", package or module])
    env = dict(os.environ, BP_IN_VENV="1")
    os.execve(py, [py, os.path.abspath(script)] + sys.argv[1:], env)


def ensure_kiwisolver(venv, script):
    ensure_module(venv, script, "kiwisolver")
