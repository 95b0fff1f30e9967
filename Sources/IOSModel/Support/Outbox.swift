/// A list that is filled and emptied again and again, such as the events a model records
/// during one kernel event and its owner drains right after, kept in storage it owns
/// outright.
///
/// An `Array` stored in a class checks that its buffer is not shared before every append
/// and every removal (a call into the runtime each, a few thousand per simulated
/// device-day); this type cannot be copied, so it needs no such check. Emptying it keeps
/// the storage.
///
/// ```swift
/// var out = Outbox<Int>()
/// out.append(3)
/// out[0]        // 3
/// out.removeAll()
/// ```
@usableFromInline package struct Outbox<Element>: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var capacity: Int
  @usableFromInline var stored = 0

  /// An empty list with room for `capacity` elements before it grows.
  @usableFromInline
  package init(capacity: Int = 8) {
    self.capacity = max(1, capacity)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: stored)
    base.deallocate()
  }

  /// Number of elements.
  @inlinable package var count: Int { stored }
  @inlinable package var isEmpty: Bool { stored == 0 }

  /// The element at `index` (0 ..< ``count``), read in place: reading one field of it
  /// copies that field, not the element (whose references a copy would retain).
  @inlinable
  package subscript(index: Int) -> Element {
    unsafeAddress {
      precondition(index >= 0 && index < stored, "index \(index) is not in 0..<\(stored)")
      return UnsafePointer(base + index)
    }
  }

  @inlinable
  package mutating func append(_ element: consuming Element) {
    if stored == capacity { grow() }
    (base + stored).initialize(to: element)
    stored &+= 1
  }

  /// Doubles the storage.
  @usableFromInline
  mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: stored)
    base.deallocate()
    base = larger
    capacity *= 2
  }

  /// Empties the list, keeping its storage.
  @inlinable
  package mutating func removeAll() {
    // Element by element: the list is short, and `deinitialize(count:)` calls into the
    // runtime for any element type that holds references.
    for i in 0..<stored { _ = (base + i).move() }
    stored = 0
  }

  /// Moves the elements for which `keep` is true to the end of `array`, in order, and
  /// empties the list: the kept elements are moved, not copied (a copy of an element that
  /// holds references retains them, and emptying the list released them again).
  @inlinable
  package mutating func moveAll(into array: inout [Element], where keep: (borrowing Element) -> Bool) {
    for i in 0..<stored {
      let element = (base + i).move()
      if keep(element) { array.append(element) }
    }
    stored = 0
  }

  /// A copy of the elements, in order.
  @usableFromInline
  package var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: stored)) }
}

extension Outbox where Element == AppEvent {
  /// The app's events as a ``LaunchDecider`` reads them; valid until the list changes.
  @usableFromInline
  package var view: AppEvents { AppEvents(base: UnsafePointer(base), count: stored) }
}
