package check

import (
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/types"
)

// PrintOptionNames are the options of print's options object (EVERYDAY.md §4), in the order
// docs/language.md lists them.
var PrintOptionNames = []string{"sep", "end", "color", "background", "bold", "italic", "underline"}

// printOptionType is the type of each option's value.
func printOptionType(name string) types.Type {
	switch name {
	case "sep", "end", "color", "background":
		return types.StringType
	case "bold", "italic", "underline":
		return types.BoolType
	}
	return nil
}

// PrintOptions is the options object of a call of print, println, eprint or eprintln: its last
// argument when that is an object literal whose keys are names (`{sep: ", "}`), or nil.
func PrintOptions(e *ast.Call, b types.Builtin) *ast.MapLit {
	if (b != builtin.FnPrint && b != builtin.FnEprint) || len(e.Args) == 0 {
		return nil
	}
	m, ok := e.Args[len(e.Args)-1].(*ast.MapLit)
	if !ok || len(m.Keys) == 0 {
		return nil
	}
	for _, k := range m.Keys {
		if _, ok := k.(*ast.StringLit); !ok {
			return nil
		}
	}
	return m
}

// printWithOptions checks a print whose last argument is its options object: the values as
// print's, each option by its name and type. A color is checked here when it is a literal.
func (c *checker) printWithOptions(e *ast.Call, ci *CallInfo, opts *ast.MapLit) types.Type {
	values := *e
	values.Args = e.Args[:len(e.Args)-1]
	c.args(&values, nil, 0, types.AnyType)
	seen := map[string]bool{}
	for i, k := range opts.Keys {
		name := k.(*ast.StringLit).Value
		c.setType(k, types.StringType)
		want := printOptionType(name)
		if want == nil {
			c.errorf(k, "`%s` is not an option of print: the options are %s", name, strings.Join(PrintOptionNames, ", "))
			c.expr(opts.Values[i], nil)
			continue
		}
		if seen[name] {
			c.errorf(k, "the print option `%s` is given twice", name)
		}
		seen[name] = true
		t := c.expr(opts.Values[i], want)
		c.expectAssignable(opts.Values[i], t, want, " in the print option `"+name+"`")
		if lit, ok := opts.Values[i].(*ast.StringLit); ok && (name == "color" || name == "background") && !isHexColor(lit.Value) {
			c.errorf(lit, "the print option `%s` needs a color written `#RRGGBB`, found %q", name, lit.Value)
		}
	}
	c.setType(opts, types.AnyType)
	ci.Params = nil
	ci.Ret = types.UnitType
	return c.recordCall(e, ci)
}

// isHexColor reports whether s is `#RRGGBB`, as rt.PrintStyled reads a color.
func isHexColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, r := range s[1:] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}
