import Cassowary

/// Aliases: required equalities over two variables, `a·x + b·y + c == 0`, that eliminate `x`
/// before the solver sees anything. `x := −(b·y + c)/a` is substituted into every other
/// constraint, and `x`'s value is read from `y`'s after the solve, like a definition's
/// (``DeferredEqualities/value(of:solver:)``). The equality itself never enters the tableau:
/// no row, no marker.
///
/// Why this makes tied chains linear: a stack that fills equally between fixed ends ties every
/// length to the first (`lenᵢ == len₀`), and `lenᵢ` is also mentioned by the item's intrinsic
/// size and by the position chain, so the tie is no definition. In the tableau it was a row
/// `lenᵢ = len₀ + dᵢ` with a dummy marker `dᵢ`; the constraint closing the chain at the far end
/// then expanded into a row over every marker, and substituting it made every row that holds
/// `len₀` as long as the stack: N² cells. With the ties as aliases every length *is* `len₀`
/// (chained ties, `lenᵢ == lenᵢ₋₁`, collapse onto it too), no marker exists, and the closing
/// row is as short as the chain's own terms. Equal gaps (`gapᵢ == gap₀`, `equalSpacing`'s
/// spacers) are the same.
///
/// The plan is a union–find over the variables numbered by ``DeferredEqualities``: each
/// eliminated variable points at the one it equals (times a scale, plus an offset), and an
/// equality is read through the aliases found before it, so it is an alias when *its roots*
/// are exactly two (`a == b`, then `b == c`, makes `a` and `b` both `c`), or one (the variable
/// is fixed: `top == 0`, and then `next.top == top + len` is an alias of `len`). The user's
/// constraints (from `aliasStart` on in the engine's list) are taken as aliases, and of the
/// engine's own only those over one variable (the root's frame, a fixed frame: a width pinned
/// to the root's is then fixed too, not one large class); any constraint may be rewritten. A
/// variable that only one constraint mentions is left to the definitions (it is a free column
/// singleton there), as is every equality holding one.
///
/// When: only where the user's ties join many variables into one class (at least
/// ``classMinimum``, 64; a plain union–find over their two-variable equalities decides it
/// first, for a few instructions a constraint). Every other layout — the nested cards, every
/// fixture — keeps the classic system exactly, with its vertex where the solution is not unique
/// (the plan's can differ there, as the solver's lazy definitions' can) and its bits (an
/// offset summed along a chain of aliases rounds in another order: equal frames agree to
/// ~1e-9 points on chains of thousands).
///
/// What changes for the engine: an alias is never broken by a conflict here — a build that
/// meets a conflict while it has aliases is built again without them, so conflicts are found
/// and reported on the classic system, exactly as before. A variable aliased to a free one is
/// free (the ambiguity check asks about its target). Moving an alias's constant, removing it,
/// or a new constraint on an aliased variable rebuilds (as for a definition, which is linear).
struct AliasPlan {
    private var parent: [Int32]
    private var scale: [Double]
    private var offset: [Double]
    /// Per constraint of the plan: whether it became an alias.
    private(set) var isAlias: [Bool] = []
    /// Per constraint: the variable its alias eliminated (-1 for any other).
    private var eliminated: [Int32] = []
    private(set) var found = false

    init(variableCount: Int, minimum: Int) {
        self.minimum = Int32(clamping: minimum)
        parent = [Int32](repeating: -1, count: variableCount)
        scale = []
        offset = []
    }

    /// The root of `v` and `v` as `s·root + o` (root -1: `v` is the constant `o`); compresses
    /// `v`'s path.
    private mutating func find(_ v: Int32) -> (root: Int32, s: Double, o: Double) {
        var u = Int(v), s = 1.0, o = 0.0
        while parent[u] != -1 {
            o += s * offset[u]
            s *= scale[u]
            if parent[u] == Self.fixed { s = 0; u = -1; break }
            u = Int(parent[u])
        }
        let i = Int(v)
        if parent[i] >= 0 && Int(parent[i]) != u {
            parent[i] = u < 0 ? Self.fixed : Int32(u)
            scale[i] = u < 0 ? 0 : s
            offset[i] = o
        }
        return (Int32(u), s, o)
    }

    /// `parent` of a variable an equality over it alone fixed (`offset` is its value).
    private static let fixed: Int32 = -2

