import ArgumentParser
import Calibration
import Experiments
import Foundation
import Results

/// `bgsim merge`: combine shard folders into the output of one unsharded run.
struct Merge: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract:
      "Combine the folders of `bgsim run --shard K/N` into one output, identical to an unsharded run.",
    discussion:
      "Refuses shards of different configurations or seeds, a missing shard, or an unfinished one (exit 2). "
      + "Prints the merged run's summary and warnings, and exits as bgsim run does (1: a claim fails; else 3: "
      + "a claim is inconclusive; else 4: a warning). "
      + "The folders of `bgsim fit --shard K/N` finish the fit, as an unsharded fit would."
  )

  @Argument(help: "The shard folders.") var shards: [String] = []
  @Option(help: "Where to write the merged output.") var out: String

  func validate() throws {
    if shards.isEmpty { throw ValidationError("give the shard folders to merge") }
  }

  func run() throws {
    guard ABCFit.isShard(shards[0]) else {
      let (report, result, warnings) = try ShardMerge.merge(shards, out: out)
      print(report)
      for warning in warnings { FileHandleOutput.standardError("bgsim: \(warning)") }
      return try RunExit.check(result, warned: !warnings.isEmpty)
    }
    let (spec, result) = try ABCFit.merge(
      shards, out: out, jobs: ProcessInfo.processInfo.activeProcessorCount)
    print(FitOutput.text(result, spec: spec), terminator: "")
    print("wrote the fit's files to \(out)/")
  }
}
