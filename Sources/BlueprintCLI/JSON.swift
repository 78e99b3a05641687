import BlueprintCheck

/// The CLI writes its JSON with BlueprintCheck's writer (its objects are small and their key
/// order is part of the output format).
typealias JSON = BlueprintJSON
