import Testing

@testable import Report

/// The chart of the cases on the fitted values names in its legend only the colours it
/// draws: a fit with every case in band has no "outside its band" entry, one with every
/// case out has no "in band" entry.
@Suite struct FitReportLegendTests {
  static func rows(_ simulated: [Double]) -> [[String]] {
    [["case", "band_low", "band_high", "simulated"]]
      + simulated.enumerated().map { ["C\($0.offset)", "1", "3", String($0.element)] }
  }

  @Test func theLegendNamesOnlyTheColoursDrawn() {
    let allIn = FitReport.bands(Self.rows([1.5, 2, 3]))
    #expect(allIn.contains("in band") && !allIn.contains("outside its band"))
    let allOut = FitReport.bands(Self.rows([0, 7]))
    #expect(!allOut.contains("in band") && allOut.contains("outside its band"))
    let both = FitReport.bands(Self.rows([2, 7]))
    #expect(both.contains("in band") && both.contains("outside its band"))
    #expect([allIn, allOut, both].allSatisfy { $0.contains("the reported band") })
  }
}
