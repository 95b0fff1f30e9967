import DeviceModel
import FileFormats
import Foundation
import IOSModel
import Randomness
import Results
import SimKernel

/// A device's launch log: what an app saw of its background launches and of its phone,
/// one event per line, as a developer can write it from the app's own logging.
///
/// ```
/// time,event,task_id,value
/// 2026-01-05T08:02:11,open_app,,
/// 2026-01-05T08:02:12,submit,com.example.refresh,2026-01-05T08:17:12
/// 2026-01-05T09:40:03,launch,com.example.refresh,
/// 2026-01-05T09:40:08,complete,com.example.refresh,
/// 2026-01-05T22:51:40,plug,,
/// 2026-01-05T22:51:40,battery,,34
/// ```
///
/// `time` is ISO 8601 local time (`YYYY-MM-DDThh:mm:ss`, optionally with a fraction of a
/// second), in order. `task_id` names the task of `submit`, `launch`, `complete` and
/// `expire`. `value` is the `earliestBeginDate` of a `submit` (ISO local time; empty for
/// none), the network of `network` (`wifi`, `cellular` or `none`) and the level of
/// `battery` [0…100 %]; empty otherwise.
public struct LaunchLog: Sendable {
  public enum Event: String, Sendable, CaseIterable {
    case submit, launch, complete, expire
    case openApp = "open_app"
    case closeApp = "close_app"
    case plug, unplug
    case screenOn = "screen_on"
    case screenOff = "screen_off"
    case network, battery
  }

  public struct Row: Sendable, Equatable {
    /// Time since the start of the log's first day [s].
    public var seconds: Double
    public var event: Event
    public var taskID: String
    public var value: String
    /// Where it was written (from 1, the header).
    public var line: Int
  }

  public static let header = "time,event,task_id,value"

  public var file = ""
  /// The date of the first row.
  public var startDate = CivilDate(iso: "2026-01-05")!
  public var rows: [Row] = []

  public init(file: String = "", startDate: CivilDate, rows: [Row]) {
    self.file = file
    self.startDate = startDate
    self.rows = rows
  }

  /// Whole days from the first day's start to the last row.
  public var days: Int { max(1, Int(((rows.last?.seconds ?? 0) / 86_400).rounded(.down)) + 1) }

  /// Reads a log file; any problem is one line naming the file, the line and the fix.
  public static func load(file: String) throws(UserError) -> LaunchLog {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw UserError(
        "\(file): \(FileManager.default.fileExists(atPath: file) ? "cannot be read" : "no such file")")
    }
    guard data.count <= 256 << 20 else { throw UserError("\(file): a launch log may hold at most 256 MiB") }
    return try parse(TextFiles.text(of: data), file: file)
  }

  public static func parse(_ text: String, file: String) throws(UserError) -> LaunchLog {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first, first.trimmingCharacters(in: .whitespaces) == header else {
      throw UserError("\(file):1: the header must be '\(header)'")
    }
    var rows: [Row] = []
    var start: CivilDate?
    for (i, line) in lines.enumerated().dropFirst() {
      let n = i + 1
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4 else {
        throw UserError("\(file):\(n): expected 4 fields (time,event,task_id,value), found \(fields.count)")
      }
      guard let event = Event(rawValue: fields[1]) else {
        throw UserError(
          "\(file):\(n): event: unknown event '\(fields[1])'\(NearestName.hint(fields[1], among: Event.allCases.map(\.rawValue))); the events are \(Event.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      guard let (date, secondOfDay) = Self.isoTime(fields[0]) else {
        throw UserError(
          "\(file):\(n): time: '\(fields[0])' is not an ISO local time such as 2026-01-05T08:30:00")
      }
      let origin = start ?? date
      start = origin
      let seconds = Double(date.daysSinceEpoch - origin.daysSinceEpoch) * 86_400 + secondOfDay
      guard seconds >= (rows.last?.seconds ?? 0) else {
        throw UserError("\(file):\(n): time: \(fields[0]) is before the line above; sort the log by time")
      }
      guard seconds <= 3650 * 86_400 else {
        throw UserError("\(file):\(n): time: \(fields[0]) is more than 3650 days after the first line")
      }
      let needsTask: Set<Event> = [.submit, .launch, .complete, .expire]
      if needsTask.contains(event), fields[2].isEmpty {
        throw UserError("\(file):\(n): task_id: a \(event.rawValue) names its task")
      }
      switch event {
      case .submit:
        if !fields[3].isEmpty, Self.isoTime(fields[3]) == nil {
          throw UserError(
            "\(file):\(n): value: a submit's value is its earliestBeginDate as ISO local time, or empty")
        }
      case .network where NetworkKind(rawValue: fields[3]) == nil:
        throw UserError("\(file):\(n): value: a network event's value is wifi, cellular or none")
      case .battery:
        guard let level = Double(fields[3]), (0...100).contains(level) else {
          throw UserError("\(file):\(n): value: a battery event's value is a level from 0 to 100")
        }
      default: break
      }
      rows.append(Row(seconds: seconds, event: event, taskID: fields[2], value: fields[3], line: n))
    }
    guard let start else { throw UserError("\(file): the log has no events after its header") }
    return LaunchLog(file: file, startDate: start, rows: rows)
  }

  /// `YYYY-MM-DDThh:mm:ss[.fff]`: the date and the seconds into it; nil if malformed.
  static func isoTime(_ text: String) -> (CivilDate, Double)? {
    let parts = text.split(separator: "T", omittingEmptySubsequences: false)
    guard parts.count == 2, let date = CivilDate(iso: String(parts[0])) else { return nil }
    let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, clock[0].count == 2, clock[1].count == 2, let h = Int(clock[0]),
      let m = Int(clock[1]),
      let s = Double(clock[2]), clock[2].first?.isNumber == true, (0..<24).contains(h), (0..<60).contains(m),
      s >= 0, s < 61
    else { return nil }
    return (date, Double(h * 3600 + m * 60) + s)
  }

  /// The seconds of an ISO local time from the log's start; nil if malformed.
  func seconds(iso text: String) -> Double? {
    guard let (date, s) = Self.isoTime(text) else { return nil }
    return Double(date.daysSinceEpoch - startDate.daysSinceEpoch) * 86_400 + s
  }
}
