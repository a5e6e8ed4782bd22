package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// settleTypes writes back what inference found: every type the checker recorded, of an
// expression (TypeOf), an object, a signature, a call, a selector, a loop, a match or a
// pattern, is replaced by its types.Settled form, which mentions no bound inference variable
// (the invariant frontend/ast states at Typed). Later stages read the types as they are, with no
// types.Resolve.
func settleTypes(info *Info) {
	s := settler{objs: map[*types.Object]bool{}, sigs: map[*types.Signature]bool{}}
	for _, f := range info.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && e.TypeOf() != nil {
				e.SetType(types.Settled(e.TypeOf()))
			}
			if id, ok := n.(*ast.Ident); ok {
				s.obj(id.Obj)
			}
			return true
		})
	}
	s.obj(info.MainFn)
	for _, o := range info.Globals {
		s.obj(o)
	}
	for _, fi := range append([]*FuncInfo{info.Main}, info.Funcs...) {
		fi.Ret = types.Settled(fi.Ret)
		s.sig(fi.Sig)
		s.obj(fi.Self)
		for _, o := range fi.Locals {
			s.obj(o)
		}
		for _, o := range fi.Captures {
			s.obj(o)
		}
	}
	for _, ci := range info.Calls {
		s.obj(ci.Obj)
		s.sig(ci.Sig)
		ci.RecvType = types.Settled(ci.RecvType)
		ci.Derefs = types.SettledList(ci.Derefs)
		ci.TypeArgs = types.SettledList(ci.TypeArgs)
		ci.Params = types.SettledList(ci.Params)
		ci.Ret = types.Settled(ci.Ret)
	}
	for _, si := range info.Sels {
		s.obj(si.Obj)
		si.Recv = types.Settled(si.Recv)
		si.Derefs = types.SettledList(si.Derefs)
	}
	for _, li := range info.Lets {
		for _, o := range li.Objs {
			s.obj(o)
		}
	}
	for _, fi := range info.ForIns {
		fi.Elem, fi.Key = types.Settled(fi.Elem), types.Settled(fi.Key)
		for _, o := range fi.Objs {
			s.obj(o)
		}
	}
	for _, mi := range info.Matches {
		mi.Scrutinee = types.Settled(mi.Scrutinee)
		for _, objs := range mi.Binds {
			for _, o := range objs {
				s.obj(o)
			}
		}
	}
	for _, pi := range info.Pats {
		pi.Type = types.Settled(pi.Type)
		pi.Payload = types.SettledList(pi.Payload)
		s.obj(pi.Obj)
	}
	for id, ts := range info.FuncValueArgs {
		info.FuncValueArgs[id] = types.SettledList(ts)
	}
}

// settler settles each object and signature once.
type settler struct {
	objs map[*types.Object]bool
	sigs map[*types.Signature]bool
}

func (s settler) obj(o *types.Object) {
	if o == nil || s.objs[o] {
		return
	}
	s.objs[o] = true
	o.Type = types.Settled(o.Type)
	s.sig(o.Sig)
}

func (s settler) sig(g *types.Signature) {
	if g == nil || s.sigs[g] {
		return
	}
	s.sigs[g] = true
	g.Params = types.SettledList(g.Params)
	g.Ret = types.Settled(g.Ret)
}
