package rt

// ScopeResultFuture is the future of a scope whose failure is a value: `await scope(…)?` and a
// match on it take the scope's outcome as a Result, a child's error (or the body's throw) as
// Err, as the scope gives that error (§8) rather than throwing it.
type ScopeResultFuture[T any] struct {
	Scope ScopeFuture[T]
}

// ScopeResult wraps a scope's future as a ScopeResultFuture.
func ScopeResult[T any](f ScopeFuture[T]) ScopeResultFuture[T] {
	return ScopeResultFuture[T]{Scope: f}
}

// Poll polls the scope, catching the failure it raises once its children are done.
func (f *ScopeResultFuture[T]) Poll(cx *Context) (p Poll[Result[T, Error]]) {
	defer func() {
		if r := recover(); r != nil {
			t, ok := r.(*Thrown)
			if !ok {
				panic(r)
			}
			p = Ready(Err[T](t.Err))
		}
	}()
	q := f.Scope.Poll(cx)
	if !q.Ready {
		return Pending[Result[T, Error]]()
	}
	return Ready(Ok[T, Error](q.Value))
}

// Drop cancels the scope's body and children.
func (f *ScopeResultFuture[T]) Drop() { f.Scope.Drop() }
