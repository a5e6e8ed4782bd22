package rt

// Context is what a future's Poll receives: the waker of the task being polled and the worker
// polling it. Placeholder until the scheduler lands.
type Context struct{}
