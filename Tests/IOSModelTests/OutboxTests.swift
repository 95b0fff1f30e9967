import Testing

@testable import IOSModel

@Suite struct OutboxTests {
  /// A reference-holding element, to see when the list lets go of it.
  final class Token {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  /// Appending past the initial room grows the storage and keeps every element in order;
  /// emptying keeps working for the next round, like an outbox drained at every event.
  @Test func appendsGrowAndEmptyInOrder() {
    var out = Outbox<Int>(capacity: 2)
    for round in 0..<3 {
      let empty = out.isEmpty
      #expect(empty)
      for k in 0..<37 { out.append(round * 100 + k) }
      let count = out.count
      #expect(count == 37)
      let read = (0..<37).map { out[$0] }
      let copied = out.elements
      #expect(read == (0..<37).map { round * 100 + $0 })
      #expect(copied == read)
      out.removeAll()
    }
  }

  /// Emptying releases the elements (none is leaked), and moving keeps exactly the chosen
  /// ones, in order, releasing the others.
  @Test func emptyingReleasesAndMovingKeepsTheChosen() {
    weak var dropped: Token?
    var kept: [Token] = []
    do {
      var out = Outbox<Token>(capacity: 1)
      for k in 0..<10 { out.append(Token(k)) }
      dropped = out[3]
      #expect(dropped != nil)
      out.removeAll()
      #expect(dropped == nil)
      for k in 0..<10 { out.append(Token(k)) }
      dropped = out[3]
      out.moveAll(into: &kept) { $0.value % 2 == 0 }
      let emptied = out.isEmpty
      #expect(emptied)
      #expect(dropped == nil)
      for k in 10..<13 { out.append(Token(k)) }
      dropped = out[1]
    }
    // The list's own deinit released what it still held.
    #expect(dropped == nil)
    #expect(kept.map(\.value) == [0, 2, 4, 6, 8])
  }
}
