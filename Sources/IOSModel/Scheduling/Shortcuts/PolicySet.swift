/// A set of a model's policies by index, as the bits of one word: the shortcuts keep
/// such sets at every decision point, and a word copies for free. Models of more than
/// 64 policies get no shortcuts.
struct PolicySet: Sequence, Sendable {
  static let capacity = 64
  var bits: UInt64 = 0

  mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }

  func makeIterator() -> Iterator { Iterator(rest: bits) }

  struct Iterator: IteratorProtocol {
    var rest: UInt64
    mutating func next() -> Int? {
      guard rest != 0 else { return nil }
      let i = rest.trailingZeroBitCount
      rest &= rest - 1
      return i
    }
  }
}
