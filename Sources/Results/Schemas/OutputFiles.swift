import FileFormats
import Foundation

/// Every CSV file bgsim writes, declared once: the writers write the header from these,
/// the summary and the report read columns by the names in them, and a test checks the
/// DocC article *Output files* against them.
extension CSVSchema {
  /// One row per task request's fate (and each launch of the system's own work).
  public static let launches = CSVSchema(
    "launches.csv",
    [
      "cell", "arm", "replication", "device", "app", "task_id", "kind", "submitted_at_s", "submitted_at_iso",
      "earliest_begin_s", "launched_at_s", "launched_at_iso", "ended_at_s", "outcome",
      "delay_after_earliest_s",
      "charging", "network", "battery_pct", "device_idle_s", "launch_trigger", "launch_reason",
      "launch_score",
      "launch_threshold", "error_code",
    ])
  /// One row per (cell, arm, replication, device, day).
  public static let days = CSVSchema(
    "days.csv",
    [
      "cell", "arm", "replication", "device", "day", "date", "warmup", "launches_refresh",
      "launches_processing",
      "launches_other", "launches", "completed", "expired", "kills", "energy_mwh", "battery_energy_mwh",
      "cellular_bytes",
      "app_opens",
      "staleness_median_s", "staleness_worst_s", "opens_fresh_1h", "first_on_charger_s", "off_s",
    ])
  /// One row per device change or app event of the owners whose day is kept.
  public static let timelines = CSVSchema(
    "timelines.csv",
    [
      "cell", "arm", "replication", "device", "app", "day", "time_s", "source", "event", "task_id", "value",
      "battery_pct",
    ])
  /// One row per (cell, arm, metric), and per (cell, arm pair, metric) for paired differences.
  public static let summary = CSVSchema(
    "summary.csv",
    [
      "cell", "kind", "arm", "metric", "unit", "n", "observations", "mean", "sd", "ci95_low", "ci95_high",
      "median", "median_ci95_low", "median_ci95_high", "p10", "p90", "p_value", "p_value_holm",
    ])
  /// One row per (cell, arm, hour of the day).
  public static let hourOfDay = CSVSchema("hour_of_day.csv", ["cell", "arm", "hour", "launches"])
  /// One row per (cell, arm, hour of the day): the share of owner-days with a launch in
  /// that hour, its mean over owners with a 95 % interval inside [0, 1].
  public static let launchProbabilityByHour = CSVSchema(
    "launch_probability_by_hour.csv", ["cell", "arm", "hour", "n", "share", "ci95_low", "ci95_high"])
  /// One row per (cell, hypothesis).
  public static let hypotheses = CSVSchema(
    "hypotheses.csv",
    [
      "cell", "hypothesis", "estimate", "ci_low", "ci_high", "p_value", "p_value_holm", "result",
      "owners_needed",
    ])

  /// One row per interval checked by `bgsim coverage`: how many runs' intervals held the
  /// reference run's figure, and the counts a true coverage in the band allows.
  public static let coverage = CSVSchema(
    "coverage.csv",
    [
      "cell", "kind", "arm", "app", "metric", "statistic", "reference", "runs", "covered", "missed_high",
      "missed_low", "coverage", "band_low", "band_high", "in_band",
    ])

  /// One row per validation case (`bgsim calibrate`).
  public static let scorecard = CSVSchema(
    "scorecard.csv",
    [
      "case", "grade", "source", "test", "metric", "task", "band_low", "band_high", "real_low", "real_high",
      "reading", "provenance", "simulated", "ci95_low", "ci95_high", "typical_owner", "owners_low",
      "owners_high", "owners_width",
      "percentile_low", "percentile_high", "owners_without_figure", "owners_low_ci95_low",
      "owners_low_ci95_high", "owners_high_ci95_low", "owners_high_ci95_high", "edge", "in_band", "reason",
    ])

  /// One row per fitted parameter (`bgsim fit`): its prior and posterior, median and
  /// 90 % interval, and the shrinkage. (`draws.csv` and `posterior.csv` have a column per
  /// parameter, named by the fit: `draw`, the parameters, then `distance` and `kept` or
  /// `weight`, and in `draws.csv` one `figure_NAME` per target figure.)
  public static let fitSummary = CSVSchema(
    "fit_summary.csv",
    [
      "parameter", "prior", "prior_median", "prior_low90", "prior_high90", "posterior_median",
      "posterior_low90", "posterior_high90", "shrinkage",
    ])
  /// One row per figure of a launch log (`bgsim fit --log`): observed and simulated on
  /// the fitted values.
  public static let logFigures = CSVSchema("log_figures.csv", ["figure", "observed", "fitted"])

  /// One row per (cell, arm, replication, device, other app), when the experiment puts
  /// other apps on the phones: what each of them did on the days after the warm-up.
  public static let otherApps = CSVSchema(
    "other_apps.csv",
    [
      "cell", "arm", "replication", "device", "app", "work", "usage_rank", "days", "opens", "launches",
      "suspended", "energy_mwh", "battery_energy_mwh",
    ])

