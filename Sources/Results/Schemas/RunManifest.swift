import FileFormats
import Foundation

/// `manifest.json`: the resolved configuration and the run's provenance, written last so
/// that its presence marks a finished run. One type for the writer (`bgsim run`, merge)
/// and every reader (`summarize`, the report); a reader checks the fields it needs.
public struct RunManifest: Codable, Sendable {
  /// A sweep cell and the values its swept keys take.
  public struct Cell: Codable, Sendable {
    public var cell: Int
    /// (key path, value) in the sweep's order.
    public var overrides: [(path: String, value: String)]

    public init(cell: Int, overrides: [(path: String, value: String)]) {
      self.cell = cell
      self.overrides = overrides
    }

    enum CodingKeys: String, CodingKey { case cell, overrides }

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      cell = try c.decode(Int.self, forKey: .cell)
      let o = try c.nestedContainer(keyedBy: Key.self, forKey: .overrides)
      overrides = try o.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
        ($0.stringValue, try o.decode(String.self, forKey: $0))
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(cell, forKey: .cell)
      var o = c.nestedContainer(keyedBy: Key.self, forKey: .overrides)
      for (path, value) in overrides { try o.encode(value, forKey: Key(stringValue: path)) }
    }

    /// The value of swept key `path` in this cell.
    public func value(of path: String) -> String? { overrides.first { $0.path == path }?.value }
  }

  public var name: String?
  public var bgsimVersion: String?
  public var gitCommit: String?
  public var gitDirty: Bool?
  public var seed: UInt64?
  public var days: Int?
  public var warmupDays: Int?
  /// How the warm-up was set: `fixed`, or `auto` (read from a pilot run by the MSER rule).
  public var warmupRule: String?
  /// The start-up transient this run's own day-by-day launches show by the MSER rule
  /// (``StartupTransient``), the longest of its (cell, arm)s [days]; nil under 3 days.
  public var transientDays: Int?
  public var devices: Int?
  public var replications: Int?
  /// The first simulated date, ISO.
  public var start: String?
  public var arms: [String]?
  public var cells: [Cell]?
  public var chunks: Int?
  /// `over owners`, or `over replications` with a posterior sample.
  public var intervals: String?
  public var posterior: String?
  public var wallTimeSeconds: Double?
  public var commandLine: [String]?
  /// The experiment as resolved, YAML.
  public var configuration: String?
  /// Each CSV file of the folder as the run wrote it: name → its `FileChecksum` (16 hex
  /// digits). A reader refuses a file whose bytes no longer give it
  /// (``OutputFileNames/verifyRunFiles(_:manifest:)``); folders written before it have none.
  public var files: [String: String]?

  enum CodingKeys: String, CodingKey {
    case name
    case bgsimVersion = "bgsim_version"
    case gitCommit = "git_commit"
    case gitDirty = "git_dirty"
    case seed, days
    case warmupDays = "warmup_days"
    case warmupRule = "warmup_rule"
    case transientDays = "transient_days"
    case devices, replications, start, arms, cells, chunks, intervals, posterior
    case wallTimeSeconds = "wall_time_s"
    case commandLine = "command_line"
    case configuration, files
  }

  public init() {}

  /// The manifest in `directory`, or nil when there is none or it is not JSON of this shape.
  public static func read(directory: String) -> RunManifest? {
    let path = URL(fileURLWithPath: directory).appendingPathComponent(OutputFileNames.manifest).path
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONDecoder().decode(RunManifest.self, from: data)
  }

  /// The file's text: one field a line, in a fixed order, numbers as written.
  public var text: String {
    func json(_ s: String?) -> String { s.map(JSONText.string) ?? "null" }
    func number<T>(_ x: T?) -> String { x.map { "\($0)" } ?? "null" }
    let cellTexts = (cells ?? []).map { cell in
      "{\"cell\": \(cell.cell), \"overrides\": {"
        + cell.overrides.map { "\(json($0.path)): \(json($0.value))" }.joined(separator: ", ") + "}}"
    }
    let lines = [
      "\"name\": \(json(name))",
      "\"bgsim_version\": \(json(bgsimVersion))",
      "\"git_commit\": \(json(gitCommit))",
      "\"git_dirty\": \(number(gitDirty))",
      "\"seed\": \(number(seed))",
      "\"days\": \(number(days))",
      "\"warmup_days\": \(number(warmupDays))",
      "\"warmup_rule\": \(json(warmupRule))",
      "\"transient_days\": \(number(transientDays))",
      "\"devices\": \(number(devices))",
      "\"replications\": \(number(replications))",
      "\"start\": \(json(start))",
      "\"arms\": [" + (arms ?? []).map { json($0) }.joined(separator: ", ") + "]",
      "\"cells\": [" + cellTexts.joined(separator: ", ") + "]",
      "\"chunks\": \(number(chunks))",
      "\"intervals\": \(json(intervals))",
      "\"posterior\": \(json(posterior))",
      "\"wall_time_s\": \(wallTimeSeconds.map { Format.fixed($0, digits: 3) } ?? "null")",
      "\"command_line\": [" + (commandLine ?? []).map { json($0) }.joined(separator: ", ") + "]",
      "\"configuration\": \(json(configuration))",
      "\"files\": {"
        + (files ?? [:]).sorted { $0.key < $1.key }.map { "\(json($0.key)): \(json($0.value))" }
        .joined(separator: ", ") + "}",
    ]
    return "{\n  " + lines.joined(separator: ",\n  ") + "\n}\n"
  }
}
