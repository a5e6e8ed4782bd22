package ast

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"adesh2go/frontend/source"
)

// Fprint writes the tree rooted at n as an indented outline, one node per line: its kind, its
// key attributes (names, operators, literal values, flags) and its line:col. Nil fields and
// the checker's fields are left out. This is what `adesh2go parse` prints and what the parse
// goldens hold, so the format is kept stable.
//
//	FuncDecl add 1:1
//	  Param a 1:8
//	    NamedType i64 1:11
func Fprint(w io.Writer, fset *source.FileSet, n Node) error {
	pr := &printer{w: w, fset: fset}
	pr.node(n, 0, "")
	return pr.err
}

type printer struct {
	w    io.Writer
	fset *source.FileSet
	err  error
	buf  []byte
}

func (pr *printer) line(depth int, role, text string, pos source.Pos) {
	if pr.err != nil {
		return
	}
	b := pr.buf[:0]
	for i := 0; i < depth; i++ {
		b = append(b, "  "...)
	}
	if role != "" {
		b = append(b, role...)
		b = append(b, ": "...)
	}
	b = append(b, text...)
	if p := pr.fset.Position(pos); p.File != nil {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(p.Line), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(p.Col), 10)
	}
	b = append(b, '\n')
	pr.buf = b
	_, pr.err = pr.w.Write(b)
}

// flags renders the set flags as " [a b]".
func flags(pairs ...any) string {
	var on []string
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1].(bool) {
			on = append(on, pairs[i].(string))
		}
	}
	if len(on) == 0 {
		return ""
	}
	return " [" + strings.Join(on, " ") + "]"
}

func name(id *Ident) string {
	if id == nil {
		return "_"
	}
	return id.Name
}

func typeParams(tps []*TypeParam) string {
	if len(tps) == 0 {
		return ""
	}
	names := make([]string, len(tps))
	for i, tp := range tps {
		names[i] = name(tp.Name)
	}
	return "<" + strings.Join(names, ", ") + ">"
}

var letKindNames = [...]string{LetPlain: "let", LetConst: "const", LetShare: "share", LetStrong: "strong", LetWeak: "weak"}

