// Package check resolves names and infers a static type for every expression of an AdeshLang
// program (§3–§7 of the language reference), reporting E0700, E0705 and W0706. The rules of
// sharing and locks (E0701–E0704, W0707, E0708) run after it, in package concurrency, on its
// results and on the control-flow graph of each body (Info.Flow, package cfg).
//
// Checking is bidirectional: an expression is checked against the type its context expects, so
// that literals, `[]`, `None`, `Ok(x)` and lambda parameters get their type from where they are
// used. Untyped parameters (§7) are inferred in a first, silent pass that records what every call
// site and use says about them; the real pass then gives each one the single type they agree on,
// or `any` (and says why in Info.Fallbacks).
package check

import (
	"sort"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
)

// Info is what the checker learned, for the later stages.
type Info struct {
	Files     []*ast.File
	Funcs     []*FuncInfo // every function body in the program: decls, methods, lambdas, async blocks
	FuncOf    map[ast.Node]*FuncInfo
	Main      *FuncInfo // the top-level statements of the entry file(s), an implicit async fn
	Tests     []*Test   // the tests of the entry file, in declaration order (test.go)
	MainFn    *types.Object
	TypeDefs  []*types.TypeDef
	Globals   []*types.Object
	Calls     map[*ast.Call]*CallInfo
	Sels      map[*ast.Selector]*SelInfo
	Fallbacks []Fallback
	Spawned   map[*ast.ExprStmt]bool // future statements that are spawned (W0706)
	Lets      map[*ast.LetStmt]*LetInfo
	ForIns    map[*ast.ForInStmt]*ForInfo
	Matches   map[*ast.Match]*MatchInfo
	Pats      map[ast.Pattern]*PatInfo
	// TypeParamNeeds says what generic code does with each type parameter's values.
	TypeParamNeeds map[*types.TypeParam]TypeParamNeed
	// FuncValueArgs are the type arguments of generic functions used as values, which the
	// expected function type fixed (`let f: fn(i64): i64 = id;`).
	FuncValueArgs map[*ast.Ident][]types.Type
	// Lookups are the map indexes (*ast.Index) and dynamic fields (*ast.Selector) on the left
	// of `??`, where a missing key or field is null.
	Lookups map[ast.Node]bool
	// RecordStructs are the object literals that build a struct the context expects
	// (`let o: Opt = { present: true };` of a record alias), as struct literals.
	RecordStructs map[*ast.MapLit]*ast.StructLit
	// LocksHeld lists, for a call that waits for a lock (`lock()`, `read()`, `write()`), the
	// guards bound to variables of the same function that may be held while it waits: the
	// run-time lock-order check (rt's lock waits) learns from them what a waiting task holds.
	LocksHeld map[*ast.Call][]HeldLock

	// InstanceOf names the type of each `x instanceof C` (lower tests the value against C and
	// the classes that extend or implement it).
	InstanceOf map[*ast.Binary]string

	flows *flows // the control-flow graph of each body (flow.go)
}

// HeldLock is a guard that may be held at a lock call.
type HeldLock struct {
	Guard *types.Object // the guard variable
	At    ast.Node      // where it was acquired
	Name  string        // the lock as the acquiring call names it (`m`, `self.accounts`)
}

// Fallback is a place where a value got the dynamic type `any`, and why.
type Fallback struct {
	Pos    source.Pos
	Name   string
	Reason string
}

// FuncInfo describes one function body.
type FuncInfo struct {
	Node     ast.Node // *ast.FuncDecl, *ast.Lambda, *ast.AsyncBlock; nil for the top-level body
	Name     string
	Sig      *types.Signature
	Async    bool // an async fn, async lambda, async block, or the top-level body
	Ret      types.Type
	Parent   *FuncInfo
	Locals   []*types.Object // parameters and locals, in declaration order
	Captures []*types.Object // variables of enclosing functions it uses
	Awaits   int
	Defers   int
	HasTry   bool
	Self     *types.Object // the receiver of a method
	Test     *Test         // for a test function (of any file): the test
	Generic  bool          // has type parameters (its own or its receiver's)

	// Copied holds the captures of a block without `move` that it holds by copy (a child of a
	// scope given a plain value nothing changes): concurrency.Analyze fills it, lower reads it.
	Copied map[*types.Object]bool

	checked  bool
	checking bool
	captured map[*types.Object]bool
	retVar   *types.Var // the inferred return type while the body is being checked
}

// LetInfo records what a let binds.
type LetInfo struct {
	Objs []*types.Object
	// SelfRef: a closure in the value uses the variable (`let id = setInterval(() => {
	// clearInterval(id); }, 10);` in a function): it is declared before its value is computed.
	SelfRef bool
}

