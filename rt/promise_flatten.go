package rt

// A `then` callback that gives a promise or a future (`p.then(v => fetch(v))`) makes the promise
// of the promise it gives settle as that inner promise or future does, as JavaScript's then
// does: the compiler wraps the Then in FlattenPromise or FlattenFuture.

// FlattenPromise settles as the promise p gives does, or with p's own rejection.
func FlattenPromise[T any](p *Promise[*Promise[T]]) *Promise[T] {
	d := &Promise[T]{}
	p.onSettle(func() {
		q, e, ok := p.outcome()
		if !ok {
			d.rejectAt(e, p.rejPos())
			return
		}
		q.onSettle(func() {
			if v, e, ok := q.outcome(); ok {
				d.Resolve(v)
			} else {
				d.rejectAt(e, q.rejPos())
			}
		})
	})
	return d
}

// FlattenFuture runs the future p gives as a task of its own and settles with its result (a
// throw in it rejects), or with p's own rejection.
func FlattenFuture[T any](p *Promise[Future[T]]) *Promise[T] {
	d := &Promise[T]{}
	p.onSettle(func() {
		f, e, ok := p.outcome()
		if !ok {
			d.rejectAt(e, p.rejPos())
			return
		}
		SpawnValue[Unit](nil, settleFuture[T]{f: f, d: d}).Drop()
	})
	return d
}

// PromiseOf is a future (an async fn's result, a task's handle) used as a promise, as in
// JavaScript: a task of its own awaits it and settles the promise with its outcome.
func PromiseOf[T any](f Future[T]) *Promise[T] {
	d := &Promise[T]{}
	SpawnValue[Unit](nil, settleFuture[T]{f: f, d: d}).Drop()
	return d
}

// PromisesOf is PromiseOf of each future of fs (`Promise.all(futures)`).
func PromisesOf[T any, F Future[T]](fs []F) []*Promise[T] {
	ps := make([]*Promise[T], len(fs))
	for i, f := range fs {
		ps[i] = PromiseOf[T](f)
	}
	return ps
}

// settleFuture polls f and settles d with its outcome.
type settleFuture[T any] struct {
	f Future[T]
	d *Promise[T]
}

func (s *settleFuture[T]) Poll(cx *Context) (res Poll[Unit]) {
	defer func() {
		if r := recover(); r != nil {
			th, ok := r.(*Thrown)
			if !ok {
				panic(r)
			}
			s.d.rejectAt(th.Err, th.Pos)
			res = Ready(Unit{})
		}
	}()
	if p := s.f.Poll(cx); p.Ready {
		s.d.Resolve(p.Value)
		return Ready(Unit{})
	}
	return Pending[Unit]()
}

func (s *settleFuture[T]) Drop() { s.f.Drop() }

// ThenAdopt is `p.then(f, g)` (or `p.catch(g)`, f the identity) where a callback gives a promise
// or a future, which the derived promise adopts, as JavaScript's does: toF and toG turn each
// callback's result into a promise of the derived promise's value (a value already settled, a
// promise converted as it settles).
func ThenAdopt[T, U1, U2, V any](p *Promise[T], f func(T) U1, g func(Error) U2, toF func(U1) *Promise[V], toG func(U2) *Promise[V]) *Promise[V] {
	return FlattenPromise(ThenElse(p, func(v T) *Promise[V] { return toF(f(v)) }, func(e Error) *Promise[V] { return toG(g(e)) }))
}
