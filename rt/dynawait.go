package rt

import "reflect"

// DynFuture is `await d` for a dynamic value d: a future, promise or join handle it holds is
// awaited, and any other value is the result at once, as JavaScript's await does.
type DynFuture struct {
	fut  reflect.Value // the Poll and Drop methods' receiver; invalid: no future
	val  Value
	done bool
}

// DynAwait makes the future of `await d`.
func DynAwait(v Value) DynFuture {
	if v == nil {
		return DynFuture{}
	}
	rv := reflect.ValueOf(v)
	if _, ok := futureElem(rv.Type()); !ok {
		return DynFuture{val: v}
	}
	if rv.Kind() != reflect.Pointer && rv.Kind() != reflect.Interface {
		p := reflect.New(rv.Type()) // Poll has a pointer receiver: poll a copy of the value
		p.Elem().Set(rv)
		rv = p
	}
	return DynFuture{fut: rv}
}

// Poll polls the future the value holds (or gives the value).
func (f *DynFuture) Poll(cx *Context) Poll[Value] {
	if f.done || !f.fut.IsValid() {
		f.done = true
		return Ready(f.val)
	}
	out := f.fut.MethodByName("Poll").Call([]reflect.Value{reflect.ValueOf(cx)})[0]
	if !out.FieldByName("Ready").Bool() {
		return Pending[Value]()
	}
	f.done = true
	f.val = out.FieldByName("Value").Interface()
	return Ready(f.val)
}

// Drop drops the future the value holds, if it has not completed.
func (f *DynFuture) Drop() {
	if f.done || !f.fut.IsValid() {
		return
	}
	f.done = true
	if drop := f.fut.MethodByName("Drop"); drop.IsValid() {
		drop.Call(nil)
	}
}
