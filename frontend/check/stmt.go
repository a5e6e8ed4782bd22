package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// block checks the statements of a block in a new scope.
func (c *checker) block(b *ast.Block) {
	c.openScope()
	c.stmts(b.Stmts)
	c.closeScope()
}

// stmts checks a statement list, narrowing optionals after an early exit such as
// `if (x == null) { return; }`.
func (c *checker) stmts(list []ast.Stmt) {
	var restore []func()
	for _, s := range list {
		c.stmt(s)
		if ifs, ok := s.(*ast.IfStmt); ok && ifs.Else == nil && c.ends(ifs.Then) {
			// After `if (x == null) { return; }` x is not null.
			for obj, t := range c.narrowings(ifs.Cond, false) {
				if !assignedInClosure(obj, list) {
					restore = append(restore, c.narrow(obj, t))
				}
			}
		}
	}
	for i := len(restore) - 1; i >= 0; i-- {
		restore[i]()
	}
}

func (c *checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.LetStmt:
		c.let(s)
	case *ast.ExprStmt:
		c.exprStmt(s)
	case *ast.Block:
		c.block(s)
	case *ast.IfStmt:
		c.ifStmt(s)
	case *ast.WhileStmt:
		c.loopUnnarrow(s.Cond, s.Body)
		c.cond(s.Cond)
		undo := c.narrowAll(c.narrowings(s.Cond, true), s.Body)
		c.loops++
		c.block(s.Body)
		c.loops--
		undo()
	case *ast.ForInStmt:
		c.forIn(s)
	case *ast.ForCStmt:
		c.openScope()
		if s.Init != nil {
			c.stmt(s.Init)
		}
		c.loopUnnarrow(s.Cond, s.Post, s.Body)
		undo := func() {}
		if s.Cond != nil {
			c.cond(s.Cond)
			undo = c.narrowAll(c.narrowings(s.Cond, true), s.Body)
		}
		c.loops++
		c.block(s.Body)
		c.loops--
		if s.Post != nil {
			c.stmt(s.Post)
		}
		undo()
		c.closeScope()
	case *ast.BranchStmt:
		if c.loops == 0 {
			word := "break"
			if s.Continue {
				word = "continue"
			}
			c.errorf(s, "`%s` outside of a loop", word)
		}
	case *ast.ReturnStmt:
		c.returnStmt(s)
	case *ast.DeferStmt:
		c.fn.Defers++
		c.defer_++
		c.openScope()
		c.stmt(s.Body)
		c.closeScope()
		c.defer_--
	case *ast.TryStmt:
		c.fn.HasTry = true
		c.block(s.Body)
		if s.Catch != nil {
			c.openScope()
			if s.CatchName != nil {
				t := types.Type(types.ErrorType)
				if s.CatchType != nil {
					t = c.typeExpr(s.CatchType)
					if !types.IsBasic(t, types.ErrorKind) && !types.IsAny(t) {
						c.errorf(s.CatchType, "a caught value is an `Error`, not `%s`", typeString(t))
						t = types.ErrorType
					}
				}
				c.declare(s.CatchName, types.ObjVar, t, s)
			}
			c.block(s.Catch)
			c.closeScope()
		}
		if s.Finally != nil {
			c.block(s.Finally)
		}
	case *ast.ThrowStmt:
		c.expr(s.Value, nil)
	case *ast.DeclStmt:
		c.declStmt(s)
	case *ast.EmptyStmt:
	default:
		c.errorf(s, "unsupported statement")
	}
}

