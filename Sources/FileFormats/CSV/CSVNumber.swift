/// Numbers for CSV: fixed decimals, no locale, no exponent, and "-0" never printed.
public enum CSVNumber {
  public static func format(_ value: Double, digits: Int) -> String {
    var buffer = CSVBuffer(capacity: 24)
    buffer.fixed(value, digits: digits)
    return String(decoding: buffer.bytes, as: UTF8.self)
  }
}
