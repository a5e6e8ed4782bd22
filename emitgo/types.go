package emitgo

import (
	"fmt"

	"adesh2go/lower"
)

func (p *printer) typ(t lower.Type) {
	switch t := t.(type) {
	case *lower.TName:
		p.qual(t.Pkg, t.Name)
		p.typeArgs(t.Args)
	case *lower.TPtr:
		p.byte('*')
		p.typ(t.Elem)
	case *lower.TSlice:
		p.str("[]")
		p.typ(t.Elem)
	case *lower.TFunc:
		p.str("func(")
		p.types(t.Params)
		p.byte(')')
		p.results(t.Results, "")
	case *lower.TStruct:
		p.structType(t)
	case *lower.TInterface:
		p.interfaceType(t)
	default:
		panic(fmt.Sprintf("emitgo: unknown type %T", t))
	}
}

func (p *printer) types(ts []lower.Type) {
	for i, t := range ts {
		if i > 0 {
			p.str(", ")
		}
		p.typ(t)
	}
}

func (p *printer) typeArgs(ts []lower.Type) {
	if len(ts) > 0 {
		p.byte('[')
		p.types(ts)
		p.byte(']')
	}
}

func (p *printer) typeParams(tps []*lower.TypeParam) {
	if len(tps) == 0 {
		return
	}
	p.byte('[')
	for i, tp := range tps {
		if i > 0 {
			p.str(", ")
		}
		p.str(tp.Name)
		p.byte(' ')
		p.typ(tp.Constraint)
	}
	p.byte(']')
}

// signature prints `(params) results` of a function or a function literal.
func (p *printer) signature(params []*lower.Param, results []lower.Type, resultName string) {
	p.byte('(')
	for i, prm := range params {
		if i > 0 {
			p.str(", ")
		}
		p.str(prm.Name)
		p.byte(' ')
		p.typ(prm.Type)
	}
	p.byte(')')
	p.results(results, resultName)
}

// results prints a result list after a parameter list: nothing, ` T`, ` (name T)` or ` (A, B)`.
func (p *printer) results(ts []lower.Type, name string) {
	switch {
	case len(ts) == 0:
	case len(ts) == 1 && name != "":
		p.str(" (")
		p.str(name)
		p.byte(' ')
		p.typ(ts[0])
		p.byte(')')
	case len(ts) == 1:
		p.byte(' ')
		p.typ(ts[0])
	default:
		p.str(" (")
		p.types(ts)
		p.byte(')')
	}
}

// structType prints a struct with one field per line. gofmt aligns the types of a run of named
// fields in a column; an embedded field has no name cell, so it ends the run.
func (p *printer) structType(t *lower.TStruct) {
	if len(t.Fields) == 0 {
		p.str("struct{}")
		return
	}
	p.str("struct {")
	p.indent++
	for i := 0; i < len(t.Fields); {
		end, col := i, 0
		for ; end < len(t.Fields) && t.Fields[end].Name != ""; end++ {
			col = max(col, width(t.Fields[end].Name)+1)
		}
		if end == i { // an embedded field
			p.newline()
			p.typ(t.Fields[i].Type)
			i++
			continue
		}
		for _, f := range t.Fields[i:end] {
			p.newline()
			p.str(f.Name)
			for range col - width(f.Name) {
				p.byte(' ')
			}
			p.typ(f.Type)
		}
		i = end
	}
	p.indent--
	p.newline()
	p.byte('}')
}

func (p *printer) interfaceType(t *lower.TInterface) {
	if len(t.Embeds)+len(t.Methods) == 0 {
		p.str("interface{}")
		return
	}
	p.str("interface {")
	p.indent++
	for _, em := range t.Embeds {
		p.newline()
		p.typ(em)
	}
	for _, m := range t.Methods {
		p.newline()
		p.str(m.Name)
		p.byte('(')
		p.types(m.Params)
		p.byte(')')
		p.results(m.Results, "")
	}
	p.indent--
	p.newline()
	p.byte('}')
}