// exprStmt checks an expression statement. A future that is neither awaited nor spawned is
// spawned, with warning W0706 (§8).
func (c *checker) exprStmt(s *ast.ExprStmt) {
	if m, ok := ast.Unparen(s.X).(*ast.Match); ok {
		c.match(m, nil, true)
		return
	}
	if call, ok := s.X.(*ast.Call); ok {
		c.statementCall = call
	}
	t := c.expr(s.X, nil)
	if f, ok := types.Resolve(t).(*types.Future); ok && f.Src != builtin.EagerSend {
		if !c.probing {
			d := c.diags.Warnf(s.X.Pos(), s.X.EndPos(), diag.FutureNotAwaited,
				"this future is never awaited; it is spawned as a task").
				WithHelp("write `await` before it to wait for it, or `spawn(…)` to run it on its own")
			if c.fn == nil || c.fn.Async {
				d.WithFix("Add `await`", s.X.Pos(), s.X.Pos(), "await ")
			}
			d.WithFixEdits("Spawn it: `spawn(…)`", diag.Edit{Pos: s.X.Pos(), End: s.X.Pos(), Text: "spawn("}, diag.Edit{Pos: s.X.EndPos(), End: s.X.EndPos(), Text: ")"})
		}
		c.info.Spawned[s] = true
	}
}

func (c *checker) ifStmt(s *ast.IfStmt) {
	c.cond(s.Cond)
	undo := c.narrowAll(c.narrowings(s.Cond, true), s.Then)
	c.block(s.Then)
	undo()
	switch e := s.Else.(type) {
	case nil:
	case *ast.Block:
		undo := c.narrowAll(c.narrowings(s.Cond, false), e)
		c.block(e)
		undo()
	case *ast.IfStmt:
		undo := c.narrowAll(c.narrowings(s.Cond, false), e)
		c.ifStmt(e)
		undo()
	}
}

// cond checks a condition: a bool, an optional (true when not null) or a dynamic value.
func (c *checker) cond(e ast.Expr) {
	t := c.expr(e, types.BoolType)
	switch types.Resolve(t).(type) {
	case *types.Optional:
		return
	}
	if !types.IsBasic(t, types.Bool) && !types.IsAny(t) && !types.IsInvalid(t) && !types.IsNever(t) {
		c.errorf(e, "a condition must be a `bool`, found `%s`", typeString(t))
	}
}

func (c *checker) let(s *ast.LetStmt) {
	var declared types.Type
	if s.Type != nil {
		declared = c.letDeclType(s, c.scope)
	} else if dr, dyn := c.dynResults[s]; dyn {
		c.fallback(s.Pos(), patternName(s.Pattern), dr.reason)
		declared = types.AnyType
	} else if isLiteralLet(s) {
		declared = c.literalLetType(s)
	}
	var t types.Type
	if s.Value == nil {
		if declared == nil {
			// `let x;` (the interpreter's form): null until assigned, and whatever is assigned
			// later, so a dynamic value.
			c.fallback(s.Pos(), patternName(s.Pattern), "a `let` without a value or a type holds whatever is assigned to it later")
			declared = types.AnyType
		}
		t = declared
	} else {
		expect := declared
		if s.Kind == ast.LetShare && declared != nil {
			expect = nil // the value may be the inner value or already a Share
		}
		self := c.selfReferringGlobal(s, declared)
		if self == nil {
			self = c.selfReferringLocal(s, declared)
		}
		vt := c.expr(s.Value, expect)
		if self != nil {
			c.unify(self.Type, vt)
		}
		switch s.Kind {
		case ast.LetShare:
			if types.HandleOf(vt, types.ShareH) == nil && !types.IsInvalid(vt) {
				vt = &types.Handle{Kind: types.ShareH, Elem: vt}
			}
		case ast.LetStrong:
			if types.HandleOf(vt, types.ShareH) == nil && !types.IsInvalid(vt) {
				c.errorf(s.Value, "`strong` makes a new reference to a Share, but this is `%s`", typeString(vt))
			}
		case ast.LetWeak:
			if h := types.HandleOf(vt, types.ShareH); h != nil {
				vt = &types.Handle{Kind: types.WeakH, Elem: h.Elem}
			} else if !types.IsInvalid(vt) {
				c.errorf(s.Value, "`weak` makes a weak reference to a Share, but this is `%s`", typeString(vt))
			}
		}
		if declared != nil {
			if !(c.probing && s.Type == nil) { // (a literal let's literal says nothing of its type)
				c.expectAssignable(s.Value, vt, declared, "")
			}
			t = declared
		} else {
			t = vt
			if types.IsBasic(t, types.Null) {
				t = &types.Optional{Elem: c.newVar()}
			}
			if types.IsUnit(t) && !c.probing {
				c.diags.Warnf(s.Value.Pos(), s.Value.EndPos(), "", "this value is `()`: the binding holds nothing")
			}
		}
	}
	info := &LetInfo{}
	if bp, ok := s.Pattern.(*ast.BindPat); ok && !c.isFileScope(c.scope) {
		pre := c.scope.LookupLocal(bp.Name.Name)
		info.SelfRef = pre != nil && pre.Decl == s
	}
	c.info.Lets[s] = info
	kind := types.ObjVar
	if s.Kind == ast.LetConst {
		kind = types.ObjConst
	}
	c.bindPattern(s.Pattern, t, kind, s, info)
}

