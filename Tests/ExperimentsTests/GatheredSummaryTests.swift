import DeviceModel
import FileFormats
import Foundation
import SimKernel
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// The summary's numbers for the chunks a run ran are gathered as their rows are written
/// (``OwnerSummary``, ``GatheredSummary``) instead of read back from the rows' text. They
/// must be the numbers the text reads as, so that a run's summary is the one `bgsim
/// merge` computes from the merged files.
@Suite struct GatheredSummaryTests {
  /// A 2-cell sweep, two replications, four personas, a processing task with an expiry
  /// and a refresh task, and hypotheses on the pooled delays and per-owner rates.
  static let mix = """
    name: gathered
    days: 6
    devices: 7
    replications: 2
    seed: 11
    start: 2026-01-05
    ios: ios26
    persona: {mixture: {typical: 0.4, light-opportunistic: 0.2, heavy-night-charger: 0.2, commuter-poor-connectivity: 0.2}}
    app:
      bundle: com.example.news
      background_modes: [fetch, processing]
      permitted_identifiers: [com.example.news.refresh, com.example.news.cleanup]
      opens_per_day: 6
      force_quit_probability: 0.15
    scheduler:
      model: ios
    arms:
      a:
        tasks:
          - identifier: com.example.news.refresh
            type: refresh
            earliest_begin: 15m
            submit: [on_launch, on_completion]
            work: "lognormal(median: 25s, sigma: 0.8)"
          - identifier: com.example.news.cleanup
            type: processing
            earliest_begin: 1h
            submit: [on_background]
            work: "lognormal(median: 10m, sigma: 0.8)"
      b:
        tasks:
          - identifier: com.example.news.refresh
            type: refresh
            earliest_begin: 1h
            submit: [on_launch]
            work: "lognormal(median: 5s, sigma: 0.6)"
    sweep:
      grid: {app.opens_per_day: [2, 8]}
    hypotheses:
      - "a median delay_after_earliest_s < 1h"
      - "a launches_per_device_day > b launches_per_device_day (paired, alpha = 0.05)"
    """

  @Test(arguments: ["default", "mix"])
  func theRunsSummaryIsTheOneReadFromTheMergedFiles(experiment: String) throws {
    let text = experiment == "mix" ? Self.mix : smallExperiment
    let out = try runExperiment(text)
    // What `bgsim merge` does: the tables from the merged files alone.
    let again = scratch()
    for f in ["launches.csv", "days.csv"] {
      try FileManager.default.copyItem(at: out.appendingPathComponent(f), to: again.appendingPathComponent(f))
    }
    let spec = try ExperimentSpec(tree: ConfigTree.parse(yaml: text, file: "e.yaml"), file: "e.yaml")
    _ = try SummaryTables.compute(directory: again.path, plan: spec.summaryPlan)
    for f in ["summary.csv", "hour_of_day.csv", "hypotheses.csv"] {
      let ran = try Data(contentsOf: out.appendingPathComponent(f))
      #expect(ran == (try Data(contentsOf: again.appendingPathComponent(f))), "\(experiment) \(f)")
      #expect(ran.count > 100)
    }
  }

  /// Delays, staleness and energy at the edges of their rounding: the gathered number is
  /// the one the written text reads as.
  @Test func gatheredNumbersAreThoseTheTextReadsAs() throws {
    var state: UInt64 = 3
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    var rows = CSVBuffer()
    var expected: [(ms: Int64, staleness: Int64?, energy: Double)] = []
    for k in 0..<3000 {
      // Microseconds near half-millisecond boundaries, and plain ones.
      let micros = k % 3 == 0 ? Int64(next() % 10_000_000) * 1000 + 500 : Int64(next() % 100_000_000_000)
      // Seconds and milliwatt-hours near .5 and .005, some negative, one infinity.
      let half = Double(next() % 100_000) + (k % 2 == 0 ? 0.5 : 0.499_999_999_9)
      let energy = k == 7 ? Double.infinity : Double(next() % 1_000_000) / 1000 + (k % 5 == 0 ? 0.005 : 0)
      let stale = k % 11 == 0 ? -half : half
      rows.seconds(SimTime(microseconds: micros))
      rows.comma()
      rows.fixed(stale, digits: 0)
      rows.comma()
      rows.fixed(energy, digits: 2)
      rows.newline()
      var s = OwnerSummary()
      s.add(
        launch: LaunchRow(
          taskField: "t", kind: "refresh", submitted: .zero, earliest: .zero,
          launched: SimTime(microseconds: micros), ended: nil, outcome: .completed,
          snapshot: .init(charging: true, network: "wifi", batteryPercent: 50, idleSeconds: 0),
          launchCause: nil, errorCode: 0),
        calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!), warmupDays: 0)
      var day = DayRow(day: 0, date: CivilDate(iso: "2026-01-05")!, warmup: false)
      day.energyMilliwattHours = energy
      day.stalenessMedianSeconds = stale
      day.launchesOther = 1
      s.add(day: day)
      expected.append((s.delays[0], s.staleness.first, s.counts.energy))
    }
    let path = scratch().appendingPathComponent("numbers.csv").path
    try rows.withBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
    var reader = try CSVReader(path: path, header: false)
    var k = 0
    while reader.next() {
      #expect(reader.milliseconds(0) == expected[k].ms, "row \(k)")
      #expect(reader.milliseconds(1) == expected[k].staleness, "row \(k)")
      #expect((reader.double(2) ?? 0) == expected[k].energy, "row \(k)")
      k += 1
    }
    #expect(k == expected.count)
  }
}
