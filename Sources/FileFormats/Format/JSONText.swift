/// JSON written as text, for the records bgsim writes by hand (`manifest.json`, the
/// answers of `bgsim summarize --format json`).
public enum JSONText {
  /// `text` as a JSON string literal: quoted, with quotes, backslashes and control
  /// characters escaped.
  public static func string(_ text: String) -> String {
    var out = "\""
    for c in text.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default:
        if c.value < 0x20 {
          out += "\\u00" + String(c.value >> 4, radix: 16) + String(c.value & 0xF, radix: 16)
        } else {
          out.unicodeScalars.append(c)
        }
      }
    }
    return out + "\""
  }
}