// bindPattern declares the names of a let or for pattern.
func (c *checker) bindPattern(p ast.Pattern, t types.Type, kind types.ObjKind, decl any, info *LetInfo) {
	switch p := p.(type) {
	case *ast.BindPat:
		var obj *types.Object
		if pre := c.scope.LookupLocal(p.Name.Name); pre != nil && pre.Decl == decl {
			// Declared before its value is checked: a top-level let, or a let whose value has a
			// closure that uses it (selfReferringLocal).
			obj = pre
			if obj.Type == nil {
				obj.Type = t
			} else if _, early := obj.Type.(*types.Var); early && t != nil {
				c.expectAssignable(p, t, obj.Type, "") // named by a function checked before it (ident)
			}
			p.Name.Obj = obj
			c.setType(p.Name, obj.Type)
			if c.fn == c.info.Main && c.isFileScope(c.scope) {
				c.info.Globals = append(c.info.Globals, obj)
			}
		}
		if obj == nil {
			obj = c.declare(p.Name, kind, t, decl)
		}
		if info != nil {
			info.Objs = append(info.Objs, obj)
		}
	case *ast.WildcardPat:
		if info != nil {
			info.Objs = append(info.Objs, nil)
		}
	case *ast.TuplePat:
		if types.IsAny(t) {
			// `for (k, v) in d` over a dynamic map: each name is dynamic, taken from the value
			// at run time (which must then be a tuple or an array of as many).
			for _, e := range p.Elems {
				c.bindPattern(e, types.AnyType, kind, decl, info)
			}
			return
		}
		tt, ok := types.Resolve(t).(*types.Tuple)
		if !ok || len(tt.Elems) != len(p.Elems) {
			if !types.IsInvalid(t) {
				c.errorf(p, "cannot destructure `%s` into %d names", typeString(t), len(p.Elems))
			}
			for _, e := range p.Elems {
				c.bindPattern(e, types.InvalidType, kind, decl, info)
			}
			return
		}
		for i, e := range p.Elems {
			c.bindPattern(e, tt.Elems[i], kind, decl, info)
		}
	default:
		c.errorf(p, "only names and tuples can be bound here")
	}
}

func (c *checker) isFileScope(s *types.Scope) bool {
	for _, fs := range c.fileScope {
		if fs == s {
			return true
		}
	}
	return false
}

