import DeviceModel
import FileFormats
import Foundation
import IOSModel
import TestScratch
import Testing

@testable import Calibration
@testable import Experiments
@testable import Results

/// Every YAML example in the README and the DocC articles is read as bgsim reads the
/// file it stands for; a fragment (the README's sweep) as part of the default experiment.
@Suite struct DocumentedExamplesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The ```yaml blocks of a Markdown file.
  static func examples(_ path: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
  }

  @Test func theReadmeExamplesAreValid() throws {
    let blocks = try Self.examples("README.md")
    #expect(blocks.count == 2)
    for block in blocks {
      if block.hasPrefix("timeline:") {
        let file = write(block, "timeline.yaml")
        _ = try Timeline.load(file: file, startDate: Scenario().startDate)
      } else {
        // The sweep and hypotheses of the default experiment, replaced by the example's.
        let base = DefaultExperiment.text.components(separatedBy: "\n# Claims from the facts file")[0]
        let spec = try ExperimentSpec(
          tree: ConfigTree.parse(yaml: base + "\n" + block, file: "e.yaml"), file: "e.yaml")
        #expect(spec.cells.count == 6 && spec.hypotheses.count == 4 && spec.hypotheses[3].cells != nil)
      }
    }
  }

  @Test func theDocCExamplesAreValid() throws {
    let app = try Self.examples("Sources/IOSModel/Documentation.docc/TheAppSide.md")
    #expect(app.count == 1)
    #expect(try AppSpec.load(file: write(app[0], "app.yaml")).tasks.count == 2)
    let fits = try Self.examples("Sources/Calibration/Documentation.docc/Fitting.md")
    #expect(fits.count == 2)
    // The suite's fit, its suite named by full path (the example's is relative to
    // experiments/fits/).
    let suite = Self.root.appendingPathComponent("experiments/validation").path
    let suiteFit = write(
      fits[0].replacingOccurrences(of: "suite: ../validation", with: "suite: \(suite)"), "fit.yaml")
    #expect(fits[0].contains("suite: ../validation"))
    #expect(try FitSpec.load(file: suiteFit).cases.map(\.id) == ["P5", "R2", "R7"])
    // The log's fit, given a log of that app (it names both tasks).
    let dir = scratch()
    let log =
      "time,event,task_id,value\n2026-01-05T08:00:00,open_app,,\n2026-01-05T08:00:01,submit,cleanup,\n"
      + "2026-01-05T09:00:00,launch,refresh,\n"
    try log.write(to: dir.appendingPathComponent("launch_log.csv"), atomically: true, encoding: .utf8)
    try fits[1].write(to: dir.appendingPathComponent("fit.yaml"), atomically: true, encoding: .utf8)
    let spec = try FitSpec.load(file: dir.appendingPathComponent("fit.yaml").path)
    #expect((spec.target as? LogTarget)?.tasks == ["refresh", "cleanup"])
  }
}
