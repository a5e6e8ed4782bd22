package rt

import "strings"

// The printed forms and type names of the thread module's objects that hold no value to show
// (print gives their kind, as it does for a Semaphore; a message names their type once).

func (*Once[T]) AdeshFormat(b *strings.Builder, _ bool)            { b.WriteString("Once") }
func (*Lazy[T]) AdeshFormat(b *strings.Builder, _ bool)            { b.WriteString("Lazy") }
func (*ThreadLocal[T]) AdeshFormat(b *strings.Builder, _ bool)     { b.WriteString("ThreadLocal") }
func (*ConcurrentQueue[T]) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("ConcurrentQueue") }
func (*ThreadBuilder) AdeshFormat(b *strings.Builder, _ bool)      { b.WriteString("ThreadBuilder") }
func (*WaitGroup) AdeshFormat(b *strings.Builder, _ bool)          { b.WriteString("WaitGroup") }

func (*Once[T]) AdeshTypeName() string        { return "thread.Once<" + TypeNameFor[T]() + ">" }
func (*Lazy[T]) AdeshTypeName() string        { return "thread.Lazy<" + TypeNameFor[T]() + ">" }
func (*ThreadLocal[T]) AdeshTypeName() string { return "thread.ThreadLocal<" + TypeNameFor[T]() + ">" }
func (*ConcurrentQueue[T]) AdeshTypeName() string {
	return "thread.ConcurrentQueue<" + TypeNameFor[T]() + ">"
}
func (*ThreadBuilder) AdeshTypeName() string { return "thread.ThreadBuilder" }
func (*WaitGroup) AdeshTypeName() string     { return "thread.WaitGroup" }