    /// Finds the aliases among `constraints[aliasStart...]`, in order.
    /// - Complexity: O(terms of the required equalities there), with near-constant finds.
    mutating func find(
        in constraints: [Cassowary.Constraint], from aliasStart: Int, first: [Int], termVar: [Int32],
        termCoef: [Double], eligible: [Bool], occurrences: [Int32]
    ) {
        // First, and cheaply, the classes the user's equalities over two variables make on
        // their own (no scales, no constants): a layout whose ties join fewer variables than
        // the minimum (the nested cards: a subtitle's leading tied to its title's) is left as
        // it is, at the cost of this one look at each constraint's length.
        var tie = [Int32](repeating: -1, count: parent.count)
        var largest: Int32 = 1
        func root(_ v: Int32) -> Int32 {
            var u = v
            while tie[Int(u)] >= 0 { u = tie[Int(u)] }
            return u
        }
        for ci in aliasStart..<constraints.count where eligible[ci] && first[ci + 1] - first[ci] == 2 {
            let a = termVar[first[ci]], b = termVar[first[ci] + 1]
            guard occurrences[Int(a)] > 1, occurrences[Int(b)] > 1 else { continue }
            let ra = root(a), rb = root(b)
            if ra == rb { continue }
            // Sizes kept as negative counts in the roots' slots (union by size).
            let (big, small) = tie[Int(ra)] <= tie[Int(rb)] ? (ra, rb) : (rb, ra)
            tie[Int(big)] += tie[Int(small)]
            tie[Int(small)] = big
            largest = Swift.max(largest, -tie[Int(big)])
        }
        if largest < minimum { return }
        // Passes in order, while one finds a new alias: an equality can lose a root to an
        // alias met after it (a chain `yᵢ == yᵢ₋₁ + lenᵢ₋₁` whose lengths are tied further
        // down the list, and whose start is fixed, collapses link by link on the next pass).
        for pass in 0..<Self.passLimit {
            var changed = false
            for ci in constraints.indices where eligible[ci] && (!found || !isAlias[ci]) {
                let range = first[ci]..<first[ci + 1]
                // Over more than two variables, an equality can only lose one to an alias: on
                // the first pass only after one is found, and on a later pass only if one of
                // its variables is aliased by now (else it reads as it did).
                if range.count > 2 || pass > 0 {
                    guard found else { continue }
                    var aliased = false
                    for k in range {
                        let v = Int(termVar[k]), p = Int(parent[v])
                        if p == -1 { continue }
                        // On a later pass: only what the last pass eliminated (the variable, or
                        // the one it points at) can change how the equality reads.
                        if pass == 0 || stamp[v] == pass - 1 || (p >= 0 && stamp[p] == pass - 1) { aliased = true; break }
                    }
                    if !aliased { continue }
                }
                currentPass = Int8(pass)
                if examine(ci, ci >= aliasStart, constraints, first, termVar, termCoef, occurrences) { changed = true }
            }
            if !changed { break }
            // The ties join their classes on the first pass, whatever the order (an equality
            // over two variables is an alias when it is read); later passes only carry
            // chains into them. A layout with no large class after it (the nested cards:
            // a subtitle's leading tied to its title's, widths fixed by the root's) stops
            // here, at the cost of one pass.
            if largestClass < minimum { break }
        }
        // Only where the aliases join many variables into one: a chain shorter than this is
        // cheap either way, and every other layout (a card's `subtitle.leading ==
        // title.leading`) keeps the classic system exactly, with its vertex where the solution
        // is not unique.
        if largestClass < minimum { found = false }
    }

    /// The pass each variable was eliminated in.
    private var stamp: [Int8] = []
    private var currentPass: Int8 = 0

    /// At most this many passes (each O(terms of the user's equalities)).
    static let passLimit = 8

    /// The fewest variables one alias class (or one fixed chain) must join for the plan to
    /// be used (``LayoutEngine/aliasClassMinimum``; tests lower it to reach the aliases on
    /// small layouts).
    static let classMinimum = 64
    private let minimum: Int32

    /// Per root (and per fixed chain): how many variables it stands for.
    private var classSize: [Int32] = []
    private(set) var largestClass: Int32 = 0

    /// Makes constraint `ci` an alias if its roots are one or two; whether it did.
    private mutating func examine(
        _ ci: Int, _ overTwo: Bool, _ constraints: [Cassowary.Constraint], _ first: [Int], _ termVar: [Int32],
        _ termCoef: [Double], _ occurrences: [Int32]
    ) -> Bool {
        let range = first[ci]..<first[ci + 1]
        guard range.count >= 1, overTwo || range.count == 1 else { return false }
        var r0: Int32 = -1, r1: Int32 = -1, c0 = 0.0, c1 = 0.0, shift = 0.0
        for k in range {
            let v = termVar[k]
            // A variable mentioned only here: the equality is a definition (peeled later).
            if occurrences[Int(v)] <= 1 { return false }
            let (root, s, o) = found ? find(v) : (v, 1.0, 0.0)
            let c = termCoef[k] * s
            shift += termCoef[k] * o
            if root < 0 {
                continue   // a fixed variable: a constant
            } else if root == r0 {
                c0 += c
            } else if root == r1 {
                c1 += c
            } else if r0 < 0 {
                r0 = root
                c0 = c
            } else if r1 < 0 {
                r1 = root
                c1 = c
            } else {
                return false   // three roots or more
            }
        }
        if !overTwo && r1 >= 0 { return false }
        guard r0 >= 0, Swift.abs(c0) >= 1e-6, r1 < 0 || Swift.abs(c1) >= 1e-6 else { return false }
        if !found {
            found = true
            scale = [Double](repeating: 1, count: parent.count)
            offset = [Double](repeating: 0, count: parent.count)
            isAlias = [Bool](repeating: false, count: constraints.count)
            eliminated = [Int32](repeating: -1, count: constraints.count)
            classSize = [Int32](repeating: 1, count: parent.count)
            stamp = [Int8](repeating: -1, count: parent.count)
        }
        // c0·r0 + c1·r1 + constant + shift == 0: r0 := −(c1·r1 + constant + shift) / c0
        // (r1 -1: r0 is fixed at −(constant + shift) / c0).
        // (Read from the constraint only here: an alias is rare among the equalities read.)
        let constant = Unmanaged.passUnretained(constraints[ci])._withUnsafeGuaranteedRef { $0.expression.constant }
        parent[Int(r0)] = r1 >= 0 ? r1 : Self.fixed
        scale[Int(r0)] = r1 >= 0 ? -c1 / c0 : 0
        offset[Int(r0)] = -(constant + shift) / c0
        isAlias[ci] = true
        eliminated[ci] = r0
        stamp[Int(r0)] = currentPass
        if r1 >= 0 { classSize[Int(r1)] += classSize[Int(r0)] }
        largestClass = Swift.max(largestClass, r1 >= 0 ? classSize[Int(r1)] : classSize[Int(r0)])
        return true
    }

