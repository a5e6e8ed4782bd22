package rt

// Misuse of a lock, a guard or a share (unlocking twice, releasing below zero, using a null
// handle) is a run-time error at the AdeshLang position of the call into rt. The generated code
// carries //line directives, so the first caller outside this package is that position.

// failMisuse raises a run-time error with msg at the position of the outermost rt caller.
func failMisuse(msg string) {
	Fail(callerOutsideRT(), msg)
}
