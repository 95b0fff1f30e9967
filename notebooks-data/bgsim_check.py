"""The check a script makes before it reads a bgsim output folder, shared by
bgsim-figures.ipynb and plot_example.py.

With a bgsim binary (the one BGSIM names, the checkout's release build or one on PATH),
`bgsim summarize` checks every file of the folder: its form and its checksum against
manifest.json, so a file cut short, garbled, or with a figure changed since the run is
refused in one line (0.4 s for the main job's folder). Without one, only the form of the
files named is checked here (about 2 s for the main job's), and a line says that the
checksums were not compared.
"""

import csv
import os
import shutil
import subprocess
from pathlib import Path


class DamagedFolder(Exception):
    """A file of the folder is not what the run wrote; the message names it."""


def find_bgsim():
    """The bgsim binary to check with, or None."""
    checkout = Path(__file__).resolve().parent.parent
    places = [checkout, Path.cwd(), Path.cwd().parent]
    candidates = [os.environ.get("BGSIM"), *(str(d / ".build/release/bgsim") for d in places), shutil.which("bgsim")]
    return next((b for b in candidates if b and Path(b).is_file()), None)


def check_csv(path):
    """Refuses a damaged file, as bgsim report does: cut short, control bytes, or a row whose
    field count is not the header's (pandas would read such a file into other numbers)."""
    data = path.read_bytes()
    if not data.endswith(b"\n"):
        raise DamagedFolder(f"{path}: the last row is cut short; run the command that wrote it again")
    bad = next((b for b in data if b < 0x20 and b != 0x0A or b == 0x7F), None)
    if bad is not None:
        raise DamagedFolder(f"{path}: byte {bad:#x} is no text; the file is damaged, run the command that wrote it again")
    rows = csv.reader(data.decode("utf-8").splitlines())
    width = len(next(rows))
    for line, row in enumerate(rows, start=2):
        if len(row) != width:
            raise DamagedFolder(f"{path} line {line}: {len(row)} fields where the header has {width}; the file is damaged")


def check_folder(out, names):
    """Raises DamagedFolder when a file of the run folder `out` is damaged or changed since
    the run; `names` are the files checked without a bgsim binary."""
    bgsim = find_bgsim()
    if bgsim:
        checked = subprocess.run(
            [bgsim, "summarize", str(out), "--metric", "launches_per_device_day"], capture_output=True, text=True
        )
        if checked.returncode != 0:
            raise DamagedFolder(checked.stderr.strip().removeprefix("bgsim: "))
        return
    for name in names:
        check_csv(Path(out) / name)
    print("the files' checksums were not compared with manifest.json: no bgsim binary found (set BGSIM)")
