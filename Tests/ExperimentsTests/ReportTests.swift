import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import FileFormats
@testable import Report
@testable import Results

@Suite struct ReportTests {
  func runWithSweep() throws -> URL {
    try runExperiment(smallExperiment + "\nsweep:\n  grid:\n    app.opens_per_day: [2, 8]\n")
  }

  /// Every `<svg …>…</svg>` chart with its id and body.
  func charts(_ html: String) -> [(id: String, width: Double, height: Double, body: String)] {
    html.components(separatedBy: "<svg id=\"").dropFirst().map { chunk in
      let id = String(chunk.prefix { $0 != "\"" })
      let view = chunk.components(separatedBy: "viewBox=\"0 0 ")[1].prefix { $0 != "\"" }.split(
        separator: " ")
      let body = chunk.components(separatedBy: "</svg>")[0]
      return (id, Double(view[0])!, Double(view[1])!, body)
    }
  }

  @Test func theReportHasEveryChartDrawnInsideItsBox() throws {
    let out = try runWithSweep()
    let path = try HTMLReport.write(directory: out.path)
    let html = try String(contentsOfFile: path, encoding: .utf8)
    let all = charts(html)
    let ids = Set(all.map(\.id))
    for id in [
      "day-in-the-life-0", "day-in-the-life-1", "hour-of-day", "delay-cdf", "launches-histogram",
      "staleness-cdf", "sweep-0", "launched-by", "launches-by-day", "owners-at-least", "owners-nights",
    ] {
      #expect(ids.contains(id), "missing chart \(id)")
    }
    for chart in all {
      // No empty plot area: every chart draws marks.
      #expect(chart.body.contains("class=\"mark\""), "\(chart.id) draws nothing")
      // No text outside the view box: each label's estimated extent (0.6 em a character) fits.
      for piece in chart.body.components(separatedBy: "<text ").dropFirst() {
        func attr(_ name: String) -> Double? {
          piece.components(separatedBy: "\(name)=\"").dropFirst().first.flatMap {
            Double($0.prefix { $0 != "\"" })
          }
        }
        guard let x = attr("x"), let y = attr("y"), let size = attr("font-size") else { continue }
        let text =
          piece.components(separatedBy: ">").dropFirst().first?.components(separatedBy: "<").first ?? ""
        let extent = Double(text.count) * size * 0.6
        let anchor =
          piece.contains("text-anchor=\"start\"")
          ? "start" : piece.contains("text-anchor=\"end\"") ? "end" : "middle"
        if piece.contains("rotate(") {
          #expect(
            y - extent / 2 >= -1 && y + extent / 2 <= chart.height + 1, "\(chart.id): '\(text)' overflows")
          continue
        }
        let (lo, hi) =
          anchor == "start"
          ? (x, x + extent) : anchor == "end" ? (x - extent, x) : (x - extent / 2, x + extent / 2)
        #expect(
          lo >= -1 && hi <= chart.width + 1 && y >= 0 && y <= chart.height, "\(chart.id): '\(text)' overflows"
        )
      }
    }
    #expect(!html.contains("<script"))
    #expect(!html.contains("http://") || !html.contains("src=\"http"))
    #expect(html.contains("Provenance"))
    #expect(html.utf8.count < 3_000_000)
  }

  @Test func aFolderThatIsNotABgsimOutputIsRefused() {
    #expect(throws: UserError.self) { _ = try HTMLReport.write(directory: scratch().path) }
  }

  @Test func aCSVWithMissingColumnsIsRefused() throws {
    let out = try runWithSweep()
    try "cell,arm,hour\n0,a,1\n".write(
      to: out.appendingPathComponent("hour_of_day.csv"), atomically: true, encoding: .utf8)
    do {
      _ = try HTMLReport.write(directory: out.path)
      Issue.record("accepted a broken CSV")
    } catch {
      #expect(error.message.contains("hour_of_day.csv: missing column 'launches'"))
    }
  }

  @Test func smallPValuesPrintAsBelowOneThousandth() {
    #expect(ReportSections.pText("0.0000") == "p<0.001")
    #expect(ReportSections.pText("0.000999") == "p<0.001")
    #expect(ReportSections.pText("0.001") == "p=0.001")
    #expect(ReportSections.pText("0.5234") == "p=0.523")
  }

  /// In every chart, every legend entry's colour is drawn, every colour drawn has a
  /// legend entry, and no two entries share a colour (`.ci/report-test` checks the same
  /// in a browser, on the colours it renders); an arm's hour-of-day chart names its arm.
  @Test func everyLegendEntryIsAMarkAndNoColourMeansTwoThings() throws {
    let out = try runWithSweep()
    let html = try String(contentsOfFile: try HTMLReport.write(directory: out.path), encoding: .utf8)
    let figures = legendsAndMarks(html)
    #expect(figures.count == charts(html).count && figures.count >= 8)
    for f in figures {
      #expect(!f.entries.isEmpty, "\(f.id) has no legend")
      #expect(Set(f.entries.map(\.color)).count == f.entries.count, "\(f.id): a colour means two things")
      for e in f.entries { #expect(f.marks.contains(e.color), "\(f.id): legend '\(e.label)' draws nothing") }
      for m in f.marks {
        #expect(f.entries.contains { $0.color == m }, "\(f.id): colour \(m) has no legend entry")
      }
    }
    let hours = try #require(figures.first { $0.id == "hour-of-day-1" })
    #expect(hours.entries.map(\.label) == ["processing"])
  }

  /// Each chart's id, its legend entries (label, colour) and the colours of its marks.
  func legendsAndMarks(_ html: String) -> [(
    id: String, entries: [(label: String, color: String)], marks: Set<String>
  )] {
    html.components(separatedBy: "<figure>").dropFirst().compactMap { figure in
      guard let chart = charts(figure).first else { return nil }
      let legend = figure.components(separatedBy: "<p class=\"legend\">").dropFirst().first ?? ""
      let entries = legend.components(separatedBy: "class=\"key\" data-label=\"").dropFirst().map { piece in
        (
          label: String(piece.prefix { $0 != "\"" }),
          color: String(piece.components(separatedBy: "background:")[1].prefix { $0 != "\"" })
        )
      }
      let marks = Set(
        chart.body.components(separatedBy: "class=\"mark\"").dropFirst().compactMap { piece -> String? in
          for attribute in ["fill=\"", "stroke=\""] where piece.contains(attribute) {
            let value = String(piece.components(separatedBy: attribute)[1].prefix { $0 != "\"" })
            if value != "none" { return value }
          }
          return nil
        })
      return (chart.id, entries, marks)
    }
  }

  /// The histogram counts the owner-days after the warm-up, by name of column: it once
  /// read a column to the left of the launches after `warmup` was added.
  @Test func theHistogramCountsEveryOwnerDayAfterTheWarmUp() throws {
    let out = try runWithSweep()
    let html = try String(contentsOfFile: try HTMLReport.write(directory: out.path), encoding: .utf8)
    let chart = try #require(charts(html).first { $0.id == "launches-histogram" })
    let counted = chart.body.components(separatedBy: "<title>").dropFirst().compactMap {
      Int($0.prefix { $0 != "<" }.split(separator: " ").last ?? "")
    }.reduce(0, +)
    let (d, rows) = try csvTable(out, .days)
    #expect(counted == rows.filter { $0[0] == "0" && $0[d("warmup")] == "0" }.count)
  }

  /// The answers' curve ends, at 24:00, at the share of owner-days with any completed run;
  /// an `advice.txt` beside the files is shown.
  @Test func theAnswersCurveEndsAtTheShareOfDaysWithARun() throws {
    let out = try runWithSweep()
    try "cheapest meeting launched_by_08:00 >= 0.5: arm refresh, cell 0\n".write(
      to: out.appendingPathComponent("advice.txt"), atomically: true, encoding: .utf8)
    let curves = try ReportAnswers.curves(
      launches: out.appendingPathComponent("launches.csv").path,
      days: out.appendingPathComponent("days.csv").path, cell: 0)
    let (l, launches) = try csvTable(out, .launches)
    let (d, days) = try csvTable(out, .days)
    for arm in ["refresh", "processing"] {
      let ownerDays = days.filter {
        $0[0] == "0" && $0[d("arm")] == arm && $0[d("warmup")] == "0"
      }.count
      let withRun = Set(
        launches.filter {
          $0[0] == "0" && $0[l("arm")] == arm && $0[l("outcome")] == "completed"
            && (Double($0[l("launched_at_s")]) ?? 0) >= 86_400
        }.map {
          "\($0[l("replication")])|\($0[l("device")])|\(Int(Double($0[l("launched_at_s")])! / 86_400))"
        })
      let end = try #require(curves[arm]?.last)
      #expect(end.0 == 24 && abs(end.1 - Double(withRun.count) / Double(ownerDays)) < 1e-12, "\(arm)")
      #expect(zip(curves[arm]!, curves[arm]!.dropFirst()).allSatisfy { $0.1 <= $1.1 }, "rises")
    }
    let html = try String(contentsOfFile: try HTMLReport.write(directory: out.path), encoding: .utf8)
    #expect(html.contains("bgsim advise:</b></p>\n<pre>cheapest meeting launched_by_08:00 &gt;= 0.5"))
  }
}

