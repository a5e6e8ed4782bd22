package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// A generic function that spawns a task holding a value of a type parameter cannot be judged
// alone: `T` may be a string or a lock guard. It leaves an obligation, checked at each call
// with the type arguments of that call; a call from another generic function passes the
// obligation on to it.

// obligation: every instantiation of fn must make t Send.
type obligation struct {
	fn   *check.FuncInfo // the generic function declaration
	t    types.Type      // in terms of fn's type parameters
	what string          // "captures `x` of type"
	at   ast.Node        // the spawn site
	via  *check.FuncInfo // the generic function that spawns, when fn only calls it
}

func typeParamHere(t types.Type) bool {
	_, ok := t.(*types.TypeParam)
	return ok
}

// mentionsTypeParam reports whether t contains a type parameter.
func mentionsTypeParam(t types.Type) bool {
	return t != nil && types.Mentions(t, typeParamHere)
}

// genericFunc returns the generic function declaration around n, or nil.
func (a *analysis) genericFunc(n ast.Node) *check.FuncInfo {
	for fi := a.funcOf(n); fi != nil; fi = fi.Parent {
		if _, ok := fi.Node.(*ast.FuncDecl); ok && fi.Generic {
			return fi
		}
	}
	return nil
}

// checkObligations checks each obligation at the calls of its function.
func (a *analysis) checkObligations(work []obligation) {
	type key struct {
		fn *check.FuncInfo
		at ast.Node
		t  string
	}
	seen := map[key]bool{}
	for len(work) > 0 {
		ob := work[0]
		work = work[1:]
		if ob.fn == nil {
			continue
		}
		for _, call := range a.calls {
			ci := a.info.Calls[call]
			if ci == nil || (ci.Kind != check.CallFunc && ci.Kind != check.CallMethod) || ci.Obj == nil || ci.Obj.Decl != ob.fn.Node {
				continue
			}
			m := map[*types.TypeParam]types.Type{}
			if ci.Sig != nil {
				for i, tp := range ci.Sig.TypeParams {
					if i < len(ci.TypeArgs) {
						m[tp] = ci.TypeArgs[i]
					}
				}
			}
			if n, ok := types.Resolve(ci.RecvType).(*types.Named); ok {
				for k, v := range n.Subst() {
					m[k] = v
				}
			}
			t := types.Subst(ob.t, m)
			if why := WhyNot(Send, t); why != "" {
				who := funcRef(ob.fn) + " spawns a task"
				if ob.via != nil {
					who += " (through " + funcRef(ob.via) + ")"
				}
				a.diags.Errorf(call.Pos(), call.EndPos(), diag.NotSend, "%s that %s `%s`; here that is `%s`, and %s",
					who, ob.what, check.TypeString(ob.t), check.TypeString(t), why).
					Note(ob.at.Pos(), "spawned here").
					WithHelp("call it with a Send type: pass the mutex (or a clone of it) rather than a guard")
				continue
			}
			if !mentionsTypeParam(t) {
				continue
			}
			if caller := a.genericFunc(call); caller != nil && caller != ob.fn {
				k := key{caller, ob.at, t.String()}
				if !seen[k] {
					seen[k] = true
					via := ob.via
					if via == nil {
						via = ob.fn
					}
					work = append(work, obligation{fn: caller, t: t, what: ob.what, at: ob.at, via: via})
				}
			}
		}
	}
}
