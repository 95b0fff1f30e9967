import FileFormats
import Foundation
import Testing

@testable import Experiments

/// Every CSV of a sweep ends each row with one column per swept key, holding the row's
/// cell's value, so a table groups by them with no join.
@Suite struct SweepColumnsTests {
  @Test func everyFileCarriesTheSweptKeys() throws {
    let text = smallExperiment + "\nsweep:\n  grid: {app.opens_per_day: [2, 8], tasks.work: [5s, 1m]}\n"
    let out = try runExperiment(text)
    let spec = try ExperimentSpec(tree: ConfigTree.parse(yaml: text, file: "e.yaml"), file: "e.yaml")
    #expect(spec.sweepKeys == ["app.opens_per_day", "tasks.work"])
    for schema in CSVSchema.experimentOutputs {
      let rows = try csvRows(out.appendingPathComponent(schema.file).path)
      #expect(rows.first == schema.columns + ["app.opens_per_day", "tasks.work"], "\(schema.file) header")
      for row in rows.dropFirst() {
        let cell = try #require(Int(row[0]))
        let values = spec.cells[cell].overrides.map(\.value)
        #expect(Array(row.suffix(2)) == values, "\(schema.file): \(row)")
      }
      if schema.file != "hypotheses.csv" { #expect(rows.count > 1, "\(schema.file) has rows") }
    }
  }
}
