import FileFormats
import Testing

@testable import Report
@testable import Results

/// A difference whose interval leaves out 0 printed as `0.00 [0.00, 0.01] p=0.019` on the
/// console and in the report (30 owners, 12 days: completion rates 0.9985 and 0.9950). The
/// figures now carry the digits that show the interval's side of 0, in both places.
@Suite struct IntervalDigitsTests {
  /// The row of the 30-owner run, as `summary.csv` holds it.
  let difference = (estimate: 0.003517, low: 0.000630, high: 0.007757)

  @Test func theConsolePrintsTheDigitsThatShowTheSideOfZero() {
    #expect(SummaryTables.interval(difference, 2) == "0.004 [0.001, 0.008]")
    // A figure whose interval holds 0, or whose ends print off 0, keeps its 2 decimals.
    #expect(SummaryTables.interval((0.0002, -0.0004, 0.0008), 2) == "0.00 [0.00, 0.00]")
    #expect(SummaryTables.interval((11.07, 9.66, 12.48), 2) == "11.07 [9.66, 12.48]")
    // No figure (40 owners none of whom launched: an ICC of 0/0) is a dash, not "– [–, –]".
    #expect(SummaryTables.interval((.nan, .nan, .nan), 2, n: 40) == "–")
  }

  @Test func theReportsHeadlinePrintsTheSameFigures() {
    let columns = CSVSchema.summary.columns
    func row(_ values: [String: String]) -> [String] { columns.map { values[$0] ?? "" } }
    let summary = [
      columns,
      row([
        "cell": "0", "kind": "arm", "arm": "a", "metric": "completion_rate", "mean": "0.998545",
        "ci95_low": "0.996603", "ci95_high": "0.999377",
      ]),
      row([
        "cell": "0", "kind": "paired_difference", "arm": "a vs b", "metric": "completion_rate",
        "mean": "0.003517", "ci95_low": "0.000630", "ci95_high": "0.007757", "p_value": "0.019219",
      ]),
    ]
    let html = ReportSections.headline(summary: summary, hypotheses: [], arms: ["a", "b"])
    #expect(html.contains("<td>1.00 [1.00, 1.00]</td>"), "\(html)")
    #expect(html.contains("<td>0.004 [0.001, 0.008] p=0.019</td>"), "\(html)")
  }
}
