import DeviceModel
import SimKernel
import Testing

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

  @Test func integersAtTheEdges() {
    #expect(text { $0.integer(0) } == "0")
    #expect(text { $0.integer(-7) } == "-7")
    #expect(text { $0.integer(.max) } == "9223372036854775807")
    #expect(text { $0.integer(.min) } == "-9223372036854775808")
    #expect(text { $0.fixed(0.000_001, digits: 6) } == "0.000001")
    #expect(text { $0.fixed(12_345.5, digits: 0) } == "12346")
  }

  @Test func fieldsWithCommasAreQuoted() {
    #expect(text { $0.field("a,b \"c\"") } == "\"a,b \"\"c\"\"\"")
    #expect(text { $0.field("plain") } == "plain")
  }
}
