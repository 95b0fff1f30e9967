import FileFormats

/// The rows a chunk's owners have made and not yet passed on: one CSV buffer per kind of
/// part that holds rows (``PartKind/rows``), addressed by kind.
struct RowBuffers {
  private var buffers: [CSVBuffer]

  init() { buffers = PartKind.rows.map { CSVBuffer(capacity: $0.initialCapacity) } }

  /// The buffer of `kind`'s rows, changed in place.
  subscript(kind: PartKind) -> CSVBuffer {
    get { buffers[kind.rowIndex] }
    _modify { yield &buffers[kind.rowIndex] }
  }
}