    /// Rewrites every constraint that mentions an eliminated variable in the roots (a new
    /// constraint object, terms in order of first mention, zeros dropped) and the flat term
    /// arrays to match (an alias's equality keeps no terms); returns the aliases.
    /// - Complexity: O(total terms).
    mutating func rewrite(
        _ constraints: inout [Cassowary.Constraint], first: inout [Int], termVar: inout [Int32],
        termCoef: inout [Double], occurrences: inout [Int32]
    ) -> [DeferredEqualities.Alias] {
        let n = parent.count
        // A variable object for each number: the first term that mentions it.
        var where_ = [Int32](repeating: -1, count: n)
        for ci in constraints.indices {
            for k in first[ci]..<first[ci + 1] where where_[Int(termVar[k])] < 0 {
                where_[Int(termVar[k])] = Int32(k)
            }
        }
        var owner = [Int32](repeating: 0, count: termVar.count)
        for ci in constraints.indices { for k in first[ci]..<first[ci + 1] { owner[k] = Int32(ci) } }
        func object(_ v: Int32) -> Variable {
            let k = Int(where_[Int(v)])
            return constraints[Int(owner[k])].expression.terms[k - first[Int(owner[k])]].variable
        }
        var aliases: [DeferredEqualities.Alias] = []
        for ci in constraints.indices where isAlias[ci] {
            let x = eliminated[ci]
            let (root, s, o) = find(x)
            aliases.append(DeferredEqualities.Alias(
                constraint: constraints[ci], variable: object(x), target: root >= 0 ? object(root) : nil, scale: s, offset: o))
        }
        var newFirst = [Int](repeating: 0, count: constraints.count + 1)
        var newVar: [Int32] = [], newCoef: [Double] = []
        newVar.reserveCapacity(termVar.count)
        newCoef.reserveCapacity(termVar.count)
        var replaced: [(Int, Cassowary.Constraint)] = []
        var roots: [Int32] = [], coefficients: [Double] = []
        for ci in constraints.indices {
            defer { newFirst[ci + 1] = newVar.count }
            if isAlias[ci] { continue }
            let range = first[ci]..<first[ci + 1]
            var touched = false
            for k in range where parent[Int(termVar[k])] != -1 { touched = true; break }
            if !touched {
                for k in range {
                    newVar.append(termVar[k])
                    newCoef.append(termCoef[k])
                }
                continue
            }
            roots.removeAll(keepingCapacity: true)
            coefficients.removeAll(keepingCapacity: true)
            var shift = 0.0
            for k in range {
                let (root, s, o) = find(termVar[k])
                shift += termCoef[k] * o
                if root < 0 { continue }   // fixed: a constant
                if let j = roots.firstIndex(of: root) {
                    coefficients[j] += termCoef[k] * s
                } else {
                    roots.append(root)
                    coefficients.append(termCoef[k] * s)
                }
            }
            let c = constraints[ci]
            var terms: [Term] = []
            terms.reserveCapacity(roots.count)
            for j in roots.indices where Swift.abs(coefficients[j]) > 1e-12 {
                terms.append(Term(object(roots[j]), coefficients[j]))
                newVar.append(roots[j])
                newCoef.append(coefficients[j])
            }
            let e = Expression(terms, constant: c.expression.constant + shift)
            let made = c.preferEqual.map { Cassowary.Constraint(e, c.relation, strength: c.strength, preferEqual: $0) }
                ?? Cassowary.Constraint(e, c.relation, strength: c.strength)
            replaced.append((ci, made))
        }
        for (ci, made) in replaced { constraints[ci] = made }
        first = newFirst
        termVar = newVar
        termCoef = newCoef
        for i in occurrences.indices { occurrences[i] = 0 }
        for v in termVar { occurrences[Int(v)] += 1 }
        return aliases
    }
}
