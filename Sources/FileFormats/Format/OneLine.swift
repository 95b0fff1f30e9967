/// Text for one line of a message. A path or a name may hold control characters (a
/// newline, a tab, an escape): they are written as `\n`, `\t` or `\u{1B}`, so that an
/// error stays on one line and a terminal shows the name as it is, not what it does.
public enum OneLine {
  /// `text` with every control character (C0, DEL, C1, and the Unicode line and paragraph
  /// separators) escaped; a backslash is left as it is.
  public static func escaping(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }
}
