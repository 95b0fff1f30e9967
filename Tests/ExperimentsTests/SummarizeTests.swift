import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// `bgsim summarize`: a query over output folders with the summary's statistics.
@Suite struct SummarizeTests {
  static let folder: URL = {
    try! runExperiment(NamedCellsTests.grid)
  }()

  func query(_ configure: (inout SummaryQuery) -> Void) throws -> [[String]] {
    var q = SummaryQuery(folders: [Self.folder.path])
    q.format = .csv
    configure(&q)
    return try q.run().split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// Grouped as the summary groups, every statistic of every arm row equals the
  /// summary's field for field.
  @Test func itsFiguresEqualTheSummarys() throws {
    let stats = SummaryQuery.Statistic.allCases
    let rows = try query { $0.statistics = stats }
    let header = rows[0]
    #expect(
      header == ["app.opens_per_day", "tasks.earliest_begin", "arm", "metric"] + stats.flatMap(\.columns))
    let (s, summary) = try csvTable(Self.folder, .summary)
    let arms = summary.filter { $0[s("kind")] == "arm" && MetricName(rawValue: $0[s("metric")]) != nil }
    #expect(rows.count - 1 == arms.count && arms.count == 4 * 2 * MetricName.allCases.count)
    for r in rows.dropFirst() {
      let match = try #require(
        arms.first {
          $0[1] == r[0] && $0[2] == r[1] && $0[s("arm")] == r[2] && $0[s("metric")] == r[3]
        }, "\(r)")
      for (i, column) in header.enumerated().dropFirst(4) {
        #expect(match[s(column)] == r[i], "\(r[0]) \(r[1]) \(r[2]) \(r[3]) \(column)")
      }
    }
  }

  /// "Launches per device-day by arm and opens per day, median and p90": the cells with
  /// the same opens are pooled; a filter keeps its rows.
  @Test func fewerKeysPoolTheCellsAndAFilterKeepsItsRows() throws {
    let rows = try query {
      $0.by = ["arm,app.opens_per_day"]
      $0.metrics = ["launches_per_device_day"]
      $0.statistics = [.n, .observations, .median, .p90]
    }
    #expect(rows[0] == ["arm", "app.opens_per_day", "metric", "n", "observations", "median", "p90"])
    #expect(rows.count == 1 + 2 * 2)
    #expect(rows.dropFirst().allSatisfy { $0[3] == "4" && $0[4] == "8" }, "4 owners, each in 2 cells")
    let refresh = try query {
      $0.filters = ["arm=refresh", "tasks.earliest_begin=2h"]
      $0.metrics = ["share_owners_at_least_1_per_day"]
    }
    #expect(refresh.count == 1 + 2 && refresh.dropFirst().allSatisfy { $0[1] == "2h" && $0[2] == "refresh" })
  }

  /// The cells of a sweep see the same owners, so a pooled group holds each owner twice:
  /// its interval is over the 4 owners, each the mean of its figures in the 2 cells (a t
  /// interval, 3 degrees of freedom), not over 8 owner-cells as if they were independent
  /// (a narrower interval, about 1/√2 as wide when an owner's cells agree).
  @Test func aPooledIntervalIsOverOwnersNotOwnerCells() throws {
    let rows = try query {
      $0.by = ["arm,app.opens_per_day"]
      $0.metrics = ["launches_per_device_day"]
      $0.statistics = [.mean, .ci, .medianCI]
    }
    let (d, days) = try csvTable(Self.folder, .days)
    let (l, launches) = try csvTable(Self.folder, .launches)
    for r in rows.dropFirst() {
      // Each owner's launches per counted day in each cell of the group (warm-up: day 0).
      var perCell: [String: [String: Double]] = [:]
      for row in days where row[d("arm")] == r[0] && row[1] == r[1] && row[d("warmup")] == "0" {
        perCell[row[d("device")], default: [:]][row[0], default: 0] += 1
      }
      var launched: [String: [String: Double]] = [:]
      for row in launches where row[l("arm")] == r[0] && row[1] == r[1] {
        guard let t = Double(row[l("launched_at_s")]), t >= 86_400 else { continue }
        launched[row[l("device")], default: [:]][row[0], default: 0] += 1
      }
      let owners = perCell.map { device, cells in
        cells.map { cell, n in (launched[device]?[cell] ?? 0) / n }.reduce(0, +) / Double(cells.count)
      }
      #expect(owners.count == 4)
      let mean = owners.reduce(0, +) / 4
      let sd = (owners.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 3).squareRoot()
      let half = 3.182446305284263 * sd / 2
      #expect(abs(Double(r[3])! - mean) < 1e-5, "\(r)")
      #expect(abs(Double(r[4])! - max(0, mean - half)) < 1e-5, "\(r): \(mean - half)")
      #expect(abs(Double(r[5])! - (mean + half)) < 1e-5, "\(r): \(mean + half)")
      // No median interval from 4 owners (the owners' bootstrap needs 10).
      #expect(r[7] == "" && r[8] == "", "\(r)")
    }
  }

  /// With 12 owners in 2 pooled cells, a median's interval comes from the owners'
  /// bootstrap (each owner drawn with both its cells; Woodruff's interval, tried first,
  /// collapsed to one value beside the median where each owner had one cell on either
  /// side of it): it holds the median, and the same query gives the same bytes.
  @Test func aPooledMedianHasTheOwnersBootstrapInterval() throws {
    let folder = try runExperiment(
      smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 12")
        + "\nsweep:\n  grid:\n    app.opens_per_day: [2, 8]\n")
    var q = SummaryQuery(folders: [folder.path])
    (q.format, q.by, q.statistics) = (.csv, ["arm"], [.n, .median, .medianCI])
    q.metrics = ["launches_per_device_day", "energy_per_day_mwh"]
    let text = try q.run()
    #expect(try q.run() == text)
    let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    #expect(rows.count == 4)
    for r in rows {
      let (n, median) = (r[2], try #require(Double(r[3])))
      let (low, high) = (try #require(Double(r[4]), "\(r)"), try #require(Double(r[5])))
      #expect(n == "12" && low <= median && median <= high && low < high, "\(r)")
    }
  }

  @Test(arguments: [
    ("metric", "launches_per_day", "--metric: unknown metric 'launches_per_day'"),
    ("by", "app.opens", "--by: "),
    ("where", "tasks.type=processing", "--where: "),
    ("where", "app.opens_per_day=5", "--where app.opens_per_day=5: "),
    ("where", "arm", "--where 'arm': write KEY=VALUE"),
    ("metric", "launched_by_8:00", "--metric: 'launched_by_8:00' is not"),
    ("folder", "/nonexistent", "/nonexistent: no such folder"),
    ("compare", "app.opens=2", "--compare: "),
    ("compare", "app.opens_per_day=5", "--compare app.opens_per_day=5: "),
    ("compare", "app.opens_per_day", "--compare 'app.opens_per_day': write KEY=VALUE"),
    ("compare", "arm=refresh", "--compare arm=refresh: arms are compared in summary.csv already"),
    ("compare by", "app.opens_per_day", "--by app.opens_per_day: the cells are compared by"),
    // No figure per owner to pair: asked alone, it read as cells that share no keys.
    (
      "compare metric", "delay_after_earliest_s",
      "--metric delay_after_earliest_s: --compare pairs each owner's figures in two cells"
    ),
    ("compare metric", "launches_per_device_day,icc_launches_per_day", "--metric icc_launches_per_day: "),
  ])
  func badQueriesAreOneLine(option: String, value: String, message: String) throws {
    var q = SummaryQuery(folders: [Self.folder.path])
    switch option {
    case "metric": q.metrics = [value]
    case "by": q.by = [value]
    case "where": q.filters = [value]
    case "compare": q.compare = value
    case "compare by": (q.compare, q.by) = ("app.opens_per_day=2", [value])
    case "compare metric": (q.compare, q.metrics) = ("app.opens_per_day=2", [value])
    default: q.folders = [value]
    }
    do {
      _ = try q.run()
      Issue.record("accepted \(option) \(value)")
    } catch {
      #expect(error.message.hasPrefix(message) && !error.message.contains("\n"), "\(error.message)")
    }
  }

  /// `--compare`: each owner's difference between a cell and the baseline cell with the
  /// other key alike. Every owner has a figure in both, so the mean of the differences
  /// is the difference of the summary's means; the p-value is read from the interval, so
  /// it is below 0.05 exactly when the interval leaves out 0.
  @Test func comparingCellsGivesEachOwnersDifferenceFromTheBaseline() throws {
    let rows = try query {
      $0.compare = "app.opens_per_day=2"
      $0.metrics = ["launches_per_device_day", "completion_rate"]
      $0.statistics = [.n, .mean, .ci, .pValue]
    }
    #expect(
      rows[0] == [
        "tasks.earliest_begin", "arm", "app.opens_per_day", "metric", "n", "mean", "ci95_low", "ci95_high",
        "p_value",
      ])
    let (s, summary) = try csvTable(Self.folder, .summary)
    func summaryMean(opens: String, begin: String, arm: String) throws -> Double {
      let row = try #require(
        summary.first {
          $0[1] == opens && $0[2] == begin && $0[s("kind")] == "arm" && $0[s("arm")] == arm
            && $0[s("metric")] == "launches_per_device_day"
        })
      return try #require(Double(row[s("mean")]))
    }
    // 2 begin dates × 2 arms × 1 compared cell × 2 metrics.
    #expect(rows.count == 1 + 2 * 2 * 2)
    for r in rows.dropFirst() {
      #expect(r[2] == "8 − 2" && r[4] == "4", "\(r)")
      let (mean, low, high, p) = (Double(r[5])!, Double(r[6])!, Double(r[7])!, Double(r[8])!)
      #expect(low <= mean && mean <= high)
      #expect((p < 0.05) == (low > 0 || high < 0), "\(r)")
      guard r[3] == "launches_per_device_day" else { continue }
      let expected =
        try summaryMean(opens: "8", begin: r[0], arm: r[1]) - summaryMean(opens: "2", begin: r[0], arm: r[1])
      #expect(abs(mean - expected) < 2e-6, "\(r): \(expected)")
    }
  }

  @Test func aFolderThatIsNotABgsimOutputIsRefused() throws {
    let empty = scratch()
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    do {
      _ = try SummaryQuery(folders: [empty.path]).run()
      Issue.record("accepted")
    } catch { #expect(error.message.contains("not a bgsim output folder (no manifest.json)")) }
  }

  /// One folder named twice, however spelled, would print its rows twice: refused.
  @Test func aFolderGivenTwiceIsRefused() throws {
    let spelled = Self.folder.path + "/."
    do {
      _ = try SummaryQuery(folders: [Self.folder.path, spelled]).run()
      Issue.record("accepted")
    } catch {
      #expect(
        error.message
          == "\(Self.folder.path): given twice (\(Self.folder.path) and \(spelled)); give each folder once")
    }
  }

  /// A shard's folder holds parts and `shard.json`, no manifest: the refusal says to merge.
  @Test func aShardsFolderIsRefusedWithTheMerge() throws {
    let shard = scratch()
    var r = RunRequest()
    (r.days, r.devices, r.out, r.shard) = (2, 4, shard.path, "1/2")
    _ = try r.run { _, _ in }
    do {
      _ = try SummaryQuery(folders: [shard.path]).run()
      Issue.record("accepted")
    } catch {
      #expect(
        error.message
          == "\(shard.path): one shard of a run (bgsim run --shard), not its output; combine all its shards with bgsim merge and give the merged folder"
      )
    }
  }

  /// Another command's folder is named as that command's, by the file it writes; a
  /// coverage study's says where its reference run (a run's output) is.
  @Test func anotherCommandsFolderIsNamed() throws {
    let study = scratch()
    var r = RunRequest()
    r.file = write(smallExperiment)
    var options = CoverageStudy.Options()
    (options.runs, options.devices, options.referenceDevices) = (2, 3, 6)
    _ = try CoverageStudy.run(r, options: options, directory: study.path) { _, _ in }
    let calibrated = scratch()
    _ = FileManager.default.createFile(
      atPath: calibrated.appendingPathComponent("scorecard.csv").path, contents: nil)
    let cases: [(URL, String)] = [
      (study, "a coverage study's folder (its reference run is \(study.path)/reference), not a run's output"),
      (calibrated, "bgsim calibrate's folder (scorecard.csv), not a run's output"),
    ]
    for (folder, what) in cases {
      do {
        _ = try SummaryQuery(folders: [folder.path]).run()
        Issue.record("accepted \(folder.path)")
      } catch {
        #expect(error.message == "\(folder.path): \(what); give the --out folder of bgsim run")
      }
    }
    // The reference run reads as a run's output.
    _ = try SummaryQuery(folders: [study.appendingPathComponent("reference").path]).run()
  }
}