  /// One row per (cell, arm, other app, metric) and per (cell, pair of arms, other app,
  /// metric), when the experiment puts other apps on the phones: their figures per day
  /// over owners (``OtherAppSummary``).
  public static let otherAppSummary = CSVSchema(
    "other_app_summary.csv",
    ["cell", "kind", "arm", "app", "metric", "unit", "n", "mean", "sd", "ci95_low", "ci95_high", "p_value"])

  /// One row per (cell, arm, replication, device, other app, day), when the experiment
  /// asks for it (`outputs: {other_app_days: true}`): what each other app did that day.
  public static let otherAppDays = CSVSchema(
    "other_app_days.csv",
    [
      "cell", "arm", "replication", "device", "app", "day", "date", "warmup", "opens", "launches",
      "suspended", "energy_mwh", "battery_energy_mwh",
    ])

  /// Every CSV file `bgsim run` writes, in the order it lists them (and
  /// ``otherAppOutputs`` after them when the experiment has other apps).
  public static let experimentOutputs: [CSVSchema] = [
    launches, days, timelines, summary, hourOfDay, launchProbabilityByHour, hypotheses,
  ]

  /// The CSV files a run writes when a cell has other apps (`other_app_days.csv` only
  /// when the experiment asks for it), in the order it lists them.
  public static let otherAppOutputs: [CSVSchema] = [otherApps, otherAppSummary, otherAppDays]

  /// Every CSV file a run may write: ``experimentOutputs``, then ``otherAppOutputs``.
  public static let runOutputs: [CSVSchema] = experimentOutputs + otherAppOutputs
}

/// The output folder's files that are not CSV, by name.
public enum OutputFileNames {
  /// The resolved configuration and the run's provenance; written last, it marks a
  /// finished run.
  public static let manifest = "manifest.json"
  /// `bgsim report`'s page.
  public static let report = "report.html"
  /// `bgsim advise`'s answer, kept beside the run's files for the report's answers.
  public static let advice = "advice.txt"
  /// What `bgsim run --shard K/N` leaves beside its parts, in place of the manifest.
  public static let shardRecord = "shard.json"

  /// Refuses `path` unless it is a folder with a manifest, naming which it lacks: a
  /// folder that does not exist is said to be missing, not "not a bgsim folder". Returns
  /// the manifest.
  @discardableResult
  public static func requireRunFolder(_ path: String) throws(UserError) -> RunManifest {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
      throw UserError("\(path): no such folder; give the --out folder of bgsim run")
    }
    let manifestPath = URL(fileURLWithPath: path).appendingPathComponent(manifest).path
    guard FileManager.default.fileExists(atPath: manifestPath) else {
      if FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: path).appendingPathComponent(shardRecord).path)
      {
        throw UserError(
          "\(path): one shard of a run (bgsim run --shard), not its output; combine all its shards with bgsim merge and give the merged folder"
        )
      }
      throw UserError(
        "\(path): \(otherCommandsFolder(path) ?? "not a bgsim output folder (no manifest.json)"); give the --out folder of bgsim run"
      )
    }
    guard let manifest = RunManifest.read(directory: path) else {
      throw UserError(
        "\(manifestPath): not the JSON of a bgsim run's manifest; the folder is damaged, run the experiment again"
      )
    }
    return manifest
  }

  /// What another command's folder is, named by the file it writes: a coverage study's
  /// (with where its reference run is), `bgsim calibrate`'s or `bgsim trace`'s; nil for
  /// any other folder.
  static func otherCommandsFolder(_ path: String) -> String? {
    let file = { (name: String) in URL(fileURLWithPath: path).appendingPathComponent(name).path }
    let exists = { (name: String) in FileManager.default.fileExists(atPath: file(name)) }
    if exists(CSVSchema.coverage.file) {
      let reference =
        exists("reference/\(manifest)")
        ? " (its reference run is \((path as NSString).appendingPathComponent("reference")))" : ""
      return "a coverage study's folder\(reference), not a run's output"
    }
    if exists(CSVSchema.scorecard.file) {
      return "bgsim calibrate's folder (scorecard.csv), not a run's output"
    }
    if exists("device_events.csv") { return "bgsim trace's folder (device_events.csv), not a run's output" }
    return nil
  }

  /// Checks every CSV file of the run in `path` that exists (``CSVSchema/verify(path:)``),
  /// and that its bytes are still those the run wrote where the manifest records their
  /// checksum in `manifest` (``RunManifest/files``): a digit changed after the run would
  /// otherwise read as a plausible figure. Before `report` or `summarize` reads any of
  /// them; each file is read once for both checks.
  public static func verifyRunFiles(_ path: String, manifest record: RunManifest) throws(UserError) {
    let recorded = record.files ?? [:]
    for schema in CSVSchema.runOutputs {
      let file = URL(fileURLWithPath: path).appendingPathComponent(schema.file).path
      guard FileManager.default.fileExists(atPath: file) else { continue }
      let checked = try schema.verify(path: file)
      if let expected = recorded[schema.file], checked != expected {
        throw UserError(
          "\(file): not the bytes the run wrote (its checksum in \(manifest) differs); the file was edited or damaged since, run the experiment again"
        )
      }
    }
  }
}
