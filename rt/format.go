package rt

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Formatter is implemented by every value that prints itself: generated structs and enums, the
// vocabulary types of this package (Option, Result, tuples, Error, Unit, *Map, *Record) and the
// handles of the scheduler and lock halves. nested is false at the top level of print, str and
// f-strings, and true inside an array, map, struct, enum payload, tuple or Result, where strings
// and chars are quoted.
type Formatter interface {
	AdeshFormat(b *strings.Builder, nested bool)
}

// Format appends the AdeshLang printed form of v to b (LANGUAGE.md §6). It never panics: a value
// of a Go type that AdeshLang does not know is printed by reflection.
func Format(b *strings.Builder, v any, nested bool) {
	if formatKnown(b, v, nested) {
		return
	}
	if s, ok := v.(fmt.Stringer); ok {
		b.WriteString(s.String()) // a value of a Go package's type prints as fmt prints it
		return
	}
	formatReflect(b, reflect.ValueOf(v), nested, 0)
}

// formatKnown formats the types it recognises without reflection and reports whether v was one.
func formatKnown(b *strings.Builder, v any, nested bool) bool {
	var buf [32]byte
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		if nested {
			writeQuoted(b, x, '"')
		} else {
			b.WriteString(x)
		}
	case int64:
		b.Write(strconv.AppendInt(buf[:0], x, 10))
	case float64:
		b.Write(appendFloat(buf[:0], x, 64))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case Char:
		if nested {
			writeQuoted(b, string(rune(x)), '\'')
		} else {
			b.Write(utf8.AppendRune(buf[:0], rune(x)))
		}
	case Formatter:
		x.AdeshFormat(b, nested)
	case []Value:
		formatSlice(b, x)
	case []int64:
		formatSlice(b, x)
	case []string:
		formatSlice(b, x)
	case []float64:
		formatSlice(b, x)
	case []bool:
		formatSlice(b, x)
	case int:
		b.Write(strconv.AppendInt(buf[:0], int64(x), 10))
	case int8:
		b.Write(strconv.AppendInt(buf[:0], int64(x), 10))
	case int16:
		b.Write(strconv.AppendInt(buf[:0], int64(x), 10))
	case int32:
		b.Write(strconv.AppendInt(buf[:0], int64(x), 10))
	case uint:
		b.Write(strconv.AppendUint(buf[:0], uint64(x), 10))
	case uint8:
		b.Write(strconv.AppendUint(buf[:0], uint64(x), 10))
	case uint16:
		b.Write(strconv.AppendUint(buf[:0], uint64(x), 10))
	case uint32:
		b.Write(strconv.AppendUint(buf[:0], uint64(x), 10))
	case uint64:
		b.Write(strconv.AppendUint(buf[:0], x, 10))
	case float32:
		b.Write(appendFloat(buf[:0], float64(x), 32))
	case *Thrown:
		x.Err.AdeshFormat(b, nested)
	case error:
		NewError(x.Error()).AdeshFormat(b, nested)
	default:
		return false
	}
	return true
}

// formatSlice prints an array with its elements in nested form.
func formatSlice[T any](b *strings.Builder, xs []T) {
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		Format(b, x, true)
	}
	b.WriteByte(']')
}

// FormatStruct prints a struct value as `Name { field: value, … }` with the field values in
// nested form; generated structs call it from their AdeshFormat. A struct prints the same at the
// top level and nested, so nested is accepted only to mirror AdeshFormat.
func FormatStruct(b *strings.Builder, name string, nested bool, names []string, values ...any) {
	b.WriteString(name)
	if len(names) == 0 {
		b.WriteString(" {}")
		return
	}
	b.WriteString(" { ")
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
		b.WriteString(": ")
		if i < len(values) {
			Format(b, values[i], true)
		}
	}
	b.WriteString(" }")
}

// FormatVariant prints an enum value: `Circle(1.5)`, `Pair(1, "a")`, or `Empty` without payload.
func FormatVariant(b *strings.Builder, name string, payload ...any) {
	b.WriteString(name)
	if len(payload) == 0 {
		return
	}
	b.WriteByte('(')
	for i, p := range payload {
		if i > 0 {
			b.WriteString(", ")
		}
		Format(b, p, true)
	}
	b.WriteByte(')')
}

// Str is the top-level printed form of v: what print shows, what f-strings and str(x) insert.
func Str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return FormatFloat(x)
	case bool:
		return strconv.FormatBool(x)
	case Char:
		return string(rune(x))
	}
	var b strings.Builder
	Format(&b, v, false)
	return b.String()
}

// Quote is the nested printed form of v (a string in quotes, as inside an array).
func Quote(v any) string {
	var b strings.Builder
	Format(&b, v, true)
	return b.String()
}

// AdeshFormat prints the unit value as `()`.
func (Unit) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("()") }

// AdeshFormat prints an Error as `Error("text")`, at the top level too; one that wraps a thrown
// value as that value.
func (e Error) AdeshFormat(b *strings.Builder, nested bool) {
	if e.Value != nil && !e.fromGo() {
		Format(b, e.Value, nested)
		return
	}
	b.WriteString(`Error(`)
	writeQuoted(b, e.Message, '"')
	b.WriteByte(')')
}

// AdeshField gives an Error's field `message` to dynamic code, and the other fields of the value
// it wraps (an instance of a class that extends Error, a thrown record).
func (e Error) AdeshField(name string) (any, bool) {
	if name == "message" {
		return e.Message, true
	}
	if e.Value != nil {
		return fieldOf(e.Value, name)
	}
	return nil, false
}

// writeQuoted writes s between quote characters with the escapes of an AdeshLang literal, so
// that the printed form reads back as the same string or char.
func writeQuoted(b *strings.Builder, s string, quote byte) {
	b.WriteByte(quote)
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != 0x7f && c != '\\' && c != quote {
			continue
		}
		b.WriteString(s[start:i])
		start = i + 1
		switch c {
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case 0:
			b.WriteString(`\0`)
		case '\\', quote:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			const hex = "0123456789abcdef"
			b.WriteString(`\x`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	b.WriteString(s[start:])
	b.WriteByte(quote)
}
