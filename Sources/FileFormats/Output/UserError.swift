/// A problem with what the user asked for (a file, a value, a folder), reported as one
/// line; the command exits with code 2.
public struct UserError: Error, CustomStringConvertible, Sendable {
  public let message: String
  /// Control characters in `message` (from a path or a name) are escaped (``OneLine``).
  public init(_ message: String) { self.message = OneLine.escaping(message) }
  public var description: String { message }
}
