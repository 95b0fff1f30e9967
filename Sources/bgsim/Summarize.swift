import ArgumentParser
import FileFormats
import Foundation
import Randomness
import Results

/// `bgsim summarize`: the summary's statistics of output folders, queried on the console.
struct Summarize: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "summarize",
    abstract: "Query one or more output folders: the summary's statistics by any key, on the console.",
    discussion: """
      Reads each folder's days.csv and launches.csv with the code that writes summary.csv, so a figure \
      grouped as the summary groups (by every swept key) equals the summary's. Grouped by fewer keys, \
      the cells sharing the values asked for are pooled: the cells see the same owners, so n counts \
      owners, and an interval is over owners, each owner one unit with all its cells. Each row is one \
      arm's. Example: bgsim summarize notebooks-data/sweep --by arm,app.opens_per_day \
      --metric launches_per_device_day --stat median,p90. With --compare KEY=VALUE, each row is instead \
      the mean over owners of each owner's difference between a cell and the cell where KEY has VALUE \
      (the other swept keys alike), with its interval and p-value: the cells see the same owners. \
      Delays, staleness and the ICC have no figure per owner and no such row. \
      Example: bgsim summarize notebooks-data/whole-phone --compare other_apps.background_active=0
      """
  )

  @Argument(help: "Output folders of bgsim run.") var folders: [String] = []
  @Option(help: "Grouping keys, comma-separated: arm, cell or swept keys (default: the swept keys and arm).")
  var by: String?
  @Option(help: "A metric of summary.csv (repeatable or comma-separated; default: all).") var metric:
    [String] =
      []
  @Option(
    help:
      "Statistics, comma-separated: \(SummaryQuery.Statistic.allCases.map(\.rawValue).joined(separator: ", "))."
  )
  var stat: String?
  @Option(
    help: ArgumentHelp(
      "Print each owner's difference between each cell and the cell where KEY has VALUE, the other swept keys alike.",
      valueName: "KEY=VALUE"))
  var compare: String?
  @Option(help: "KEY=VALUE: keep the rows whose KEY (arm, cell or a swept key) has this value (repeatable).")
  var `where`: [String] = []
  @Option(help: "table, csv or json.") var format = "table"

  func validate() throws {
    if folders.isEmpty { throw ValidationError("give at least one output folder of bgsim run") }
    _ = try query()
    FileHandleOutput.noteFormerMetricNames(in: metric, option: "--metric")
  }

  func query() throws(ValidationError) -> SummaryQuery {
    var q = SummaryQuery(folders: folders)
    q.by = by.map { [$0] } ?? []
    q.metrics = metric
    q.filters = `where`
    q.compare = compare
    guard let f = SummaryQuery.Format(rawValue: format) else {
      throw ValidationError("--format must be table, csv or json (got '\(format)')")
    }
    q.format = f
    let names = SummaryQuery.Statistic.allCases.map(\.rawValue)
    q.statistics = []
    let stat = stat ?? (compare == nil ? "mean,ci" : "mean,ci,p_value")
    for s in stat.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard let statistic = SummaryQuery.Statistic(rawValue: s) else {
        throw ValidationError(
          "--stat: unknown statistic '\(s)'\(NearestName.hint(s, among: names)); the statistics are \(names.joined(separator: ", "))"
        )
      }
      q.statistics.append(statistic)
    }
    if q.statistics.isEmpty {
      throw ValidationError("--stat: give at least one of \(names.joined(separator: ", "))")
    }
    return q
  }

  func run() throws {
    print(try query().run(), terminator: "")
  }
}
