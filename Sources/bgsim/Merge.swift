import ArgumentParser
import Calibration
import Experiments
import Foundation
import Results

/// `bgsim merge`: combine shard folders into the output of one unsharded run.
struct Merge: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Combine the folders of `bgsim run --shard K/N` into one output, identical to an unsharded run.",
    discussion:
      "Refuses shards of different configurations or seeds, a missing shard, or an unfinished one (exit 2). "
      + "The folders of `bgsim fit --shard K/N` finish the fit, as an unsharded fit would."
  )

  @Argument(help: "The shard folders.") var shards: [String] = []
  @Option(help: "Where to write the merged output.") var out: String

  func validate() throws {
    if shards.isEmpty { throw ValidationError("give the shard folders to merge") }
  }

  func run() throws {
    guard ABCFit.isShard(shards[0]) else { return print(try ShardMerge.merge(shards, out: out)) }
    let (spec, result) = try ABCFit.merge(
      shards, out: out, jobs: ProcessInfo.processInfo.activeProcessorCount)
    print(FitOutput.text(result, spec: spec), terminator: "")
    print("wrote the fit's files to \(out)/")
  }
}
