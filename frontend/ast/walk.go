package ast

import "sort"

// Inspect traverses the tree rooted at n depth-first, in source order: it calls f(n); if that
// returns true it inspects each non-nil child of n (types, patterns, template parts and match
// arms included), then calls f(nil). n must not be nil.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || isNil(n) || !f(n) {
		return
	}
	forEachChild(n, func(c Node) { Inspect(c, f) })
	f(nil)
}

// isNil reports whether n is an interface holding a nil pointer.
func isNil(n Node) bool {
	switch x := n.(type) {
	case *Ident:
		return x == nil
	case *Block:
		return x == nil
	case *StringLit:
		return x == nil
	case *NamedType:
		return x == nil
	case *FuncDecl:
		return x == nil
	}
	return false
}

// forEachChild calls visit for each non-nil child of n, in source order.
func forEachChild(n Node, visit func(Node)) {
	v := func(c Node) {
		if c != nil && !isNil(c) {
			visit(c)
		}
	}
	switch n := n.(type) {
	case *File:
		for _, it := range n.Items {
			v(it)
		}

	// declarations
	case *FuncDecl:
		v(n.Name)
		for _, tp := range n.TypeParams {
			v(tp)
		}
		for _, p := range n.Params {
			v(p)
		}
		if n.Ret != nil {
			v(n.Ret)
		}
		v(n.Body)
	case *TypeParam:
		v(n.Name)
		for _, b := range n.Bounds {
			v(b)
		}
	case *Param:
		v(n.Name)
		if n.Type != nil {
			v(n.Type)
		}
		if n.Default != nil {
			v(n.Default)
		}
	case *StructDecl:
		v(n.Name)
		for _, tp := range n.TypeParams {
			v(tp)
		}
		members := make([]Node, 0, len(n.Fields)+len(n.Methods))
		for _, f := range n.Fields {
			members = append(members, f)
		}
		for _, m := range n.Methods {
			members = append(members, m)
		}
		sort.SliceStable(members, func(i, j int) bool { return members[i].Pos() < members[j].Pos() })
		for _, m := range members {
			v(m)
		}
	case *Field:
		v(n.Name)
		if n.Type != nil {
			v(n.Type)
		}
		if n.Default != nil {
			v(n.Default)
		}
	case *EnumDecl:
		v(n.Name)
		for _, tp := range n.TypeParams {
			v(tp)
		}
		for _, va := range n.Variants {
			v(va)
		}
	case *Variant:
		v(n.Name)
		for _, t := range n.Payload {
			v(t)
		}
	case *ExtendDecl:
		for _, tp := range n.TypeParams {
			v(tp)
		}
		if n.Target != nil {
			v(n.Target)
		}
		for _, m := range n.Methods {
			v(m)
		}
	case *ImportDecl:
		v(n.Path)
		v(n.Module)
		v(n.Alias)
	case *TypeAliasDecl:
		v(n.Name)
		v(n.Type)
	case *TestDecl:
		v(n.Group)
		for _, fd := range n.Funcs {
			v(fd)
		}

	// types
	case *NamedType:
		v(n.Pkg)
		v(n.Name)
		for _, a := range n.Args {
			v(a)
		}
	case *ArrayType:
		v(n.Elem)
	case *OptionalType:
		v(n.Elem)
	case *TupleType:
		for _, e := range n.Elems {
			v(e)
		}
	case *FuncType:
		for _, p := range n.Params {
			v(p)
		}
		if n.Ret != nil {
			v(n.Ret)
		}

	// statements
	case *LetStmt:
		if n.Pattern != nil {
			v(n.Pattern)
		}
		if n.Type != nil {
			v(n.Type)
		}
		if n.Value != nil {
			v(n.Value)
		}
	case *ExprStmt:
		v(n.X)
	case *Block:
		for _, s := range n.Stmts {
			v(s)
		}
	case *IfStmt:
		v(n.Cond)
		v(n.Then)
		if n.Else != nil {
			v(n.Else)
		}
	case *WhileStmt:
		v(n.Cond)
		v(n.Body)
	case *ForInStmt:
		if n.Pattern != nil {
			v(n.Pattern)
		}
		v(n.Iter)
		v(n.Body)
	case *ForCStmt:
		if n.Init != nil {
			v(n.Init)
		}
		if n.Cond != nil {
			v(n.Cond)
		}
		if n.Post != nil {
			v(n.Post)
		}
		v(n.Body)
	case *ReturnStmt:
		if n.Value != nil {
			v(n.Value)
		}
	case *DeferStmt:
		if n.Body != nil {
			v(n.Body)
		}
	case *TryStmt:
		v(n.Body)
		v(n.CatchName)
		if n.CatchType != nil {
			v(n.CatchType)
		}
		v(n.Catch)
		v(n.Finally)
	case *ThrowStmt:
		if n.Value != nil {
			v(n.Value)
		}
	case *DeclStmt:
		if n.Decl != nil {
			v(n.Decl)
		}

	// expressions
	case *Template:
		for _, p := range n.Parts {
			if p.Expr != nil {
				v(p.Expr)
			}
		}
	case *ArrayLit:
		for _, e := range n.Elems {
			v(e)
		}
	case *MapLit:
		for i := range n.Keys {
			v(n.Keys[i])
			if i < len(n.Values) {
				v(n.Values[i])
			}
		}
	case *SetLit:
		for _, e := range n.Elems {
			v(e)
		}
	case *StructLit:
		v(n.Type)
		for _, f := range n.Fields {
			v(f)
		}
	case *FieldInit:
		v(n.Name)
		if n.Value != nil {
			v(n.Value)
		}
	case *TupleLit:
		for _, e := range n.Elems {
			v(e)
		}
	case *Paren:
		v(n.X)
	case *Unary:
		v(n.X)
	case *Binary:
		v(n.X)
		v(n.Y)
	case *Assign:
		v(n.X)
		v(n.Y)
	case *IncDec:
		v(n.X)
	case *Cond:
		v(n.C)
		v(n.A)
		v(n.B)
	case *Call:
		v(n.Fun)
		for _, t := range n.TypeArgs {
			v(t)
		}
		for _, a := range n.Args {
			v(a)
		}
	case *Selector:
		v(n.X)
		v(n.Name)
	case *Index:
		v(n.X)
		v(n.Index)
	case *Try:
		v(n.X)
	case *Await:
		v(n.X)
	case *Spawn:
		v(n.X)
	case *Share:
		v(n.X)
	case *Cast:
		v(n.X)
		if n.Type != nil {
			v(n.Type)
		}
	case *Range:
		v(n.Lo)
		v(n.Hi)
	case *Lambda:
		for _, p := range n.Params {
			v(p)
		}
		if n.Ret != nil {
			v(n.Ret)
		}
		v(n.Body)
		if n.ExprBody != nil {
			v(n.ExprBody)
		}
	case *AsyncBlock:
		v(n.Body)
	case *Match:
		v(n.X)
		for _, a := range n.Arms {
			v(a)
		}
	case *Arm:
		v(n.Pattern)
		if n.Guard != nil {
			v(n.Guard)
		}
		v(n.Body)
	case *BlockExpr:
		v(n.Block)

	// patterns
	case *BindPat:
		v(n.Name)
	case *LitPat:
		v(n.Value)
	case *VariantPat:
		for _, id := range n.Path {
			v(id)
		}
		for _, a := range n.Args {
			v(a)
		}
	case *TuplePat:
		for _, e := range n.Elems {
			v(e)
		}
	case *OrPat:
		for _, a := range n.Alts {
			v(a)
		}
	case *RangePat:
		v(n.Lo)
		v(n.Hi)

	// leaves
	case *Ident, *IntLit, *BigIntLit, *FloatLit, *StringLit, *CharLit, *BoolLit, *NullLit,
		*BranchStmt, *EmptyStmt, *WildcardPat:
	}
}
