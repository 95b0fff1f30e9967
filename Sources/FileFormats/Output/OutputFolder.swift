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
}
