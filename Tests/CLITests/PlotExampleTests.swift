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
      ["run", "--days", "3", "--devices", "4", "--out", out.path, "--quiet"], in: Self.repoRoot)
    #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
    let png = dir.appendingPathComponent("plot.png")
    let script = Self.repoRoot.appendingPathComponent("notebooks-data/plot_example.py").path
    #expect(try Self.python([script, out.path, png.path]) == 0)
    let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
    #expect(size > 10_000, "the figure is \(size) bytes")
  }
}
