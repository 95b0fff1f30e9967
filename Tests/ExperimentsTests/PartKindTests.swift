import Testing

@testable import Experiments
@testable import FileFormats
@testable import Results

/// A per-owner CSV is one `PartKind` case: the runner, merge and the output listing
/// loop over the cases, so each case must say everything they need.
@Suite struct PartKindTests {
  @Test func everyKindWithRowsHasItsFileAmongTheRunsOutputs() {
    let listed = CSVSchema.runOutputs.map(\.file)
    #expect(!PartKind.rows.contains(.seal))
    for kind in PartKind.rows {
      let schema = kind.schema
      #expect(schema != nil, "\(kind) has no schema")
      guard let file = schema?.file else { continue }
      #expect(listed.contains(file), "\(file) is not listed among the run's outputs")
      // A file every run has is among the standard outputs, the others come with other apps.
      #expect(CSVSchema.experimentOutputs.map(\.file).contains(file) == kind.isAlwaysOutput, "\(file)")
      // Each kind has its own buffer.
      #expect(PartKind.rows[kind.rowIndex] == kind)
    }
  }

  @Test func aChunkWritesTheKindsItsCellAsksFor() throws {
    var spec = try ExperimentSpec(
      tree: ConfigTree.parse(yaml: smallExperiment, file: "e.yaml"), file: "e.yaml")
    let plain = PartKind.rows.filter { $0.isWritten(by: spec, keepsDay: false) }
    #expect(plain == [.launches, .days])
    #expect(
      PartKind.rows.filter { $0.isWritten(by: spec, keepsDay: true) } == [.launches, .days, .timelines])
    spec.otherApps.backgroundActive = 3
    spec.otherAppDays = true
    #expect(PartKind.rows.filter { $0.isWritten(by: spec, keepsDay: false) }.count == 4)
  }
}
