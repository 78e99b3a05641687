import Cassowary

/// Required equalities the engine keeps out of the solver because they only *define* a
/// variable: `v == Σ cᵤ·u + k` where `v` appears in no other constraint. Such an equality can
/// never conflict, never changes the optimum of the others, and fixes `v` exactly once they are
/// solved, so `v` is computed from it afterwards instead of being a row of the tableau.
///
/// Why this makes layouts linear: a stack (`next.top == previous.bottom + 8`, and the
/// container's `bottom == last.bottom + 8`) is a chain of such definitions, read from the end.
/// The container's height appears only in its bottom constraint, so that equality defines it;
/// once it is set aside, the last item's top appears only in its own spacing equality, which
/// then defines it, and so on up the stack. In the tableau each of those tops would be a row
/// over the parameters of every item above it (rows growing with the list: quadratic cells);
/// here each is one short definition, evaluated in order after the solve.
///
/// The peeling is the classic presolve step for *free column singletons* of a linear program:
/// repeatedly take a required equality holding a variable that no other remaining constraint
/// mentions (and whose other variables are all mentioned elsewhere, so none is left without a
/// constraint), and set both aside.
struct DeferredEqualities {
    /// `variable = (constant + Σ terms) / -coefficient`, i.e. `coefficient·variable + Σ terms +
    /// constant == 0` solved for the variable.
    struct Definition {
        /// The equality (held, so its identity cannot be reused by a new object).
        let constraint: Cassowary.Constraint
        let variable: Variable
        let coefficient: Double
        /// The other terms of the equality's expression.
        let terms: [Term]
        var constant: Double
        /// For each term, the index of the definition of its variable, or -1 for a solver variable.
        var termDefinitions: [Int] = []
    }

    /// In the order they were peeled: a definition mentions only solver variables and
    /// variables defined *later* in this list.
    private(set) var definitions: [Definition] = []
    private var byVariable = IdentityIndex()
    private var byConstraint = IdentityIndex()
    private var values: [Double] = []
    /// The round each value was computed in; ``invalidate()`` starts a new round.
    private var computedIn: [UInt64] = []
    private var round: UInt64 = 1
    private var scratch: [Int] = []
    /// For each constraint given to ``init(planning:)``, by index: whether it became a definition.
    private var planned: [Bool] = []

    var isEmpty: Bool { definitions.isEmpty && aliases.isEmpty }
    var count: Int { definitions.count }

    /// A variable eliminated before the solver by a required equality over two variables, or
    /// over one (see ``AliasPlan``): `variable == scale·target + offset`, where `target` is
    /// never itself aliased (a solver variable, a defined one, or one no constraint is left
    /// on), or nil when the variable is fixed at `offset`.
    struct Alias {
        /// The equality (as the engine made it: held, so its identity cannot be reused).
        let constraint: Cassowary.Constraint
        let variable: Variable
        let target: Variable?
        let scale: Double
        let offset: Double
    }

    /// The aliases of this build, in the order their equalities were met.
    private(set) var aliases: [Alias] = []
    private var aliasByVariable = IdentityIndex()
    private var aliasByConstraint = IdentityIndex()

    /// Whether this build eliminated any variable by an alias.
    var hasAliases: Bool { !aliases.isEmpty }

    /// Whether `c` is an alias's equality (set aside: its constant cannot move in place).
    func isAlias(_ c: Cassowary.Constraint) -> Bool { aliasByConstraint.count > 0 && aliasByConstraint[ObjectIdentifier(c)] != nil }

    /// `v` as `scale·target + offset` of a variable that is not aliased (`v` itself, 1, 0 when
    /// it is not aliased; target nil when `v` is fixed).
    func resolved(_ v: Variable) -> (target: Variable?, scale: Double, offset: Double) {
        guard aliasByVariable.count > 0, let k = aliasByVariable[ObjectIdentifier(v)] else { return (v, 1, 0) }
        let a = aliases[k]
        return (a.target, a.scale, a.offset)
    }

