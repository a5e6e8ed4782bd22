package rt

import (
	"slices"
	"strings"
	"unsafe"
)

// Record is the value of an object literal that dynamic code uses as a record: named fields in
// the order they were written. Like a JavaScript object it is a handle (copies share it), and
// assigning an unknown field adds it. It prints like an anonymous struct, `{ a: 1, b: "x" }`,
// and two records are equal when they have the same fields with equal values, in any order.
type Record struct {
	names []string
	vals  []Value
}

// NewRecord makes a record of names[i]: vals[i]. names is not modified, so generated code may
// pass a shared slice; a repeated name keeps its first position and its last value.
func NewRecord(names []string, vals ...Value) *Record {
	r := &Record{names: names[:0:0], vals: make([]Value, 0, len(names))}
	for i, n := range names {
		r.Set(n, vals[i])
	}
	return r
}

// Len is the number of fields.
func (r *Record) Len() int { return len(r.names) }

// Names gives the field names in order.
func (r *Record) Names() []string { return slices.Clone(r.names) }

// Get gives the value of a field.
func (r *Record) Get(name string) (Value, bool) {
	for i, n := range r.names {
		if n == name {
			return r.vals[i], true
		}
	}
	return nil, false
}

// Set assigns a field, adding it last when it is new.
func (r *Record) Set(name string, v Value) {
	for i, n := range r.names {
		if n == name {
			r.vals[i] = v
			return
		}
	}
	r.names = append(r.names, name)
	r.vals = append(r.vals, v)
}

// AdeshField makes record fields readable with DynField.
func (r *Record) AdeshField(name string) (any, bool) { return r.Get(name) }

// AdeshFormat prints `{ a: 1, b: "x" }`, or `{}`.
func (r *Record) AdeshFormat(b *strings.Builder, _ bool) {
	if len(r.names) == 0 {
		b.WriteString("{}")
		return
	}
	if !enterFormat(b, unsafe.Pointer(r)) {
		return
	}
	defer leaveFormat(b)
	b.WriteString("{ ")
	for i, n := range r.names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
		b.WriteString(": ")
		Format(b, r.vals[i], true)
	}
	b.WriteString(" }")
}

// AdeshEqual compares field by field, in any order.
func (r *Record) AdeshEqual(other any) bool { return r.equalAt(other, 0) }

func (r *Record) equalAt(other any, depth int) bool {
	o, ok := other.(*Record)
	if !ok || len(o.names) != len(r.names) {
		return false
	}
	for i, n := range r.names {
		ov, ok := o.Get(n)
		if !ok || !valuesEqual(r.vals[i], ov, depth+1) {
			return false
		}
	}
	return true
}