func (c *checker) returnStmt(s *ast.ReturnStmt) {
	if c.fn == c.info.Main {
		if s.Value != nil {
			c.expr(s.Value, nil)
		}
		return
	}
	want := c.fn.Ret
	if s.Value == nil {
		if !c.assignable(types.UnitType, want) {
			c.errorf(s, "this function returns `%s`: `return` needs a value", typeString(want))
		}
		return
	}
	exp := want
	if inferredResult(c.fn.Node) && mixedLiteral(s.Value) {
		exp = nil // `return [0.5, "q"]` beside `return names`: its own type, which then disagrees
	}
	t := c.expr(s.Value, exp)
	if v, ok := types.Resolve(want).(*types.Var); ok && c.hintOf(v) == nil && types.IsBasic(t, types.Null) {
		// `return null` before any other return: the function returns an optional. Noted for
		// the next pass too, where an earlier return may bind the result first (`return it`
		// of an element whose type the probe did not know yet).
		c.bindVar(v, &types.Optional{Elem: c.newVar(), Loose: inferredResult(c.fn.Node)})
		if c.probing && inferredResult(c.fn.Node) {
			c.noteDynResult(c.fn.Node, want, t)
		}
		return
	}
	if c.probing && inferredResult(c.fn.Node) {
		c.notePendingResult(c.fn.Node, t, c.fn.Ret)
		if v, ok := types.Resolve(want).(*types.Var); ok && c.hintOf(v) != nil && types.IsBasic(t, types.Null) {
			c.noteDynResult(c.fn.Node, want, t) // `return n; … return null;`: optional
			return
		}
	}
	if inferredResult(c.fn.Node) && (dynamicAfterStatic(t, want) || !c.assignable(t, want)) {
		// (Also in the last pass, which may see a disagreement the silent one could not: a
		// callback that turned out dynamic, `xs.map(p)`. The check is then run again.)
		c.noteDynResult(c.fn.Node, want, t)
		return
	}
	c.expectAssignable(s.Value, t, want, " in this return")
}

// collectionIter is the Go method whose array `for x in c` walks for a collection of kind k
// (the one `c.iter()` calls; keys is set for the maps, whose keys are walked), or "".
func collectionIter(k types.HandleKind) (method string, keys bool) {
	switch k {
	case types.VecH, types.VecDequeH, types.SliceH:
		return "ToArray", false
	case types.HashSetH, types.BTreeSetH, types.OrderedSetH:
		return "Values", false
	case types.HashMapH, types.BTreeMapH, types.OrderedMapH:
		return "Keys", true
	}
	return "", false
}

func (c *checker) forIn(s *ast.ForInStmt) {
	fi := &ForInfo{}
	c.info.ForIns[s] = fi
	it := c.expr(s.Iter, nil)
	c.loopUnnarrow(s.Body)
	var elem types.Type
	switch u := types.Resolve(it).(type) {
	case *types.Array:
		fi.Kind, elem = IterArray, u.Elem
		if r, ok := ast.Unparen(s.Iter).(*ast.Range); ok {
			fi.Kind, fi.Range = IterRange, r
		} else if call, ok := ast.Unparen(s.Iter).(*ast.Call); ok {
			if ci := c.info.Calls[call]; ci != nil && ci.Kind == CallBuiltin && ci.Builtin == builtin.FnRange {
				fi.Kind = IterRange
			}
		}
	case *types.MapT:
		fi.Kind, elem, fi.Key = IterMap, u.Key, u.Key
		if _, tuple := s.Pattern.(*ast.TuplePat); tuple {
			elem = &types.Tuple{Elems: []types.Type{u.Key, u.Val}}
		}
	case *types.SetT:
		fi.Kind, elem = IterSet, u.Elem
	case *types.Handle:
		if u.Kind == types.ChannelH {
			fi.Kind, elem = IterChannel, u.Elem
			c.noteAwait(s.Iter, "iterating over a channel")
		} else if method, keys := collectionIter(u.Kind); method != "" {
			// `for x in vec`: what `iter()` gives, taken when the loop starts.
			fi.Kind, fi.Method, elem = IterCollection, method, u.Elem
			if keys {
				elem = types.StringType
			}
		}
	case *types.Basic:
		switch u.Kind {
		case types.String:
			fi.Kind, elem = IterString, types.CharType
		case types.Any:
			fi.Kind, elem = IterDynamic, types.AnyType
		case types.Invalid:
			elem = types.InvalidType
		}
	}
	if elem == nil {
		c.errorf(s.Iter, "cannot iterate over `%s`: expected an array, a range, a map, a set, a string, a channel or a collection with `iter()`", typeString(it))
		elem = types.InvalidType
	}
	fi.Elem = elem
	c.openScope()
	info := &LetInfo{}
	c.bindPattern(s.Pattern, elem, types.ObjVar, s, info)
	fi.Objs = info.Objs
	c.loops++
	c.block(s.Body)
	c.loops--
	c.closeScope()
}

