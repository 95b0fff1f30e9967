import Results

/// The default experiment, `experiments/refresh-vs-processing.yaml`, built into the
/// binary so that `bgsim run` works from anywhere. A test checks that the two agree.
public enum DefaultExperiment {
  public static let fileName = "refresh-vs-processing.yaml"

  public static let text = """
    # The main job: the same sync work requested as a BGAppRefreshTask or as a
    # BGProcessingTask, on the same 200 typical owners for 30 days. Run it with `bgsim run`.
    name: refresh-vs-processing
    days: 30
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
    # Claims from the facts file, checked after the run (exit code 1 if one fails):
    # processing runs only on the charger (dasd; developers' reports); refresh runs mostly
    # off it, before the owner's opens (WWDC 2020); and the delay after earliestBeginDate
    # "can be many hours" (BGTaskRequest docs), so it is well above zero; and processing,
    # paced and held to the charger, runs less often than its date allows (field reports
    # P2, P5), so the same work costs less energy as processing.
    hypotheses:
      - "processing share_while_charging >= 0.95"
      - "refresh share_while_charging < 0.5"
      - "refresh median delay_after_earliest_s > 15m"
      - "processing energy_per_day_mwh < refresh energy_per_day_mwh (paired, alpha = 0.05)"
    """
}
