import Foundation
import Synchronization

/// Commits finished files (``AtomicFileWriter/Finished``) on a background thread, in
/// the order they are handed over, so that the work goes on while the disk syncs.
///
/// Syncing a file waits for its data to reach the disk (one to two milliseconds per
/// part file here, about 6 % of a short run's wall time when every commit waited).
/// Nothing is lost by waiting elsewhere: a file is renamed into place only after its
/// sync, so a crash still leaves each file complete or absent, and the files of one
/// hand-over are renamed in their order (a chunk's seal, which marks it done, last).
/// After a failure the files still queued are discarded; ``wait()`` reports the first.
package final class DeferredCommits: Sendable {
  package init() {}

  let queue = DispatchQueue(label: "bgsim.commits")
  let failure = Mutex<UserError?>(nil)

  /// Queues `files` for committing, in this order.
  package func commit(_ files: [AtomicFileWriter.Finished]) {
    queue.async { [self] in
      for file in files {
        if failure.withLock({ $0 != nil }) {
          file.discard()
          continue
        }
        do throws(UserError) {
          try file.commit()
        } catch {
          failure.withLock { $0 = $0 ?? error }
        }
      }
    }
  }

  /// Waits until every queued file is committed; throws the first failure.
  package func wait() throws(UserError) {
    queue.sync {}
    if let error = failure.withLock({ $0 }) { throw error }
  }
}
