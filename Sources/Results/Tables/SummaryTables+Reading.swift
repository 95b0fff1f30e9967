import Dispatch
import FileFormats
import Foundation
import Synchronization

extension SummaryTables {
  /// Whether a time [ms from the start] falls in the first `warmupDays` days.
  package static func inWarmup(milliseconds: Int64, _ warmupDays: Int) -> Bool {
    milliseconds < Int64(warmupDays) * 86_400_000
  }

  /// Reads days and launches rows (files with or without a header line), owner by
  /// owner: both files hold the owners in the same order (chunk by chunk, each owner's
  /// arms in turn), so the two are read in step, and each owner's figures go to the
  /// tables (``OwnerFigureStream``) once its rows in both files are read. Memory holds
  /// one owner. Pooled values are also appended to `spill`, by stream (``SummaryGroups``).
  static func read(
    days dayFiles: [String], launches launchFiles: [String], headers: Bool, arms: [String], cells: Int,
    sweptKeys: [String], byReplication: Bool = false, families: [MetricName] = [], warmupDays: Int,
    regrouping: OwnerRegrouping? = nil, spill: PooledValueSpill
  ) throws(UserError) -> Partial {
    var p = Partial()
    var figures = OwnerFigureStream(
      arms: arms, cells: cells, byReplication: byReplication, figureSet: FigureSet(families: families),
      holdsEveryOwner: regrouping?.pairsAcrossCells ?? false)
    // The columns read, by name (after the swept keys' columns).
    let (dayColumns, launchColumns) = (
      CSVSchema.days.sweeping(sweptKeys), CSVSchema.launches.sweeping(sweptKeys)
    )
    let dayFields = DayFigures.DayColumns(dayColumns)
    let launchFields = LaunchFigures.LaunchColumns(launchColumns)
    var days = try OwnerRows(files: dayFiles, headers: headers, layout: dayColumns)
    var launches = try OwnerRows(files: launchFiles, headers: headers, layout: launchColumns)
    while let rowOwner = days.owner ?? launches.owner {
      // An owner of a cell left out is read past.
      guard let owner = regrouping.map({ $0.owner(rowOwner) }) ?? rowOwner else {
        while days.owner == rowOwner { try days.advance() }
        while launches.owner == rowOwner { try launches.advance() }
        continue
      }
      var (counts, counted) = (Counts(), false)  // counted: a row after the warm-up
      let delayGroup = pooledGroup(figures, owner, .delayAfterEarliest, cells: cells)
      let stalenessGroup = pooledGroup(figures, owner, .stalenessAtOpen, cells: cells)
      let bucketKey = ArmKey(cell: owner.cell, arm: owner.arm)
      var bucket = p.buckets.removeValue(forKey: bucketKey) ?? Bucket()
      // The owner's pooled values are one cluster (``ClusteredSums``); the spill marks
      // where they begin.
      var (delays, staleness) = (ClusterTotal(), ClusterTotal())
      if delayGroup != nil { spill.appendClusterMarker(cluster: byReplication ? owner.replication : 0) }
      while days.owner == rowOwner {
        let row = days.row
        let day = try DayFigures(reading: row, dayFields, file: days.file)
        bucket.days.add(day: day.day, launches: day.launches, offAllDay: day.offAllDay)
        if !row.equals(dayFields.warmup, "1") {
          counted = true
          counts.add(day: day)
          if let s = day.stalenessMedianMilliseconds {
            bucket.staleness.add(s)
            staleness.add(s)
            if let g = stalenessGroup { spill.append(group: g, value: s) }
          }
        }
        try days.advance()
      }
      while launches.owner == rowOwner {
        // Never launched, or launched in the warm-up days, counts nothing.
        if let launch = try LaunchFigures(reading: launches.row, launchFields, file: launches.file),
          !inWarmup(milliseconds: launch.launchedMilliseconds, warmupDays)
        {
          counted = true
          counts.add(launch: launch)
          if let d = launch.delayMilliseconds {
            bucket.delays.add(d)
            delays.add(d)
            if let g = delayGroup { spill.append(group: g, value: d) }
          }
          if let h = launch.hour { bucket.hours[h] += 1 }
        }
        try launches.advance()
      }
      p.addClusters(
        delays: delays, staleness: staleness,
        groups: delayGroup.flatMap { d in stalenessGroup.map { (d, $0) } },
        replication: owner.replication, byReplication: byReplication, to: &bucket)
      p.buckets[bucketKey] = bucket
      if counted {
        figures.add(
          cell: owner.cell, arm: owner.arm, replication: owner.replication, device: owner.device,
          counts: counts,
          into: &p, spill: spill)
      }
    }
    figures.finish(into: &p, spill: spill)
    try spill.finish()
    return p
  }

  /// The group of `owner`'s pooled values of `metric`, or nil for an unknown arm or cell.
  static func pooledGroup(_ figures: OwnerFigureStream, _ owner: OwnerKey, _ metric: MetricName, cells: Int)
    -> Int32?
  {
    figures.armIndex[owner.arm].flatMap {
      (0..<cells).contains(owner.cell) ? figures.groups.pooled(cell: owner.cell, arm: $0, metric) : nil
    }
  }

  /// An owner in one arm, as the first fields of its rows name it (cell, swept values,
  /// arm, replication, device).
  struct OwnerKey: Equatable {
    let cell: Int
    let arm: String
    let replication: Int
    let device: Int
  }

  /// The rows of a list of files, in order, with the owner of the current row.
  struct OwnerRows {
    let files: [String]
    let headers: Bool
    /// The positions of the owner's fields.
    let arm: Int, replication: Int, device: Int
    /// The next file to open.
    private var next = 0
    private var reader: CSVReader?
    /// The current row (only while ``owner`` is not nil).
    var row: CSVReader { reader! }
    /// The owner of the current row; nil past the last row.
    private(set) var owner: OwnerKey?
    /// The file of the current row.
    var file: String { files[max(0, next - 1)] }
    /// The current row's line in its file, from 1.
    private var line = 0
    /// The current row's fields, to tell whether the next row has the same owner.
    private var fields: (starts: [Int], ends: [Int]) = ([], [])

    init(files: [String], headers: Bool, layout: CSVSchema) throws(UserError) {
      self.files = files
      self.headers = headers
      (arm, replication, device) = (layout.index("arm"), layout.index("replication"), layout.index("device"))
      try advance()
    }

    /// Moves to the next row, opening the next file at the end of one.
    mutating func advance() throws(UserError) {
      var opened = false
      while true {
        if reader == nil {
          guard next < files.count else {
            owner = nil
            return
          }
          reader = try CSVReader(path: files[next], header: headers)
          next += 1
          opened = true
        }
        if reader!.next() { break }
        reader = nil
      }
      line = opened ? (headers ? 2 : 1) : line + 1
      let row = reader!
      if opened || owner == nil || !row.sameFields(device + 1, as: fields) {
        guard let cell = row.intIfWhole(0), let r = row.intIfWhole(replication),
          let d = row.intIfWhole(device)
        else {
          throw UserError(
            "\(files[next - 1]) line \(line): cell, replication and device must be whole numbers; the file is damaged, run the experiment again"
          )
        }
        owner = OwnerKey(cell: cell, arm: row.text(arm), replication: r, device: d)
        fields = row.fields
      }
    }
  }
}
