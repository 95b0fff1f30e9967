import Randomness

extension ConfigTree {
  /// The plain values of this list, each given once: `notPlain` is the refusal of an
  /// item that is a list or a section; a value given twice (as written, or as the same
  /// number: `2` and `2.0`) is refused at its second place, `twice` saying why.
  public func distinctScalars(notPlain: String, twice: String) throws(ConfigError) -> [String] {
    guard case .sequence(let items) = value else { return [] }
    var values: [String] = []
    for item in items {
      guard let v = item.scalar else { throw item.error(notPlain) }
      let same = { (w: String) in
        w.trimmed() == v.trimmed() || (Double(w.trimmed()).map { $0 == Double(v.trimmed()) } ?? false)
      }
      if let first = values.firstIndex(where: same) {
        let place = items[first].line != item.line ? ", line \(items[first].line)" : ""
        throw item.error("'\(v)' is the same value as [\(first)] ('\(values[first])'\(place)); \(twice)")
      }
      values.append(v)
    }
    return values
  }
}
