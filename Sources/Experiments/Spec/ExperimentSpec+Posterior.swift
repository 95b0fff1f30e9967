import FileFormats

extension ExperimentSpec {
  /// This experiment with parameter set `row` of `posterior` applied. A key that takes a
  /// duration is given its value in seconds.
  func applying(posterior: PosteriorSample, row: Int) throws(ConfigError) -> ExperimentSpec {
    var durations: Set<String> = []
    while true {
      do {
        let applied = try tree.applying(settings: posterior.settings(row: row, durations: durations))
        var copy = self
        copy.tree = applied
        try copy.decodeBody(try ConfigSection(applied, keys: Self.keys))
        return copy
      } catch {
        // "'5720.0' needs a unit": the same number, in seconds.
        guard error.message.contains("needs a unit"),
          let key = posterior.keys.first(where: { error.key.hasSuffix($0) || $0.hasSuffix(error.key) }),
          !durations.contains(key)
        else { throw error }
        durations.insert(key)
      }
    }
  }

  /// The experiment as replication `replication` of sweep cell `cell` runs it: with the
  /// posterior's parameter set for that replication, when the run has a posterior.
  func spec(cell: Int, replication: Int) throws(ConfigError) -> ExperimentSpec {
    let base = try spec(for: cells[cell])
    guard let posterior else { return base }
    return try base.applying(posterior: posterior, row: posterior.row(seed: seed, replication: replication))
  }

  /// Checks every parameter set of `posterior` on this experiment (each sweep cell):
  /// a key it does not have, or a value it refuses, is one line naming the posterior file.
  public func checking(posterior: PosteriorSample) throws(UserError) -> ExperimentSpec {
    if let sweep = cells.first?.overrides.map(\.path), let clash = posterior.keys.first(where: sweep.contains)
    {
      throw UserError(
        "\(posterior.file):1: \(clash): the experiment's sweep sets it too; drop it from one of them")
    }
    for row in posterior.rows.indices {
      for cell in cells {
        do { _ = try spec(for: cell).applying(posterior: posterior, row: row) } catch {
          throw UserError("\(posterior.file):\(row + 2): \(error.key): \(error.message)")
        }
      }
    }
    var copy = self
    copy.posterior = posterior
    return copy
  }
}