/// `bgsim report --cell`: every cell of a sweep side by side by default, one on request,
/// each chart named by its cell; the differences from a baseline cell drawn.
@Suite struct ReportCellTests {
  func run() throws -> URL {
    try runExperiment(
      smallExperiment
        + "\nsweep:\n  grid:\n    app.opens_per_day: [1, 5, 20]\n  baseline: {app.opens_per_day: 1}\n")
  }

  static let detailCharts = [
    "day-in-the-life-0", "hour-of-day", "launched-by", "launches-by-day", "owners-at-least", "delay-cdf",
    "staleness-cdf",
  ]

  @Test func aSweepShowsEveryCellSideBySideEachChartNamed() throws {
    let html = try String(contentsOfFile: HTMLReport.write(directory: run().path), encoding: .utf8)
    for (cell, suffix, value) in [(0, "", 1), (1, "-c1", 5), (2, "-c2", 20)] {
      for id in Self.detailCharts {
        #expect(html.contains("<svg id=\"\(id)\(suffix)\""), "cell \(cell): missing \(id)\(suffix)")
      }
      #expect(html.contains("— cell \(cell) (app.opens_per_day = \(value))</figcaption>"))
      #expect(html.contains("<h3>Cell \(cell) (app.opens_per_day = \(value))</h3>"))
    }
    #expect(html.contains("<div class=\"cells\">"))
    // Against the baseline: a chart with one mark per other cell and arm (2 × 2 means).
    let baseline = try #require(html.components(separatedBy: "<svg id=\"sweep-baseline\"").dropFirst().first)
    let body = baseline.components(separatedBy: "</svg>")[0]
    #expect(body.components(separatedBy: ", Cell ").count - 1 == 4, "four means with their intervals")
  }

