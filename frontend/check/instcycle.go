package check

import (
	"slices"
	"sort"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// Instantiation cycles. A generic type whose fields use it with a larger type argument
// (`struct Nest<T> { inner: Nest<[T]>? }`) or a generic function that calls itself with one
// (`f([x], n - 1)` in `fn f<T>`) stands for infinitely many types: every analysis that follows
// a value's type into its fields would expand it for ever, and Go, which the program becomes,
// refuses both ("instantiation cycle"). As Go's checker does (types2/mono.go), each
// instantiation G<A> inside generic code is an edge from every type parameter P that A
// mentions to G's parameter, one that grows when A is more than P itself; a cycle through a
// growing edge is refused.

// instEdge is one type parameter flowing into another's argument.
type instEdge struct {
	to    *types.TypeParam
	grows bool     // the argument is larger than the parameter: [T], E<T>
	at    ast.Node // where: the field, the variant payload or the call
	name  string   // the generic type or function instantiated
}

// instGraph is the flow of type parameters into type arguments.
type instGraph map[*types.TypeParam][]instEdge

// add records the instantiation of params with args at node.
func (g instGraph) add(params []*types.TypeParam, args []types.Type, at ast.Node, name string) {
	for i, arg := range args {
		if i >= len(params) {
			break
		}
		arg = types.Resolve(arg)
		types.Mentions(arg, func(t types.Type) bool {
			if p, ok := t.(*types.TypeParam); ok {
				g[p] = append(g[p], instEdge{to: params[i], grows: t != arg, at: at, name: name})
			}
			return false
		})
	}
}

// addNamed records the instantiations of generic types that t holds.
func (g instGraph) addNamed(t types.Type, at ast.Node) {
	types.Mentions(t, func(t types.Type) bool {
		if n, ok := t.(*types.Named); ok && len(n.Def.TypeParams) > 0 {
			g.add(n.Def.TypeParams, n.Args, at, n.Def.Name)
		}
		return false
	})
}

// growth is a growing edge and the type parameter it leaves.
type growth struct {
	from *types.TypeParam
	edge instEdge
}

// cycles lists the growing edges that lie on a cycle, in source order (so that the one reported
// of a cycle does not depend on a map's order), each place once.
func (g instGraph) cycles() []growth {
	var out []growth
	for p, edges := range g {
		for _, e := range edges {
			if e.grows && g.cyclic(p, e) {
				out = append(out, growth{p, e})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.edge.at.Pos() != b.edge.at.Pos() {
			return a.edge.at.Pos() < b.edge.at.Pos()
		}
		return a.from.Index < b.from.Index
	})
	return slices.CompactFunc(out, func(a, b growth) bool { return a.edge.at == b.edge.at })
}

// cyclic reports whether the growing edge from p comes back to p.
func (g instGraph) cyclic(p *types.TypeParam, e instEdge) bool {
	seen := map[*types.TypeParam]bool{}
	stack := []*types.TypeParam{e.to}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if q == p {
			return true
		}
		if seen[q] {
			continue
		}
		seen[q] = true
		for _, next := range g[q] {
			stack = append(stack, next.to)
		}
	}
	return false
}

// typeSite is a field's or a payload's type in a type definition, and its type expression.
type typeSite struct {
	typ  *types.Type
	expr ast.Node
}

// typeSites lists the fields of structs and the payloads of enums with their type expressions
// (a field declared twice is in the definition once, the first time).
func typeSites(structs []*ast.StructDecl, enums []*ast.EnumDecl) []typeSite {
	var sites []typeSite
	for _, d := range structs {
		for _, f := range d.Obj.Def.Fields {
			for _, fd := range d.Fields {
				if fd.Name.Name == f.Name {
					sites = append(sites, typeSite{&f.Type, fd.Type})
					break
				}
			}
		}
	}
	for _, d := range enums {
		for _, v := range d.Obj.Def.Variants {
			for j := range v.Payload {
				if v.Index < len(d.Variants) && j < len(d.Variants[v.Index].Payload) {
					sites = append(sites, typeSite{&v.Payload[j], d.Variants[v.Index].Payload[j]})
				}
			}
		}
	}
	return sites
}

// expandingTypes refuses the generic structs and enums that use themselves with growing type
// arguments, and takes the fields and payloads that do out of their definitions (their type is
// invalid), so that no later walk over the type expands it.
func (c *checker) expandingTypes(structs []*ast.StructDecl, enums []*ast.EnumDecl) {
	sites := typeSites(structs, enums)
	g := instGraph{}
	for _, site := range sites {
		g.addNamed(*site.typ, site.expr)
	}
	bad := map[ast.Node]bool{}
	for _, cy := range g.cycles() {
		bad[cy.edge.at] = true
		c.errorf(cy.edge.at, "instantiation cycle: `%s<%s>` is used with a larger type argument inside itself (through `%s`), which makes infinitely many types", ownerName(cy.from), cy.from.Name, cy.edge.name).
			WithHelp("a type may hold itself with its own type parameters (`Node<T>`), not with a type made of them (`Node<[T]>`)")
	}
	for _, site := range sites {
		if bad[site.expr] {
			*site.typ = types.InvalidType
		}
	}
}

// maxGenericNesting bounds how deeply generic types nest in one instantiation: the Go
// compiler's time grows faster than the square of it (Box<Box<…>> 20 deep built in 9 s, 40 deep
// in 26 s, 80 deep in 70 s), and no program needs that many.
const maxGenericNesting = 16

// genericNesting is how many generic types with arguments t nests, at its deepest.
func genericNesting(t types.Type) int {
	switch x := types.Resolve(t).(type) {
	case *types.Named:
		if len(x.Args) == 0 {
			return 0
		}
		return 1 + deepestOf(x.Args...)
	case *types.Array:
		return genericNesting(x.Elem)
	case *types.SetT:
		return genericNesting(x.Elem)
	case *types.Optional:
		return genericNesting(x.Elem)
	case *types.Future:
		return genericNesting(x.Elem)
	case *types.Handle:
		if x.Elem != nil {
			return genericNesting(x.Elem)
		}
	case *types.MapT:
		return deepestOf(x.Key, x.Val)
	case *types.Result:
		return deepestOf(x.Ok, x.Err)
	case *types.Tuple:
		return deepestOf(x.Elems...)
	case *types.Func:
		if x.Ret != nil {
			return max(deepestOf(x.Params...), genericNesting(x.Ret))
		}
		return deepestOf(x.Params...)
	}
	return 0
}

func deepestOf(ts ...types.Type) int {
	d := 0
	for _, t := range ts {
		d = max(d, genericNesting(t))
	}
	return d
}

// polymorphicRecursion refuses the calls of generic functions that make a cycle of growing
// instantiations: a function that calls itself, or through others, with a type argument made
// of its own type parameter. It refuses too an instantiation whose generic types nest more than
// maxGenericNesting deep.
func (c *checker) polymorphicRecursion() {
	g := instGraph{}
	for _, in := range c.instantiations() {
		g.add(in.params, in.args, in.node, in.name)
		for _, a := range in.args {
			if n := genericNesting(a) + 1; n > maxGenericNesting {
				c.errorf(in.node, "type nested too deeply: `%s` nests %d generic types, more than %d", in.name, n, maxGenericNesting).
					WithHelp("wrap the inner value in a type of its own")
				break
			}
		}
	}
	for _, cy := range g.cycles() {
		c.errorf(cy.edge.at, "instantiation cycle: this call instantiates `%s` with a type made of its own type parameter `%s`, which makes infinitely many instances", cy.edge.name, cy.from.Name).
			WithHelp("call it with the same type parameters, or take the value as `any`")
	}
}

// ownerName is the name of the declaration a type parameter belongs to.
func ownerName(p *types.TypeParam) string {
	switch d := p.Owner.(type) {
	case *ast.StructDecl:
		return d.Name.Name
	case *ast.EnumDecl:
		return d.Name.Name
	case *ast.FuncDecl:
		return d.Name.Name
	}
	return "?"
}
