import Foundation

/// The columns of one output CSV file, declared once. The writers write the header from
/// it, the summary and the report read columns by the names in it, and a test checks
/// the DocC article *Output files* against it.
///
/// In a sweep, the files whose first column is `cell` carry one column per swept key
/// right after it (``sweeping(_:)``): bgsim's own columns keep their names and order,
/// and ``index(_:)`` gives their position in the file either way.
public struct CSVSchema: Sendable, Hashable {
  /// The file's name in the output folder.
  public let file: String
  /// bgsim's own columns, in order, without the swept keys.
  public let ownColumns: [String]
  /// The swept keys, after `cell`, in the sweep's order (none outside a sweep).
  public let sweptKeys: [String]

  init(_ file: String, _ columns: [String]) {
    self.file = file
    self.ownColumns = columns
    self.sweptKeys = []
  }

  private init(file: String, ownColumns: [String], sweptKeys: [String]) {
    self.file = file
    self.ownColumns = ownColumns
    self.sweptKeys = sweptKeys
  }

  /// Whether the file has a `cell` column first, after which swept keys go.
  public var hasCell: Bool { ownColumns.first == "cell" }

  /// The columns of the file, in order: `cell`, the swept keys, then the rest.
  public var columns: [String] {
    sweptKeys.isEmpty ? ownColumns : [ownColumns[0]] + sweptKeys + ownColumns.dropFirst()
  }

  /// The header line, with its newline.
  public var header: String { columns.map(OwnerSimulation.csvField).joined(separator: ",") + "\n" }

  /// The same file in a sweep over `keys` (a file without `cell` is unchanged).
  public func sweeping(_ keys: [String]) -> CSVSchema {
    hasCell ? CSVSchema(file: file, ownColumns: ownColumns, sweptKeys: keys) : self
  }

  /// The layout of a file written with this schema, read off its header line: the
  /// columns between `cell` and bgsim's second column are the swept keys. Nil when the
  /// header is not `cell`, any keys, then the rest of ``ownColumns`` in order.
  public func reading(header: [String]) -> CSVSchema? {
    let swept = header.count - ownColumns.count
    guard swept >= 0, swept == 0 || hasCell else { return nil }
    let layout = sweeping(Array(header.dropFirst().prefix(swept)))
    return layout.columns == header ? layout : nil
  }

  /// The layout of the file at `path`, read off its header line (``reading(header:)``).
  public func layout(ofFile path: String) throws(UserError) -> CSVSchema {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw UserError("cannot read \(path)") }
    let head = String(decoding: handle.readData(ofLength: 1 << 16), as: UTF8.self)
    try? handle.close()
    let header = head.prefix { $0 != "\n" }.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0)
    }
    guard let layout = reading(header: header) else {
      let missing = ownColumns.first { !header.contains($0) }
      throw UserError(
        "\(path): "
          + (missing.map { "missing column '\($0)'" } ?? "columns out of order")
          + "; this file was not written by this bgsim, run the experiment again")
    }
    return layout
  }

  /// The position in the file of bgsim's column `name`, which must be one of
  /// ``ownColumns`` (a swept key of the same name does not hide it).
  public func index(_ name: String) -> Int {
    guard let i = ownColumns.firstIndex(of: name) else {
      preconditionFailure("\(file) has no column \(name)")
    }
    return i == 0 ? 0 : i + sweptKeys.count
  }

  /// One row per task request's fate (and each launch of the system's own work).
  public static let launches = CSVSchema(
    "launches.csv",
    [
      "cell", "arm", "replication", "device", "task_id", "kind", "submitted_at_s", "submitted_at_iso",
      "earliest_begin_s", "launched_at_s", "launched_at_iso", "ended_at_s", "outcome",
      "delay_after_earliest_s",
      "charging", "network", "battery_pct", "device_idle_s", "launch_reason", "error_code",
    ])
  /// One row per (cell, arm, replication, device, day).
  public static let days = CSVSchema(
    "days.csv",
    [
      "cell", "arm", "replication", "device", "day", "date", "warmup", "launches_refresh",
      "launches_processing",
      "launches_other", "completed", "expired", "kills", "energy_mwh", "cellular_bytes", "app_opens",
      "staleness_median_s", "staleness_worst_s", "opens_fresh_1h",
    ])
  /// One row per device change or app event of the owners whose day is kept.
  public static let timelines = CSVSchema(
    "timelines.csv",
    [
      "cell", "arm", "replication", "device", "day", "time_s", "source", "event", "task_id", "value",
      "battery_pct",
    ])
  /// One row per (cell, arm, metric), and per (cell, arm pair, metric) for paired differences.
  public static let summary = CSVSchema(
    "summary.csv",
    [
      "cell", "kind", "arm", "metric", "unit", "n", "mean", "sd", "ci95_low", "ci95_high", "median", "p10",
      "p90", "p_value",
    ])
  /// One row per (cell, arm, hour of the day).
  public static let hourOfDay = CSVSchema("hour_of_day.csv", ["cell", "arm", "hour", "launches"])
  /// One row per (cell, arm, hour of the day): the share of owner-days with a launch in
  /// that hour, its mean over owners with a 95 % t interval.
  public static let launchProbabilityByHour = CSVSchema(
    "launch_probability_by_hour.csv", ["cell", "arm", "hour", "n", "share", "ci95_low", "ci95_high"])
  /// One row per (cell, hypothesis).
  public static let hypotheses = CSVSchema(
    "hypotheses.csv", ["cell", "hypothesis", "estimate", "ci95_low", "ci95_high", "p_value", "result"])

  /// One row per validation case (`bgsim calibrate`).
  public static let scorecard = CSVSchema(
    "scorecard.csv",
    [
      "case", "grade", "source", "metric", "task", "band_low", "band_high", "simulated", "ci95_low",
      "ci95_high", "in_band", "reason",
    ])

  /// Every CSV file `bgsim run` writes, in the order it lists them.
  public static let experimentOutputs: [CSVSchema] = [
    launches, days, timelines, summary, hourOfDay, launchProbabilityByHour, hypotheses,
  ]
}
