package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/cfg"
)

// flows holds the control-flow graph of each body of the program, built the first time a
// question needs it: the checker asks while it checks (does this block end every path?), the
// concurrency analyses and lower after it. One set serves every pass of one Check.
type flows struct {
	files  []*ast.File
	graphs map[ast.Node]*cfg.Graph
	main   *cfg.Graph
}

func newFlows(files []*ast.File) *flows {
	return &flows{files: files, graphs: map[ast.Node]*cfg.Graph{}}
}

// of returns the graph of the body of root (a function, lambda or async block; nil for the
// top-level code).
func (f *flows) of(root ast.Node) *cfg.Graph {
	if root == nil {
		if f.main == nil {
			f.main = cfg.BuildMain(mainStmts(f.files))
		}
		return f.main
	}
	g, ok := f.graphs[root]
	if !ok {
		g = cfg.Build(root)
		f.graphs[root] = g
	}
	return g
}

// mainStmts are the top-level statements of the files in the order they run: an imported
// file's before the importer's (the entry file is the first).
func mainStmts(files []*ast.File) []ast.Stmt {
	var out []ast.Stmt
	for i := len(files) - 1; i >= 0; i-- {
		for _, it := range files[i].Items {
			if s, ok := it.(ast.Stmt); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// Flow returns the control-flow graph of fi's body.
func (info *Info) Flow(fi *FuncInfo) *cfg.Graph { return info.flows.of(fi.Node) }

// CompletesNormally reports whether control can reach the end of the statement s of fi's body
// from its start: not when every path through it returns, throws, breaks or continues out of
// it, or loops for ever.
func (info *Info) CompletesNormally(fi *FuncInfo, s ast.Stmt) bool {
	return info.flows.of(fi.Node).CompletesNormally(s)
}

// ends reports whether the statement s of the function being checked never completes normally.
func (c *checker) ends(s ast.Stmt) bool { return !c.flows.of(c.fn.Node).CompletesNormally(s) }

// MainStmts are the top-level statements of the program in the order they run.
func (info *Info) MainStmts() []ast.Stmt { return mainStmts(info.Files) }
