/// How ``SummaryQuery`` counts an output folder's owners: each cell in a group of cells
/// (or left out), and, to compare cells (`summarize --compare`), each arm of a cell as an
/// arm of its own, so that the summary's paired differences between arms become the
/// differences between cells of the same owner.
struct OwnerRegrouping: Sendable {
  /// The group of each cell; −1 for a cell left out.
  var cellGroups: [Int]
  /// To compare cells: the name of each arm of each cell as an arm of its own (by cell,
  /// then by the folder's arm index); nil otherwise.
  var armNames: [[String]]?
  /// The folder's arms, by name, for `armNames`.
  var armIndex: [String: Int] = [:]

  /// Whether an owner's rows in different cells are paired: they are then held until
  /// every row is read, since the files give each cell's owners apart.
  var pairsAcrossCells: Bool { armNames != nil }

  /// Whether one arm of a group holds several cells. The cells of a sweep see the same
  /// owners, so such a group holds each owner more than once: its intervals are then over
  /// owners, each owner a cluster of its cells (``owner(_:)``), as a posterior run's are
  /// over replications, and never over owner-cells as if one phone in two cells were two.
  var poolsCells: Bool {
    var seen = Set<[String]>()
    for (cell, group) in cellGroups.enumerated() where group >= 0 {
      guard seen.insert(["\(group)"] + (armNames?[cell] ?? [])).inserted else { return true }
    }
    return false
  }

  /// Whether the owners' clusters replace the replications (``poolsCells`` in a run
  /// whose intervals are over owners).
  var clustersOwners = false

  /// `owner` as counted: in its cell's group, under its arm's name there, and with
  /// ``clustersOwners`` its replication a number of its own for each owner; nil for a
  /// cell left out.
  func owner(_ owner: SummaryTables.OwnerKey) -> SummaryTables.OwnerKey? {
    let group = cellGroups.indices.contains(owner.cell) ? cellGroups[owner.cell] : -1
    guard group >= 0 else { return nil }
    var arm = owner.arm
    if let armNames, let a = armIndex[arm] { arm = armNames[owner.cell][a] }
    let cluster = clustersOwners ? owner.replication << 32 | owner.device : owner.replication
    return SummaryTables.OwnerKey(cell: group, arm: arm, replication: cluster, device: owner.device)
  }
}
