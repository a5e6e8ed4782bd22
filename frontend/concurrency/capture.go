package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// CaptureMode says how a lambda or async block holds a variable of an enclosing function.
type CaptureMode uint8

const (
	// ByRef: the body uses the variable itself (lambdas, async lambdas, `async { … }`).
	ByRef CaptureMode = iota
	// ByMove: the body gets its own copy when it is made (`async move { … }`).
	ByMove
	// ByCopy: a block without `move` that a scope spawns gets its own copy of a variable of the
	// scope's body that it only reads, is never changed, and whose value is a plain value (a
	// number, a bool, a char, a string): reading the copy is reading the variable, and the child
	// may outlive the body's iteration or end (copyOnSpawn).
	ByCopy
)

func (m CaptureMode) String() string {
	switch m {
	case ByMove:
		return "by move"
	case ByCopy:
		return "by copy"
	}
	return "by reference"
}

// Capture is what one lambda or async block does with one captured variable.
type Capture struct {
	Obj     *types.Object
	Mode    CaptureMode
	Use     *ast.Ident // the first use inside the body
	Written bool       // assigned, incremented, or changed by a mutating method in the body
	WriteAt ast.Node   // the first change, when Written
}

// analyzeCaptures fills a.captures[FuncInfo] for every lambda, async block and local function.
func (a *analysis) analyzeCaptures() {
	for _, fi := range a.info.Funcs {
		if fi.Node == nil || len(fi.Captures) == 0 {
			continue
		}
		mode := ByRef
		if b, ok := fi.Node.(*ast.AsyncBlock); ok && b.Move {
			mode = ByMove
		}
		a.captures[fi] = make([]Capture, 0, len(fi.Captures))
		for _, obj := range fi.Captures {
			cp := Capture{Obj: obj, Mode: mode}
			for _, u := range a.uses[obj] {
				if !a.within(u, fi.Node) {
					continue
				}
				if cp.Use == nil {
					cp.Use = u
				}
				if w := a.writeThrough(u); w != nil && !cp.Written {
					cp.Written, cp.WriteAt = true, w
				}
			}
			a.captures[fi] = append(a.captures[fi], cp)
		}
	}
}

// copyOnSpawn turns into copies the borrows by children of a scope that would outlive the
// scope's own body (E0702) but need no borrow: of a variable that nothing changes (neither the
// child nor anything else after its declaration) and whose type is a plain value. It runs
// before the escapes are summed up, so that such a capture outlives nothing.
func (a *analysis) copyOnSpawn() {
	for _, fi := range a.info.Funcs {
		b, ok := fi.Node.(*ast.AsyncBlock)
		if !ok || b.Move {
			continue
		}
		for i := range a.captures[fi] {
			cp := &a.captures[fi][i]
			if cp.Mode != ByRef || cp.Use == nil || !isLocal(cp.Obj) || !plainValue(cp.Obj.Type) || a.changed(cp.Obj) {
				continue
			}
			if e := a.escapePast(fi, cp.Obj); e != nil && e.Kind == ScopeChild {
				cp.Mode = ByCopy
				if fi.Copied == nil {
					fi.Copied = map[*types.Object]bool{}
				}
				fi.Copied[cp.Obj] = true
			}
		}
	}
}

// plainValue reports whether a value of type t is copied whole and has no identity: a copy of
// it cannot be told from the variable it was read from.
func plainValue(t types.Type) bool {
	k := types.BasicKind(t)
	return k >= types.Bool && k <= types.Char
}

// changed reports whether any use of obj changes it (an assignment, `++`, a mutating method).
func (a *analysis) changed(obj *types.Object) bool {
	for _, u := range a.uses[obj] {
		if a.writeThrough(u) != nil {
			return true
		}
	}
	return false
}

// writeThrough returns the assignment, increment or mutating call that changes the variable
// used at u (directly, through a field or index path, or through `*`), or nil when u only
// reads it.
func (a *analysis) writeThrough(u *ast.Ident) ast.Node {
	var cur ast.Node = u
	for {
		switch p := parentOf(cur).(type) {
		case *ast.Paren:
			cur = p
		case *ast.Index:
			if p.X != cur {
				return nil
			}
			cur = p
		case *ast.Unary:
			if p.Op != "*" {
				return nil
			}
			cur = p
		case *ast.Selector:
			if p.X != cur {
				return nil
			}
			if call, ok := parentOf(p).(*ast.Call); ok && call.Fun == p {
				if a.mutates(call) {
					return call
				}
				return nil
			}
			cur = p
		case *ast.Assign:
			if p.X == cur {
				return p
			}
			return nil
		case *ast.IncDec:
			return p
		default:
			return nil
		}
	}
}

// mutates reports whether a method call changes its receiver.
func (a *analysis) mutates(call *ast.Call) bool {
	ci := a.info.Calls[call]
	if ci == nil {
		return false
	}
	switch ci.Kind {
	case check.CallBuiltinMethod:
		return builtin.Of(ci.Builtin).Flags&builtin.Mutates != 0
	case check.CallMethod:
		return ci.Sig != nil && ci.Sig.SelfMut
	}
	return false
}

// closuresOf returns the lambdas and local functions a variable of function type may hold:
// those it is declared or assigned with, following copies from other such variables.
func (a *analysis) closuresOf(obj *types.Object, seen map[*types.Object]bool) []*check.FuncInfo {
	if obj == nil || seen[obj] {
		return nil
	}
	seen[obj] = true
	var out []*check.FuncInfo
	if obj.Kind == types.ObjFunc {
		if fd, ok := obj.Decl.(*ast.FuncDecl); ok && !obj.Global {
			if fi := a.info.FuncOf[fd]; fi != nil {
				out = append(out, fi)
			}
		}
		return out
	}
	if _, ok := types.Resolve(obj.Type).(*types.Func); !ok {
		return nil
	}
	from := func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.Lambda:
			if fi := a.info.FuncOf[e]; fi != nil {
				out = append(out, fi)
			}
		case *ast.Ident:
			out = append(out, a.closuresOf(e.Obj, seen)...)
		}
	}
	if id := a.declAt[obj]; id != nil {
		if bp, ok := parentOf(id).(*ast.BindPat); ok {
			if let, ok := parentOf(bp).(*ast.LetStmt); ok && let.Value != nil && let.Pattern == bp {
				from(let.Value)
			}
		}
	}
	for _, u := range a.uses[obj] {
		if as, ok := parentOf(u).(*ast.Assign); ok && as.X == u && as.Op == "=" {
			from(as.Y)
		}
	}
	return out
}
