package ir

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Fprint writes an IR node (a Program, a Decl, a Stmt, a []Stmt…) indented, one field a line,
// the counterpart for the IR of ast.Fprint: what `adesh2go ir` prints. Types are written as
// Go writes them, a Local by its name and where it lives; empty fields are left out.
func Fprint(w io.Writer, x any) {
	p := &irPrinter{w: w}
	p.value(reflect.ValueOf(x), 0)
	fmt.Fprintln(w)
}

type irPrinter struct{ w io.Writer }

func (p *irPrinter) line(depth int, format string, args ...any) {
	fmt.Fprintf(p.w, "\n%s"+format, append([]any{strings.Repeat("  ", depth)}, args...)...)
}

func (p *irPrinter) value(v reflect.Value, depth int) {
	if v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if !v.IsValid() {
		fmt.Fprint(p.w, "nil")
		return
	}
	if t, ok := v.Interface().(Type); ok {
		fmt.Fprint(p.w, TypeString(t))
		return
	}
	switch x := v.Interface().(type) {
	case *Local:
		fmt.Fprint(p.w, localString(x))
		return
	case *Line:
		fmt.Fprintf(p.w, "%s:%d", x.File, x.Line)
		return
	case *Lit:
		fmt.Fprint(p.w, "Lit "+x.Text)
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			fmt.Fprint(p.w, "nil")
			return
		}
		p.value(v.Elem(), depth)
	case reflect.Struct:
		fmt.Fprint(p.w, v.Type().Name())
		for i := range v.NumField() {
			f := v.Field(i)
			if f.IsZero() || !v.Type().Field(i).IsExported() {
				continue
			}
			p.line(depth+1, "%s: ", v.Type().Field(i).Name)
			p.value(f, depth+1)
		}
	case reflect.Slice:
		fmt.Fprintf(p.w, "[%d]", v.Len())
		for i := range v.Len() {
			p.line(depth+1, "- ")
			p.value(v.Index(i), depth+1)
		}
	case reflect.String:
		fmt.Fprintf(p.w, "%q", v.String())
	default:
		fmt.Fprint(p.w, v.Interface())
	}
}

// localString is a local's name and what is special about where it lives.
func localString(l *Local) string {
	var marks []string
	for _, m := range []struct {
		on   bool
		name string
	}{{l.Field, "field"}, {l.Hoist, "hoisted"}, {l.Boxed, "boxed"}, {l.Param, "param"}, {l.Global, "global"}, {l.Temp, "temp"}, {l.Owned, "owned"}} {
		if m.on {
			marks = append(marks, m.name)
		}
	}
	s := "Local " + l.Name
	if l.Type != nil {
		s += " " + TypeString(l.Type)
	}
	if len(marks) > 0 {
		s += " (" + strings.Join(marks, ", ") + ")"
	}
	return s
}

// TypeString writes an IR type as Go source writes it.
func TypeString(t Type) string {
	switch t := t.(type) {
	case *TName:
		s := t.Name
		if t.Pkg != "" {
			s = t.Pkg + "." + s
		}
		if len(t.Args) > 0 {
			s += "[" + typeList(t.Args) + "]"
		}
		return s
	case *TPtr:
		return "*" + TypeString(t.Elem)
	case *TSlice:
		return "[]" + TypeString(t.Elem)
	case *TFunc:
		s := "func(" + typeList(t.Params) + ")"
		switch len(t.Results) {
		case 0:
		case 1:
			s += " " + TypeString(t.Results[0])
		default:
			s += " (" + typeList(t.Results) + ")"
		}
		return s
	case *TStruct:
		var fs []string
		for _, f := range t.Fields {
			fs = append(fs, strings.TrimSpace(f.Name+" "+TypeString(f.Type)))
		}
		return "struct{" + strings.Join(fs, "; ") + "}"
	case *TInterface:
		var ms []string
		for _, e := range t.Embeds {
			ms = append(ms, TypeString(e))
		}
		for _, m := range t.Methods {
			ms = append(ms, m.Name+strings.TrimPrefix(TypeString(&TFunc{Params: m.Params, Results: m.Results}), "func"))
		}
		return "interface{" + strings.Join(ms, "; ") + "}"
	case *TArray:
		return "[" + strconv.FormatInt(t.Len, 10) + "]" + TypeString(t.Elem)
	case *TMap:
		return "map[" + TypeString(t.Key) + "]" + TypeString(t.Val)
	case *TChan:
		return [...]string{"chan ", "chan<- ", "<-chan "}[t.Dir] + TypeString(t.Elem)
	case *TVariadic:
		return "..." + TypeString(t.Elem)
	case nil:
		return "nil"
	}
	return fmt.Sprintf("%T", t)
}

func typeList(ts []Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = TypeString(t)
	}
	return strings.Join(s, ", ")
}
