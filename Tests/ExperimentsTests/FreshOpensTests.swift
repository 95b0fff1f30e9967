import DeviceModel
import FileFormats
import SimKernel
import Testing

@testable import Experiments
@testable import Results

/// `days.csv`'s `opens_fresh_1h`: the day's app opens with a successful run less than an
/// hour before. Before the first run there is none, whatever the clock says.
@Suite struct FreshOpensTests {
  /// Opens at 00:10 and 00:40 on day 0 and at 12:00 on day 1, no run: no open is fresh
  /// (the column counted the first two, as an open's staleness counts from the start
  /// before the first run), and day 0's median staleness is still 25 min from the start.
  @Test func anOpenBeforeTheFirstRunIsNotFresh() {
    let calendar = FirstOnChargerTests.calendar
    var a = OwnerAccounting(calendar: calendar, days: 2, backgroundPowerWatts: 0.78)
    for (day, hour) in [(0, 10.0 / 60), (0, 40.0 / 60), (1, 12.0)] {
      a.consume(device: FirstOnChargerTests.change(day, hour, .appOpened))
    }
    var rows = RowBuffers()
    a.write(prefix: "", into: &rows, end: calendar.startOfDay(2), startDate: calendar.startDate)
    let lines = String(decoding: rows[.days].bytes, as: UTF8.self).split(separator: "\n")
    // …, app_opens, staleness_median_s, staleness_worst_s, opens_fresh_1h, first_on_charger_s, off_s
    let fields = lines.map {
      $0.split(separator: ",", omittingEmptySubsequences: false).suffix(6).map(String.init)
    }
    #expect(fields.map { $0[0] } == ["2", "1"])
    #expect(fields.map { $0[3] } == ["0", "0"], "\(lines)")
    #expect(fields[0][1] == "1500", "\(lines)")
  }
}
