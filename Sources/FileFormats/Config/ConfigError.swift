/// A problem in a configuration file, reported as one line:
/// `experiments/personas/typical.yaml:12: battery.capacity_wh: must be greater than 0`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file the problem is in.
  public let file: String
  /// Line number, from 1; 0 when the problem concerns the file as a whole.
  public let line: Int
  /// The dotted key path, empty when the problem concerns the file as a whole.
  public let key: String
  /// What is wrong and, where possible, how to fix it.
  public let message: String

  public init(file: String, line: Int, key: String, message: String) {
    self.file = file
    self.line = line
    self.key = key
    self.message = message
  }

  /// A problem whose message names its own place (another file's error, passed on).
  public init(placedMessage: String) {
    self.init(file: "", line: 0, key: "", message: placedMessage)
  }

  public var description: String {
    let place = line > 0 ? "\(file):\(line)" : file
    let text = key.isEmpty ? message : "\(key): \(message)"
    return OneLine.escaping(place.isEmpty ? text : "\(place): \(text)")
  }
}