    /// Chooses the definitions among `constraints` (all the constraints the solver will be
    /// given, in any order; soft ones and inequalities are never chosen but count as mentions).
    /// - Complexity: O(total terms).
    /// `aliasingFrom`: where the user's constraints start in `constraints`, to take aliases
    /// among them (``AliasPlan``), which then replaces every constraint they rewrite in
    /// `constraints`; `aliasClassMinimum` as ``AliasPlan``'s. Nil: no aliases.
    init(planning constraints: inout [Cassowary.Constraint], aliasingFrom aliasStart: Int? = nil,
         aliasClassMinimum: Int = AliasPlan.classMinimum) {
        var index = IdentityIndex(capacity: constraints.count)
        // The terms of every constraint (reduced by its initializer) in flat arrays: those of
        // constraint c are termVar/termCoef[first[c] ..< first[c + 1]]. Variables are numbered
        // by identity, read in place: no retain of each constraint or variable (the objects are
        // taken from the constraints' terms only for the definitions that keep them).
        var total = 0
        constraints.withUnsafeBufferPointer { cs in
            for ci in cs.indices { total += Unmanaged.passUnretained(cs[ci])._withUnsafeGuaranteedRef { $0.expression.terms.count } }
        }
        var first = [Int](repeating: 0, count: constraints.count + 1)
        var termVar = [Int32](repeating: 0, count: total), termCoef = [Double](repeating: 0, count: total)
        var eligible = [Bool](repeating: false, count: constraints.count)
        // Per variable; there are at most as many variables as terms.
        var occurrences = [Int32](repeating: 0, count: total)
        var variableCount = 0
        // Filled through raw buffers of their final size: an append or a write through an
        // array's subscript checks that its storage is unique (a runtime call), per term.
        constraints.withUnsafeBufferPointer { cs in
        first.withUnsafeMutableBufferPointer { first in
        termVar.withUnsafeMutableBufferPointer { termVar in
        termCoef.withUnsafeMutableBufferPointer { termCoef in
        occurrences.withUnsafeMutableBufferPointer { occurrences in
            var n = 0
            for ci in cs.indices {
                Unmanaged.passUnretained(cs[ci])._withUnsafeGuaranteedRef { c in
                    eligible[ci] = c.relation == .equal && c.strength.isRequired
                    c.expression.terms.withUnsafeBufferPointer { ts in
                        for t in ts.indices {
                            let key = Unmanaged.passUnretained(ts[t].variable)._withUnsafeGuaranteedRef { ObjectIdentifier($0) }
                            let i: Int32
                            if let k = index[key] {
                                i = Int32(k)
                            } else {
                                i = Int32(variableCount)
                                index.set(key, variableCount)
                                variableCount += 1
                            }
                            occurrences[Int(i)] += 1
                            termVar[n] = i
                            termCoef[n] = ts[t].coefficient
                            n += 1
                        }
                    }
                }
                first[ci + 1] = n
            }
        }}}}}
        var aliasConstraint: [Bool] = []
        if let aliasStart, aliasStart < constraints.count {
            var plan = AliasPlan(variableCount: variableCount, minimum: aliasClassMinimum)
            plan.find(in: constraints, from: aliasStart, first: first, termVar: termVar, termCoef: termCoef,
                      eligible: eligible, occurrences: occurrences)
            if plan.found {
                aliases = plan.rewrite(&constraints, first: &first, termVar: &termVar, termCoef: &termCoef,
                                       occurrences: &occurrences)
                aliasConstraint = plan.isAlias
                for ci in constraints.indices where aliasConstraint[ci] { eligible[ci] = false }
                aliasByVariable = IdentityIndex(capacity: aliases.count)
                aliasByConstraint = IdentityIndex(capacity: aliases.count)
                for (k, a) in aliases.enumerated() {
                    aliasByVariable.set(ObjectIdentifier(a.variable), k)
                    aliasByConstraint.set(ObjectIdentifier(a.constraint), k)
                }
            }
        }
        func terms(_ ci: Int) -> Range<Int> { first[ci]..<first[ci + 1] }
        // Which constraints mention each variable (CSR layout).
        var start = [Int](repeating: 0, count: variableCount + 1)
        for v in termVar { start[Int(v) + 1] += 1 }
        for i in 0..<variableCount { start[i + 1] += start[i] }
        var fill = start
        var mentions = [Int32](repeating: 0, count: start[variableCount])
        for ci in constraints.indices {
            for k in terms(ci) {
                let v = Int(termVar[k])
                mentions[fill[v]] = Int32(ci)
                fill[v] += 1
            }
        }
        // Aliases are set aside like definitions (never given to the solver).
        var removed = aliasConstraint.isEmpty ? [Bool](repeating: false, count: constraints.count) : aliasConstraint

        // A constraint can be peeled when exactly one of its variables is mentioned nowhere
        // else (it defines that one) and every other variable is mentioned elsewhere too.
        func definedVariable(_ ci: Int) -> Int32? {
            guard eligible[ci], !removed[ci] else { return nil }
            var found: Int32?
            for k in terms(ci) where occurrences[Int(termVar[k])] == 1 {
                if found != nil || Swift.abs(termCoef[k]) < 1e-6 { return nil }
                found = termVar[k]
            }
            return found
        }
        byVariable = IdentityIndex(capacity: constraints.count / 2)
        byConstraint = IdentityIndex(capacity: constraints.count / 2)
        var work: [Int32] = []
        for ci in constraints.indices.reversed() where definedVariable(ci) != nil { work.append(Int32(ci)) }
        while let ci = work.popLast().map(Int.init) {
            guard let v = definedVariable(ci) else { continue }
            removed[ci] = true
            var a = 0.0
            var others: [Term] = []
            let constraint = constraints[ci], expression = constraint.expression
            others.reserveCapacity(expression.terms.count - 1)
            var variable: Variable?
            for (j, k) in terms(ci).enumerated() {
                let u = termVar[k], c = termCoef[k]
                // The term at `j` of the expression is the one numbered at `k`.
                if u == v {
                    a = c
                    variable = expression.terms[j].variable
                } else {
                    others.append(expression.terms[j])
                }
                occurrences[Int(u)] -= 1
                if occurrences[Int(u)] == 1 {
                    for m in start[Int(u)]..<start[Int(u) + 1] where !removed[Int(mentions[m])] {
                        work.append(mentions[m])
                    }
                }
            }
            let defined = variable!   // `v` is one of the constraint's terms (definedVariable)
            byVariable.set(ObjectIdentifier(defined), definitions.count)
            byConstraint.set(ObjectIdentifier(constraint), definitions.count)
            definitions.append(Definition(
                constraint: constraint, variable: defined, coefficient: a, terms: others,
                constant: expression.constant))
        }
        for k in definitions.indices {
            // Identities read in place (`map` over the terms copies each: a retain of its variable).
            definitions[k].termDefinitions = definitions[k].terms.withUnsafeBufferPointer { b in
                b.indices.map { byVariable[ObjectIdentifier(b[$0].variable)] ?? -1 }
            }
        }
        planned = removed
        values = [Double](repeating: 0, count: definitions.count)
        computedIn = [UInt64](repeating: 0, count: definitions.count)
    }

