package cfg

import (
	"fmt"
	"strings"

	"adesh2go/frontend/ast"
)

// Format renders the graph, a block a paragraph: its index and kind, its nodes (text gives a
// node's source text), and where it goes. Unreachable blocks that hold nothing are left out.
func (g *Graph) Format(text func(ast.Node) string) string {
	var sb strings.Builder
	for _, b := range g.Blocks {
		if !g.Reachable(b) && len(b.Nodes) == 0 && b.Index > 1 {
			continue
		}
		fmt.Fprintf(&sb, "%d %s", b.Index, b.Kind)
		if !g.Reachable(b) {
			sb.WriteString(" (unreachable)")
		}
		sb.WriteString("\n")
		for _, n := range b.Nodes {
			fmt.Fprintf(&sb, "\t%s\n", describe(n, text))
		}
		if len(b.Succs) > 0 {
			var to []string
			for _, s := range b.Succs {
				to = append(to, fmt.Sprint(s.Index))
			}
			if b.Cond != nil {
				fmt.Fprintf(&sb, "\tif %s → %s else → %s\n", text(b.Cond), to[0], to[1])
			} else {
				fmt.Fprintf(&sb, "\t→ %s\n", strings.Join(to, " "))
			}
		}
	}
	return sb.String()
}

func describe(n ast.Node, text func(ast.Node) string) string {
	kindOf := func(n ast.Node) string {
		k := fmt.Sprintf("%T", n)
		return k[strings.LastIndexByte(k, '.')+1:]
	}
	switch n := n.(type) {
	case *ScopeEnd:
		if n.Unwind {
			return "scope end " + kindOf(n.Scope) + " (unwind)"
		}
		return "scope end " + kindOf(n.Scope)
	case *StmtEnd:
		return "statement end " + kindOf(n.Stmt)
	case *Iterate:
		return "next of " + text(n.Loop.Iter)
	case *Catch:
		return "catch"
	case *ast.Arm:
		return "Arm " + text(n.Pattern)
	case *ast.Param:
		return "Param " + n.Name.Name
	}
	t := text(n)
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		t = t[:i] + " …"
	}
	return kindOf(n) + " " + t
}
