import FileFormats
import Foundation
import SimKernel
import Testing

/// A Monday: the start of the calendars below.
private let monday = CivilDate(iso: "2026-01-05")!

@Suite struct CSVBufferTests {
  func text(_ build: (inout CSVBuffer) -> Void) -> String {
    var b = CSVBuffer()
    build(&b)
    return String(decoding: b.bytes, as: UTF8.self)
  }

  @Test func fixedDecimals() {
    #expect(text { $0.fixed(3.14159, digits: 2) } == "3.14")
    #expect(text { $0.fixed(-0.04, digits: 1) } == "0.0")
    #expect(text { $0.fixed(-2.5, digits: 0) } == "-3")
    #expect(text { $0.fixed(100, digits: 1) } == "100.0")
    #expect(text { $0.fixed(0.05, digits: 3) } == "0.050")
    #expect(text { $0.fixed(.nan, digits: 1) } == "")
  }

  @Test func secondsAreExactFromMicroseconds() {
    #expect(text { $0.seconds(SimTime(microseconds: 1_578_635_782_500)) } == "1578635.783")
    #expect(text { $0.seconds(SimTime(microseconds: 1_499)) } == "0.001")
    #expect(text { $0.seconds(.zero) } == "0.000")
  }

  @Test func isoMatchesTheCalendar() {
    let calendar = SimCalendar(startDate: monday)
    let seconds: [Double] = [0, 59.9, 86_399, 86_400 * 40 + 3723, -86_400 * 3 + 1, 86_400 * 400 * 365]
    for s in seconds {
      let t = SimTime(seconds: s)
      #expect(text { $0.iso(t, calendar: calendar) } == calendar.isoString(t))
    }
  }

  /// Rows read their dates through a cache of the last day: it must never hand back a
  /// stale day, in time order or out of it.
  @Test func isoThroughTheDateCacheMatchesTheCalendar() {
    let calendar = SimCalendar(startDate: monday)
    var dates = CSVRowWriter.DateCache()
    var b = CSVBuffer()
    var expected = ""
    let seconds: [Double] = [0, 86_399.5, 86_400, 86_401, 3 * 86_400, 86_400 - 1, -1, 400 * 86_400, 0]
    for s in seconds {
      let t = SimTime(seconds: s)
      b.row(reserve: CSVRowWriter.isoBound + 1) { w in
        w.iso(t, calendar: calendar, dates: &dates)
        w.newline()
      }
      expected += calendar.isoString(t) + "\n"
    }
    #expect(String(decoding: b.bytes, as: UTF8.self) == expected)
  }

  /// The cache keeps a day's text: across month, year and four-to-five-digit year edges
  /// (whose days are written the long way) it must match the calendar.
  @Test func isoThroughTheDateCacheAcrossEdges() {
    for start in ["2026-01-30", "2026-12-31", "9999-12-30"] {
      let calendar = SimCalendar(startDate: CivilDate(iso: start)!)
      var dates = CSVRowWriter.DateCache()
      var b = CSVBuffer()
      var expected = ""
      for s in stride(from: -3_600.0, through: 4 * 86_400, by: 7_919.5) {
        let t = SimTime(seconds: s)
        b.row(reserve: CSVRowWriter.isoBound + 1) { w in
          w.iso(t, calendar: calendar, dates: &dates)
          w.newline()
        }
        expected += calendar.isoString(t) + "\n"
      }
      #expect(String(decoding: b.bytes, as: UTF8.self) == expected, "from \(start)")
    }
  }

  @Test func datesMatchTheirDescription() {
    for days in [-800_000, -719_468, -1, 0, 10_957, 20_458, 2_932_896, 2_932_897, 3_000_000] {
      let date = CivilDate(daysSinceEpoch: days)
      #expect(text { $0.date(date) } == date.description, "day \(days)")
    }
  }

  @Test func integersAtTheEdges() {
    #expect(text { $0.integer(0) } == "0")
    #expect(text { $0.integer(-7) } == "-7")
    #expect(text { $0.integer(.max) } == "9223372036854775807")
    #expect(text { $0.integer(.min) } == "-9223372036854775808")
    #expect(text { $0.fixed(0.000_001, digits: 6) } == "0.000001")
    #expect(text { $0.fixed(12_345.5, digits: 0) } == "12346")
  }

  /// The one-step writers against plain Swift formatting, on random values of every size.
  @Test func numbersMatchAPlainFormatter() {
    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
    for i in 0..<20_000 {
      x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let micro = Int64(bitPattern: x >> UInt64(i % 40 + 1)) * (i % 3 == 0 ? -1 : 1)
      let ms = (micro + (micro >= 0 ? 500 : -500)) / 1000
      let whole = String(ms.magnitude / 1000)
      let fraction = String(ms.magnitude % 1000)
      let expected =
        (ms < 0 ? "-" : "") + whole + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
      #expect(text { $0.seconds(SimTime(microseconds: micro)) } == expected)
      let value = Double(micro) / 1e6
      let digits = i % 7
      let scaled = (abs(value) * pow(10, Double(digits))).rounded()
      if scaled < 9e18 {
        let n = UInt64(scaled)
        let p = UInt64(pow(10, Double(digits)))
        let frac = String(n % p)
        let text =
          (value < 0 && n != 0 ? "-" : "") + String(n / p)
          + (digits > 0 ? "." + String(repeating: "0", count: digits - frac.count) + frac : "")
        #expect(self.text { $0.fixed(value, digits: digits) } == text)
      }
      #expect(text { $0.integer(micro) } == String(micro))
    }
    #expect(text { $0.integer(Int64(bitPattern: UInt64.max / 2 + 1)) } == String(Int64.min))
  }

  @Test func fieldsWithCommasAreQuoted() {
    #expect(text { $0.field("a,b \"c\"") } == "\"a,b \"\"c\"\"\"")
    #expect(text { $0.field("plain") } == "plain")
  }
}
