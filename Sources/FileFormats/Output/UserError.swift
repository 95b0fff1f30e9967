/// A problem with what the user asked for (a file, a value, a folder), reported as one
/// line; the command exits with code 2.
public struct UserError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
