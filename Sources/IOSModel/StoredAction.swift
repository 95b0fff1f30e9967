/// A closure of the app's (a timer's action, an expiration handler) kept in a table or a
/// list, wrapped so that the table holds it as it is.
///
/// Generic storage (a table or an array of bare closures) keeps a closure in its most
/// general calling form: each store wrapped it in a conversion thunk and each load in
/// another, and each thunk was a heap allocation (two per timer, so two per launch of a
/// task). Inside a non-generic struct the closure keeps its own form, and storing it is
/// a copy.
struct StoredAction {
  let run: () -> Void

  init(_ run: @escaping () -> Void) { self.run = run }
}

/// A launch handler kept in ``BGTaskScheduler``'s table, wrapped for the reason
/// ``StoredAction`` gives.
struct StoredLaunchHandler {
  let run: (BGTask) -> Void

  init(_ run: @escaping (BGTask) -> Void) { self.run = run }
}
