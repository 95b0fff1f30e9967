import Foundation

/// Numbers for people to read.
public enum Format {
  /// `value` with `digits` decimals.
  public static func fixed(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
