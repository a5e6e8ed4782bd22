package rt

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// maxReflectDepth bounds the reflective printer so that a cyclic Go value prints `...` instead
// of overflowing the stack.
const maxReflectDepth = 64

// formatReflect prints a value of a Go type that neither Format's type switch nor Formatter
// covers: named basic types, slices and arrays of anything, structs without AdeshFormat,
// pointers (as what they point to), functions and channels.
func formatReflect(b *strings.Builder, rv reflect.Value, nested bool, depth int) {
	if depth > maxReflectDepth {
		b.WriteString("...")
		return
	}
	if rv.IsValid() && isFutureType(rv.Type()) {
		b.WriteString("Future") // a state machine prints its kind, as a promise does
		return
	}
	var buf [32]byte
	switch rv.Kind() {
	case reflect.Invalid:
		b.WriteString("null")
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(rv.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.Write(strconv.AppendInt(buf[:0], rv.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		b.Write(strconv.AppendUint(buf[:0], rv.Uint(), 10))
	case reflect.Float32:
		b.Write(appendFloat(buf[:0], rv.Float(), 32))
	case reflect.Float64:
		b.Write(appendFloat(buf[:0], rv.Float(), 64))
	case reflect.Complex64, reflect.Complex128:
		b.WriteString(strconv.FormatComplex(rv.Complex(), 'g', -1, 128))
	case reflect.String:
		if nested {
			writeQuoted(b, rv.String(), '"')
		} else {
			b.WriteString(rv.String())
		}
	case reflect.Slice, reflect.Array:
		rv = addressable(rv)
		b.WriteByte('[')
		for i := range rv.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			formatChild(b, rv.Index(i), depth)
		}
		b.WriteByte(']')
	case reflect.Struct:
		formatStructReflect(b, addressable(rv), depth)
	case reflect.Map:
		formatGoMap(b, rv, depth)
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			b.WriteString("null")
			return
		}
		formatChildAs(b, rv.Elem(), nested, depth)
	case reflect.Func:
		if rv.IsNil() {
			b.WriteString("null")
		} else {
			b.WriteString("<fn>")
		}
	case reflect.Chan:
		b.WriteString("<channel>")
	default:
		b.WriteString("<" + rv.Type().String() + ">")
	}
}

func formatStructReflect(b *strings.Builder, rv reflect.Value, depth int) {
	t := rv.Type()
	name, _, _ := strings.Cut(adeshName(t.Name()), "[") // a generic type prints without its arguments
	b.WriteString(name)
	if t.NumField() == 0 {
		b.WriteString(" {}")
		return
	}
	if name != "" {
		b.WriteByte(' ')
	}
	b.WriteString("{ ")
	for i := range t.NumField() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(adeshName(t.Field(i).Name))
		b.WriteString(": ")
		formatChild(b, rv.Field(i), depth)
	}
	b.WriteString(" }")
}

// formatGoMap prints a Go map (not an AdeshLang Map) with its entries sorted by printed key, so
// the output does not depend on Go's randomised map order.
func formatGoMap(b *strings.Builder, rv reflect.Value, depth int) {
	type entry struct{ key, val string }
	var entries []entry
	for it := rv.MapRange(); it.Next(); {
		var kb, vb strings.Builder
		formatChild(&kb, it.Key(), depth)
		formatChild(&vb, it.Value(), depth)
		entries = append(entries, entry{kb.String(), vb.String()})
	}
	slices.SortFunc(entries, func(x, y entry) int { return strings.Compare(x.key, y.key) })
	b.WriteByte('{')
	for i, e := range entries {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.key)
		b.WriteString(": ")
		b.WriteString(e.val)
	}
	b.WriteByte('}')
}

// formatChild prints a component of a reflected value in nested form.
func formatChild(b *strings.Builder, rv reflect.Value, depth int) {
	formatChildAs(b, rv, true, depth)
}

// formatChildAs prints a component through Format's type switch when it can (so components that
// implement Formatter print themselves), reflectively otherwise.
func formatChildAs(b *strings.Builder, rv reflect.Value, nested bool, depth int) {
	rv = readable(rv)
	if rv.CanInterface() && formatKnown(b, rv.Interface(), nested) {
		return
	}
	formatReflect(b, rv, nested, depth+1)
}

// readable makes a value reached through an unexported field usable with Interface, which
// reflect refuses otherwise; it needs the value to be addressable, which addressable arranges
// for the roots.
func readable(rv reflect.Value) reflect.Value {
	if rv.IsValid() && !rv.CanInterface() && rv.CanAddr() {
		return reflect.NewAt(rv.Type(), unsafe.Pointer(rv.UnsafeAddr())).Elem()
	}
	return rv
}

// addressable gives a struct or array value an address (by copying it) so that its fields and
// elements can be made readable.
func addressable(rv reflect.Value) reflect.Value {
	if rv.CanAddr() || rv.Kind() == reflect.Slice || !rv.CanInterface() {
		return rv
	}
	c := reflect.New(rv.Type()).Elem()
	c.Set(rv)
	return c
}
