import Foundation

/// The folder a command writes its files into.
public enum OutputFolder {
  /// Creates the output folder if needed and checks that it can be written.
  public static func prepare(directory: String) throws(UserError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw UserError("--out \(directory) is a file, not a folder") }
    } else {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw UserError("cannot create the output folder \(directory): check the path and its permissions")
      }
    }
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw UserError("cannot write to the output folder \(directory): it is not writable")
    }
  }

  /// Removes `directory` after a refusal when this command created it and it holds no
  /// finished work (no file named `chunk-…`, which `--resume` could keep): a refused run
  /// leaves no empty or half-made folder behind.
  public static func removeIfUnused(directory: String, existedBefore: Bool) {
    guard !existedBefore else { return }
    let fm = FileManager.default
    if let files = fm.enumerator(atPath: directory) {
      for case let path as String in files where (path as NSString).lastPathComponent.hasPrefix("chunk-") {
        return
      }
    }
    try? fm.removeItem(atPath: directory)
  }

  /// Runs `body`, which writes into `directory`; when it throws, removes the folder if
  /// this call made it and it holds no finished work (``removeIfUnused(directory:existedBefore:)``).
  public static func cleaningUp<T>(directory: String, _ body: () throws(UserError) -> T) throws(UserError)
    -> T
  {
    let existed = FileManager.default.fileExists(atPath: directory)
    do { return try body() } catch {
      removeIfUnused(directory: directory, existedBefore: existed)
      throw error
    }
  }
}
