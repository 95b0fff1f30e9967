/// Why a distribution or duration text could not be read. Its description names the
/// text and the problem in one line, e.g.
/// `lognormal(median: -3s): median must be greater than 0`.
public struct DistributionParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was being read.
  public let text: String
  /// What is wrong with it.
  public let problem: String

  public init(text: String, problem: String) {
    self.text = text
    self.problem = problem
  }

  public var description: String { "'\(text)': \(problem)" }
}
