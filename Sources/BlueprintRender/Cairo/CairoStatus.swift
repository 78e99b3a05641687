import CCairo

extension cairo_status_t {
    /// Throws ``RenderError/cairo(operation:message:)`` unless the status is success.
    func check(_ operation: @autoclosure () -> String) throws(RenderError) {
        guard self == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(operation: operation(), message: String(cString: cairo_status_to_string(self)))
        }
    }
}
