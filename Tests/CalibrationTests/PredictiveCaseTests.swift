import Foundation
import Randomness
import TestScratch
import Testing

@testable import Calibration
@testable import FileFormats
@testable import Results

/// One-phone and typical-owner cases, the figures the V-cases read, and their bad input.
@Suite struct PredictiveCaseTests {
  /// ``ValidationSuiteTests/oneCase`` with a test, its figure and what the test needs
  /// (`extra`: a band, a real figure), 12 owners over 4 days.
  static func text(test: String, extra: String, figure: String = "{metric: launches_per_day, task: refresh}")
    -> String
  {
    ValidationSuiteTests.oneCase.replacingOccurrences(
      of: "figure: {metric: launches_per_day, task: refresh}\nband: [0, 1000]",
      with: "test: \(test)\nfigure: \(figure)\n\(extra)"
    ).replacingOccurrences(of: "owners: 3", with: "owners: 12").replacingOccurrences(
      of: "days: 3", with: "days: 4")
  }

  /// A real figure is judged against the owners' own figures: inside their p5–p95 it is
  /// in band, outside either end it is out. A reported range is judged at its reading (a
  /// point inside it) or at both ends, never by overlap: a range that only reaches into
  /// the spread is out.
  @Test func aRealPhoneIsJudgedAgainstTheOwnersPercentiles() throws {
    var c = try ValidationCase.load(file: write(Self.text(test: "one_phone", extra: "real: 1"), "p.yaml"))
    let row = Scorecard.run([c], jobs: 1)[0]
    let spread = try #require(row.spread)
    // The spread is the percentiles of the owners' own launches per day.
    let scenario = try #require(c.scenario)
    let perOwner = Scorecard.owners(c, scenario).map { c.figure.value([$0])! }
    #expect(abs(spread.low - Statistics.quantile(perOwner, 0.05)) < 1e-12)
    #expect(abs(spread.high - Statistics.quantile(perOwner, 0.95)) < 1e-12)
    #expect(abs(spread.typical - Statistics.median(perOwner)) < 1e-12)
    #expect(row.figure == spread.typical)
    #expect(spread.low < spread.high, "owners differ: \(perOwner)")
    let middle = (spread.low + spread.high) / 2
    func judged(_ real: ClosedRange<Double>, _ reading: ValidationCase.Reading? = nil) -> Scorecard.Row {
      var judgedCase = c
      judgedCase.real = real
      judgedCase.reading = reading ?? .point(real.lowerBound)
      var r = Scorecard.Row(validationCase: judgedCase, figure: spread.typical, lower: nil, upper: nil)
      r.spread = spread
      return r
    }
    #expect(judged(middle...middle).inBand)
    #expect(judged(middle...middle).realPosition == 0)
    #expect(judged(spread.low...spread.high, .ends).inBand, "both ends on the spread's ends")
    let above = judged((spread.high + 0.01)...(spread.high + 0.01))
    #expect(!above.inBand)
    #expect(
      above.reason.hasPrefix("the real figure \(Format.compact(spread.high + 0.01)) lies above p95 by 0.01"))
    #expect(try #require(above.realPosition) > 1)
    // A range reaching into the spread from below: in at a reading inside the spread,
    // out at its ends (its low end lies below p5) and at a reading below the spread.
    let reaching = (spread.low - 0.01)...middle
    #expect(judged(reaching, .point(middle)).inBand)
    #expect(judged(reaching, .point(middle)).realPosition == 0)
    let ends = judged(reaching, .ends)
    #expect(!ends.inBand, "overlap is not containment")
    #expect(
      ends.reason.hasPrefix("the real figure \(Format.compact(spread.low - 0.01)) lies below p5 by 0.01"))
    #expect(try #require(ends.realPosition) < -1, "the end farther out")
    #expect(!judged(reaching, .point(spread.low - 0.01)).inBand)
    // The text prints the real figure, the typical owner and the spread's width.
    let line = Scorecard.text([row]).split(separator: "\n")[1]
    #expect(line.contains("1 real"))
    #expect(line.contains("typical \(Format.compact(spread.typical))"))
    #expect(line.contains("(\(Format.compact(spread.high - spread.low)))"))
    // Narrower percentiles narrow the spread.
    c.percentiles = 25...75
    let narrow = try #require(Scorecard.run([c], jobs: 1)[0].spread)
    #expect(narrow.low >= spread.low && narrow.high <= spread.high)
  }

  /// Owners that all share one figure (width 0) put the case out, whatever its test,
  /// unless the case says its report shows no variation either; the summary line counts
  /// the fitted and the held cases apart.
  @Test func aBandOfWidthZeroIsAFindingNotAPass() throws {
    var c = try ValidationCase.load(file: write(Self.text(test: "one_phone", extra: "real: 2"), "w.yaml"))
    func row(_ c: ValidationCase, spread: (Double, Double, Double)) -> Scorecard.Row {
      var r = Scorecard.Row(validationCase: c, figure: spread.1, lower: nil, upper: nil)
      r.spread = (spread.0, spread.1, spread.2)
      return r
    }
    let alike = row(c, spread: (2, 2, 2))
    #expect(!alike.inBand)
    #expect(alike.reason == "width 0: every owner alike, and the report varies")
    #expect(row(c, spread: (1.99, 2, 2.01)).inBand)
    c.noVariation = "no phone in the report varied"
    #expect(row(c, spread: (2, 2, 2)).inBand)
    // A fleet case in its band is out too when every owner is alike.
    var fleet = try ValidationCase.load(
      file: write(Self.text(test: "fleet", extra: "band: [1, 3]"), "f.yaml"))
    #expect(!row(fleet, spread: (2, 2, 2)).inBand)
    #expect(fleet.provenance == "held")
    fleet.fitted = "a constant was read from it"
    #expect(fleet.provenance == "fitted")
    let rows = [row(fleet, spread: (1, 2, 3)), row(fleet, spread: (2, 2, 2)), alike]
    #expect(Scorecard.summary(rows) == "in_band=1 of 3 (fitted 1 of 2, held 0 of 1)")
  }

  /// A one-phone verdict that another sample of owners could turn is marked at the edge:
  /// with the spread's ends anywhere in their 95 % intervals (read at the report's
  /// precision) the real figure is in band for some and out for others. The intervals
  /// come from resampling the owners' own figures, so they lie within them.
  @Test func aVerdictTheOwnersSampleDecidesIsAtTheEdge() throws {
    let c = try ValidationCase.load(file: write(Self.text(test: "one_phone", extra: "real: 2"), "e.yaml"))
    let run = Scorecard.run([c], jobs: 1)[0]
    let scenario = try #require(c.scenario)
    let perOwner = Scorecard.owners(c, scenario).map { c.figure.value([$0])! }
    let intervals = try #require(run.spreadIntervals)
    for end in [intervals.low, intervals.high] {
      #expect(end.lowerBound >= perOwner.min()! && end.upperBound <= perOwner.max()!, "\(end) \(perOwner)")
    }
    #expect(intervals.low.lowerBound <= intervals.high.upperBound)
    func row(
      real: Double, spread: (Double, Double), low: ClosedRange<Double>, high: ClosedRange<Double>,
      precision: Double? = nil, test: ValidationCase.Test = .onePhone
    ) -> Scorecard.Row {
      var judged = c
      (judged.real, judged.reading, judged.precision, judged.test) = (
        real...real, .point(real), precision, test
      )
      var r = Scorecard.Row(validationCase: judged, figure: 2, lower: nil, upper: nil)
      r.spread = (spread.0, 2, spread.1)
      r.spreadIntervals = (low, high)
      return r
    }
    // In, and in for every end in the intervals: firm.
    #expect(!row(real: 2, spread: (1, 3), low: 0.5...1.5, high: 2.5...3.5).atEdge)
    // In, but p5 could lie above the real figure: at the edge.
    let edgeIn = row(real: 1.2, spread: (1, 3), low: 0.5...1.5, high: 2.5...3.5)
    #expect(edgeIn.inBand && edgeIn.atEdge)
    // Out above p95, which could reach it: at the edge; beyond every p95: firm.
    let edgeOut = row(real: 3.4, spread: (1, 3), low: 0.5...1.5, high: 2.5...3.5)
    #expect(!edgeOut.inBand && edgeOut.atEdge)
    #expect(!row(real: 4, spread: (1, 3), low: 0.5...1.5, high: 2.5...3.5).atEdge)
    // Read to the minute, a p5 of 15.6–16.4 is 16 however the owners fall: 15 is firmly out.
    let rounded = row(real: 15, spread: (16, 25), low: 15.6...16.4, high: 24...26, precision: 1)
    #expect(!rounded.inBand && !rounded.atEdge)
    #expect(row(real: 15, spread: (16, 25), low: 15.4...16.4, high: 24...26, precision: 1).atEdge)
    // Owners all alike have no edge: out whatever the sample.
    #expect(!row(real: 2, spread: (2, 2), low: 1.5...2.5, high: 1.5...2.5).atEdge)
    // A fleet case is at the edge when its figure's interval reaches across an end of its
    // band (the spread's intervals play no part).
    func fleet(_ interval: ClosedRange<Double>) -> Scorecard.Row {
      var judged = c
      (judged.test, judged.band) = (.fleet, 1...3)
      var r = Scorecard.Row(
        validationCase: judged, figure: 2, lower: interval.lowerBound, upper: interval.upperBound)
      r.spread = (1, 2, 3)
      return r
    }
    #expect(!fleet(1.5...2.5).atEdge)
    #expect(fleet(2.5...3.5).atEdge && fleet(0.5...1.5).atEdge && fleet(0...4).atEdge)
    #expect(!fleet(3.2...4).atEdge && !fleet(0...0.9).atEdge)
    #expect(
      Scorecard.edgeNote(fleet(2.5...3.5)) == "  (edge: the 95 % interval reaches across the band's end)")
    // The summary names the cases at the edge with their verdicts; scorecard.csv marks them.
    let firm = row(real: 2, spread: (1, 3), low: 0.5...1.5, high: 2.5...3.5)
    #expect(
      Scorecard.summary([firm, edgeIn, edgeOut])
        == "in_band=2 of 3 (fitted 0 of 0, held 2 of 3); decided by the owners' sample: \(c.id) (in), \(c.id) (out)"
    )
    #expect(Scorecard.summary([firm]) == "in_band=1 of 1 (fitted 0 of 0, held 1 of 1)")
    #expect(Scorecard.text([edgeIn]).contains("in  (edge: with other owners p5 0.5–1.5, p95 2.5–3.5)"))
    let path = write(Scorecard.csv([firm, edgeIn]), "scorecard.csv")
    var reader = try CSVReader(path: path, header: false)
    var read: [[String]] = []
    while reader.next() { read.append((0..<reader.fieldCount).map { reader.text($0) }) }
    #expect(read.first == CSVSchema.scorecard.columns)
    #expect(read.allSatisfy { $0.count == CSVSchema.scorecard.columns.count })
    let edge = try #require(CSVSchema.scorecard.columns.firstIndex(of: "edge"))
    let lowHigh = try #require(CSVSchema.scorecard.columns.firstIndex(of: "owners_low_ci95_high"))
    #expect(read.dropFirst().map { $0[edge] } == ["0", "1"])
    #expect(read[2][lowHigh] == "1.5")
  }

  /// A report rounded to a unit ("about every 12 h") is judged with the owners'
  /// percentiles read to that unit, halves up, and the scorecard names the unit: 720 min
  /// against owners from 728 min is in at the hour and out at the minute.
  @Test func aRoundedReportIsJudgedAtItsUnit() throws {
    var c = try ValidationCase.load(
      file: write(Self.text(test: "one_phone", extra: "real: 720\nprecision: 60"), "r.yaml"))
    func row(_ c: ValidationCase, _ spread: (Double, Double, Double)) -> Scorecard.Row {
      var r = Scorecard.Row(validationCase: c, figure: spread.1, lower: nil, upper: nil)
      r.spread = (spread.0, spread.1, spread.2)
      return r
    }
    #expect(row(c, (728, 778, 1310)).inBand)
    #expect(Scorecard.text([row(c, (728, 778, 1310))]).contains("720 real (nearest 60)"))
    #expect(!row(c, (750, 778, 1310)).inBand, "750 min is 13 h to the hour")
    c.precision = nil
    #expect(row(c, (728, 778, 1310)).reason == "the real figure 720 lies below p5 by 8")
    #expect(!Scorecard.text([row(c, (728, 778, 1310))]).contains("nearest"))
  }

  @Test func aTypicalOwnerCaseJudgesTheMedianOwner() throws {
    let c = try ValidationCase.load(
      file: write(Self.text(test: "typical_owner", extra: "band: [0, 1000]"), "t.yaml"))
    let row = Scorecard.run([c], jobs: 1)[0]
    #expect(row.inBand)
    #expect(row.figure == row.spread?.typical)
    #expect(try #require(row.lower) <= row.figure! && row.figure! <= (try #require(row.upper)))
  }

  @Test func theNewFiguresCountWhatTheySay() {
    func launch(_ minutes: Double, sinceEarliest: Double = 0) -> ValidationOwner.Launch {
      let seconds = 86_400 + minutes * 60
      return ValidationOwner.Launch(
        seconds: seconds, day: Int(seconds / 86_400),
        hour: seconds.truncatingRemainder(dividingBy: 86_400) / 3600,
        onPower: true, sinceEarliestSeconds: sinceEarliest * 60)
    }
    // Gaps of 5, 20 and 60 minutes.
    var owner = ValidationOwner(days: 3, launches: [launch(0), launch(5), launch(25), launch(85)])
    var f = ValidationFigure(metric: .shareGapsAtMost, task: "t")
    f.gapsAtMostMinutes = 10
    #expect(f.value([owner]) == 1.0 / 3)
    f.metric = .medianGapMinutes
    #expect(f.value([owner]) == 5, "only the gaps of at most 10 min")
    f.gapsAtMostMinutes = nil
    #expect(f.value([owner]) == 20)
    f.metric = .launchRatio
    owner.over = [launch(1), launch(2)]
    #expect(f.value([owner]) == 2)
    owner.launches = [
      launch(0, sinceEarliest: 3), launch(10, sinceEarliest: 9), launch(20, sinceEarliest: 30),
    ]
    f.metric = .medianDelayMinutes
    #expect(f.value([owner]) == 9)
  }

  @Test func thePeakBinRatioFindsASpikeAndIgnoresSparseBins() {
    // 10-minute bins: 100 launches in each, 300 in the one at 00:00.
    var hours: [Double] = []
    for bin in 0..<144 { hours += Array(repeating: Double(bin) / 6 + 0.01, count: bin == 0 ? 300 : 100) }
    #expect(ValidationFigure.peakBinRatio(hours) == 3)
    hours = (0..<144).flatMap { Array(repeating: Double($0) / 6 + 0.01, count: 100) }
    #expect(ValidationFigure.peakBinRatio(hours) == 1)
    #expect(ValidationFigure.peakBinRatio(Array(repeating: 0.01, count: 99)) == nil)
  }

  @Test(arguments: [
    (
      "test: one_phone", "test: one_fone",
      "c.yaml:5: test: 'one_fone' is not one of fleet, one_phone, typical_owner"
    ),
    ("real: 1", "real: [3, 1]", "c.yaml:7: real: real's low end 3 is above its high end 1"),
    (
      "real: 1", "real: 1\npercentiles: [5, 120]",
      "c.yaml:8: percentiles: percentiles must be two numbers from 0 to 100"
    ),
    (
      "real: 1", "real: 1\npercentiles: [-5, 95]",
      "c.yaml:8: percentiles: percentiles must be two numbers from 0 to 100"
    ),
    ("real: 1", "real: 1\npercentiles: [95, 5]", "c.yaml:8: percentiles: percentiles's low end 95 is above"),
    ("real: 1", "band: [0, 2]", "c.yaml:7: band: a one_phone case is judged against the owners' percentiles"),
    ("real: 1", "", "c.yaml:1: 'real' is missing; e.g. real: 24 or real: [2, 3]"),
    (
      "real: 1", "real: [1, 2]",
      "c.yaml:7: real: real 1–2 is a range, and a one-phone case is judged at a point: add reading: N"
    ),
    (
      "real: 1", "real: [1, 2]\nreading: 3",
      "c.yaml:8: reading: reading must be ends or a number inside real 1–2"
    ),
    ("real: 1", "real: [1, 2]\nreading: middle", "c.yaml:8: reading: reading must be ends or a number"),
    ("real: 1", "real: 1\nreading: 1", "c.yaml:8: reading: real is one number, judged as that point"),
    ("real: 1", "real: 1\nfitted: \"\"", "c.yaml:8: fitted: fitted needs a line of text"),
    ("real: 1", "real: 1\nno_variation: \"\"", "c.yaml:8: no_variation: no_variation needs a line of text"),
    ("test: one_phone", "test: fleet", "c.yaml:7: real: 'real' belongs to a one_phone case"),
  ])
  func badPredictiveCasesNameTheFileLineAndKey(old: String, new: String, message: String) throws {
    let path = write(
      Self.text(test: "one_phone", extra: "real: 1").replacingOccurrences(of: old, with: new), "c.yaml")
    #expect {
      try ValidationCase.load(file: path)
    } throws: { error in
      let text = (error as? UserError)?.message ?? ""
      return text.contains(message)
        || {
          print("got: \(text)")
          return false
        }()
    }
  }

  @Test func aPopulationFigureCannotDescribeOnePhone() throws {
    let path = write(
      Self.text(
        test: "one_phone", extra: "real: 0.1", figure: "{metric: share_owners_none, task: refresh}"), "c.yaml"
    )
    #expect {
      try ValidationCase.load(file: path)
    } throws: { error in
      ((error as? UserError)?.message ?? "").contains(
        "share_owners_none describes a population, not one phone")
    }
  }
}