    init() {}

    /// Whether the constraint at `index` of the list given to ``init(planning:)`` was set
    /// aside as a definition (no lookup).
    func isDefinition(planned index: Int) -> Bool { planned[index] }

    /// Whether this constraint object was set aside as a definition.
    /// (An alias's equality counts: it is not in the solver either.)
    func contains(_ c: Cassowary.Constraint) -> Bool { byConstraint[ObjectIdentifier(c)] != nil || isAlias(c) }

    /// Whether `v` is defined or aliased here (and so is not in the solver).
    func defines(_ v: Variable) -> Bool {
        byVariable[ObjectIdentifier(v)] != nil || (aliasByVariable.count > 0 && aliasByVariable[ObjectIdentifier(v)] != nil)
    }

    /// Whether a constraint about to enter the solver mentions a defined or aliased variable:
    /// it cannot go in without the definitions it touches, nor in the variables the build
    /// rewrote away (the engine rebuilds instead).
    func isMentioned(by c: Cassowary.Constraint) -> Bool {
        (byVariable.count > 0 || aliasByVariable.count > 0) && c.expression.terms.contains { defines($0.variable) }
    }

    /// Moves the constant of the definition made from `c` by `delta` (the constraint's
    /// `lhs - rhs` expression gains `delta`). Values are recomputed as they are read. False,
    /// and nothing changes, for an alias's equality: its constant is in the constraints it was
    /// substituted into (the engine rebuilds).
    @discardableResult
    mutating func shiftConstant(of c: Cassowary.Constraint, by delta: Double) -> Bool {
        guard let i = byConstraint[ObjectIdentifier(c)] else { return false }
        definitions[i].constant += delta
        invalidate()
        return true
    }

    /// Gives the definition made from `old` the constant of `new`, when `new` is the same
    /// required equality over the same terms (a label's baseline offset moved: the constraint
    /// was made again with another constant); false, and nothing changes, for any other.
    mutating func replaceConstant(of old: Cassowary.Constraint, with new: Cassowary.Constraint) -> Bool {
        guard let i = byConstraint[ObjectIdentifier(old)], new.relation == .equal, new.strength.isRequired else { return false }
        let a = old.expression.terms, b = new.expression.terms
        guard a.count == b.count else { return false }
        for k in a.indices where a[k].variable !== b[k].variable || a[k].coefficient != b[k].coefficient { return false }
        definitions[i].constant = new.expression.constant
        invalidate()
        return true
    }

