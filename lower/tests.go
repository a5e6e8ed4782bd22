package lower

import (
	"strconv"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/lower/ir"
)

// Tests (`adesh2go test`, EVERYDAY.md §4). A normal lowering leaves every test out, with the
// lambdas, async blocks and local functions inside it: the program is lowered as if it had
// none, so its Go is what it would be without them. With Options.Tests the entry file's tests
// are lowered as package-level functions (sync or async, as declared) and main is rt.RunTests:
// it runs the top-level statements (not `fn main`), then each test as a task of its own.

// withoutTests is info without the functions of the tests that are not run: every test, or,
// when the entry file's tests run, those of imported files.
func withoutTests(info *check.Info, run bool) *check.Info {
	dropped := func(fi *check.FuncInfo) bool {
		for ; fi != nil; fi = fi.Parent {
			if fi.Test != nil {
				return !fi.Test.Used && (!run || !fi.Test.Entry) // a test code calls stays a function
			}
		}
		return false
	}
	n := 0
	for _, fi := range info.Funcs {
		if dropped(fi) {
			n++
		}
	}
	if n == 0 && (run || len(info.Tests) == 0) {
		return info
	}
	out := *info
	out.Funcs = make([]*check.FuncInfo, 0, len(info.Funcs)-n)
	for _, fi := range info.Funcs {
		if !dropped(fi) {
			out.Funcs = append(out.Funcs, fi)
		}
	}
	if !run {
		out.Tests = nil
	}
	return &out
}

// testGoName is the Go name a test's function is given (made unique by the caller):
// `test_name`, `test_Group_name`.
func testGoName(t *check.Test) string {
	return "test_" + strings.ReplaceAll(t.Name, ".", "_")
}

// testMain is the main of a test program: rt.RunTests with the top-level statements' future
// and the tests, in declaration order.
func (l *lowerer) testMain(program ir.Type) *ir.Func {
	list := &ir.Composite{Type: &ir.TSlice{Elem: rtType("Test")}}
	for _, t := range l.info.Tests {
		fd := t.Func.Node.(*ast.FuncDecl)
		pos := l.fset.Position(fd.Name.Pos())
		fields := []*ir.KeyValue{
			{Key: "Name", Value: &ir.Lit{Text: quote(t.Name)}},
			{Key: "Pos", Value: &ir.Lit{Text: quote(pos.File.Name + ":" + strconv.Itoa(pos.Line))}},
		}
		call := &ir.Call{Fun: &ir.Ident{Name: l.funcName(fd)}}
		if t.Func.Async {
			cx := &ir.Param{Name: "cx", Type: &ir.TPtr{Elem: rtType("Context")}}
			spawn := rtCallT("SpawnValue", []ir.Type{tUnit}, &ir.Ident{Name: "cx"}, call)
			fields = append(fields, &ir.KeyValue{Key: "Async", Value: &ir.FuncLit{
				Params:  []*ir.Param{cx},
				Results: []ir.Type{&ir.TPtr{Elem: rtType("JoinHandle", tUnit)}},
				Body:    &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{spawn}}}},
			}})
		} else {
			fields = append(fields, &ir.KeyValue{Key: "Sync", Value: call.Fun})
		}
		list.Elems = append(list.Elems, &ir.Composite{Type: rtType("Test"), Fields: fields})
	}
	run := rtCall("RunTests", &ir.Unary{Op: "&", X: &ir.Composite{Type: program}}, list)
	return &ir.Func{Name: "main", Body: &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: run}}}}
}