// ForInfo records how a for-in loop iterates.
type ForInfo struct {
	Kind  IterKind
	Elem  types.Type
	Key   types.Type // maps: the key type
	Objs  []*types.Object
	Range *ast.Range // IterRange: the range expression, or nil for range(a, b) calls
	// IterCollection: the Go method of the collection that gives the array the loop walks.
	Method string
}

// IterKind tells the for-in loop shapes apart.
type IterKind uint8

const (
	IterArray   IterKind = iota
	IterRange            // a..b, a...b, range(n), range(a, b)
	IterMap              // for k in m, for (k, v) in m
	IterString           // characters
	IterChannel          // async iteration
	IterDynamic
	IterSet        // for x in s, in insertion order
	IterCollection // a Collections.Vec, …: the array of its elements (or a map's keys) now
)

// MatchInfo records the checked scrutinee type of a match.
type MatchInfo struct {
	Scrutinee types.Type
	Binds     map[*ast.Arm][]*types.Object
}

// Check type-checks the files of one program (the first is the entry file) and returns what it
// learned. Diagnostics go to diags.
func Check(files []*ast.File, fset *source.FileSet, diags *diag.List) *Info {
	forgetChecks(files)
	hints := map[*ast.Param]*hint{}
	dynResults := map[ast.Node]dynResult{}
	literalLets := map[*ast.LetStmt]*ast.Param{}
	fl := newFlows(files)
	pass := func(hints map[*ast.Param]*hint, probing bool, to *diag.List) *checker {
		c := newChecker(files, fset, to, hints, probing, fl)
		c.dynResults, c.literalLets = dynResults, literalLets
		c.run()
		return c
	}
	if needsProbing(files, fl) {
		// First pass, silent: learn what call sites and uses say about untyped parameters, and
		// which functions without a result type return values of different types. Such a
		// function returns `any`, which changes what its callers see: the pass is run again
		// (with fresh hints) until no new one turns up (a chain of such functions takes a
		// pass each).
		for range maxProbes {
			hints = map[*ast.Param]*hint{}
			if c := pass(hints, true, diag.NewList(fset)); !addNew(dynResults, c.newDynResults) {
				break
			}
		}
	}
	// The last pass reports. Should it find a let or a result that disagrees where the silent
	// pass could not see it yet (what a dynamic parameter flows into), that becomes dynamic and
	// the pass is run again, its diagnostics dropped: a program that is not refused pays nothing.
	var c *checker
	var reported *diag.List
	for range maxProbes {
		forgetChecks(files)
		reported = diag.NewList(fset)
		if c = pass(hints, false, reported); !addNew(dynResults, c.newDynResults) {
			break
		}
	}
	settleTypes(c.info)
	c.annotationFixes()
	diags.Merge(reported)
	return c.info
}

// defaultFree binds each of vars that nothing bound to t.
func (c *checker) defaultFree(vars []*types.Var, t types.Type) {
	for _, v := range vars {
		if _, free := types.Resolve(v).(*types.Var); free {
			c.unify(v, t)
		}
	}
}

// addNew adds to dynResults what found has that it does not (a new one, or an optional result
// made dynamic), and reports whether there was any: the passes end once none is new.
func addNew(dynResults, found map[ast.Node]dynResult) bool {
	added := false
	for n, dr := range found {
		if prev, had := dynResults[n]; had && (prev == dr || !prev.optional || dr.optional) {
			continue
		}
		dynResults[n] = dr
		added = true
	}
	return added
}