// declStmt checks a declaration nested in a function: a local function becomes a closure.
func (c *checker) declStmt(s *ast.DeclStmt) {
	fd, ok := s.Decl.(*ast.FuncDecl)
	if !ok {
		c.errorf(s, "structs, enums and extend blocks must be declared at the top level")
		return
	}
	sig := c.signature(fd, c.scope, nil)
	obj := c.declare(fd.Name, types.ObjFunc, nil, fd)
	obj.Sig = sig
	obj.Type = sigType(sig)
	obj.Global = false
	fd.Obj = obj
	fi := c.newFuncInfo(fd, fd.Name.Name, sig, c.fn)
	c.checkBody(fi, c.scope)
}

// patternName is the name a let binds, for messages ("the variables" for a pattern).
func patternName(p ast.Pattern) string {
	if b, ok := p.(*ast.BindPat); ok {
		return b.Name.Name
	}
	return "the variables"
}

// selfReferringGlobal gives a top-level `let x = …` with no type whose value has a closure that
// uses x (`let id = setInterval(() => { … clearInterval(id); }, 10);`) the type of its value,
// still unknown, before the value is checked: the closure runs later, when x holds it. It
// returns the variable, or nil for any other let.
func (c *checker) selfReferringGlobal(s *ast.LetStmt, declared types.Type) *types.Object {
	bp, ok := s.Pattern.(*ast.BindPat)
	if !ok || declared != nil || s.Kind != ast.LetPlain || c.fn != c.info.Main || !c.isFileScope(c.scope) {
		return nil
	}
	pre := c.scope.LookupLocal(bp.Name.Name)
	if pre == nil || pre.Decl != s || pre.Type != nil || !usedInClosure(s.Value, bp.Name.Name) {
		return nil
	}
	pre.Type = c.annotatedLambdaType(s.Value)
	return pre
}

// selfReferringLocal is selfReferringGlobal for a `let` in a function: when a closure in the
// value uses the name and no earlier binding is visible under it (the closure cannot mean
// another variable), the variable is declared first, with its type still unknown.
func (c *checker) selfReferringLocal(s *ast.LetStmt, declared types.Type) *types.Object {
	bp, ok := s.Pattern.(*ast.BindPat)
	if !ok || s.Kind != ast.LetPlain || c.isFileScope(c.scope) || c.scope.Lookup(bp.Name.Name) != nil || !usedInClosure(s.Value, bp.Name.Name) {
		return nil
	}
	t := declared
	if t == nil {
		t = c.annotatedLambdaType(s.Value)
	}
	return c.declare(bp.Name, types.ObjVar, t, s)
}

// annotatedLambdaType is the type of x when it is a lambda whose parameters and result are all
// annotated (so a call of it inside its own body has a type); else a new inference variable.
func (c *checker) annotatedLambdaType(x ast.Expr) types.Type {
	lam, ok := ast.Unparen(x).(*ast.Lambda)
	if !ok || lam.Ret == nil || lam.Async {
		return c.newVar()
	}
	f := &types.Func{Ret: c.typeExpr(lam.Ret)}
	for _, p := range lam.Params {
		if p.Type == nil {
			return c.newVar()
		}
		f.Params = append(f.Params, c.typeExpr(p.Type))
	}
	return f
}

// usedInClosure reports whether a lambda inside x names name.
func usedInClosure(x ast.Expr, name string) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if l, ok := n.(*ast.Lambda); ok && !found {
			ast.Inspect(l, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && id.Name == name {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}
