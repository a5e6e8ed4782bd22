package kindcover

import (
	"reflect"
	"strings"
	"testing"

	adesh "adesh2go/frontend/ast"
)

// The repository's root, from this package's folder.
const root = "../../"

type family uint8

const (
	stmts family = 1 << iota
	exprs
	patterns
	types
	decls
	others
	every = stmts | exprs | patterns | types | decls | others
)

func (f family) kinds() []string {
	var out []string
	add := func(list any) {
		v := reflect.ValueOf(list)
		for i := 0; i < v.Len(); i++ {
			out = append(out, reflect.TypeOf(v.Index(i).Interface()).Elem().Name())
		}
	}
	if f&stmts != 0 {
		add(adesh.StmtKinds)
	}
	if f&exprs != 0 {
		add(adesh.ExprKinds)
	}
	if f&patterns != 0 {
		add(adesh.PatternKinds)
	}
	if f&types != 0 {
		add(adesh.TypeKinds)
	}
	if f&decls != 0 {
		add(adesh.DeclKinds)
	}
	if f&others != 0 {
		add(adesh.OtherKinds)
	}
	return out
}

// consumers are the switches on node kinds that must say what they do with every kind of the
// families they switch on (a case with an empty body says "nothing to do here").
var consumers = []struct {
	file  string
	funcs []string
	want  family
}{
	{"frontend/ast/walk.go", []string{"forEachChild"}, every},
	{"frontend/ast/print.go", []string{"printer.node"}, stmts | exprs | patterns | types | decls},
	{"frontend/ast/scope.go", []string{"OpensScope"}, stmts | exprs},
	{"frontend/cfg/build.go", []string{"builder.stmt1"}, stmts},
	{"frontend/cfg/build.go", []string{"builder.expr"}, exprs},
	{"frontend/check/stmt.go", []string{"checker.stmt"}, stmts},
	{"frontend/check/expr.go", []string{"checker.expr1"}, exprs},
	{"frontend/concurrency/escape.go", []string{"analysis.fatesOf1"}, stmts | exprs},
	{"frontend/concurrency/guardlive.go", []string{"guardFlow.node"}, stmts | exprs},
	{"lower/stmt.go", []string{"lowerer.stmt1"}, stmts},
	{"lower/expr.go", []string{"lowerer.expr1"}, exprs},
	// frontend/format keeps a table of layouts, held to the kinds by TestEveryKindHasALayout.
}

// partial are the switches that name several statement kinds on purpose, with the reason.
var partial = map[string]string{
	"frontend/format/stmt.go printer.simpleStmt":          "the parts of a C-style for head; the layout table covers every kind",
	"frontend/format/everyday.go printer.desugared":       "the interpreter's forms the parser desugared",
	"frontend/syntax/everyday.go parser.everydayStmtProd": "the statements whose span takes the `;`",
	"lsp/analysis.go scopeOf": "the nodes that bound a local's scope for rename and completion; a kind " +
		"missing here widens a local's scope to the enclosing block, never narrows it",
}

func TestConsumersHandleEveryKind(t *testing.T) {
	for _, c := range consumers {
		kinds, err := FuncKinds(root+c.file, c.funcs...)
		if err != nil {
			t.Error(err)
			continue
		}
		if miss := Missing(kinds, c.want.kinds()); len(miss) > 0 {
			t.Errorf("%s %s does not say what it does with %s", c.file, strings.Join(c.funcs, ", "), strings.Join(miss, ", "))
		}
	}
}

// TestNoOtherHandListOfStatements finds the switches outside the table that name three
// statement kinds or more: a hand-written list of statements that the next kind would miss. A
// question about control flow (does this end its block, is this inside a loop, can that run
// after this) belongs to the control-flow graph; a switch that must know every kind belongs in
// the table above.
func TestNoOtherHandListOfStatements(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range consumers {
		for _, f := range c.funcs {
			listed[c.file+" "+f] = true
		}
	}
	stmt := map[string]bool{}
	for _, k := range stmts.kinds() {
		stmt[k] = true
	}
	files, err := GoFiles(root+"frontend", root+"lower", root+"lsp", root+"emitgo")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		sws, err := FileSwitches(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, sw := range sws {
			n := 0
			for k := range sw.Kinds {
				if stmt[k] {
					n++
				}
			}
			key := strings.TrimPrefix(f, root) + " " + sw.Func
			if n < 3 || listed[key] || partial[key] != "" {
				continue
			}
			t.Errorf("%s: %s lists %d statement kinds by hand: ask the control-flow graph, or add the switch to the table of consumers and handle every kind", sw.Pos, sw.Func, n)
		}
	}
}
