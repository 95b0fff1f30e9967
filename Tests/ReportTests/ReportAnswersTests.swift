import FileFormats
import Foundation
import Results
import TestScratch
import Testing

@testable import Report

/// The report's "launched by" curve counts as the summary does: the days `days.csv`
/// marks as warm-up are left out, however many there are.
@Suite struct ReportAnswersTests {
  /// One owner, 3 days, the first two in the warm-up; a completed run on day 1 at
  /// 10:00 (warm-up) and on day 2 at 12:00.
  func folder(warmupDays: Int) throws -> URL {
    let dir = scratchFolder("answers")
    var days = CSVSchema.days.header
    for day in 0..<3 {
      let warm = day < warmupDays ? 1 : 0
      days += "0,a,0,0,\(day),2026-01-0\(5 + day),\(warm),1,0,0,1,0,0,1.0,0,1,,,0\n"
    }
    var launches = CSVSchema.launches.header
    for (day, hour) in [(1, 10), (2, 12)] {
      let at = day * 86_400 + hour * 3600
      launches +=
        "0,a,0,0,com.x,t,refresh,\(at - 60),x,\(at - 60),\(at),x,\(at + 5),completed,60,0,wifi,50,0,timer,\n"
    }
    try days.write(to: dir.appendingPathComponent("days.csv"), atomically: true, encoding: .utf8)
    try launches.write(to: dir.appendingPathComponent("launches.csv"), atomically: true, encoding: .utf8)
    return dir
  }

  func curve(warmupDays: Int) throws -> [(Double, Double)] {
    let dir = try folder(warmupDays: warmupDays)
    let curves = try ReportAnswers.curves(
      launches: dir.appendingPathComponent("launches.csv").path,
      days: dir.appendingPathComponent("days.csv").path, cell: 0)
    return try #require(curves["a"])
  }

  @Test func twoWarmUpDaysLeaveOutDayOnesRun() throws {
    let points = try curve(warmupDays: 2)
    // Only day 2 counts: nothing by 11:00, all of it by 12:00.
    #expect(points.first { $0.0 == 11 }?.1 == 0)
    #expect(points.first { $0.0 == 12 }?.1 == 1)
    #expect(points.allSatisfy { $0.1 <= 1 })
  }

  @Test func oneWarmUpDayCountsDayOne() throws {
    let points = try curve(warmupDays: 1)
    // Days 1 and 2 count: half by 10:00, all by 12:00.
    #expect(points.first { $0.0 == 10 }?.1 == 0.5)
    #expect(points.first { $0.0 == 12 }?.1 == 1)
  }
}
