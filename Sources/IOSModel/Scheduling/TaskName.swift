import Synchronization

/// A task identifier held as a number: the index of its text in a table shared by the
/// whole process, which keeps every text it is given.
///
/// ``Activity`` holds its identifier this way so that it is a plain value: the
/// scheduler copies activities at every decision point, and copying a `String` field
/// retains and releases its storage (for identifiers longer than 15 bytes, an atomic
/// operation each time). The texts are few (an app's identifiers and the older launch
/// paths' names), so keeping them for the life of the process costs nothing.
public struct TaskName: Hashable, Sendable {
  let index: UInt32

  public init(_ text: String) { index = TaskNameTable.shared.index(of: text) }

  init(index: UInt32) { self.index = index }

  /// No identifier (the empty text), number 0 in the table from its start: a constant,
  /// where a stored global checked that it was made at each app event without a task.
  public static var empty: TaskName { TaskName(index: 0) }

  /// The identifier's text.
  public var text: String { TaskNameTable.shared.text(at: index) }
}

/// The process-wide table behind ``TaskName``.
final class TaskNameTable: Sendable {
  static let shared = TaskNameTable()

  private let table = Mutex<(indices: [String: UInt32], texts: [String])>((["": 0], [""]))

  func index(of text: String) -> UInt32 {
    table.withLock { t in
      if let i = t.indices[text] { return i }
      let i = UInt32(t.texts.count)
      t.texts.append(text)
      t.indices[text] = i
      return i
    }
  }

  func text(at index: UInt32) -> String { table.withLock { $0.texts[Int(index)] } }
}
