import BlueprintSupport

/// A variable times a coefficient: `3 * x`.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable.
    public let variable: Variable
    /// Its coefficient.
    public var coefficient: Double

    /// Creates `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String { coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)" }
}

/// A linear expression: a sum of terms plus a constant. Built with `+ - * /` on
/// variables, terms, expressions and numbers, e.g. `2 * x + y - 10`.
///
/// Expressions are not `Equatable`: `==`, `<=` and `>=` on them build a ``Constraint``.
public struct Expression: Sendable, CustomStringConvertible {
    /// The terms, in the order written (a variable may appear more than once until reduced).
    public var terms: [Term]
    /// The constant.
    public var constant: Double

    /// Creates `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `variable`.
    public init(_ variable: Variable) { self.init([Term(variable)]) }
    /// The expression `term`.
    public init(_ term: Term) { self.init([term]) }
    /// The constant expression.
    public init(_ constant: Double) { self.init([], constant: constant) }

    /// The value with every variable at its current ``Variable/value``.
    public var value: Double {
        terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value }
    }

    /// The same expression with each variable once (coefficients summed, zeros dropped),
    /// terms in first-appearance order.
    /// - Complexity: O(n) expected (short expressions, the usual case, are merged by a scan
    /// with no hashing).
    public func reduced() -> Expression {
        if terms.count <= 16 {
            if isReducedShort { return self }
            var out: [Term] = []
            out.reserveCapacity(terms.count)
            var zeros = false
            for t in terms {
                if let i = out.firstIndex(where: { $0.variable === t.variable }) {
                    out[i].coefficient += t.coefficient
                    if out[i].coefficient == 0 { zeros = true }
                } else {
                    out.append(t)
                    if t.coefficient == 0 { zeros = true }
                }
            }
            if zeros { out.removeAll { $0.coefficient == 0 } }
            return Expression(out, constant: constant)
        }
        var index: [ObjectIdentifier: Int] = [:]
        var out: [Term] = []
        for t in terms {
            if let i = index[t.variable.id] {
                out[i].coefficient += t.coefficient
            } else {
                index[t.variable.id] = out.count
                out.append(t)
            }
        }
        return Expression(out.filter { $0.coefficient != 0 }, constant: constant)
    }

    /// Whether this short expression is already reduced (no zero coefficient, no variable
    /// twice): checked by a scan, so reducing one costs no allocation.
    var isReducedShort: Bool {
        // Identities compared in place (no retain of the variables).
        terms.withUnsafeBufferPointer { b in
            for i in b.indices {
                if b[i].coefficient == 0 { return false }
                let v = Unmanaged.passUnretained(b[i].variable).toOpaque()
                for j in 0..<i where Unmanaged.passUnretained(b[j].variable).toOpaque() == v { return false }
            }
            return true
        }
    }

    /// Whether every coefficient and the constant are finite.
    public var isFinite: Bool {
        // Coefficients read in place (`allSatisfy` copies each term: a retain of its variable).
        constant.isFinite && terms.withUnsafeBufferPointer { b in b.indices.allSatisfy { b[$0].coefficient.isFinite } }
    }

    public var description: String {
        var s = ""
        for (i, t) in terms.enumerated() {
            let c = t.coefficient
            if i == 0 {
                s += c == 1 ? t.variable.description : c == -1 ? "-\(t.variable)" : "\(formatNumber(c)) * \(t.variable)"
            } else {
                let a = Swift.abs(c)
                s += c < 0 ? " - " : " + "
                s += a == 1 ? t.variable.description : "\(formatNumber(a)) * \(t.variable)"
            }
        }
        if terms.isEmpty { return formatNumber(constant) }
        if constant != 0 { s += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))" }
        return s
    }
}


/// Anything that converts to an ``Expression``: variables, terms, expressions, numbers.
public protocol ExpressionConvertible {
    /// This value as an expression.
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible { public var expression: Expression { Expression(self) } }
extension Term: ExpressionConvertible { public var expression: Expression { Expression(self) } }
extension Expression: ExpressionConvertible { public var expression: Expression { self } }
extension Double: ExpressionConvertible { public var expression: Expression { Expression(self) } }
extension Int: ExpressionConvertible { public var expression: Expression { Expression(Double(self)) } }

// MARK: - Arithmetic

/// The term `c × v` (`x * 2`).
public func * (v: Variable, c: Double) -> Term { Term(v, c) }
/// The term `c × v` (`2 * x`).
public func * (c: Double, v: Variable) -> Term { Term(v, c) }
/// The term `v / c`, i.e. `(1 / c) × v` (`x / 2`).
public func / (v: Variable, c: Double) -> Term { Term(v, 1 / c) }
/// The term with its coefficient multiplied by `c`.
public func * (t: Term, c: Double) -> Term { Term(t.variable, t.coefficient * c) }
/// The term with its coefficient multiplied by `c`.
public func * (c: Double, t: Term) -> Term { Term(t.variable, t.coefficient * c) }
/// The term with its coefficient divided by `c`.
public func / (t: Term, c: Double) -> Term { Term(t.variable, t.coefficient / c) }
/// The term `-1 × v`.
public prefix func - (v: Variable) -> Term { Term(v, -1) }
/// The term with its coefficient negated.
public prefix func - (t: Term) -> Term { Term(t.variable, -t.coefficient) }

/// The expression with every coefficient and the constant multiplied by `c`.
public func * (e: Expression, c: Double) -> Expression {
    Expression(e.terms.map { Term($0.variable, $0.coefficient * c) }, constant: e.constant * c)
}
/// The expression with every coefficient and the constant multiplied by `c`.
public func * (c: Double, e: Expression) -> Expression { e * c }
/// The expression with every coefficient and the constant divided by `c`.
public func / (e: Expression, c: Double) -> Expression { e * (1 / c) }
/// The expression with every coefficient and the constant negated.
public prefix func - (e: Expression) -> Expression { e * -1 }

/// The sum `a + b`: both lists of terms (not reduced) and the sum of the constants.
public func + <A: ExpressionConvertible, B: ExpressionConvertible>(a: A, b: B) -> Expression {
    let x = a.expression, y = b.expression
    return Expression(x.terms + y.terms, constant: x.constant + y.constant)
}
/// The difference `a - b`: `a` plus `b` negated.
public func - <A: ExpressionConvertible, B: ExpressionConvertible>(a: A, b: B) -> Expression {
    a + (-b.expression)
}
/// `a` with `c` added to its constant (`x + 10`).
public func + <A: ExpressionConvertible>(a: A, c: Double) -> Expression {
    var e = a.expression; e.constant += c; return e
}
/// `a` with `c` added to its constant (`10 + x`).
public func + <A: ExpressionConvertible>(c: Double, a: A) -> Expression { a + c }
/// `a` with `c` subtracted from its constant (`x - 10`).
public func - <A: ExpressionConvertible>(a: A, c: Double) -> Expression { a + (-c) }
/// `c - a`: `a` negated, plus `c` (`10 - x`).
public func - <A: ExpressionConvertible>(c: Double, a: A) -> Expression { -(a.expression) + c }
