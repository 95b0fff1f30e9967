"""Two of bgsim's report charts drawn from its CSV with pandas and matplotlib.

    python3 notebooks-data/plot_example.py [OUT_DIR] [PNG]

OUT_DIR is the --out folder of `bgsim run` (default: the main job's,
notebooks-data/refresh-vs-processing); the figure goes to PNG (default:
OUT_DIR/plot_example.png). Left: launches by hour of day, each arm on its own
scale. Right: the CDF of the delay after earliestBeginDate, each arm to its own
maximum. Both use sweep cell 0 and leave out the warm-up days. In a sweep, every
CSV also has one column per swept key after `cell`, so for example
`pd.read_csv("days.csv").groupby(["app.opens_per_day", "arm"])` needs no join.

A file cut short, garbled or changed since the run (the checksums in manifest.json)
stops it with one line naming the file and exit code 1, as the notebook stops: the
check is bgsim_check.py's, beside this script.
"""

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "notebooks-data/refresh-vs-processing"
png = sys.argv[2] if len(sys.argv) > 2 else f"{out}/plot_example.png"

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bgsim_check import DamagedFolder, check_folder  # noqa: E402

if not (Path(out) / "manifest.json").exists():
    sys.exit(f"plot_example.py: {out}: no bgsim run there (no manifest.json); run bgsim run first")
try:
    check_folder(out, ["hour_of_day.csv", "launches.csv"])
except DamagedFolder as damaged:
    sys.exit(f"plot_example.py: {damaged}")

with open(f"{out}/manifest.json") as f:
    manifest = json.load(f)
# The warm-up days the summary left out, as the manifest records them (also when the
# run read them from its data, `warmup_days: auto`).
warmup_days = int(manifest.get("warmup_days", 0))
warmup_s = 86_400 * warmup_days

hours = pd.read_csv(f"{out}/hour_of_day.csv")
launches = pd.read_csv(f"{out}/launches.csv")
launches = launches[(launches.cell == 0) & (launches.launched_at_s >= warmup_s)]

fig, (by_hour, cdf) = plt.subplots(1, 2, figsize=(11, 4))
for arm, g in hours[hours.cell == 0].groupby("arm"):
    share = g.launches / max(g.launches.max(), 1)
    by_hour.step(g.hour, share, where="mid", label=arm)
by_hour.set(xlabel="hour of day [h]", ylabel="launches (share of the arm's busiest hour)", xlim=(0, 23))
by_hour.legend()

for arm, g in launches.dropna(subset=["delay_after_earliest_s"]).groupby("arm"):
    delay_h = g.delay_after_earliest_s.sort_values().to_numpy() / 3600
    cdf.plot(delay_h, [(i + 1) / len(delay_h) for i in range(len(delay_h))], label=arm)
cdf.set(xlabel="delay after earliestBeginDate [h]", ylabel="share ≤ x", xscale="symlog")
cdf.legend()

fig.tight_layout()
fig.savefig(png, dpi=100)
print(png)
