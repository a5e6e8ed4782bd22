package rt

// The AdeshLang names of the handle types, with their element type (`Share<[i64]>`,
// `Promise<string>`): Go's reflect would give only the generic name. None reads its receiver
// (see TypeNamer).

func (*Share[T]) AdeshTypeName() string     { return "Share<" + TypeNameFor[T]() + ">" }
func (*Weak[T]) AdeshTypeName() string      { return "Weak<" + TypeNameFor[T]() + ">" }
func (*Mutex[T]) AdeshTypeName() string     { return "Mutex<" + TypeNameFor[T]() + ">" }
func (*RwLock[T]) AdeshTypeName() string    { return "RwLock<" + TypeNameFor[T]() + ">" }
func (MutexGuard[T]) AdeshTypeName() string { return "MutexGuard<" + TypeNameFor[T]() + ">" }
func (ReadGuard[T]) AdeshTypeName() string  { return "ReadGuard<" + TypeNameFor[T]() + ">" }
func (WriteGuard[T]) AdeshTypeName() string { return "WriteGuard<" + TypeNameFor[T]() + ">" }
func (*Channel[T]) AdeshTypeName() string   { return "Channel<" + TypeNameFor[T]() + ">" }
func (h *JoinHandle[T]) AdeshTypeName() string {
	if h != nil && h.is(kindDropCancels) {
		return "Future<" + TypeNameFor[T]() + ">" // a started future (see Start)
	}
	return "JoinHandle<" + TypeNameFor[T]() + ">"
}
func (*Promise[T]) AdeshTypeName() string { return "Promise<" + TypeNameFor[T]() + ">" }
