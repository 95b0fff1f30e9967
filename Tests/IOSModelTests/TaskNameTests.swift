import Dispatch
import Synchronization
import Testing

@testable import IOSModel

@Suite struct TaskNameTests {
  /// Names made of the same text are equal and give the text back; different texts
  /// differ, also when interned from many threads at once.
  @Test func theSameTextIsTheSameNameOnEveryThread() {
    let texts = (0..<64).map { "com.example.task-\($0 % 16)-\($0 / 16)" }
    let names = Mutex<[Int: [TaskName]]>([:])
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      let made = texts.shuffled().sorted().map { TaskName($0) }
      names.withLock { $0[worker] = made }
    }
    let all = names.withLock { $0 }
    let sorted = texts.sorted()
    for (_, made) in all {
      #expect(made == all[0]!)
      #expect(made.map(\.text) == sorted)
    }
    #expect(Set(all[0]!).count == texts.count)
    var a = Activity(kind: .refresh, identifier: "com.example.sync", priority: .utility, submittedAt: .zero)
    #expect(a.identifier == "com.example.sync")
    #expect(a.name == TaskName("com.example.sync"))
    a.identifier = "com.example.other"
    #expect(a.name == TaskName("com.example.other") && a.name != TaskName("com.example.sync"))
  }
}
