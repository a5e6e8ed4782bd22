// Package lower turns a checked AdeshLang program into an IR close to Go: control flow made
// explicit, awaits split out of expressions, every async fn and async block made a state machine
// (a struct and a Poll method switching on a state tag), and the scope-end releases of shares
// and lock guards written out. emitgo prints the IR as Go source.
package lower

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// Lower turns a checked program into Go-shaped IR.
func Lower(info *check.Info, fset *source.FileSet) (*ir.Program, error) {
	return LowerWith(info, fset, Options{})
}

// Options are for tools that look into lowering (`adesh2go ir`).
type Options struct {
	// BeforeMachine, if set, is given each async body as the state-machine pass receives it
	// (with its Await, Defer and Try nodes); the pass changes the nodes, so look at once.
	BeforeMachine func(name string, body []ir.Stmt)
	// Tests lowers a test program (`adesh2go test`): the entry file's tests, and a main that
	// runs them (tests.go). Without it the tests are left out.
	Tests bool
	// Debug lowers for a debugger: an async fn's locals kept in its state struct are shown
	// as Go locals of their own names too (machine.Spec.Debug).
	Debug bool
}

// LowerWith is Lower with options.
func LowerWith(info *check.Info, fset *source.FileSet, opts Options) (prog *ir.Program, err error) {
	info = withoutTests(info, opts.Tests)
	l := &lowerer{
		opts:        opts,
		info:        info,
		fset:        fset,
		pkg:         newNamer(nil),
		prog:        &ir.Program{},
		typeNames:   map[*types.TypeDef]string{},
		objNames:    map[*types.Object]string{},
		locals:      map[*types.Object]*ir.Local{},
		futNames:    map[ast.Node]string{},
		tpNames:     map[*types.TypeParam]string{},
		variants:    map[*types.VariantDef]string{},
		enumTypes:   map[*types.TypeDef]string{},
		matchTypes:  map[*ir.Local]types.Type{},
		done:        map[ast.Node]bool{},
		depthNames:  map[*types.Object]string{},
		localDepths: map[*types.Object]*localDepth{},
		inPlace:     map[ast.Expr]bool{},
	}
	defer func() {
		if r := recover(); r != nil {
			if le, ok := r.(lowerError); ok {
				err = le
				return
			}
			err = l.crashed(r)
		}
	}()
	l.declareNames()
	l.findRecursive()
	l.typeDecls()
	l.globals()
	for _, fi := range info.Funcs {
		if fd, ok := fi.Node.(*ast.FuncDecl); ok && (fd.Recv != nil || fd.Obj != nil && fd.Obj.Global) {
			l.funcDecl(fi, fd)
		}
	}
	l.mainFunc()
	return l.prog, nil
}

// lowerError is an internal compiler error: the checker is the only judge of a program, so a
// program it accepted that lower cannot translate is a bug of the compiler, reported with the
// position it was met at rather than as a crash.
type lowerError struct {
	pos source.Pos
	msg string
	fs  *source.FileSet
}

func (e lowerError) Error() string {
	return check.Pos(e.fs, e.pos) + ": internal compiler error: " + e.msg +
		"\n\tthe checker accepted this program, but adesh2go cannot translate it: this is a bug in adesh2go, please report it with the program"
}

// crashed turns a run-time panic of lower into an internal compiler error at the construct it
// was lowering, naming the panic and where in lower it happened.
func (l *lowerer) crashed(r any) error {
	var pos source.Pos
	if l.at != nil {
		pos = l.at.Pos()
	}
	where := ""
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "adesh2go/lower.") {
			where = fmt.Sprintf(" (%s:%d)", filepath.Base(f.File), f.Line)
			break
		}
		if !more {
			break
		}
	}
	return lowerError{pos: pos, msg: fmt.Sprintf("%v%s", r, where), fs: l.fset}
}

// fail stops lowering with an internal compiler error at n.
func (l *lowerer) fail(n ast.Node, format string, args ...any) {
	panic(lowerError{pos: n.Pos(), msg: fmt.Sprintf(format, args...), fs: l.fset})
}

