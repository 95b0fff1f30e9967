/// A few values by key, searched in order and kept in the order their keys were first
/// added: an app has a handful of task identifiers and a few live timers or tasks, and
/// comparing two copies of the same identifier string is a pointer check, where a
/// `Dictionary` hashes the whole key on every lookup. Each operation is linear in the
/// number of keys, so it suits tables of a few entries only.
public struct SmallTable<Key: Equatable, Value> {
  @usableFromInline var keys: [Key] = []
  @usableFromInline var values: [Value] = []

  public init() {}

  @inlinable
  public var count: Int { keys.count }

  @inlinable
  public subscript(_ key: Key) -> Value? {
    get { keys.firstIndex(of: key).map { values[$0] } }
    set {
      if let i = keys.firstIndex(of: key) {
        if let newValue {
          values[i] = newValue
        } else {
          keys.remove(at: i)
          values.remove(at: i)
        }
      } else if let newValue {
        keys.append(key)
        values.append(newValue)
      }
    }
  }

  /// Adds `value` for `key`, which the table must not hold yet (a new timer's or task's
  /// number): no search, and the value is stored as it comes, where the subscript's
  /// setter unwrapped a copy of it first (a retain and a release more for a class).
  @inlinable
  public mutating func insertNew(_ value: Value, for key: Key) {
    #if DEBUG
      precondition(keys.firstIndex(of: key) == nil, "the key is in the table already")
    #endif
    keys.append(key)
    values.append(value)
  }

  /// Calls `body` with the value for `key` in place (inserting `initial` first when
  /// there is none), so that changing an array value does not copy it.
  @inlinable
  @discardableResult
  public mutating func update<R>(_ key: Key, initial: Value, _ body: (inout Value) -> R) -> R {
    let i: Int
    if let found = keys.firstIndex(of: key) {
      i = found
    } else {
      keys.append(key)
      values.append(initial)
      i = keys.count - 1
    }
    return body(&values[i])
  }

  /// The values, in the order their keys were first added.
  @inlinable
  public var allValues: [Value] { values }

  /// The keys, in the order they were first added.
  @inlinable
  public var allKeys: [Key] { keys }

  @inlinable
  public var isEmpty: Bool { keys.isEmpty }

  @inlinable
  public mutating func removeAll() {
    keys.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
  }

  /// Removes and returns the value for `key`, if any.
  @inlinable
  @discardableResult
  public mutating func removeValue(forKey key: Key) -> Value? {
    guard let i = keys.firstIndex(of: key) else { return nil }
    keys.remove(at: i)
    return values.remove(at: i)
  }
}

extension SmallTable: Sendable where Key: Sendable, Value: Sendable {}