type checker struct {
	// charIsString: the arguments being checked are a builtin's, where a char is taken as a
	// string (builtinArgs).
	charIsString bool
	// millisArgs: the same call's lowering, whose Millis arguments also take the other forms
	// of a duration (durationArg).
	millisArgs builtin.Lowering
	// numberVars are inference variables that arithmetic says are numbers, though nothing said
	// which: i64 when the program never does.
	numberVars []*types.Var
	// dynVars are variables `any` when the program never says more: what the Collections
	// module's objects hold where the constructor did not say (what a dynamic callee puts in
	// one is dynamic), and the operands of `e + e` over an array nothing filled.
	dynVars  []*types.Var
	files    []*ast.File
	fset     *source.FileSet
	diags    *diag.List
	info     *Info
	hints    map[*ast.Param]*hint
	hintVars map[*types.Var]*hint
	// literalLets are the `let x = 0;` bindings whose type the silent pass learns from their
	// uses, each with a parameter standing for it in hints.
	literalLets map[*ast.LetStmt]*ast.Param
	// dynResults are the functions and lambdas without a result type whose returns disagree:
	// they return `any` (or an optional, when a `null` was the only disagreement). The probing pass adds the ones it finds to
	// newDynResults.
	dynResults    map[ast.Node]dynResult
	newDynResults map[ast.Node]dynResult
	pendingDyn    []pendingResult
	// chainedCoalesce are the `??` on the left of another `??`: their right side may be a
	// lookup too.
	chainedCoalesce map[*ast.Binary]bool
	probing         bool // the silent first pass
	// promiseElems are the variables of what promises made by `new Promise(…)` hold, until
	// a resolve says (see bindVar).
	promiseElems map[*types.Var]bool
	// probeTypes holds the expression types of the silent pass (nil in the final pass, which
	// records them in the AST): what a probe learns on the way never reaches the AST.
	probeTypes map[ast.Expr]types.Type
	narrowed   map[*types.Object]types.Type // optionals known not to be null here
	// resultHints are lambdas whose context suggests a result type without requiring it (a
	// catch handler: its own result decides the promise's type).
	resultHints map[*ast.Lambda]types.Type
	// awaitedCall is the call that is the direct operand of the await being checked, and
	// statementCall the call that is a whole expression statement: `await setTimeout(f, ms)`
	// gives f's value, and a `sleep(ms);` statement outside async code blocks.
	awaitedCall, statementCall *ast.Call

	flows     *flows
	defByDecl map[any]*types.TypeDef // this pass's TypeDef of each declaration (ownTypes)
	// exportedTests are the functions of `export test fn`, reachable from importing files.
	exportedTests map[*ast.FuncDecl]bool
	universe      *types.Scope
	fileScope     map[*ast.File]*types.Scope
	fileOf        map[*types.Object]*ast.File

	// annotations are the errors whose fix, a type annotation, waits for the type the
	// checking of the whole program gives the declaration (annotationFixes).
	annotations []pendingAnnotation

	fn      *FuncInfo    // the function being checked
	scope   *types.Scope // the innermost scope
	loops   int          // loop nesting of the current function
	defer_  int          // > 0 inside a defer body
	nextVar int
}

func newChecker(files []*ast.File, fset *source.FileSet, diags *diag.List, hints map[*ast.Param]*hint, probing bool, fl *flows) *checker {
	return &checker{
		flows:           fl,
		exportedTests:   map[*ast.FuncDecl]bool{},
		files:           files,
		fset:            fset,
		diags:           diags,
		hints:           hints,
		hintVars:        map[*types.Var]*hint{},
		chainedCoalesce: map[*ast.Binary]bool{},
		promiseElems:    map[*types.Var]bool{},
		narrowed:        map[*types.Object]types.Type{},
		resultHints:     map[*ast.Lambda]types.Type{},
		probing:         probing,
		probeTypes:      probeTable(probing),
		info: &Info{
			Files:   files,
			FuncOf:  map[ast.Node]*FuncInfo{},
			Calls:   map[*ast.Call]*CallInfo{},
			Sels:    map[*ast.Selector]*SelInfo{},
			Spawned: map[*ast.ExprStmt]bool{},
			Lets:    map[*ast.LetStmt]*LetInfo{},
			ForIns:  map[*ast.ForInStmt]*ForInfo{},
			Matches: map[*ast.Match]*MatchInfo{},
			flows:   fl,
		},
		universe:  newUniverse(),
		fileScope: map[*ast.File]*types.Scope{},
		fileOf:    map[*types.Object]*ast.File{},
	}
}

// forgetChecks clears what a check writes into the AST (the objects of names and declarations,
// the types of expressions), so that the final pass starts from the parser's tree whatever ran
// before it: the silent pass, which records its objects there too, or an earlier Check of the
// same files (the language server checks one tree again and again).
func forgetChecks(files []*ast.File) {
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				n.Obj = nil
			case *ast.FuncDecl:
				n.Obj = nil
			case *ast.Param:
				n.Obj = nil
			case *ast.StructDecl:
				n.Obj = nil
			case *ast.EnumDecl:
				n.Obj = nil
			}
			if e, ok := n.(ast.Expr); ok {
				e.SetType(nil)
			}
			return true
		})
	}
}

func probeTable(probing bool) map[ast.Expr]types.Type {
	if probing {
		return map[ast.Expr]types.Type{}
	}
	return nil
}

// typeOf is e's type as this pass recorded it. The checker reads and records expression types
// only through typeOf and setType (a test keeps it so).
func (c *checker) typeOf(e ast.Expr) types.Type {
	if c.probeTypes != nil {
		return c.probeTypes[e]
	}
	return e.TypeOf()
}

