package concurrency

import (
	"fmt"

	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// Property is one of the two thread-safety properties of §10.
type Property uint8

const (
	// Send: a value may move to a task that runs on another worker.
	Send Property = iota
	// Share: tasks on several workers may read one value at the same time.
	Share
)

func (p Property) String() string {
	if p == Share {
		return "Share"
	}
	return "Send"
}

// IsSend reports whether values of t may move to another task.
func IsSend(t types.Type) bool { return WhyNot(Send, t) == "" }

// IsShare reports whether tasks may read one value of t at the same time.
func IsShare(t types.Type) bool { return WhyNot(Share, t) == "" }

// WhyNot explains, in a phrase a diagnostic can quote, why t lacks p ("`MutexGuard<i64>` is a
// lock guard"), or returns "" when t has it. It judges the type alone: a closure or a future is
// taken to have p, since only its value knows what it captures (see analysis.valueWhyNot).
func WhyNot(p Property, t types.Type) string {
	return (&propCheck{prop: p}).why(t)
}

// propCheck evaluates Send or Share over a type. The rules of §10: primitives, strings, the
// unit type and the I/O handles have both; arrays, maps, tuples, optionals, results, structs and
// enums have a property when all their parts do; the runtime's handles (Share, Weak, Mutex,
// RwLock, Channel, Promise, JoinHandle) have both when their element is Send; a lock guard has
// neither. Type parameters are judged where they are instantiated, and `any` is trusted, so
// that gradual code is never refused for what the compiler cannot see.
type propCheck struct {
	prop Property
	// future explains why the state of a future lacks the property; nil trusts every future.
	future func(f *types.Future) string
	// visiting breaks the recursion of self-referential types (a list node holding a list node):
	// a type being checked is assumed to have the property, as a coinductive proof does.
	visiting map[string]bool
}

func (c *propCheck) why(t types.Type) string {
	leaf, path := c.find(t)
	if leaf == nil {
		return ""
	}
	if path == "" {
		return fmt.Sprintf("`%s` is %s", check.TypeString(leaf), describeLeaf(leaf))
	}
	return fmt.Sprintf("%s `%s`, %s", path, check.TypeString(leaf), describeLeaf(leaf))
}

// describeLeaf names what a type that lacks both properties is.
func describeLeaf(t types.Type) string {
	if _, ok := types.Resolve(t).(*types.Future); ok {
		return "a future whose state is not Send"
	}
	return "a lock guard"
}

// find returns the innermost part of t that lacks the property, with a phrase that leads from
// t to it ("field `g` of `Holder` holds"), or nil when t has the property.
func (c *propCheck) find(t types.Type) (types.Type, string) {
	switch u := types.Resolve(t).(type) {
	case nil:
		return nil, ""
	case *types.Basic, *types.TypeParam, *types.Var, *types.Func:
		return nil, ""
	case *types.Handle:
		if u.Kind.IsGuard() {
			return u, ""
		}
		if u.Elem == nil {
			return nil, "" // Scope
		}
		// The handles share their element across tasks: it must be Send, whichever property
		// the handle itself is asked for.
		inner := &propCheck{prop: Send, future: c.future, visiting: c.visiting}
		if leaf, _ := inner.find(u.Elem); leaf != nil {
			return leaf, fmt.Sprintf("`%s` holds", check.TypeString(u))
		}
	case *types.Future:
		if leaf, _ := c.find(u.Elem); leaf != nil {
			return leaf, fmt.Sprintf("`%s` gives", check.TypeString(u))
		}
		if c.future != nil && c.future(u) != "" {
			return u, ""
		}
	case *types.Array:
		return c.part(u, u.Elem)
	case *types.Optional:
		return c.part(u, u.Elem)
	case *types.SetT:
		return c.part(u, u.Elem)
	case *types.MapT:
		if leaf, p := c.part(u, u.Key); leaf != nil {
			return leaf, p
		}
		return c.part(u, u.Val)
	case *types.Result:
		if leaf, p := c.part(u, u.Ok); leaf != nil {
			return leaf, p
		}
		return c.part(u, u.Err)
	case *types.Tuple:
		for _, e := range u.Elems {
			if leaf, p := c.part(u, e); leaf != nil {
				return leaf, p
			}
		}
	case *types.Named:
		return c.named(u)
	}
	return nil, ""
}

// part checks one component of a composite type.
func (c *propCheck) part(whole, elem types.Type) (types.Type, string) {
	leaf, _ := c.find(elem)
	if leaf == nil {
		return nil, ""
	}
	return leaf, fmt.Sprintf("`%s` holds", check.TypeString(whole))
}

// named checks a struct's fields or an enum's payloads, with the type arguments substituted.
func (c *propCheck) named(n *types.Named) (types.Type, string) {
	key := n.String()
	if c.visiting[key] {
		return nil, ""
	}
	if c.visiting == nil {
		c.visiting = map[string]bool{}
	}
	c.visiting[key] = true
	defer delete(c.visiting, key)
	if !n.Def.Enum {
		for _, f := range types.FieldsOf(n) {
			if leaf, _ := c.find(f.Type); leaf != nil {
				return leaf, fmt.Sprintf("field `%s` of `%s` holds", f.Name, check.TypeString(n))
			}
		}
		return nil, ""
	}
	m := n.Subst()
	for _, v := range n.Def.Variants {
		for _, p := range v.Payload {
			if leaf, _ := c.find(types.Subst(p, m)); leaf != nil {
				return leaf, fmt.Sprintf("variant `%s` of `%s` holds", v.Name, check.TypeString(n))
			}
		}
	}
	return nil, ""
}
