package lower

import (
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// printStyled lowers print(a, b, …, {options}) to rt.PrintStyled with an rt.PrintStyle of the
// options given. The values and the options are evaluated in their order in the source.
func (l *lowerer) printStyled(b *builder, e *ast.Call, stderr bool, opts *ast.MapLit) ir.Expr {
	values := e.Args[:len(e.Args)-1]
	xs := l.exprList(b, append(append([]ast.Expr{}, values...), opts.Values...))
	style := &ir.Composite{Type: rtType("PrintStyle")}
	for i, k := range opts.Keys {
		name := k.(*ast.StringLit).Value
		want := types.Type(types.StringType)
		if name == "bold" || name == "italic" || name == "underline" {
			want = types.BoolType
		}
		v := opts.Values[i]
		field := strings.ToUpper(name[:1]) + name[1:]
		style.Fields = append(style.Fields, &ir.KeyValue{Key: field, Value: l.convertAt(xs[len(values)+i], v.TypeOf(), want, v)})
		if name == "sep" || name == "end" {
			style.Fields = append(style.Fields, &ir.KeyValue{Key: "Has" + field, Value: &ir.Lit{Text: "true"}})
		}
	}
	args := []ir.Expr{style, &ir.Lit{Text: "false"}, l.pos(e)}
	if stderr {
		args[1] = &ir.Lit{Text: "true"}
	}
	for i, a := range values {
		args = append(args, l.toAny(xs[i], a.TypeOf()))
	}
	return rtCall("PrintStyled", args...)
}
