import FileFormats
import Foundation
import SimKernel

/// A recorded phone's observations, to drive a simulated device through real days.
///
/// CSV with the header `time_s,battery_pct,plugged,screen,network`, one observation a
/// row, in time order. Any cell but `time_s` may be empty when that quantity was not
/// observed at that moment.
///
/// | column | meaning |
/// |---|---|
/// | `time_s` | seconds since the start of the run (midnight of its start date) |
/// | `battery_pct` | battery level [0…100 %]; the level moves linearly to the next observed one |
/// | `plugged` | `1` on external power, `0` not |
/// | `screen` | `on` or `off` (also `1`/`0`) |
/// | `network` | `wifi`, `cellular` or `none` |
///
/// `bgsim convert-aware` writes this layout from AWARE/niimpy battery and screen files.
public struct RecordedTrace: Sendable, Hashable {
  public struct Observation: Sendable, Hashable {
    public var time: SimTime
    public var batteryPercent: Double?
    public var plugged: Bool?
    public var screenOn: Bool?
    public var network: NetworkKind?
    public var line: Int

    public init(
      time: SimTime, batteryPercent: Double? = nil, plugged: Bool? = nil, screenOn: Bool? = nil,
      network: NetworkKind? = nil, line: Int = 0
    ) {
      self.time = time
      self.batteryPercent = batteryPercent
      self.plugged = plugged
      self.screenOn = screenOn
      self.network = network
      self.line = line
    }
  }

  public static let header = ["time_s", "battery_pct", "plugged", "screen", "network"]

  public var observations: [Observation]

  public init(observations: [Observation]) { self.observations = observations }

  /// Reads the trace file a configuration key names (`trace: FILE`, the path resolved by
  /// `resolve`) for a run of `days` days; a missing file, or one that ends before the
  /// run's last day (``pastTheEndProblem(days:)``), is refused at the key's line.
  public static func load(at node: ConfigTree, resolve: (String) -> String, days: Int) throws(ConfigError)
    -> RecordedTrace
  {
    guard let path = node.scalar, FileManager.default.fileExists(atPath: resolve(path)) else {
      throw node.error(
        "'\(node.scalar ?? "")' is no trace file; give a trace CSV (bgsim convert-aware writes one)")
    }
    let trace = try load(file: resolve(path))
    if let problem = trace.pastTheEndProblem(days: days) { throw node.error("\(path): \(problem)") }
    return trace
  }

  /// Reads a trace file.
  public static func load(file: String) throws(ConfigError) -> RecordedTrace {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw ConfigError(
        file: file, line: 0, key: "",
        message: FileManager.default.fileExists(atPath: file) ? "cannot be read" : "no such file")
    }
    return try parse(TextFiles.text(of: data), file: file)
  }

  /// Parses trace CSV; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(ConfigError) -> RecordedTrace {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    guard let first = lines.first, first.split(separator: ",").map(String.init) == header else {
      throw ConfigError(
        file: file, line: 1, key: "",
        message: "the first line must be the header \(header.joined(separator: ","))")
    }
    var out: [Observation] = []
    for (i, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      func fail(_ column: String, _ message: String) -> ConfigError {
        ConfigError(file: file, line: i + 1, key: column, message: message)
      }
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard cells.count == header.count else {
        throw ConfigError(
          file: file, line: i + 1, key: "", message: "expected \(header.count) cells, found \(cells.count)")
      }
      guard let t = Double(cells[0]), t >= 0, t.isFinite else {
        throw fail("time_s", "'\(cells[0])' is not seconds ≥ 0")
      }
      var o = Observation(time: SimTime(seconds: t), line: i + 1)
      if !cells[1].isEmpty {
        guard let b = Double(cells[1]), (0...100).contains(b) else {
          throw fail("battery_pct", "'\(cells[1])' is not a level in [0, 100]")
        }
        o.batteryPercent = b
      }
      switch cells[2] {
      case "": break
      case "1", "true": o.plugged = true
      case "0", "false": o.plugged = false
      default: throw fail("plugged", "'\(cells[2])' is not 1 or 0")
      }
      switch cells[3] {
      case "": break
      case "on", "1": o.screenOn = true
      case "off", "0": o.screenOn = false
      default: throw fail("screen", "'\(cells[3])' is not on or off")
      }
      if !cells[4].isEmpty {
        guard let n = NetworkKind(rawValue: cells[4]) else {
          throw fail("network", "'\(cells[4])' is not wifi, cellular or none")
        }
        o.network = n
      }
      if let last = out.last, o.time < last.time {
        throw fail(
          "time_s", "rows are out of order: \(cells[0]) comes before line \(last.line)'s time; sort by time_s"
        )
      }
      out.append(o)
    }
    return RecordedTrace(observations: out)
  }

  /// The trace as CSV text in the documented layout.
  public var csv: String {
    var s = Self.header.joined(separator: ",") + "\n"
    for o in observations {
      let cells = [
        CSVNumber.format(o.time.seconds, digits: 3),
        o.batteryPercent.map { CSVNumber.format($0, digits: 1) } ?? "",
        o.plugged.map { $0 ? "1" : "0" } ?? "",
        o.screenOn.map { $0 ? "on" : "off" } ?? "",
        o.network?.rawValue ?? "",
      ]
      s += cells.joined(separator: ",") + "\n"
    }
    return s
  }
}
