import Blueprint

/// One fuzzing input through the whole pipeline a `.layout` file goes through in the CLI:
/// parse, lay out, report, read every frame. Any input must end in a diagnostic or a layout;
/// a trap (out-of-range index, overflow, force unwrap) or a hang is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let document: LayoutDocument
    do {
        document = try LayoutDocument(bytes: bytes, file: "fuzz.layout")
    } catch {
        // Diagnostics must print (the caret excerpt is where column arithmetic lives).
        sink &+= error.description.utf8.count
        return 0
    }
    let root = document.root
    root.layoutIfNeeded()
    sink &+= root.layoutReport.description.utf8.count
    readFrames(document)
    for c in document.constraints { sink &+= c.formulaWithLocation.utf8.count }

    // Then take it apart through the incremental paths: every constraint out, lay out again.
    // This also breaks the reference cycles that otherwise leak every document (a view and the
    // constraints installed on it; the root and its engine), which would end the run at the
    // RSS limit after a few million inputs.
    for c in document.constraints { c.deactivate() }
    root.layoutIfNeeded()
    readFrames(document)
    // Moving the root under another view detaches its tree from its engine.
    View(name: "holder").addSubview(root)
    return 0
}

private func readFrames(_ document: LayoutDocument) {
    var sum = 0.0
    for v in document.views {
        let f = v.frame
        sum += f.minX + f.minY + f.width + f.height
    }
    if sum.isNaN { sink &+= 1 }
}

/// Keeps the work above from being optimized away.
nonisolated(unsafe) var sink = 0
