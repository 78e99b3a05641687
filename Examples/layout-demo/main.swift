// A sign-in screen laid out with the Blueprint DSL: frames, then what the engine reports
// about a conflicting and an ambiguous addition.
//
//   swift run layout-demo

import Blueprint

do {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
    root.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    let card = View(name: "card")
    card.layoutMargins = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    let title = Label(name: "title", text: "Sign in", fontSize: 28)
    let email = Label(name: "email", text: "Email", fontSize: 15)
    let field = View(name: "field")
    let button = Label(name: "button", text: "Continue", fontSize: 17)
    root.addSubview(card)
    for v in [title, email, field, button] { card.addSubview(v) }

    try activate([
        card.top == root.safeAreaLayoutGuide.top + 24,
        card.leading == root.leadingMargin,
        card.trailing == root.trailingMargin,
        title.top == card.topMargin,
        title.leading == card.leadingMargin,
        email.firstBaseline == title.lastBaseline + 32,
        email.leading == card.leadingMargin,
        field.top == email.bottom + 8,
        field.leading == card.leadingMargin,
        field.trailing == card.trailingMargin,
        field.height == 44,
        button.top == field.bottom + 24,
        button.centerX == card.centerX,
        button.width >= 0.5 * card.width ~ .defaultHigh,
        card.bottom == button.bottom + 16,
    ])
    root.layoutIfNeeded()
    print("Frames (superview coordinates):")
    root.forEachInSubtree { v in print("  \(v.name): \(v.frame)") }

    // A second, contradictory width for the field, and a badge with no horizontal position.
    let badge = View(name: "badge")
    card.addSubview(badge)
    try activate([field.width == 200, badge.size == Size(12, 12), badge.centerY == title.centerY])
    root.layoutIfNeeded()
    print("\n" + root.layoutReport.description)
} catch {
    print("error: \(error)")
}
