package builtin

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"adesh2go/frontend/types"
)

const rtDir = "../../rt"

// The checked-in rt/zz_builtin_aliases.go is what the table generates.
func TestRTAliasesAreCurrent(t *testing.T) {
	want, err := RTAliases()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(rtDir, "zz_builtin_aliases.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("rt/zz_builtin_aliases.go is not what the table of frontend/builtin gives: run `go generate ./frontend/builtin`")
	}
}

// rt's dispatch of methods on dynamic values (value_method.go) has a case for every method of
// the kinds it dispatches, under its canonical name, and for nothing else.
func TestRTDispatchesTheTable(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(rtDir, "value_method.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	dispatchers := map[string]Kind{"valueMethod": Values, "arrayMethod": Arrays, "stringMethod": Strings, "mapMethod": Maps, "setMethod": Sets, "tupleMethod": Tuples}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil {
			continue
		}
		of, ok := dispatchers[fd.Name.Name]
		if !ok {
			continue
		}
		delete(dispatchers, fd.Name.Name)
		cases := caseNames(fd.Body)
		var want []string
		for _, r := range rowsOf(of) {
			want = append(want, r.Name)
		}
		for _, name := range cases {
			if !slices.Contains(want, name) {
				t.Errorf("rt's %s has a case %q, which is not the canonical name of a %s method of the table", fd.Name.Name, name, of)
			}
		}
		for _, name := range want {
			if !slices.Contains(cases, name) {
				t.Errorf("rt's %s has no case for the %s method %q", fd.Name.Name, of, name)
			}
		}
	}
	for name := range dispatchers {
		t.Errorf("rt/value_method.go has no func %s", name)
	}
	if got, want := len(DynamicKinds()), 6; got != want {
		t.Errorf("%d kinds dispatched dynamically, this test knows %d", got, want)
	}
}

// caseNames are the string constants of the case clauses in body.
func caseNames(body *ast.BlockStmt) []string {
	var names []string
	ast.Inspect(body, func(n ast.Node) bool {
		if cc, ok := n.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					names = append(names, s)
				}
			}
		}
		return true
	})
	return names
}

// Each row says what it needs to be checked and lowered, and its flags agree with each other.
func TestRowsAreWhole(t *testing.T) {
	fresh := func() types.Type { return &types.Var{} }
	for id, r := range All() {
		where := r.Of.String() + "." + r.Name
		switch {
		case r.Name == "":
			t.Errorf("row %d has no name", id)
		case r.Of != Global && r.Of != StdModules && !r.Static && r.Sig == nil && r.Flags&DynamicOnly == 0:
			t.Errorf("%s: a method without a signature", where)
		case r.Lower.How != Hook && r.Lower.Name == "":
			t.Errorf("%s: lowers to an rt name, but names none", where)
		case r.Lower.How == RTFuncPlace && r.Flags&Mutates == 0:
			t.Errorf("%s: lowers on the receiver's place, but does not change it", where)
		case r.Flags&(Resizes|Stores) != 0 && r.Flags&Mutates == 0:
			t.Errorf("%s: resizes or stores into its receiver, but is not marked Mutates", where)
		case r.Flags&(Resizes|Ordered|Numeric) != 0 && r.Of != Arrays:
			t.Errorf("%s: an array flag on a %s method", where, r.Of)
		case r.Module != Global && r.Of != Global && r.Of != StdModules && !r.Static:
			t.Errorf("%s: only a predeclared name, a standard module or a static member is a type object", where)
		case r.Of == StdModules && r.Module == Global:
			t.Errorf("%s: a standard module without members", where)
		}
		if r.Sig == nil {
			continue
		}
		var in In
		in.Fresh = fresh
		in.Recv, in.Elem, in.Key, in.Val, in.Ok, in.Err = types.AnyType, types.I64, types.StringType, types.BoolType, types.F64, types.ErrorType
		sig := r.Sig(in)
		if sig.Ret == nil || sig.Optional < 0 || sig.Optional > len(sig.Params) {
			t.Errorf("%s: a signature without a result, or with %d optional of %d parameters", where, sig.Optional, len(sig.Params))
		}
		for i := range sig.Params {
			if mode := r.Lower.ArgMode(i); mode >= Func && mode <= Predicate {
				if _, isFunc := sig.Params[i].(*types.Func); !isFunc {
					t.Errorf("%s: argument %d lowers as a function, but its parameter is %s", where, i, sig.Params[i])
				}
			}
		}
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		got, want ID
	}{
		{Method(Arrays, "append"), ArrayPush},
		{Method(Arrays, "push"), ArrayPush},
		{Method(Strings, "toUpperCase"), StringToUpper},
		{Method(Chars, "toUpperCase"), 0},
		{Method(Values, "clone"), 0}, // dynamic only
		{DynamicMethod(Values, "clone"), ValueClone},
		{Member(Promises, "all"), PromiseAll},
		{Method(Promises, "all"), 0},
		{Predeclared("println"), FnPrint},
		{Predeclared("fs"), FSObj},
	} {
		if c.got != c.want {
			t.Errorf("looked up %s, want %s", Name(c.got), Name(c.want))
		}
	}
	if k, _, _ := Receiver(&types.Handle{Kind: types.ReadGuardH, Elem: types.I64}); k != Guards {
		t.Errorf("a ReadGuard's methods are those of %s", k)
	}
}
