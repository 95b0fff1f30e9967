import FileFormats
import Foundation
import SimKernel

/// Converts the AWARE framework's battery and screen tables (the layout the niimpy
/// package ships) into a ``RecordedTrace``.
///
/// - Battery: `time,battery_level,battery_status,battery_health,battery_adaptor`;
///   `battery_adaptor` 0 means unplugged, anything else plugged.
/// - Screen: `time,screen_status`; 1 (on) and 3 (unlocked) mean on, 0 (off) and 2
///   (locked) mean off.
///
/// Times are Unix seconds; the trace starts at midnight UTC of the first observation's
/// day, which is returned as the start date.
public enum AwareTrace {
  /// The times an AWARE row may hold [Unix s]: NaN, infinities and times past the
  /// year 5000 are refused before any arithmetic.
  static let times = 0.0...1e11

  /// Refuses a time outside ``times``, naming milliseconds when the time in seconds
  /// would be one (AWARE's own database keeps milliseconds; niimpy's tables, seconds).
  static func checkTime(_ t: Double, file: String, line: Int) throws(ConfigError) {
    guard !Self.times.contains(t) else { return }
    let hint = Self.times.contains(t / 1000) ? "; it looks like milliseconds: divide the column by 1000" : ""
    throw ConfigError(file: file, line: line, key: "time", message: "must be Unix seconds (0 to 1e11)\(hint)")
  }

  public static func convert(batteryCSV: String, screenCSV: String, batteryFile: String, screenFile: String)
    throws(ConfigError) -> (trace: RecordedTrace, startDate: CivilDate)
  {
    struct Row {
      var time: Double
      var battery: Double?
      var plugged: Bool?
      var screen: Bool?
    }
    func rows(_ text: String, file: String, columns: [String]) throws(ConfigError) -> [[String]] {
      let lines = text.split(whereSeparator: \.isNewline).map(String.init)
      guard let header = lines.first?.split(separator: ",").map(String.init) else {
        throw ConfigError(file: file, line: 1, key: "", message: "empty file")
      }
      let indices = columns.map { header.firstIndex(of: $0) }
      if let missing = zip(columns, indices).first(where: { $0.1 == nil }) {
        // The other table given in its place: say so, not only what is missing.
        let swapped =
          columns.contains("screen_status")
          ? (header.contains("battery_level") ? "; this is the battery table: give it as --battery" : "")
          : (header.contains("screen_status") ? "; this is the screen table: give it as --screen" : "")
        throw ConfigError(
          file: file, line: 1, key: missing.0,
          message: "missing column; expected \(columns.joined(separator: ","))\(swapped)")
      }
      return lines.dropFirst().map { line in
        let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return indices.map { $0! < cells.count ? cells[$0!] : "" }
      }
    }
    var merged: [Row] = []
    for (i, r) in try rows(
      batteryCSV, file: batteryFile, columns: ["time", "battery_level", "battery_adaptor"]
    ).enumerated() {
      guard let t = Double(r[0]), let level = Double(r[1]), let adaptor = Int(r[2]) else {
        throw ConfigError(
          file: batteryFile, line: i + 2, key: "",
          message: "expected numbers in time, battery_level and battery_adaptor")
      }
      try Self.checkTime(t, file: batteryFile, line: i + 2)
      guard (0...100).contains(level) else {
        throw ConfigError(
          file: batteryFile, line: i + 2, key: "battery_level",
          message: "\(r[1]) is not a percentage (0–100)")
      }
      merged.append(Row(time: t, battery: level, plugged: adaptor != 0))
    }
    for (i, r) in try rows(screenCSV, file: screenFile, columns: ["time", "screen_status"]).enumerated() {
      guard let t = Double(r[0]), let status = Int(r[1]), (0...3).contains(status) else {
        throw ConfigError(
          file: screenFile, line: i + 2, key: "",
          message: "expected a time in Unix seconds (0 to 1e11) and a screen_status of 0–3")
      }
      try Self.checkTime(t, file: screenFile, line: i + 2)
      merged.append(Row(time: t, screen: status == 1 || status == 3))
    }
    merged.sort { $0.time < $1.time }
    guard let first = merged.first else {
      throw ConfigError(file: batteryFile, line: 0, key: "", message: "no observations")
    }
    let startDay = Int((first.time / 86_400).rounded(.down))
    let origin = Double(startDay) * 86_400
    var observations: [RecordedTrace.Observation] = []
    var lastScreen: Bool?
    var lastPlugged: Bool?
    for row in merged {
      var o = RecordedTrace.Observation(time: SimTime(seconds: row.time - origin))
      o.batteryPercent = row.battery
      if let p = row.plugged, p != lastPlugged {
        o.plugged = p
        lastPlugged = p
      }
      if let s = row.screen, s != lastScreen {
        o.screenOn = s
        lastScreen = s
      }
      if o.batteryPercent != nil || o.plugged != nil || o.screenOn != nil { observations.append(o) }
    }
    return (RecordedTrace(observations: observations), CivilDate(daysSinceEpoch: startDay))
  }
}
