import Randomness
import SimKernel

/// Clock times in text: `HH:MM[:SS]` within a day, and timeline instants
/// `[dN ]HH:MM[:SS]` (day N from 0), plain seconds, or `YYYY-MM-DDTHH:MM[:SS]`.
public enum ClockText {
  /// Seconds since midnight for `HH:MM` or `HH:MM:SS` (hours 0…23); nil otherwise.
  public static func secondsOfDay(_ text: String) -> Double? {
    let parts = text.trimmed().split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 || $0.count == 1 }),
      let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
    else { return nil }
    var s = 0
    if parts.count == 3 {
      guard let v = Int(parts[2]), (0...59).contains(v) else { return nil }
      s = v
    }
    return Double(h * 3600 + m * 60 + s)
  }

  /// Seconds since the start of the run for a timeline instant: `dN HH:MM[:SS]`,
  /// `HH:MM[:SS]` (day 0), a plain number of seconds, or an ISO date and time counted
  /// from `startDaysSinceEpoch` (the run's start date). Nil when not understood.
  public static func instant(_ text: String, startDaysSinceEpoch: Int?) -> Double? {
    let t = text.trimmed()
    if let seconds = Double(t), seconds.isFinite, seconds >= 0 { return seconds }
    if t.hasPrefix("d") {
      let pieces = t.dropFirst().split(separator: " ", maxSplits: 1)
      guard pieces.count == 2, let day = Int(pieces[0]), day >= 0, let s = secondsOfDay(String(pieces[1]))
      else { return nil }
      return Double(day) * 86_400 + s
    }
    if let s = secondsOfDay(t) { return s }
    if let start = startDaysSinceEpoch, t.count >= 16, t.contains("T") {
      let halves = t.split(separator: "T", maxSplits: 1)
      let dateParts = halves[0].split(separator: "-")
      guard halves.count == 2, dateParts.count == 3, let y = Int(dateParts[0]), let mo = Int(dateParts[1]),
        let d = Int(dateParts[2]), let s = secondsOfDay(String(halves[1]))
      else { return nil }
      guard let days = CivilDate(year: y, month: mo, day: d)?.daysSinceEpoch, days >= start else {
        return nil
      }
      return Double(days - start) * 86_400 + s
    }
    return nil
  }
}
