import FileFormats
import Foundation
import Synchronization

extension ExperimentRunner {
  /// The chunks of a run: all of them, this run's (a shard's slice, or all), and those
  /// still to simulate (all of this run's, or with `--resume` those without a good seal).
  struct Work {
    let all: [Chunk]
    let mine: [Chunk]
    let todo: [Chunk]
  }

  /// This run's chunks and those still to simulate. A chunk is done when its seal,
  /// committed last, vouches for its parts; the parts of one that is not are removed.
  func chunksToRun(resume: Bool, fingerprint: String) -> Work {
    let all = chunks()
    let mine = options.shard.map { shard in all.filter { $0.index % shard.count == shard.index - 1 } } ?? all
    let todo = mine.filter { chunk in
      guard resume else { return true }
      let problem = ChunkSeal.problem(sealPath: sealPath(chunk.index), fingerprint: fingerprint) {
        partPath(chunk.index, $0)
      }
      guard let problem else { return false }
      if problem != "not finished" { note("resume: chunk \(chunk.index): \(problem); running it again") }
      for kind in PartKind.allCases {
        try? FileManager.default.removeItem(atPath: partPath(chunk.index, kind))
      }
      return true
    }
    if resume, !mine.isEmpty, todo.count == mine.count {
      let count = Format.count(todo.count, "chunk")
      note("resume: \(options.outputDirectory) has no finished chunk to keep; running \(count)")
    }
    return Work(all: all, mine: mine, todo: todo)
  }

  /// Each sweep cell's experiment, decoded once; with a posterior sample, each replication
  /// has its own parameters, decoded once per (cell, replication) as the chunks come.
  final class CellSpecs: Sendable {
    let spec: ExperimentSpec
    let cells: [ExperimentSpec]
    let byReplication = Mutex<[Int: ExperimentSpec]>([:])

    init(_ spec: ExperimentSpec) throws(UserError) {
      self.spec = spec
      var cells: [ExperimentSpec] = []
      for cell in spec.cells {
        do { cells.append(try spec.spec(for: cell)) } catch { throw UserError(error.description) }
      }
      self.cells = cells
    }

    /// The experiment `chunk` runs.
    func spec(for chunk: Chunk) throws(UserError) -> ExperimentSpec {
      guard spec.posterior != nil else { return cells[chunk.cell] }
      let key = chunk.cell * spec.replications + chunk.replication
      if let known = byReplication.withLock({ $0[key] }) { return known }
      let made: ExperimentSpec
      do { made = try spec.spec(cell: chunk.cell, replication: chunk.replication) } catch {
        throw UserError(error.description)
      }
      byReplication.withLock { $0[key] = made }
      return made
    }
  }
}
