/// The default experiment, `experiments/refresh-vs-processing.yaml`, built into the
/// binary so that `bgsim run` works from anywhere. A test checks that the two agree.
public enum DefaultExperiment {
  public static let fileName = "refresh-vs-processing.yaml"

  public static let text = """
    # The main job: the same sync work requested as a BGAppRefreshTask or as a
    # BGProcessingTask, on the same 200 typical owners for 30 days. Run it with `bgsim run`.
    name: refresh-vs-processing
    days: 30
    # Left out of the summary: the days until the launches settle, read from the run
    # itself by the MSER rule (10 here: dasd's timeline learns each owner's opens of the app).
    warmup_days: auto
    devices: 200
    replications: 1
    seed: 42
    start: 2026-01-05
    ios: ios26
    persona: typical
    app:
      bundle: com.example.sync
      background_modes: [fetch, processing]
      permitted_identifiers: [com.example.sync]
      opens_per_day: 5
      force_quit_probability: 0.1
      background_app_refresh: true
    scheduler:
      model: ios
    arms:
      refresh:
        tasks:
          - identifier: com.example.sync
            type: refresh
            earliest_begin: 15m
            submit: [on_launch, on_completion]
            work: "lognormal(median: 5s, sigma: 0.6)"
            network_bytes: 50000
      processing:
        tasks:
          - identifier: com.example.sync
            type: processing
            earliest_begin: 15m
            submit: [on_launch, on_completion]
            work: "lognormal(median: 5s, sigma: 0.6)"
            network_bytes: 50000
    # Claims from the facts files, checked after the run (exit code 1 if one fails):
    # processing runs only on the charger (dasd; developers' reports); refresh runs mostly
    # off it, before the owner's opens (WWDC 2020); the delay after earliestBeginDate "can be
    # many hours" (BGTaskRequest docs), so it is well above zero; and a processing request
    # re-armed with a 15-min earliest date runs about every 30 min while the phone charges
    # idle (field-observations-3.md V1, V3: dasd spaces it from the app's last launch), so on
    # a phone charged overnight it runs more often than the same work as refresh.
    # The last two were written when bgsim predicted opens over 7.5 min with a 2-day
    # half-life; with dasd's app timeline (15-min slots, two weeks, every day alike) both
    # fail: refresh runs at most moments by day for an app opened 5 times a day. They are
    # kept as written, and the run exits 1 (the calibration notes give the figures).
    hypotheses:
      - "processing share_while_charging >= 0.95"
      - "refresh share_while_charging < 0.5"
      - "refresh median delay_after_earliest_s > 15m"
      - "processing launches_per_device_day > refresh launches_per_device_day (paired, alpha = 0.05)"
    """
}
