import FileFormats
import Foundation
import Testing

@testable import Experiments
@testable import Results

/// Every CSV of a sweep has one column per swept key right after `cell`, holding the
/// row's cell's value, so a table groups by them with no join; bgsim's own columns keep
/// their order after them, and every reader finds them by the header.
@Suite struct SweepColumnsTests {
  @Test func everyFileCarriesTheSweptKeysBesideCell() throws {
    let text = smallExperiment + "\nsweep:\n  grid: {app.opens_per_day: [2, 8], tasks.work: [5s, 1m]}\n"
    let out = try runExperiment(text)
    let spec = try ExperimentSpec(tree: ConfigTree.parse(yaml: text, file: "e.yaml"), file: "e.yaml")
    #expect(spec.sweepKeys == ["app.opens_per_day", "tasks.work"])
    for schema in CSVSchema.experimentOutputs {
      let rows = try csvRows(out.appendingPathComponent(schema.file).path)
      let own = schema.ownColumns
      #expect(
        rows.first == [own[0], "app.opens_per_day", "tasks.work"] + own.dropFirst(), "\(schema.file) header")
      let layout = try #require(schema.reading(header: rows.first ?? []), "\(schema.file)")
      #expect(layout.sweptKeys == spec.sweepKeys)
      #expect(layout.index(own[1]) == 3, "\(schema.file)")
      for row in rows.dropFirst() {
        #expect(row.count == layout.columns.count, "\(schema.file): \(row)")
        let cell = try #require(Int(row[0]))
        let values = spec.cells[cell].overrides.map(\.value)
        #expect(Array(row[1...2]) == values, "\(schema.file): \(row)")
      }
      if schema.file != "hypotheses.csv" { #expect(rows.count > 1, "\(schema.file) has rows") }
    }
  }

  /// The summary of a sweep equals the summary of each cell run alone: the readers skip
  /// the swept columns by the header, not by position.
  @Test func aSweepCellSummarisesAsTheSameExperimentAlone() throws {
    let sweep = try runExperiment(
      smallExperiment + "\nsweep:\n  grid: {tasks.network_bytes: [50000, 900000]}\n")
    let alone = try runExperiment(
      smallExperiment.replacingOccurrences(of: "network_bytes: 50000", with: "network_bytes: 900000"))
    let swept = try csvRows(sweep.appendingPathComponent("summary.csv").path)
    let single = try csvRows(alone.appendingPathComponent("summary.csv").path)
    // Cell 1 of the sweep sends 900 kB; its rows, without the swept column, are the rows
    // of the experiment run alone (cell 0) but for the cell number and the p-values
    // adjusted over the sweep's two cells (the last column).
    let cell1 = swept.dropFirst().filter { $0[0] == "1" }.map { Array($0[2..<($0.count - 1)]) }
    let alone1 = single.dropFirst().map { Array($0[1..<($0.count - 1)]) }
    #expect(cell1 == alone1, "\(zip(cell1, alone1).filter { $0 != $1 }.prefix(2))")
    #expect(!cell1.isEmpty)
  }

  /// A file whose columns are not bgsim's is refused by the report in one line.
  @Test func aHeaderOutOfOrderIsRefused() {
    #expect(CSVSchema.days.reading(header: ["arm", "cell"] + CSVSchema.days.ownColumns.dropFirst(2)) == nil)
    #expect(CSVSchema.days.reading(header: CSVSchema.days.ownColumns) == CSVSchema.days)
    #expect(CSVSchema.scorecard.reading(header: ["x"] + CSVSchema.scorecard.ownColumns) == nil)
  }
}
