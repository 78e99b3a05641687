/// Reading an expression's terms without reference counting.
///
/// `for t in expression.terms` copies each ``Term`` out of the array: a retain and a release of
/// its variable per term (atomic operations). A layout of 10,000 views reads its ~200,000 terms
/// several times (planning, fingerprints, rows), so the solver's and the engine's hot paths
/// read them in place instead: the array's storage through a buffer pointer, each variable as
/// an unretained reference that is used while the array (and so the term) holds it.
extension Expression {
    /// Calls `body(variable, coefficient, index)` for each term, in order. The variable is
    /// borrowed from the term where it is stored (no retain); `body` must not keep it past the
    /// call without copying it (storing it in a `Term` or an array copies it, as usual).
    @inline(__always)
    package func forEachTerm(_ body: (Variable, Double, Int) throws -> Void) rethrows {
        try terms.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                let coefficient = buffer[i].coefficient
                try Unmanaged.passUnretained(buffer[i].variable)._withUnsafeGuaranteedRef { v in
                    try body(v, coefficient, i)
                }
            }
        }
    }

    /// The identity of each term's variable, read without a retain (see ``forEachTerm(_:)``).
    @inline(__always)
    package func forEachTermIdentity(_ body: (ObjectIdentifier, Double) throws -> Void) rethrows {
        try terms.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                let coefficient = buffer[i].coefficient
                let id = Unmanaged.passUnretained(buffer[i].variable)._withUnsafeGuaranteedRef { ObjectIdentifier($0) }
                try body(id, coefficient)
            }
        }
    }
}
