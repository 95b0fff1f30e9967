extension CSVBuffer {
  /// The number of fields in the text written since byte `start`, which must begin a
  /// row and end with its newline: its separators outside quotes, plus one. For checks
  /// in debug builds that a typed row writes as many fields as its schema declares.
  package func fields(since start: Int) -> Int {
    var quoted = false
    var separators = 0
    for i in start..<length {
      switch storage[i] {
      case UInt8(ascii: "\""): quoted.toggle()
      case UInt8(ascii: ","): if !quoted { separators += 1 }
      default: break
      }
    }
    return separators + 1
  }
}
