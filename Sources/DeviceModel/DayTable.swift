import FileFormats
import Foundation
import SimKernel

/// The per-day table `bgsim trace` prints: one row per day (averaged over devices when
/// there are several) and a mean row.
public enum DayTable {
  static let headers = [
    "day", "date", "unlocks", "screen h", "charges", "charger h", "plug-in %", "min batt %", "wifi %",
    "LPM h",
  ]

  public static func render(_ devices: [[DeviceDayStats]], calendar: SimCalendar) -> String {
    guard let first = devices.first else { return "" }
    var rows: [[String]] = []
    var all: [DeviceDayStats] = []
    for d in first.indices {
      let day = devices.compactMap { d < $0.count ? $0[d] : nil }
      all += day
      rows.append(
        [String(first[d].day), calendar.date(of: calendar.startOfDay(first[d].day)).description] + cells(day))
    }
    rows.append(["mean", devices.count > 1 ? "\(devices.count) devices" : ""] + cells(all))
    return TextTable.lines([headers] + rows, rightAligned: { $0 >= 2 }).joined(separator: "\n")
  }

  static func cells(_ days: [DeviceDayStats]) -> [String] {
    let n = Double(max(days.count, 1))
    func mean(_ f: (DeviceDayStats) -> Double) -> Double { days.map(f).reduce(0, +) / n }
    let plugLevels = days.flatMap(\.plugInLevels)
    return [
      Format.fixed(mean { Double($0.unlocks) }, digits: 1),
      Format.fixed(mean { $0.screenSeconds } / 3600, digits: 2),
      Format.fixed(mean { Double($0.chargingSessions) }, digits: 2),
      Format.fixed(mean { $0.chargerSeconds } / 3600, digits: 1),
      plugLevels.isEmpty ? "-" : Format.fixed(plugLevels.reduce(0, +) / Double(plugLevels.count), digits: 0),
      Format.fixed(mean { $0.minimumBattery }, digits: 0),
      Format.fixed(mean { $0.wifiSeconds } / 864, digits: 0),
      Format.fixed(mean { $0.lowPowerSeconds } / 3600, digits: 2),
    ]
  }
}
