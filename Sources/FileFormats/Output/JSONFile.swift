import Foundation

/// Small JSON records (`shard.json`, `fit-shard.json`).
package enum JSONFile {
  /// Writes `object` to `path` with sorted keys, whole or not at all.
  package static func write(_ object: [String: Any], to path: String) throws(UserError) {
    do {
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
      let writer = try AtomicFileWriter(path: path)
      writer.write([UInt8](data))
      try writer.commit()
    } catch let error as UserError {
      throw error
    } catch { throw UserError("cannot write \(path): \(error.localizedDescription)") }
  }
}
