import Synchronization

/// Releases what a dying view held (its subviews, its installed constraints) one object at a
/// time, from the outermost `deinit` in progress, instead of inside each `deinit`.
///
/// Swift frees an object's stored properties when its `deinit` ends, so freeing a tree frees
/// each level inside the level above: a chain of views (or of constraints holding views) tens
/// of thousands deep overflowed the call stack. Here a dying view hands its references over;
/// the first `deinit` on this path releases them in a loop, and the `deinit` each release
/// causes hands its own over in turn, so the depth of calls stays a few frames whatever the
/// depth of the tree. Another thread's `deinit` that hands objects over while one is draining
/// leaves them to that drain (the queue and the flag change together, under the lock).
enum Teardown {
    /// An object in the queue. Only its last reference moves between threads, to be released:
    /// nothing reads it.
    private struct Held: @unchecked Sendable { let object: AnyObject }
    private static let state = Mutex<(queue: [Held], draining: Bool)>(([], false))

    /// Takes the objects of `objects` over (it is left empty) and, unless a release loop is
    /// already running, releases them (and whatever their own teardowns hand over) before
    /// returning. The caller keeps no reference: the queue holds the only ones this path had.
    static func release<T: AnyObject>(_ objects: inout [T]) {
        guard !objects.isEmpty else { return }
        var taken: [T] = []
        swap(&taken, &objects)
        let drain = state.withLock { s -> Bool in
            for object in taken { s.queue.append(Held(object: object)) }
            if s.draining { return false }
            s.draining = true
            return true
        }
        taken = []
        guard drain else { return }
        while true {
            let next: Held? = state.withLock { s in
                if let held = s.queue.popLast() { return held }
                s.draining = false
                return nil
            }
            guard next != nil else { return }
            // `next` is released here, at this depth, at the end of the iteration.
        }
    }
}