    /// Forgets the values (the solver's solution or a definition moved).
    mutating func invalidate() { round &+= 1 }

    /// The value of a defined variable (nil for any other). Computed when read, with the
    /// definitions it depends on, once per change: reading one frame after a constant change
    /// costs the few definitions above it, not all of them.
    /// - Complexity: O(terms of the definitions it depends on and that are not yet computed).
    mutating func value(of v: Variable, solver: (Variable) -> Double) -> Double? {
        if aliasByVariable.count > 0, let k = aliasByVariable[ObjectIdentifier(v)] {
            let a = aliases[k]
            guard let t = a.target else { return a.offset }
            let target = value(of: t, solver: solver) ?? solver(t)
            return a.scale * target + a.offset
        }
        guard let i = byVariable[ObjectIdentifier(v)] else { return nil }
        if computedIn[i] != round { evaluate(i, solver) }
        return values[i]
    }

    /// Computes definition `i` after the ones it mentions (an explicit stack: a list of 10,000
    /// items is a chain of 10,000 definitions). Definitions only mention later ones, so the
    /// walk ends.
    private mutating func evaluate(_ i: Int, _ solver: (Variable) -> Double) {
        var stack: [Int] = []
        swap(&stack, &scratch)   // reused, uniquely held: no allocation per read
        stack.removeAll(keepingCapacity: true)
        stack.append(i)
        defer { swap(&stack, &scratch) }
        // The definitions are read in place (no copy of a definition and its arrays per step).
        definitions.withUnsafeBufferPointer { defs in
            while let k = stack.last {
                if computedIn[k] == round { stack.removeLast(); continue }
                let before = stack.count
                for j in defs[k].termDefinitions where j >= 0 && computedIn[j] != round { stack.append(j) }
                if stack.count > before { continue }
                stack.removeLast()
                var sum = defs[k].constant
                let terms = defs[k].terms, links = defs[k].termDefinitions
                for i in terms.indices {
                    let j = links[i]
                    sum += terms[i].coefficient * (j >= 0 ? values[j] : solver(terms[i].variable))
                }
                values[k] = -sum / defs[k].coefficient
                computedIn[k] = round
            }
        }
    }

    /// For each definition (in peeling order), combines per-variable numbers linearly as the
    /// definition combines the variables: `f(v) = -Σ cᵤ·f(u) / a`, with `scale` combined as
    /// `Σ |cᵤ|·scale(u) / |a|`. The ambiguity check carries a random projection of the free
    /// directions through the definitions this way.
    func propagate(
        _ solverValue: (Variable) -> (value: Double, scale: Double)
    ) -> [(value: Double, scale: Double)] {
        var out = [(value: Double, scale: Double)](repeating: (0, 0), count: definitions.count)
        // The definitions are read in place (no copy of a definition and its arrays per step).
        definitions.withUnsafeBufferPointer { defs in
            for k in defs.indices.reversed() {
                var value = 0.0, scale = 0.0
                let terms = defs[k].terms, links = defs[k].termDefinitions
                for i in terms.indices {
                    let j = links[i]
                    let u = j >= 0 ? out[j] : solverValue(terms[i].variable)
                    value += terms[i].coefficient * u.value
                    scale += Swift.abs(terms[i].coefficient) * u.scale
                }
                out[k] = (-value / defs[k].coefficient, scale / Swift.abs(defs[k].coefficient))
            }
        }
        return out
    }

    /// The solver's variables the definitions are made of (the terms not defined here), each
    /// once, in order of first mention, and each one's position in that list.
    /// - Complexity: O(total terms).
    func solverInputs() -> (variables: [Variable], index: IdentityIndex) {
        var variables: [Variable] = []
        var index = IdentityIndex(capacity: definitions.count)
        definitions.withUnsafeBufferPointer { defs in
            for k in defs.indices {
                let terms = defs[k].terms, links = defs[k].termDefinitions
                for i in terms.indices where links[i] < 0 {
                    let id = ObjectIdentifier(terms[i].variable)
                    if index[id] != nil { continue }
                    index.set(id, variables.count)
                    variables.append(terms[i].variable)
                }
            }
        }
        return (variables, index)
    }

    /// The index of `v`'s definition (for ``propagate(_:)``'s result).
    func definitionIndex(of v: Variable) -> Int? { byVariable[ObjectIdentifier(v)] }
}
