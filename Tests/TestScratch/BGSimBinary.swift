import Foundation

/// Runs the `bgsim` binary that SwiftPM built beside the test bundle.
public struct BGSimBinary {
  public struct Outcome {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
  }

  /// The build products folder (`.build/debug` or `.build/release`).
  public static var productsDirectory: URL {
    var url = Bundle.main.bundleURL
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("bgsim").path),
      url.pathComponents.count > 1
    {
      url.deleteLastPathComponent()
    }
    return url
  }

  public static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("bgsim")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus,
      standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }
}
