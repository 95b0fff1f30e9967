import Foundation
import Testing

@testable import Report

/// Chart text is set smaller before it is shortened, and the time distributions run on
/// a log axis whose ticks read as times.
@Suite struct ChartTextTests {
  /// The "Answers" y title (32 characters) once came out shortened at 11 px in a
  /// 200-px-high plot; it now fits, smaller, with every character.
  @Test func aLongAxisTitleIsSetSmallerNotShortened() {
    var c = SVGChart(x: 0...1, y: 0...1)
    let title = "share of days with a run by then"
    c.axes(xTitle: "time of day [h]", yTitle: title, xTicks: [], yTicks: [])
    let svg = c.svg(id: "t", title: "t")
    #expect(svg.contains(">\(title)</text>"))
    #expect(!svg.contains("…"))
    // 32 characters at 0.6 em in the plot's height: below 11 px.
    let size = Int((c.plotHeight / (Double(title.count) * 0.6)).rounded(.down))
    #expect(size < 11)
    #expect(svg.contains("font-size=\"\(min(11, size))\" text-anchor=\"middle\" transform"))
  }

  /// A case name on the last of 58 bars (the fit report's chart) has no room centred on
  /// its tick: it ends at the tick instead of being cut to 'V6-refr…'; one mid-axis stays
  /// centred.
  @Test func aTickLabelAtTheEdgeEndsAtItsTick() {
    var c = SVGChart(x: 0...58, y: 0...1)
    c.axes(xTitle: "", yTitle: "", xTicks: [(57.5, "V6-refresh"), (29.5, "P5-hours")], yTicks: [])
    let svg = c.svg(id: "t", title: "t")
    #expect(svg.contains("text-anchor=\"end\">V6-refresh</text>"), "\(svg)")
    #expect(svg.contains("text-anchor=\"middle\">P5-hours</text>"))
    #expect(!svg.contains("…"))
  }

  /// Text that cannot fit even at 8 px is shortened, so the Chromium check has
  /// something to find.
  @Test func textTooLongEvenAt8PxIsShortened() {
    var c = SVGChart(x: 0...1, y: 0...1)
    c.axes(xTitle: "", yTitle: String(repeating: "x", count: 200), xTicks: [], yTicks: [])
    #expect(c.svg(id: "t", title: "t").contains("…"))
  }

  /// The log time axis: ticks from a minute to ten days within the range, and every
  /// value drawn, with the medians in the legend.
  @Test func timeDistributionsRunOnALogAxis() {
    let ticks = ReportSections.logTimeTicks(log10(1.0 / 60)...log10(300))
    #expect(ticks.map(\.1) == ["1 min", "10 min", "1 h", "10 h", "1 d", "10 d"])
    let html = ReportSections.cdfChart(
      "x", "X", ["a": [0.001, 0.5, 2, 600, 700], "b": [30, 60, 90]], "delay", arms: ["a", "b"])
    #expect(html.contains("a (median 2.0 h)"))
    #expect(html.contains("b (median 2.5 d)"))
    #expect(html.contains(">100 d<") == false)
    #expect(html.contains(">10 d<"))
  }
}
