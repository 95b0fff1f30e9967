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

  /// `owner` as counted: in its cell's group, under its arm's name there; nil for a
  /// cell left out.
  func owner(_ owner: SummaryTables.OwnerKey) -> SummaryTables.OwnerKey? {
    let group = cellGroups.indices.contains(owner.cell) ? cellGroups[owner.cell] : -1
    guard group >= 0 else { return nil }
    var arm = owner.arm
    if let armNames, let a = armIndex[arm] { arm = armNames[owner.cell][a] }
    return SummaryTables.OwnerKey(cell: group, arm: arm, replication: owner.replication, device: owner.device)
  }
}