// node prints n and its children at depth; role names the field n fills in its parent.
func (pr *printer) node(n Node, depth int, role string) {
	if n == nil || isNil(n) {
		return
	}
	d := depth + 1
	switch n := n.(type) {
	case *File:
		pr.line(depth, role, "File "+strconv.Quote(n.Name), source.NoPos)
		for _, it := range n.Items {
			pr.node(it, d, "")
		}

	case *FuncDecl:
		pr.line(depth, role, "FuncDecl "+name(n.Name)+typeParams(n.TypeParams)+flags("export", n.Export, "async", n.Async), n.Pos())
		if n.Doc != "" {
			pr.line(d, "doc", strconv.Quote(n.Doc), source.NoPos)
		}
		for _, tp := range n.TypeParams {
			for _, b := range tp.Bounds {
				pr.node(b, d, "bound "+name(tp.Name))
			}
		}
		for _, p := range n.Params {
			pr.node(p, d, "")
		}
		pr.node(n.Ret, d, "ret")
		pr.node(n.Body, d, "")
	case *Param:
		pr.line(depth, role, "Param "+name(n.Name), n.Pos())
		pr.node(n.Type, d, "")
		pr.node(n.Default, d, "default")
	case *StructDecl:
		pr.line(depth, role, "StructDecl "+name(n.Name)+typeParams(n.TypeParams)+flags("export", n.Export), n.Pos())
		if n.Doc != "" {
			pr.line(d, "doc", strconv.Quote(n.Doc), source.NoPos)
		}
		for _, f := range n.Fields {
			pr.line(d, "", "Field "+name(f.Name), f.Pos())
			pr.node(f.Type, d+1, "")
		}
		for _, m := range n.Methods {
			pr.node(m, d, "method")
		}
	case *EnumDecl:
		pr.line(depth, role, "EnumDecl "+name(n.Name)+typeParams(n.TypeParams)+flags("export", n.Export), n.Pos())
		if n.Doc != "" {
			pr.line(d, "doc", strconv.Quote(n.Doc), source.NoPos)
		}
		for _, v := range n.Variants {
			pr.line(d, "", "Variant "+name(v.Name), v.Pos())
			for _, t := range v.Payload {
				pr.node(t, d+1, "")
			}
		}
	case *ExtendDecl:
		pr.line(depth, role, "ExtendDecl"+typeParams(n.TypeParams)+flags("impl", n.Impl), n.Pos())
		pr.node(n.Target, d, "target")
		for _, m := range n.Methods {
			pr.node(m, d, "")
		}
	case *TypeAliasDecl:
		pr.line(depth, role, "TypeAliasDecl "+name(n.Name)+flags("export", n.Export), n.Pos())
		pr.node(n.Type, d, "type")
	case *TestDecl:
		group := ""
		if n.Group != nil {
			group = " " + name(n.Group)
		}
		pr.line(depth, role, "TestDecl"+group+flags("export", n.Export), n.Pos())
		for _, fd := range n.Funcs {
			pr.node(fd, d, "")
		}
	case *ImportDecl:
		path := ""
		if n.Path != nil {
			path = strconv.Quote(n.Path.Value)
		}
		if n.Module != nil {
			path = n.Module.Name
		}
		text := "ImportDecl " + path
		if n.Alias != nil {
			text += " as " + n.Alias.Name
		}
		pr.line(depth, role, text, n.Pos())

	// types
	case *NamedType:
		text := "NamedType " + name(n.Name)
		if n.Pkg != nil {
			text = "NamedType " + n.Pkg.Name + "." + name(n.Name)
		}
		pr.line(depth, role, text, n.Pos())
		for _, a := range n.Args {
			pr.node(a, d, "")
		}
	case *ArrayType:
		pr.line(depth, role, "ArrayType", n.Pos())
		pr.node(n.Elem, d, "")
	case *OptionalType:
		pr.line(depth, role, "OptionalType", n.Pos())
		pr.node(n.Elem, d, "")
	case *TupleType:
		pr.line(depth, role, "TupleType", n.Pos())
		for _, e := range n.Elems {
			pr.node(e, d, "")
		}
	case *FuncType:
		pr.line(depth, role, "FuncType"+flags("async", n.Async), n.Pos())
		for _, p := range n.Params {
			pr.node(p, d, "")
		}
		pr.node(n.Ret, d, "ret")

	// statements
	case *LetStmt:
		pr.line(depth, role, "LetStmt "+letKindNames[n.Kind]+flags("mut", n.Mut, "export", n.Export), n.Pos())
		pr.node(n.Pattern, d, "")
		pr.node(n.Type, d, "type")
		pr.node(n.Value, d, "value")
	case *ExprStmt:
		pr.line(depth, role, "ExprStmt", n.Pos())
		pr.node(n.X, d, "")
	case *Block:
		pr.line(depth, role, "Block", n.Pos())
		for _, s := range n.Stmts {
			pr.node(s, d, "")
		}
	case *IfStmt:
		pr.line(depth, role, "IfStmt", n.Pos())
		pr.node(n.Cond, d, "cond")
		pr.node(n.Then, d, "then")
		pr.node(n.Else, d, "else")
	case *WhileStmt:
		pr.line(depth, role, "WhileStmt", n.Pos())
		pr.node(n.Cond, d, "cond")
		pr.node(n.Body, d, "")
	case *ForInStmt:
		pr.line(depth, role, "ForInStmt", n.Pos())
		pr.node(n.Pattern, d, "")
		pr.node(n.Iter, d, "in")
		pr.node(n.Body, d, "")
	case *ForCStmt:
		pr.line(depth, role, "ForCStmt", n.Pos())
		pr.node(n.Init, d, "init")
		pr.node(n.Cond, d, "cond")
		pr.node(n.Post, d, "post")
		pr.node(n.Body, d, "")
	case *BranchStmt:
		text := "BranchStmt break"
		if n.Continue {
			text = "BranchStmt continue"
		}
		pr.line(depth, role, text, n.Pos())
	case *ReturnStmt:
		pr.line(depth, role, "ReturnStmt", n.Pos())
		pr.node(n.Value, d, "")
	case *DeferStmt:
		pr.line(depth, role, "DeferStmt", n.Pos())
		pr.node(n.Body, d, "")
	case *TryStmt:
		pr.line(depth, role, "TryStmt", n.Pos())
		pr.node(n.Body, d, "")
		if n.CatchName != nil {
			pr.line(d, "catch", "Ident "+n.CatchName.Name, n.CatchName.Pos())
		}
		pr.node(n.CatchType, d, "catch type")
		pr.node(n.Catch, d, "catch")
		pr.node(n.Finally, d, "finally")
	case *ThrowStmt:
		pr.line(depth, role, "ThrowStmt", n.Pos())
		pr.node(n.Value, d, "")
	case *DeclStmt:
		pr.node(n.Decl, depth, role)
	case *EmptyStmt:
		pr.line(depth, role, "EmptyStmt", n.Pos())

	// expressions
	case *Ident:
		pr.line(depth, role, "Ident "+n.Name, n.Pos())
	case *IntLit:
		text := "IntLit " + n.Raw
		if n.Raw != strconv.FormatUint(n.Value, 10) {
			text += " = " + strconv.FormatUint(n.Value, 10)
		}
		if n.Suffix != "" {
			text += " suffix " + n.Suffix
		}
		pr.line(depth, role, text, n.Pos())
	case *BigIntLit:
		pr.line(depth, role, "BigIntLit "+n.Raw, n.Pos())
	case *FloatLit:
		text := "FloatLit " + n.Raw + " = " + strconv.FormatFloat(n.Value, 'g', -1, 64)
		if n.Suffix != "" {
			text += " suffix " + n.Suffix
		}
		pr.line(depth, role, text, n.Pos())
	case *StringLit:
		pr.line(depth, role, "StringLit "+strconv.Quote(n.Value)+flags("raw", n.Raw), n.Pos())
	case *CharLit:
		pr.line(depth, role, "CharLit "+strconv.QuoteRune(n.Value), n.Pos())
	case *BoolLit:
		pr.line(depth, role, "BoolLit "+strconv.FormatBool(n.Value), n.Pos())
	case *NullLit:
		pr.line(depth, role, "NullLit", n.Pos())
	case *Template:
		pr.line(depth, role, "Template"+flags("backtick", n.Backtick), n.Pos())
		for _, p := range n.Parts {
			if p.Expr != nil {
				pr.node(p.Expr, d, "expr")
			} else {
				pr.line(d, "lit", strconv.Quote(p.Lit), source.NoPos)
			}
		}
	case *ArrayLit:
		pr.line(depth, role, "ArrayLit", n.Pos())
		for _, e := range n.Elems {
			pr.node(e, d, "")
		}
	case *MapLit:
		pr.line(depth, role, "MapLit", n.Pos())
		for i := range n.Keys {
			pr.node(n.Keys[i], d, "key")
			if i < len(n.Values) {
				pr.node(n.Values[i], d, "value")
			}
		}
	case *SetLit:
		pr.line(depth, role, "SetLit", n.Pos())
		for _, e := range n.Elems {
			pr.node(e, d, "")
		}
	case *StructLit:
		pr.line(depth, role, "StructLit", n.Pos())
		pr.node(n.Type, d, "type")
		for _, f := range n.Fields {
			pr.line(d, "", "FieldInit "+name(f.Name), f.Pos())
			pr.node(f.Value, d+1, "")
		}
	case *TupleLit:
		pr.line(depth, role, "TupleLit", n.Pos())
		for _, e := range n.Elems {
			pr.node(e, d, "")
		}
	case *Paren:
		pr.line(depth, role, "Paren", n.Pos())
		pr.node(n.X, d, "")
	case *Unary:
		pr.line(depth, role, "Unary "+n.Op, n.Pos())
		pr.node(n.X, d, "")
	case *Binary:
		pr.line(depth, role, "Binary "+n.Op, n.Pos())
		pr.node(n.X, d, "")
		pr.node(n.Y, d, "")
	case *Assign:
		pr.line(depth, role, "Assign "+n.Op, n.Pos())
		pr.node(n.X, d, "")
		pr.node(n.Y, d, "")
	case *IncDec:
		pr.line(depth, role, "IncDec "+n.Op, n.Pos())
		pr.node(n.X, d, "")
	case *Cond:
		pr.line(depth, role, "Cond", n.Pos())
		pr.node(n.C, d, "")
		pr.node(n.A, d, "then")
		pr.node(n.B, d, "else")
	case *Call:
		pr.line(depth, role, "Call"+flags("new", n.New), n.Pos())
		pr.node(n.Fun, d, "fun")
		for _, t := range n.TypeArgs {
			pr.node(t, d, "type arg")
		}
		for _, a := range n.Args {
			pr.node(a, d, "arg")
		}
	case *Selector:
		sep := "."
		if n.DoubleColon {
			sep = "::"
		}
		pr.line(depth, role, "Selector "+sep+name(n.Name), n.Pos())
		pr.node(n.X, d, "")
	case *Index:
		pr.line(depth, role, "Index", n.Pos())
		pr.node(n.X, d, "")
		pr.node(n.Index, d, "index")
	case *Try:
		pr.line(depth, role, "Try ?", n.Pos())
		pr.node(n.X, d, "")
	case *Await:
		pr.line(depth, role, "Await", n.Pos())
		pr.node(n.X, d, "")
	case *Spawn:
		pr.line(depth, role, "Spawn", n.Pos())
		pr.node(n.X, d, "")
	case *Share:
		pr.line(depth, role, "Share", n.Pos())
		pr.node(n.X, d, "")
	case *Cast:
		pr.line(depth, role, "Cast", n.Pos())
		pr.node(n.X, d, "")
		pr.node(n.Type, d, "as")
	case *Range:
		pr.line(depth, role, "Range"+flags("inclusive", n.Inclusive), n.Pos())
		pr.node(n.Lo, d, "")
		pr.node(n.Hi, d, "")
	case *Lambda:
		pr.line(depth, role, "Lambda"+flags("async", n.Async, "fn", n.Fn), n.Pos())
		for _, p := range n.Params {
			pr.node(p, d, "")
		}
		pr.node(n.Ret, d, "ret")
		pr.node(n.Body, d, "")
		pr.node(n.ExprBody, d, "body")
	case *AsyncBlock:
		pr.line(depth, role, "AsyncBlock"+flags("move", n.Move), n.Pos())
		pr.node(n.Body, d, "")
	case *Match:
		pr.line(depth, role, "Match", n.Pos())
		pr.node(n.X, d, "")
		for _, a := range n.Arms {
			pr.line(d, "", "Arm", a.Pos())
			pr.node(a.Pattern, d+1, "")
			pr.node(a.Guard, d+1, "if")
			pr.node(a.Body, d+1, "=>")
		}
	case *BlockExpr:
		pr.node(n.Block, depth, role)

	// patterns
	case *WildcardPat:
		pr.line(depth, role, "WildcardPat", n.Pos())
	case *BindPat:
		pr.line(depth, role, "BindPat "+name(n.Name)+flags("mut", n.Mut), n.Pos())
	case *LitPat:
		pr.line(depth, role, "LitPat", n.Pos())
		pr.node(n.Value, d, "")
	case *VariantPat:
		path := make([]string, len(n.Path))
		for i, id := range n.Path {
			path[i] = name(id)
		}
		pr.line(depth, role, "VariantPat "+strings.Join(path, "::")+flags("parens", n.Parens), n.Pos())
		for _, a := range n.Args {
			pr.node(a, d, "")
		}
	case *TuplePat:
		pr.line(depth, role, "TuplePat", n.Pos())
		for _, e := range n.Elems {
			pr.node(e, d, "")
		}
	case *OrPat:
		pr.line(depth, role, "OrPat", n.Pos())
		for _, a := range n.Alts {
			pr.node(a, d, "")
		}
	case *RangePat:
		pr.line(depth, role, "RangePat"+flags("inclusive", n.Inclusive), n.Pos())
		pr.node(n.Lo, d, "")
		pr.node(n.Hi, d, "")
	default:
		pr.line(depth, role, fmt.Sprintf("%T", n), n.Pos())
	}
}
