package rt

// The combinators run their futures inside the awaiting task (no spawn, no allocation beyond
// the futures themselves): every wake of the task polls each unfinished future again, in
// argument order. A future that throws makes the combinator throw; the others are then dropped
// by the combinator's Drop (which generated code calls when it abandons a future).

// Join2Future awaits two futures: `await join(a, b)`.
type Join2Future[A, B any] struct {
	a    Future[A]
	b    Future[B]
	out  Tuple2[A, B]
	left uint8 // bit i: future i not done
}

// Join2 awaits a and b concurrently and gives both values.
func Join2[A, B any](a Future[A], b Future[B]) Join2Future[A, B] {
	return Join2Future[A, B]{a: a, b: b, left: 3}
}

// Poll polls whichever is not done.
func (f *Join2Future[A, B]) Poll(cx *Context) Poll[Tuple2[A, B]] {
	joinStep(&f.left, 0, f.a, &f.out.F0, cx)
	joinStep(&f.left, 1, f.b, &f.out.F1, cx)
	if f.left != 0 {
		return Pending[Tuple2[A, B]]()
	}
	return Ready(f.out)
}

// Drop drops the futures not yet done.
func (f *Join2Future[A, B]) Drop() {
	joinDrop(&f.left, 0, f.a)
	joinDrop(&f.left, 1, f.b)
}

// Join3Future awaits three futures.
type Join3Future[A, B, C any] struct {
	a    Future[A]
	b    Future[B]
	c    Future[C]
	out  Tuple3[A, B, C]
	left uint8
}

// Join3 awaits a, b and c concurrently.
func Join3[A, B, C any](a Future[A], b Future[B], c Future[C]) Join3Future[A, B, C] {
	return Join3Future[A, B, C]{a: a, b: b, c: c, left: 7}
}

// Poll polls whichever are not done.
func (f *Join3Future[A, B, C]) Poll(cx *Context) Poll[Tuple3[A, B, C]] {
	joinStep(&f.left, 0, f.a, &f.out.F0, cx)
	joinStep(&f.left, 1, f.b, &f.out.F1, cx)
	joinStep(&f.left, 2, f.c, &f.out.F2, cx)
	if f.left != 0 {
		return Pending[Tuple3[A, B, C]]()
	}
	return Ready(f.out)
}

// Drop drops the futures not yet done.
func (f *Join3Future[A, B, C]) Drop() {
	joinDrop(&f.left, 0, f.a)
	joinDrop(&f.left, 1, f.b)
	joinDrop(&f.left, 2, f.c)
}

// Join4Future awaits four futures.
type Join4Future[A, B, C, D any] struct {
	a    Future[A]
	b    Future[B]
	c    Future[C]
	d    Future[D]
	out  Tuple4[A, B, C, D]
	left uint8
}

// Join4 awaits a, b, c and d concurrently.
func Join4[A, B, C, D any](a Future[A], b Future[B], c Future[C], d Future[D]) Join4Future[A, B, C, D] {
	return Join4Future[A, B, C, D]{a: a, b: b, c: c, d: d, left: 15}
}

// Poll polls whichever are not done.
func (f *Join4Future[A, B, C, D]) Poll(cx *Context) Poll[Tuple4[A, B, C, D]] {
	joinStep(&f.left, 0, f.a, &f.out.F0, cx)
	joinStep(&f.left, 1, f.b, &f.out.F1, cx)
	joinStep(&f.left, 2, f.c, &f.out.F2, cx)
	joinStep(&f.left, 3, f.d, &f.out.F3, cx)
	if f.left != 0 {
		return Pending[Tuple4[A, B, C, D]]()
	}
	return Ready(f.out)
}

// Drop drops the futures not yet done.
func (f *Join4Future[A, B, C, D]) Drop() {
	joinDrop(&f.left, 0, f.a)
	joinDrop(&f.left, 1, f.b)
	joinDrop(&f.left, 2, f.c)
	joinDrop(&f.left, 3, f.d)
}

func joinStep[T any](left *uint8, i uint, f Future[T], out *T, cx *Context) {
	if *left&(1<<i) == 0 {
		return
	}
	if p := f.Poll(cx); p.Ready {
		*out = p.Value
		*left &^= 1 << i
	}
}

func joinDrop[T any](left *uint8, i uint, f Future[T]) {
	if *left&(1<<i) != 0 {
		*left &^= 1 << i
		f.Drop()
	}
}

// JoinAllFuture awaits a list of futures: `await join_all(xs)`.
type JoinAllFuture[T any] struct {
	fs   []Future[T]
	out  []T
	left int
}

// JoinAll awaits every future of fs concurrently and gives their values in order.
func JoinAll[T any](fs []Future[T]) JoinAllFuture[T] {
	return JoinAllFuture[T]{fs: append([]Future[T](nil), fs...), out: make([]T, len(fs)), left: len(fs)}
}

// Poll polls the futures not yet done.
func (f *JoinAllFuture[T]) Poll(cx *Context) Poll[[]T] {
	for i, fut := range f.fs {
		if fut == nil {
			continue
		}
		if p := fut.Poll(cx); p.Ready {
			f.out[i] = p.Value
			f.fs[i] = nil
			f.left--
		}
	}
	if f.left != 0 {
		return Pending[[]T]()
	}
	return Ready(f.out)
}

// Drop drops the futures not yet done.
func (f *JoinAllFuture[T]) Drop() {
	for i, fut := range f.fs {
		if fut != nil {
			f.fs[i] = nil
			fut.Drop()
		}
	}
	f.left = 0
}

// SelectFuture awaits the first of several futures: `await select(a, b)`.
type SelectFuture[T any] struct {
	fs []Future[T]
}

// Select gives the value of the first of fs to be ready (ties go to the earliest argument, so
// a run on one worker is deterministic) and drops the others.
func Select[T any](fs ...Future[T]) SelectFuture[T] {
	return SelectFuture[T]{fs: append([]Future[T](nil), fs...)}
}

// Poll polls each future in order until one is ready.
func (f *SelectFuture[T]) Poll(cx *Context) Poll[T] {
	for i, fut := range f.fs {
		if p := fut.Poll(cx); p.Ready {
			f.fs[i] = nil
			f.Drop()
			return p
		}
	}
	return Pending[T]()
}

// Drop drops every future still pending.
func (f *SelectFuture[T]) Drop() {
	fs := f.fs
	f.fs = nil
	for _, fut := range fs {
		if fut != nil {
			fut.Drop()
		}
	}
}

// YieldFuture gives the other tasks a turn: `await yield_now()`.
type YieldFuture struct {
	yielded bool
}

// YieldNow makes a future that is pending once (its task goes to the back of the run queue) and
// then ready.
func YieldNow() YieldFuture { return YieldFuture{} }

// Poll is Pending the first time (waking its own task) and Ready after.
func (f *YieldFuture) Poll(cx *Context) Poll[Unit] {
	if f.yielded {
		return Ready(Unit{})
	}
	f.yielded = true
	cx.Waker().WakeFrom(cx)
	return Pending[Unit]()
}

// Drop does nothing.
func (f *YieldFuture) Drop() {}
