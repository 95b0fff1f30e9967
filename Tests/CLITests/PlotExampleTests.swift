import Foundation
import TestScratch
import Testing

/// `notebooks-data/plot_example.py` draws two of the report's charts from the CSV of a
/// run, with pandas and matplotlib; run when both are installed.
@Suite struct PlotExampleTests {
  static var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  static func python(_ arguments: [String]) throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3"] + arguments
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    return p.terminationStatus
  }

  static var hasPandas: Bool { (try? python(["-c", "import pandas, matplotlib"])) == 0 }

  @Test(.enabled(if: hasPandas, "pandas and matplotlib are not installed"))
  func theExampleDrawsFromARunsCSV() throws {
    let dir = scratchFolder("plot")
    let out = dir.appendingPathComponent("out")
    let run = try BGSimBinary.run(
      ["run", "--days", "3", "--warmup-days", "1", "--devices", "4", "--out", out.path, "--quiet"],
      in: Self.repoRoot)
    #expect([0, 1, 3, 4].contains(run.status), "\(run.standardError)")
    let png = dir.appendingPathComponent("plot.png")
    let script = Self.repoRoot.appendingPathComponent("notebooks-data/plot_example.py").path
    #expect(try Self.python([script, out.path, png.path]) == 0)
    let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
    #expect(size > 10_000, "the figure is \(size) bytes")
  }

  /// On a two-key grid the CSV groups by the swept keys with no join, and the example
  /// runs on it unchanged.
  @Test(.enabled(if: hasPandas, "pandas and matplotlib are not installed"))
  func aSweepsCSVGroupsBySweptKeys() throws {
    let dir = scratchFolder("plot-sweep")
    let experiment = dir.appendingPathComponent("sweep.yaml")
    let base = try String(
      contentsOf: Self.repoRoot.appendingPathComponent("experiments/refresh-vs-processing.yaml"),
      encoding: .utf8)
    try
      (base.replacingOccurrences(of: "days: 30", with: "days: 3").replacingOccurrences(
        of: "warmup_days: auto", with: "warmup_days: 1"
      ).replacingOccurrences(
        of: "devices: 200", with: "devices: 3")
      + "sweep:\n  grid: {app.opens_per_day: [2, 8], tasks.earliest_begin: [\"06:00\", 15m]}\n").write(
        to: experiment, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let run = try BGSimBinary.run(["run", experiment.path, "--out", out.path, "--quiet"])
    #expect([0, 1, 3, 4].contains(run.status), "\(run.standardError)")
    let group = """
      import pandas as pd
      d = pd.read_csv("\(out.path)/days.csv")
      g = d.groupby(["app.opens_per_day", "tasks.earliest_begin", "arm"]).size()
      assert len(g) == 8, g
      """
    #expect(try Self.python(["-c", group]) == 0)
    let script = Self.repoRoot.appendingPathComponent("notebooks-data/plot_example.py").path
    #expect(try Self.python([script, out.path, dir.appendingPathComponent("plot.png").path]) == 0)
  }
}
