import Foundation

/// The one folder, per test process, that holds every scratch folder the tests make.
/// It is removed when the process exits, so `swift test` leaves nothing in the
/// temporary directory (before, each run left about 450 folders behind).
private let scratchRoot: URL = {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bgsim-tests-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(at: scratchRoot) }
  return root
}()

/// A new empty folder under the test process's scratch root, removed at exit.
/// - Parameter label: A word that says which test made it, for reading a failed run's files.
public func scratchFolder(_ label: String) -> URL {
  let url = scratchRoot.appendingPathComponent("\(label)-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// A new scratch folder for an experiment's files.
public func scratch() -> URL {
  scratchFolder("exp")
}

/// Writes `text` to a file `name` in a new scratch folder and returns its path.
public func write(_ text: String, _ name: String = "e.yaml") -> String {
  let path = scratch().appendingPathComponent(name).path
  _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  return path
}