  /// The y-axis labels of chart `id` (the tick labels drawn at the left, end-anchored).
  func yTicks(_ html: String, _ id: String) -> [String] {
    let body = (html.components(separatedBy: "<svg id=\"\(id)\"").dropFirst().first ?? "")
      .components(separatedBy: "</svg>")[0]
    return body.matches(of: #/text-anchor="end"[^>]*>([^<]*)</#).map { String($0.output.1) }
  }

  /// Cells side by side share each chart's y-axis, so that a bar reads the same in every
  /// cell (1, 5 and 20 opens a day launch very differently); the baseline is named; every
  /// chart label is at least 9 px, drawn at full size one cell to a row.
  @Test func cellsShareTheirAxesAndNameTheBaseline() throws {
    let html = try String(contentsOfFile: HTMLReport.write(directory: run().path), encoding: .utf8)
    for id in ["hour-of-day", "hour-of-day-1", "launches-by-day", "launches-histogram"] {
      let ticks = [yTicks(html, id), yTicks(html, id + "-c1"), yTicks(html, id + "-c2")]
      #expect(!ticks[0].isEmpty && ticks[0] == ticks[1] && ticks[1] == ticks[2], "\(id): \(ticks)")
    }
    #expect(html.contains("Each cell against the baseline, cell 0 (app.opens_per_day = 1):"))
    for size in html.matches(of: #/font-size="([0-9]+)"/#) { #expect(Int(size.output.1)! >= 9) }
    #expect(html.contains("minmax(800px,1fr)"))
  }

  @Test func oneCellOnRequestAndBadCellsRefused() throws {
    let out = try run()
    let path = try HTMLReport.write(
      directory: out.path, to: out.appendingPathComponent("one.html").path, cell: "2")
    let html = try String(contentsOfFile: path, encoding: .utf8)
    #expect(html.contains("<svg id=\"hour-of-day-c2\""))
    #expect(!html.contains("<svg id=\"hour-of-day\"") && !html.contains("-c1\""))
    #expect(!html.contains("<div class=\"cells\">"))
    for (text, message) in [
      ("3", "--cell 3 is out of range; the run has cells 0…2"),
      ("x", "--cell 'x': give a cell number (0…2) or all"),
      ("-1", "--cell -1 is out of range; the run has cells 0…2"),
    ] {
      #expect {
        try HTMLReport.write(directory: out.path, to: out.appendingPathComponent("bad.html").path, cell: text)
      } throws: { ($0 as? UserError)?.message == message }
    }
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("bad.html").path))
  }
}
