import FileFormats
import Foundation

/// What no option of `bgsim advise` reaches, for a `launched_by_HH:MM` goal: the
/// owner-days (after the warm-up) on which no (cell, arm) had a completed run launched
/// by HH:MM, and why. The cells of a sweep see the same owners and phones (common
/// random numbers), so an owner-day is one day of one phone whatever the option; a
/// goal above the share of days some option reaches is out of every option's reach.
///
/// Each day no option reaches is counted under the first reason that holds: the phone
/// launched the app for no option on any day (as a phone on a stalled iOS release
/// does), the phone was not on its charger between midnight and HH:MM (processing waits
/// for power; refresh mostly runs on it at night), or neither.
public struct AdviceReach: Sendable, Equatable {
  /// Owner-days after the warm-up.
  public private(set) var days = 0
  /// Of those, the days no option reached.
  public private(set) var unreached = 0
  /// Of the unreached, the days of phones on which no option launched the app in the whole run.
  public private(set) var neverLaunched = 0
  /// Of the unreached, the other days the phone was not on its charger before HH:MM.
  public private(set) var offCharger = 0
  /// The goal's time of day [s after midnight].
  public let bySeconds: Int

  /// The share of owner-days some option reached: the most any option's share can be.
  public var ceiling: Double { days > 0 ? Double(days - unreached) / Double(days) : .nan }

  /// Reads `days.csv` and `launches.csv` in `directory` (a run with swept keys
  /// `sweptKeys`); nil when either file is missing. A file that does not read as bgsim
  /// wrote it is refused in one line.
  public init?(directory: String, sweptKeys: [String], bySeconds: Int) throws(UserError) {
    guard (60...86_400).contains(bySeconds) else { return nil }
    let folder = URL(fileURLWithPath: directory)
    let dayPath = folder.appendingPathComponent(CSVSchema.days.file).path
    let launchPath = folder.appendingPathComponent(CSVSchema.launches.file).path
    let files = FileManager.default
    guard files.fileExists(atPath: dayPath), files.fileExists(atPath: launchPath) else { return nil }
    // The days each option reached by HH:MM, by (replication, device, day).
    var reached = Set<DayKey>()
    let launches = CSVSchema.launches.sweeping(sweptKeys)
    let columns = LaunchFigures.LaunchColumns(launches)
    let (replication, device) = (launches.index("replication"), launches.index("device"))
    var reader = try CSVReader(path: launchPath)
    while reader.next() {
      guard let launch = try LaunchFigures(reading: reader, columns, file: launchPath), launch.completed
      else { continue }
      let (day, timeOfDay) = launch.launchedMilliseconds.quotientAndRemainder(dividingBy: 86_400_000)
      if timeOfDay <= Int64(bySeconds) * 1000 {
        reached.insert(
          DayKey(
            replication: try reader.whole(replication, "replication", in: RunRanges.index, file: launchPath),
            device: try reader.whole(device, "device", in: RunRanges.index, file: launchPath), day: Int(day)))
      }
    }
    try self.init(
      days: dayPath, layout: CSVSchema.days.sweeping(sweptKeys), reached: reached, bySeconds: bySeconds)
  }

  /// What `bgsim advise` says of it under an unmet goal: the share of owner-days no
  /// option reached by HH:MM, split by reason, and the ceiling when the goal is above it.
  public func text(goal: Advice.Goal) -> String {
    guard days > 0 else { return "" }
    let clock = String(format: "%02d:%02d", bySeconds / 3600, bySeconds / 60 % 60)
    func share(_ n: Int) -> String { Format.fixed(100 * Double(n) / Double(days), digits: 1) + " %" }
    let other = unreached - neverLaunched - offCharger
    var line =
      "no option ran by \(clock) on \(share(unreached)) of the owner-days (\(unreached) of \(days))"
    if unreached > 0 {
      let parts = [
        neverLaunched > 0
          ? "\(share(neverLaunched)) on phones where no option launched the app in the whole run (as on a stalled iOS release)"
          : nil,
        offCharger > 0
          ? "\(share(offCharger)) with the phone not on its charger between midnight and \(clock)" : nil,
        other > 0 ? "\(share(other)) on the charger before \(clock) yet without a run" : nil,
      ].compactMap { $0 }
      line += ": " + parts.joined(separator: "; ")
    }
    if goal.comparison.claimsAbove, goal.shortfall(ceiling) > 0 {
      line +=
        "; so no option's share can exceed \(Format.fixed(ceiling, digits: 3)), and the goal asks \(Format.compact(goal.value))"
    }
    return line + "\n"
  }

  /// One day of one phone.
  struct DayKey: Hashable {
    let replication: Int, device: Int, day: Int
    var phone: [Int] { [replication, device] }
  }

  /// Counts the days of `days.csv` at `path`: which of them no option reached, and why.
  private init(days path: String, layout: CSVSchema, reached: Set<DayKey>, bySeconds: Int) throws(UserError) {
    self.bySeconds = bySeconds
    let (replication, device, day) = (
      layout.index("replication"), layout.index("device"), layout.index("day")
    )
    let (warmup, launches, charger) = (
      layout.index("warmup"), layout.index("launches"), layout.index("first_on_charger_s")
    )
    // Each counted day once (every option writes it): whether the phone was on its
    // charger before HH:MM; and the phones that launched the app at all.
    var onChargerBefore: [DayKey: Bool] = [:]
    var launchedAtAll = Set<[Int]>()
    var reader = try CSVReader(path: path)
    while reader.next() {
      guard !reader.equals(warmup, "1") else { continue }
      let key = DayKey(
        replication: try reader.whole(replication, "replication", in: RunRanges.index, file: path),
        device: try reader.whole(device, "device", in: RunRanges.index, file: path),
        day: try reader.whole(day, "day", in: RunRanges.day, file: path))
      if try reader.whole(launches, "launches", in: RunRanges.count, file: path) > 0 {
        launchedAtAll.insert(key.phone)
      }
      let first = try reader.number(charger, "first_on_charger_s", in: 0...86_400, file: path)
      onChargerBefore[key] = first.map { $0 <= Double(bySeconds) } ?? false
    }
    days = onChargerBefore.count
    for (key, charged) in onChargerBefore where !reached.contains(key) {
      unreached += 1
      if !launchedAtAll.contains(key.phone) {
        neverLaunched += 1
      } else if !charged {
        offCharger += 1
      }
    }
  }
}
