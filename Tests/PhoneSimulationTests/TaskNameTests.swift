import Dispatch
import SimKernel
import Synchronization
import Testing

@testable import IOSModel
@testable import PhoneAssembly

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
    // The empty name is the empty text's, however many names were made before it.
    #expect(
      TaskName("") == .empty && TaskName.empty.text.isEmpty && !texts.map(TaskName.init).contains(.empty))
    var a = Activity(kind: .refresh, identifier: "com.example.sync", priority: .utility, submittedAt: .zero)
    #expect(a.identifier == "com.example.sync")
    #expect(a.name == TaskName("com.example.sync"))
    a.identifier = "com.example.other"
    #expect(a.name == TaskName("com.example.other") && a.name != TaskName("com.example.sync"))
  }

  /// App events carry their identifier interned: an event made from the text and one
  /// made from the name are the same event and spell the same text, and the events an
  /// app records for a request name the request's identifier.
  @Test func appEventsNameTheirRequestsIdentifier() {
    let made = AppEvent(time: .zero, kind: .submit, identifier: "com.example.sync", detail: "refresh")
    let named = AppEvent(time: .zero, kind: .submit, name: TaskName("com.example.sync"), detail: "refresh")
    #expect(made == named)
    #expect(named.identifier == "com.example.sync")
    #expect(AppEvent(time: .zero, kind: .state).name == .empty)
    #expect(AppEvent(time: .zero, kind: .state).identifier.isEmpty)
    #expect(made != AppEvent(time: .zero, kind: .submit, identifier: "com.example.other", detail: "refresh"))

    // Submitted at launch: refresh twice (the second replaces the first), then clean;
    // the system launches clean at 60 s, then an identifier never submitted.
    var world = World(
      behavior: worker(
        ["refresh", "clean"], submit: [refresh(earliest: 30), refresh(earliest: 40), processing("clean")]),
      script: [(0, .openApp(seconds: 10))], launches: [(60, "clean"), (61, "p3")])
    world.run(until: 120)
    #expect(world.events(.submit).map(\.1) == ["refresh", "refresh", "clean"])
    #expect(world.events(.replaced).map(\.1) == ["refresh"])
    #expect(world.app.taskScheduler.pending.map(\.name) == [TaskName("refresh")])
    #expect(world.events(.launch).map(\.1) == ["clean"])
    #expect(world.events(.complete).map(\.1) == ["clean"])
    #expect(world.launchResults.last == .notPending)
  }
}
