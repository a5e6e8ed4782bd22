package emitgo

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"adesh2go/lower/ir"
)

func (e *emitter) typ(t ir.Type) *jen.Statement {
	switch t := t.(type) {
	case *ir.TName:
		s := e.qual(t.Pkg, t.Name, typeName)
		if len(t.Args) > 0 {
			s.Index(jen.List(e.types(t.Args)...))
		}
		return s
	case *ir.TPtr:
		return jen.Op("*").Add(e.typ(t.Elem))
	case *ir.TSlice:
		return jen.Index().Add(e.typ(t.Elem))
	case *ir.TArray:
		return jen.Index(jen.Lit(int(t.Len))).Add(e.typ(t.Elem))
	case *ir.TMap:
		return jen.Map(e.typ(t.Key)).Add(e.typ(t.Val))
	case *ir.TChan:
		return [...]*jen.Statement{jen.Chan(), jen.Chan().Op("<-"), jen.Op("<-").Chan()}[t.Dir].Add(e.typ(t.Elem))
	case *ir.TVariadic:
		return jen.Op("...").Add(e.typ(t.Elem))
	case *ir.TFunc:
		return jen.Func().Params(e.types(t.Params)...).Add(e.results(t.Results))
	case *ir.TStruct:
		fields := make([]jen.Code, len(t.Fields))
		for i, f := range t.Fields {
			if f.Name == "" {
				fields[i] = e.typ(f.Type) // embedded
			} else {
				fields[i] = jen.Id(e.member(f.Name)).Add(e.typ(f.Type))
			}
		}
		return jen.Struct(fields...)
	case *ir.TInterface:
		var ms []jen.Code
		for _, em := range t.Embeds {
			ms = append(ms, e.typ(em))
		}
		for _, m := range t.Methods {
			ms = append(ms, jen.Id(e.member(m.Name)).Params(e.types(m.Params)...).Add(e.results(m.Results)))
		}
		return jen.Interface(ms...)
	}
	panic(fmt.Sprintf("emitgo: unknown type %T", t))
}

func (e *emitter) types(ts []ir.Type) []jen.Code {
	out := make([]jen.Code, len(ts))
	for i, t := range ts {
		out[i] = e.typ(t)
	}
	return out
}

// results builds a result list after a parameter list: nothing, `T` or `(A, B)`.
func (e *emitter) results(ts []ir.Type) *jen.Statement {
	switch len(ts) {
	case 0:
		return jen.Null()
	case 1:
		return e.typ(ts[0])
	}
	return jen.Parens(jen.List(e.types(ts)...))
}

func (e *emitter) typeParams(tps []*ir.TypeParam) []jen.Code {
	out := make([]jen.Code, len(tps))
	for i, tp := range tps {
		out[i] = jen.Id(tp.Name).Add(e.typ(tp.Constraint))
	}
	return out
}

func (e *emitter) params(ps []*ir.Param) []jen.Code {
	out := make([]jen.Code, len(ps))
	for i, p := range ps {
		out[i] = jen.Id(p.Name).Add(e.typ(p.Type))
	}
	return out
}
