package emitgo

import (
	"slices"
	"strconv"

	"adesh2go/lower/ir"
)

// A large program is written as several Go packages, so that the Go compiler, which compiles a
// package whole, recompiles after an edit only the packages whose source changed (and those
// that import one whose export data changed), and compiles independent packages in parallel.
//
// The unit of the split is a node: a type with its methods (Go keeps them in one package), a
// function, or a package variable or constant. Nodes are numbered in the order they are
// emitted, and node i starts in bin i/perPart. A node's part is the largest of its bin and the
// parts of what it refers to, found strongly connected component by component (a component's
// members share a part): a node never refers to a later part, so the parts import each other
// without a cycle. The part of main is raised to the last one, and becomes package main. A
// part depends only on source order and on what refers to what, so an edit inside a body
// keeps every other declaration where it was.

// partPrefix starts the name of a part's package and directory: `part3_`. An AdeshLang name
// never ends in a single `_` after a plain word (see lower's goName), so no user name is one.
const partPrefix = "part"

// partName is the package name (and directory) of part k.
func partName(k int) string { return partPrefix + strconv.Itoa(k) + "_" }

// part is one package of a split program.
type part struct {
	bin   int       // its number: its package is partName(bin), or main
	main  bool      // the part holding func main
	decls []ir.Decl // in emission order
}

// partition cuts a program into parts of about perPart nodes, or if count is not 0 into about
// count parts; perPart 0 (or a program of at most perPart nodes) gives one part, package main.
// declPart maps each package-level name to the bin of its part.
func partition(decls []ir.Decl, perPart, count int) (parts []*part, declPart map[string]int) {
	if perPart <= 0 && count <= 0 {
		return []*part{{main: true, decls: decls}}, nil
	}
	g := buildDeclGraph(decls)
	if count > 0 {
		perPart = max(1, (len(g.nodes)+count-1)/count)
	}
	if len(g.nodes) <= perPart {
		return []*part{{main: true, decls: decls}}, nil
	}
	bin := make([]int, len(g.nodes))
	for i := range bin {
		bin[i] = i / perPart
	}
	for _, comp := range g.components() { // each after the components it refers to
		b := 0
		for _, n := range comp {
			b = max(b, bin[n])
			for _, d := range g.nodes[n].deps {
				b = max(b, bin[d])
			}
		}
		for _, n := range comp {
			bin[n] = b
		}
	}
	mainNode, hasMain := g.byName["main"]
	if hasMain {
		// Nothing refers to main: it goes in a part of its own, after the others, with what
		// only main refers to (the state machine of the top-level statements), so that an
		// edit of the top-level code recompiles that small package alone.
		last := slices.Max(bin) + 1
		bin[mainNode] = last
		for _, n := range g.onlyFrom(mainNode) {
			bin[n] = last
		}
	}
	byBin := map[int]*part{}
	for i, d := range decls {
		b := bin[g.nodeOf[i]]
		p := byBin[b]
		if p == nil {
			p = &part{bin: b, main: hasMain && b == bin[mainNode]}
			byBin[b] = p
			parts = append(parts, p)
		}
		p.decls = append(p.decls, d)
	}
	if len(parts) == 1 { // one component: nothing to split
		return []*part{{main: true, decls: decls}}, nil
	}
	if i := slices.IndexFunc(parts, func(p *part) bool { return p.main }); i > 0 {
		m := parts[i]
		copy(parts[1:i+1], parts[:i])
		parts[0] = m // main.go first
	}
	declPart = map[string]int{}
	for name, n := range g.byName {
		declPart[name] = bin[n]
	}
	return parts, declPart
}

// declGraph is what the package-level declarations of a program refer to, node by node.
type declGraph struct {
	nodes  []declNode
	nodeOf []int          // declaration index → node
	byName map[string]int // package-level name (a type, function, variable, constant) → node
}

type declNode struct {
	deps []int // the nodes it refers to (itself excluded)
}

func buildDeclGraph(decls []ir.Decl) *declGraph {
	g := &declGraph{nodeOf: make([]int, len(decls)), byName: map[string]int{}}
	node := func(name string) int {
		if n, ok := g.byName[name]; ok {
			return n
		}
		g.byName[name] = len(g.nodes)
		g.nodes = append(g.nodes, declNode{})
		return len(g.nodes) - 1
	}
	for i, d := range decls {
		switch d := d.(type) {
		case *ir.TypeDecl:
			g.nodeOf[i] = node(d.Name)
		case *ir.VarDecl:
			g.nodeOf[i] = node(d.Name)
		case *ir.Func:
			if d.Recv != nil {
				// A method: its type's node (methods are not names of the package). The
				// type's name is kept apart from functions' by the package's one namespace.
				g.nodeOf[i] = node(recvType(d.Recv.Type).Name)
			} else {
				g.nodeOf[i] = node(d.Name)
			}
		}
	}
	seen := make([]map[int]bool, len(g.nodes))
	for i, d := range decls {
		from := g.nodeOf[i]
		if seen[from] == nil {
			seen[from] = map[int]bool{from: true}
		}
		declRefs(d, func(name string) bool { _, ok := g.byName[name]; return ok }, func(name string) {
			to := g.byName[name]
			if !seen[from][to] {
				seen[from][to] = true
				g.nodes[from].deps = append(g.nodes[from].deps, to)
			}
		})
	}
	return g
}

// onlyFrom gives the nodes that from refers to and that no other node refers to.
func (g *declGraph) onlyFrom(from int) []int {
	refs := make([]int, len(g.nodes))
	for _, nd := range g.nodes {
		for _, d := range nd.deps {
			refs[d]++
		}
	}
	var only []int
	for _, d := range g.nodes[from].deps {
		if refs[d] == 1 {
			only = append(only, d)
		}
	}
	return only
}

// recvType is a method's receiver type without its pointer: `T` of `T`, `*T`, `*T[A]`.
func recvType(t ir.Type) *ir.TName {
	if p, ok := t.(*ir.TPtr); ok {
		t = p.Elem
	}
	return t.(*ir.TName)
}

// components returns the strongly connected components of the graph, each after every
// component it refers to.
func (g *declGraph) components() [][]int {
	nodes := make([]int, len(g.nodes))
	for i := range nodes {
		nodes[i] = i
	}
	return ir.Components(nodes, func(n int) []int { return g.nodes[n].deps })
}
