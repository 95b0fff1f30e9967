/// One CSV field as text: quoted when it holds a comma, a quote or a line break, with
/// quotes doubled (RFC 4180), and as it is otherwise.
public enum CSVField {
  /// `text` as one CSV field.
  public static func quoted(_ text: String) -> String {
    var b = CSVBuffer(capacity: text.utf8.count + 2)
    b.field(text)
    return String(decoding: b.bytes, as: UTF8.self)
  }
}
