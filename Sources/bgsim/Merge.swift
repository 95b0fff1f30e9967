import ArgumentParser
import Experiments

/// `bgsim merge`: combine shard folders into the output of one unsharded run.
struct Merge: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Combine the folders of `bgsim run --shard K/N` into one output, identical to an unsharded run.",
    discussion:
      "Refuses shards of different configurations or seeds, a missing shard, or an unfinished one (exit 2)."
  )

  @Argument(help: "The shard folders.") var shards: [String] = []
  @Option(help: "Where to write the merged output.") var out: String

  func validate() throws {
    if shards.isEmpty { throw ValidationError("give the shard folders to merge") }
  }

  func run() throws { print(try ShardMerge.merge(shards, out: out)) }
}
