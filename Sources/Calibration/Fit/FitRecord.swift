import FileFormats
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The draws of a fit as they finish, one line each in `OUT/.fit-draws` (the draw, each
/// figure, and `ok`: a line that an interruption cut short lacks it), so that
/// `bgsim fit --resume` after an interruption (even `kill -9`) simulates only the draws
/// not yet done. The first line holds the fit's fingerprint (``ABCFit/fingerprint()``):
/// a record of another fit file, of changed cases or of another bgsim is not reused.
/// A line cut short by the interruption is simply done again.
final class FitRecord: Sendable {
  static let fileName = ".fit-draws"
  static let header = "bgsim fit draws 1"

  let path: String
  /// The draws found from an interrupted fit: index → each case's figure.
  let kept: [(Int, [Double?])]
  private let state: Mutex<(descriptor: Int32, failure: Int32?)>

  init(directory: String, fingerprint: String, resume: Bool, figures: Int) throws(UserError) {
    path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path
    let first = "\(Self.header) \(fingerprint)"
    let found = resume ? Self.read(path: path, fingerprint: fingerprint, figures: figures) ?? [] : []
    kept = found
    let reuse = !found.isEmpty
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | (reuse ? 0 : O_TRUNC), 0o644)
    guard fd >= 0 else { throw UserError("cannot write \(path): check that the output folder is writable") }
    state = Mutex((fd, nil))
    if !reuse { write(first + "\n") } else { write("\n") }  // after a line an interruption cut short
  }

  deinit { state.withLock { _ = close($0.descriptor) } }

  /// The draws recorded in the file at `path` under `fingerprint`: index → each figure;
  /// nil when the file is missing or holds another fit's draws. A line cut short is
  /// left out.
  static func read(path: String, fingerprint: String, figures: Int) -> [(Int, [Double?])]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first.map(String.init) == "\(header) \(fingerprint)" else { return nil }
    var found: [(Int, [Double?])] = []
    // The last line is complete only if the file ends with a newline.
    for line in lines.dropFirst().dropLast() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count == figures + 2, fields.last == "ok", let i = Int(fields[0]), i >= 0 else { continue }
      let written = fields.dropFirst().dropLast()
      let values = written.map { $0.isEmpty ? nil : Double($0) }
      guard zip(values, written).allSatisfy({ $0 != nil || $1.isEmpty }) else { continue }
      found.append((i, values))
    }
    return found
  }

  private func write(_ line: String) {
    state.withLock { s in
      guard s.failure == nil else { return }
      var bytes = Array(line.utf8)
      s.failure = bytes.withUnsafeMutableBytes {
        FileDescriptorOutput.writeAll(UnsafeRawBufferPointer($0), to: s.descriptor)
      }
    }
  }

  /// Records a finished draw (from any thread).
  func append(index: Int, figures: [Double?]) {
    write("\(index)," + figures.map { $0.map { "\($0)" } ?? "" }.joined(separator: ",") + ",ok\n")
  }

  /// Throws if any line could not be written.
  func finish() throws(UserError) {
    if let code = state.withLock({ $0.failure }) { throw FileDescriptorOutput.error(writing: path, code) }
  }

  /// Removes the record once the fit's files are written.
  func remove() { _ = unlink(path) }
}
