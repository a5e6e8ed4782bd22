package ast

import "reflect"

// Clone deep-copies a syntax tree that the checker has not seen yet: every node (a pointer to a
// struct of this package) and every slice of them is new; what the checker fills in (types,
// objects) is shared, being nil before it runs. The parser copies a base class's methods and
// constructor into each class that extends it, and the checker annotates each copy on its own.
// A node reached twice (a method's Recv leads back to it) is copied once.
func Clone[N Node](n N) N {
	c := cloner{}
	return c.value(reflect.ValueOf(n)).Interface().(N)
}

type cloner map[uintptr]reflect.Value

var astPkg = reflect.TypeOf(Span{}).PkgPath()

func (c cloner) value(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Elem().Kind() != reflect.Struct || v.Elem().Type().PkgPath() != astPkg {
			return v
		}
		if done, ok := c[v.Pointer()]; ok {
			return done
		}
		out := reflect.New(v.Elem().Type())
		c[v.Pointer()] = out
		out.Elem().Set(c.structValue(v.Elem()))
		return out
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(c.value(v.Elem()))
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(c.value(v.Index(i)))
		}
		return out
	case reflect.Struct:
		return c.structValue(v)
	}
	return v
}

func (c cloner) structValue(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	out.Set(v)
	for i := 0; i < v.NumField(); i++ {
		if f := out.Field(i); f.CanSet() {
			f.Set(c.value(v.Field(i)))
		}
	}
	return out
}
