import FileFormats

/// The fields every per-owner row starts with, each followed by a comma: the sweep cell,
/// its swept values (``sweepFields`` already comma-led, or empty), the arm, the
/// replication and the owner.
package enum RowPrefix {
  package static func text(cell: Int, sweepFields: String, arm: String, replication: Int, owner: Int)
    -> String
  {
    var b = CSVBuffer(capacity: 64)
    b.integer(Int64(cell))
    b.text(sweepFields)
    b.comma()
    b.field(arm)
    b.comma()
    b.integer(Int64(replication))
    b.comma()
    b.integer(Int64(owner))
    b.comma()
    return String(decoding: b.bytes, as: UTF8.self)
  }
}