type lowerer struct {
	opts Options
	info *check.Info
	fset *source.FileSet
	pkg  *namer
	prog *ir.Program

	typeNames map[*types.TypeDef]string
	variants  map[*types.VariantDef]string
	enumTypes map[*types.TypeDef]string // the zero-size type naming each enum (typename.go)
	objNames  map[*types.Object]string  // package-level functions and globals
	locals    map[*types.Object]*ir.Local
	futNames  map[ast.Node]string // the state struct of each async fn, async block, async lambda
	// dynMethodCalls is 1 when the program calls a method of a dynamic value, -1 when it does
	// not, 0 before callsMethodsByName looked.
	dynMethodCalls int8
	// predicates are the lambdas given to filter, find, any and all (predicateArg).
	predicates map[ast.Node]bool
	tpNames    map[*types.TypeParam]string
	// matchTypes records the AdeshLang type of each match expression's result temporary.
	matchTypes  map[*ir.Local]types.Type
	done        map[ast.Node]bool       // async blocks and lambdas whose state machine exists
	awaits      map[ast.Node][]ast.Node // which async fns and blocks await which (for recursion)
	recursive   map[*types.Object]bool  // sync functions that count their depth (recursion.go)
	depthNames  map[*types.Object]string
	localDepths map[*types.Object]*localDepth
	// nestedAwait is the call being lowered as the operand of a boxed recursive await, and
	// awaitedCall the call being lowered as the operand of any await.
	nestedAwait, awaitedCall *ast.Call
	// inPlace are the futures a combinator polls in place (see futureArgs): boxed, not started.
	inPlace map[ast.Expr]bool

	fn *fnCtx   // the function being lowered
	at ast.Node // the statement or expression being lowered, for an internal error
}

// declareNames gives every package-level entity its Go name before anything is lowered, so
// that locals never shadow a name the function needs.
func (l *lowerer) declareNames() {
	for _, def := range l.info.TypeDefs {
		l.typeNames[def] = l.pkg.user(def.Name)
		if def.Enum {
			for _, v := range def.Variants {
				l.variants[v] = l.pkg.fresh(l.typeNames[def] + "_" + v.Name)
			}
			l.enumTypes[def] = l.pkg.fresh(l.typeNames[def] + "_type_")
		}
	}
	for _, fi := range l.info.Funcs {
		fd, ok := fi.Node.(*ast.FuncDecl)
		if !ok || fd.Obj == nil {
			continue
		}
		if fd.Recv == nil && fd.Obj.Global {
			name := fd.Name.Name
			if name == "main" {
				name = "adeshMain"
			}
			if fi.Test != nil {
				name = testGoName(fi.Test)
			}
			l.objNames[fd.Obj] = l.pkg.user(name)
		}
		if fi.Async {
			base := fd.Name.Name
			if fi.Sig.Recv != nil {
				base = fi.Sig.Recv.Name + "_" + base
			}
			if fi.Test != nil {
				base = testGoName(fi.Test)
			}
			l.futNames[fd] = l.pkg.fresh(camel(base) + "Future")
		}
	}
	// Methods live in their type's namespace; they only must not clash with its fields.
	for _, g := range l.info.Globals {
		if _, done := l.objNames[g]; !done {
			l.objNames[g] = l.pkg.user(g.Name)
		}
	}
	n := 0
	for _, fi := range l.info.Funcs {
		switch node := fi.Node.(type) {
		case *ast.AsyncBlock:
			n++
			l.futNames[node] = l.pkg.fresh("asyncBlock" + ir.Itoa(n))
		case *ast.Lambda:
			if node.Async {
				n++
				l.futNames[node] = l.pkg.fresh("asyncLambda" + ir.Itoa(n))
			}
		}
	}
}

// typeName is the Go name of a struct or enum.
func (l *lowerer) typeName(def *types.TypeDef) string { return l.typeNames[def] }

// typeParamName is the Go name of a type parameter (T stays T; a clash gets a suffix).
func (l *lowerer) typeParamName(tp *types.TypeParam) string {
	if n, ok := l.tpNames[tp]; ok {
		return n
	}
	n := goName(tp.Name)
	l.tpNames[tp] = n
	return n
}

// line is the //line position of a node.
func (l *lowerer) line(n ast.Node) *ir.Line {
	if n == nil {
		return nil
	}
	p := l.fset.Position(n.Pos())
	if p.File == nil {
		return nil
	}
	return &ir.Line{File: p.File.Name, Line: p.Line}
}

// pos is the "file:line:col" of a node for run-time errors.
func (l *lowerer) pos(n ast.Node) ir.Expr {
	return &ir.Lit{Text: quote(check.Pos(l.fset, n.Pos()))}
}

// globals declares the package-level variables of the top-level lets.
func (l *lowerer) globals() {
	seen := map[*types.Object]bool{}
	for _, g := range l.info.Globals {
		if seen[g] || g.Type == nil {
			continue
		}
		seen[g] = true
		v := &ir.Local{Name: l.objNames[g], Type: l.goTypeOf(g.Type), Global: true}
		l.locals[g] = v
		l.prog.Decls = append(l.prog.Decls, &ir.VarDecl{Name: v.Name, Type: v.Type})
	}
}
