import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The draws of a fit as they finish, one line each in `OUT/.fit-draws`, so that
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
    var found: [(Int, [Double?])] = []
    if resume, let text = try? String(contentsOfFile: path, encoding: .utf8) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.first.map(String.init) == first {
        // The last line is complete only if the file ends with a newline.
        for line in lines.dropFirst().dropLast() {
          let fields = line.split(separator: ",", omittingEmptySubsequences: false)
          guard fields.count == figures + 1, let i = Int(fields[0]), i >= 0 else { continue }
          let figures = fields.dropFirst().map { $0.isEmpty ? nil : Double($0) }
          guard zip(figures, fields.dropFirst()).allSatisfy({ $0 != nil || $1.isEmpty }) else { continue }
          found.append((i, figures))
        }
      }
    }
    kept = found
    let reuse = !found.isEmpty
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | (reuse ? 0 : O_TRUNC), 0o644)
    guard fd >= 0 else { throw UserError("cannot write \(path): check that the output folder is writable") }
    state = Mutex((fd, nil))
    if !reuse { write(first + "\n") }
  }

  deinit { state.withLock { _ = close($0.descriptor) } }

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
    write("\(index)," + figures.map { $0.map { "\($0)" } ?? "" }.joined(separator: ",") + "\n")
  }

  /// Throws if any line could not be written.
  func finish() throws(UserError) {
    if let code = state.withLock({ $0.failure }) { throw FileDescriptorOutput.error(writing: path, code) }
  }

  /// Removes the record once the fit's files are written.
  func remove() { _ = unlink(path) }
}