// setType records e's type: in the AST in the final pass, in the side table in the silent one.
func (c *checker) setType(e ast.Expr, t types.Type) {
	if c.probeTypes != nil {
		c.probeTypes[e] = t
		return
	}
	e.SetType(t)
}

func (c *checker) run() {
	c.collect()
	main := &FuncInfo{Name: "main", Async: true, Ret: types.UnitType, captured: map[*types.Object]bool{}}
	c.info.Main = main
	// Top-level statements of every file run in the implicit async main, imported files first
	// (an import runs the imported file's statements before the importer's).
	for i := len(c.files) - 1; i >= 0; i-- {
		f := c.files[i]
		c.withFunc(main, c.fileScope[f], func() {
			for _, it := range f.Items {
				if s, ok := it.(ast.Stmt); ok {
					c.stmt(s)
				}
			}
		})
	}
	main.checked = true
	for _, fi := range c.info.Funcs {
		c.ensureBody(fi)
	}
	c.checkTestResults()
	c.defaultFree(c.numberVars, types.I64)  // numbers nothing said more of (`a - b` of an empty array's)
	c.defaultFree(c.dynVars, types.AnyType) // what nothing said of: dynamic
	c.finishUntyped()
	c.settlePendingResults()
	// Report the fallbacks in source order (parameters are settled after the bodies).
	sort.SliceStable(c.info.Fallbacks, func(i, j int) bool { return c.info.Fallbacks[i].Pos < c.info.Fallbacks[j].Pos })
	if !c.probing {
		c.polymorphicRecursion() // instcycle.go
		c.typeParamNeeds()
	}
}

// withFunc runs body with fi as the current function and scope as the current scope.
func (c *checker) withFunc(fi *FuncInfo, scope *types.Scope, body func()) {
	oldFn, oldScope, oldLoops, oldDefer := c.fn, c.scope, c.loops, c.defer_
	c.fn, c.scope, c.loops, c.defer_ = fi, scope, 0, 0
	defer c.enterFunc(fi)()
	body()
	c.fn, c.scope, c.loops, c.defer_ = oldFn, oldScope, oldLoops, oldDefer
}

// openScope pushes a block scope.
func (c *checker) openScope() { c.scope = types.NewScope(c.scope) }

// closeScope pops it.
func (c *checker) closeScope() { c.scope = c.scope.Parent }

// errorf reports a type error (E0705) at a node.
func (c *checker) errorf(n ast.Node, format string, args ...any) *diag.Diagnostic {
	return c.diags.Errorf(n.Pos(), n.EndPos(), diag.Type, format, args...)
}

// errorCode reports an error with another code.
func (c *checker) errorCode(n ast.Node, code, format string, args ...any) *diag.Diagnostic {
	return c.diags.Errorf(n.Pos(), n.EndPos(), code, format, args...)
}

// newVar makes a fresh inference variable.
func (c *checker) newVar() *types.Var {
	c.nextVar++
	return &types.Var{ID: c.nextVar}
}

// declare adds a local object to the current scope and function.
func (c *checker) declare(id *ast.Ident, kind types.ObjKind, t types.Type, decl any) *types.Object {
	obj := &types.Object{Name: id.Name, Kind: kind, Type: t, Decl: decl, Owner: c.fn.Node}
	insert := id.Name != "_"
	if c.fn == c.info.Main && c.isFileScope(c.scope) {
		// A let directly at the top level of a file is a global. It may shadow an earlier
		// top-level let or function (as in the interpreter: `fn add…` then `let add = …`), not
		// a type or a constant of the file.
		if prev := c.scope.LookupLocal(id.Name); prev != nil && prev.Kind != types.ObjVar && prev.Kind != types.ObjFunc && id.Name != "_" {
			d := c.errorf(id, "`%s` is declared twice", id.Name)
			if pn, ok := prev.Decl.(ast.Node); ok {
				d.Note(pn.Pos(), "`%s` was first declared here", id.Name)
			}
			insert = false // uses of the name keep meaning the declaration
		}
		obj.Global = true
		c.info.Globals = append(c.info.Globals, obj)
	} else {
		c.fn.Locals = append(c.fn.Locals, obj)
	}
	if insert {
		c.scope.Insert(obj)
	}
	id.Obj = obj
	c.setType(id, t)
	return obj
}

// pos renders a position as "file.adesh:line:col" for run-time errors.
func Pos(fset *source.FileSet, p source.Pos) string {
	pos := fset.Position(p)
	if pos.File == nil {
		return ""
	}
	return pos.File.Name + ":" + itoa(pos.Line) + ":" + itoa(pos.Col)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
