/// The whole-file check of a CSV file that bgsim wrote, before a command reads it: text
/// with no control bytes but the newline, every row ended by a newline (a file cut mid-row
/// is refused), as many fields as the header, and a number (or nothing) in every column
/// `numeric` names. A damaged file is refused in one line naming the file, the line and
/// the fix, never read into a plausible figure.
package enum CSVFileCheck {
  /// Checks `path`; `numeric(i)` says whether column `i` holds numbers. Returns the
  /// checksum of the bytes it checked (``FileChecksum``), so that a caller comparing it
  /// with a recorded one reads the file once.
  @discardableResult
  package static func verify(path: String, numeric: (Int) -> Bool) throws(UserError) -> String {
    let file = try MappedFile(path: path)
    let bytes = file.bytes
    func refuse(_ line: Int, _ what: String) -> UserError {
      UserError("\(path) line \(line): \(what); the file is damaged, run the command that wrote it again")
    }
    guard bytes.count > 0 else {
      throw UserError("\(path): empty; the file is damaged, run the command that wrote it again")
    }
    guard bytes[bytes.count - 1] == UInt8(ascii: "\n") else {
      let line = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      throw refuse(line, "the last row is cut short (no newline at its end)")
    }
    var numericColumns: [Bool] = []
    var line = 1
    // Continuation bytes still owed by a UTF-8 sequence.
    var owed = 0
    var fields = 0
    var headerFields = -1
    var start = 0
    var quoted = false
    for i in 0..<bytes.count {
      let b = bytes[i]
      if b < 0x20 && b != UInt8(ascii: "\n") || b == 0x7F || (b < 0x80 && owed > 0) {
        throw refuse(line, "byte 0x\(String(b, radix: 16)) is no text")
      }
      if b >= 0x80 {
        if owed > 0 {
          guard b & 0xC0 == 0x80 else {
            throw refuse(line, "byte 0x\(String(b, radix: 16)) is no UTF-8 text")
          }
          owed -= 1
        } else {
          switch b {
          case 0xC2...0xDF: owed = 1
          case 0xE0...0xEF: owed = 2
          case 0xF0...0xF4: owed = 3
          default: throw refuse(line, "byte 0x\(String(b, radix: 16)) is no UTF-8 text")
          }
        }
        continue
      }
      if b == UInt8(ascii: "\"") {
        quoted.toggle()
        continue
      }
      guard !quoted, b == UInt8(ascii: ",") || b == UInt8(ascii: "\n") else { continue }
      if headerFields >= 0, fields < numericColumns.count, numericColumns[fields], !isNumber(bytes, start, i)
      {
        let text = String(decoding: bytes[start..<min(i, start + 40)], as: UTF8.self)
        throw refuse(line, "field \(fields + 1) is '\(text)' where a number belongs")
      }
      fields += 1
      start = i + 1
      if b == UInt8(ascii: "\n") {
        if headerFields < 0 {
          headerFields = fields
          numericColumns = (0..<fields).map(numeric)
        } else if fields != headerFields {
          throw refuse(line, "\(fields) fields where the header has \(headerFields)")
        }
        (fields, line) = (0, line + 1)
      }
    }
    var sum = FileChecksum()
    sum.add(bytes)
    return sum.text
  }

  /// Whether `bytes[start..<end]` is empty or a number (`nan` and `inf` included, as
  /// `%f` writes them).
  static func isNumber(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
    guard start < end else { return true }
    var simple = true
    for k in start..<end {
      let b = bytes[k]
      if !(b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") || b == UInt8(ascii: ".")
        || b == UInt8(ascii: "-"))
      {
        simple = false
        break
      }
    }
    if simple { return bytes[start..<end].contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
    return Double(String(decoding: bytes[start..<end], as: UTF8.self)) != nil
  }
}
