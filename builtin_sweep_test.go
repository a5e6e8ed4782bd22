package adesh2go_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"adesh2go/frontend"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/types"
)

// TestBuiltinsTakeDynamicArguments holds the seam between dynamic and static values to the
// builtin table (issue 35): every parameter of every builtin function and method is given a
// static value and, in a second call, the same value held in a dynamic (`any`) variable. The
// checker must accept the second call wherever it accepts the first (`any` fits everything),
// the Go of both must build, and both must print the same thing when they run. A row is either
// called or skipped for a reason written in sweepSkips, so that a new builtin is swept by
// construction, or the test says it was not.
func TestBuiltinsTakeDynamicArguments(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	var rows []sweepRow
	var unplanned []string
	skipped := map[string]int{}
	for id, r := range builtin.All() {
		row, reason := planSweep(id, r)
		switch {
		case row != nil:
			rows = append(rows, *row)
		case reason == "":
			unplanned = append(unplanned, fmt.Sprintf("%s.%s (row %d)", r.Of, r.Name, id))
		default:
			skipped[reason]++
		}
	}
	for reason, n := range skipped {
		t.Logf("not swept, %d: %s", n, reason)
	}
	if len(unplanned) > 0 {
		t.Errorf("builtins with no sample arguments and no reason in sweepSkips:\n\t%s", strings.Join(unplanned, "\n\t"))
	}

	// Each call alone through the checker: the dynamic call is accepted wherever the static one is.
	var called []sweepRow
	refused := 0
	for _, r := range rows {
		if diags := checkSweep(r.program(false)); diags != "" {
			refused++
			t.Logf("%s: the sample call is refused, so the row is not swept:\n%s", r.label, diags)
			continue
		}
		if diags := checkSweep(r.program(true)); diags != "" {
			t.Errorf("%s: refused with a dynamic argument, accepted with a static one:\n%s\n%s", r.label, diags, numbered(r.program(true)))
			continue
		}
		called = append(called, r)
	}
	if refused > len(rows)/10 {
		t.Errorf("%d of %d sample calls are refused: the samples have rotted", refused, len(rows))
	}
	t.Logf("%d builtins called with static and dynamic arguments", len(called))

	// All of them in one program, built and run.
	var src strings.Builder
	headers := map[string]bool{}
	for _, r := range called {
		if r.header != "" && !headers[r.header] {
			headers[r.header] = true
			src.WriteString(r.header)
		}
	}
	for _, r := range called {
		src.WriteString(r.function(false))
		src.WriteString(r.function(true))
	}
	for _, r := range called {
		fmt.Fprintf(&src, "await %s();\nawait %s();\n", r.fn(false), r.fn(true))
	}
	prog := frontend.LoadSource("sweep.adesh", []byte(src.String()))
	if prog.Diags.HasErrors() {
		var b bytes.Buffer
		prog.Diags.WriteText(&b)
		t.Fatalf("the swept calls are refused together:\n%s", b.String())
	}
	goSrc, err := goSourceNoPanic(prog)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := writeOneBinaryModule(dir, map[string][]byte{"sweep": goSrc}); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "programs")
	goCmd(t, dir, "build", "-trimpath", "-o", exe, "./cmd/programs")
	cmd := exec.Command(exe)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), programEnv+"=sweep", "ADESH_WORKERS=2")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the sweep program failed: %v\n%s\nits last lines:\n%s", err, stderr.String(), lastLines(stdout.String(), 4))
	}
	static, dynamic := map[string]string{}, map[string]string{}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		label, rest, _ := strings.Cut(sc.Text(), "\t")
		kind, out, _ := strings.Cut(rest, "\t")
		if kind == "d" {
			dynamic[label] += out + "\n"
		} else {
			static[label] += out + "\n"
		}
	}
	var failing []string
	for _, r := range called {
		if strings.HasPrefix(static[r.label], "failed:") {
			failing = append(failing, r.label+": "+strings.TrimSpace(static[r.label]))
		}
	}
	// A sample that fails exercises only the failure: few may.
	if len(failing) > len(called)/10 {
		t.Errorf("%d of %d sample calls fail when they run:\n\t%s", len(failing), len(called), strings.Join(failing, "\n\t"))
	} else {
		t.Logf("%d sample calls fail when they run:\n\t%s", len(failing), strings.Join(failing, "\n\t"))
	}
	for _, r := range called {
		if static[r.label] == "" {
			t.Errorf("%s printed nothing", r.label)
		} else if static[r.label] != dynamic[r.label] {
			t.Errorf("%s prints differently with a dynamic argument:\nstatic:  %s\ndynamic: %s\n%s", r.label, static[r.label], dynamic[r.label], r.function(true))
		}
	}
}

// sweepRow is one builtin's sample call: setup declares the receiver `r` (if any), callee is what
// is called (`r.push`, `Math.max`, `len`), args the sample arguments as source.
type sweepRow struct {
	id     builtin.ID
	label  string
	header string // the imports it needs
	setup  string
	callee string
	args   []string
	future bool // the call gives a future, which is awaited
}

func (r sweepRow) fn(dynamic bool) string {
	if dynamic {
		return fmt.Sprintf("sweep_%d_d", r.id)
	}
	return fmt.Sprintf("sweep_%d_s", r.id)
}

// function is the call in an async function that prints what it gives and what the receiver
// holds after it, or what it failed with, each line labelled.
func (r sweepRow) function(dynamic bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "async fn %s() {\n    try {\n", r.fn(dynamic))
	if r.setup != "" {
		b.WriteString("        " + r.setup + "\n")
	}
	args := make([]string, len(r.args))
	for i, a := range r.args {
		args[i] = a
		if dynamic {
			fmt.Fprintf(&b, "        let d%d: any = %s;\n", i, a)
			args[i] = fmt.Sprintf("d%d", i)
		}
	}
	call := r.callee + "(" + strings.Join(args, ", ") + ")"
	if r.future {
		call = "await " + call
	}
	kind := "s"
	if dynamic {
		kind = "d"
	}
	fmt.Fprintf(&b, "        let v = %s;\n", call)
	after := ""
	if r.setup != "" {
		after = ", r"
	}
	fmt.Fprintf(&b, "        print(%q, v%s);\n", r.label+"\t"+kind+"\t", after)
	fmt.Fprintf(&b, "    } catch (e) {\n        print(%q, e.message);\n    }\n}\n\n", r.label+"\t"+kind+"\tfailed:")
	return b.String()
}

// program is the call alone, as the checker is given it.
func (r sweepRow) program(dynamic bool) string {
	return r.header + r.function(dynamic) + "await " + r.fn(dynamic) + "();\n"
}

func checkSweep(src string) string {
	prog := frontend.LoadSource("sweep.adesh", []byte(src))
	if !prog.Diags.HasErrors() {
		return ""
	}
	var b bytes.Buffer
	prog.Diags.WriteText(&b)
	return b.String()
}

// sweepReceivers are the receivers of the method kinds swept, with the types a signature is
// built from.
type sweepReceiver struct {
	setup, header string
	in            builtin.In
}

var sweepReceivers = map[builtin.Kind]sweepReceiver{
	builtin.Arrays:  {setup: "let r = [3, 1, 2];", in: builtin.In{Recv: &types.Array{Elem: types.I64}, Elem: types.I64}},
	builtin.Strings: {setup: `let r = "b,a";`, in: builtin.In{Recv: types.StringType}},
	builtin.Chars:   {setup: "let r = 'a';", in: builtin.In{Recv: types.CharType}},
	builtin.Maps: {setup: `let r = {"a": 1, "b": 2};`, in: builtin.In{Recv: &types.MapT{Key: types.StringType, Val: types.I64},
		Key: types.StringType, Val: types.I64}},
	builtin.Sets:    {setup: "let r = set([1, 2]);", in: builtin.In{Recv: &types.SetT{Elem: types.I64}, Elem: types.I64}},
	builtin.Numbers: {setup: "let r = 5;", in: builtin.In{Recv: types.I64, Elem: types.I64}},
	builtin.Values:  {setup: "let r = 5;", in: builtin.In{Recv: types.I64, Elem: types.I64}},
	builtin.Options: {setup: "let r: i64? = 5;", in: builtin.In{Recv: &types.Optional{Elem: types.I64}, Elem: types.I64}},
	builtin.Results: {setup: "let r: Result<i64, string> = Ok(5);", in: builtin.In{Recv: &types.Result{Ok: types.I64, Err: types.StringType},
		Ok: types.I64, Err: types.StringType}},
	builtin.Tuples: {setup: `let r = (1, "x");`, in: builtin.In{Recv: &types.Tuple{Elems: []types.Type{types.I64, types.StringType}}}},
}

// collectionReceiver is a Collections object of i64 (or of i64 keys and values) for the
// methods of kind k, when k is one.
func collectionReceiver(k builtin.Kind) (sweepReceiver, bool) {
	for name, c := range builtin.Collections {
		if c.Of != k {
			continue
		}
		ctor := "Collections." + name + "<i64>()"
		switch name {
		case "RingBuffer":
			ctor = "Collections.RingBuffer<i64>(4)"
		case "Slice":
			ctor = "Collections.Slice([3, 1, 2])"
		case "BitSet":
			ctor = "Collections.BitSet()"
		}
		h := &types.Handle{Kind: c.Handle, Elem: types.I64}
		return sweepReceiver{setup: "let r = " + ctor + ";", header: "import Collections;\n",
			in: builtin.In{Recv: h, Elem: types.I64, Key: types.I64, Val: types.I64}}, true
	}
	return sweepReceiver{}, false
}

// sweepStatics are the type objects whose static members are swept, by the name a program
// calls them through.
var sweepStatics = map[builtin.Kind]struct{ name, header string }{
	builtin.MathModule: {"Math", "import Math;\n"},
	builtin.StdBits:    {"std", ""},
}

// sweepHandArgs are the sample arguments of the builtins whose signature the checker decides
// itself (a row with no Sig).
var sweepHandArgs = map[string][]string{
	".len":      {"[1, 2]"},
	".keys":     {`{"a": 1}`},
	".values":   {`{"a": 1}`},
	".hasKey":   {`{"a": 1}`, `"a"`},
	".set":      {"[1, 2, 1]"},
	".Ok":       {"2"},
	".Err":      {`"e"`},
	".Some":     {"2"},
	".abs":      {"-2"},
	".min":      {"2", "3"},
	".max":      {"2", "3"},
	".sqrt":     {"2.25"},
	".floor":    {"2.5"},
	".ceil":     {"2.5"},
	".round":    {"2.5"},
	".pow":      {"2.0", "3.0"},
	".Tuple":    {"1", `"x"`},
	"any.clone": {},
}

// sweepSkips says why a builtin is not swept, by "kind.name" or by kind ("kind.*").
var sweepSkips = map[string]string{
	".std": "a module", ".Mutex": "a type object", ".RwLock": "a type object", ".Share": "a type object",
	".Promise": "a type object", ".Map": "a type object", ".Channel": "a type object", ".net": "a module",
	".http": "a module", ".fs": "a module",
	".spawn_blocking": "runs a closure on the blocking pool: its own run tests",
	".input":          "reads standard input", ".args": "the program's arguments", ".env": "the environment",
	".clock":      "the time, different at each call",
	"Math.random": "a random number", "Math.randomInt": "a random number", "Math.randomRange": "a random number",
	".exit":   "ends the program",
	".sizeof": "a type's size, known when compiling: no value is passed",
	".join":   "takes futures: the async run tests", ".join_all": "takes futures: the async run tests",
	".select": "takes futures: the async run tests", ".timeout": "takes futures: the async run tests",
	".scope":        "takes an async closure: the async run tests",
	".setTimeout":   "runs its callback later, between other lines",
	".setInterval":  "runs its callback until cleared",
	".channel":      "gives a pair of channel ends: the channel run tests",
	".None":         "takes no argument",
	".yield_now":    "takes no argument",
	".clearTimeout": "takes a timer", ".clearInterval": "takes a timer",
	".eprint":   "writes to standard error",
	".Error":    "takes no argument of a fixed type",
	"any.clone": "only dynamic values have it",
	".Tuple":    "checked by the number of its arguments",
	"Share.*":   "a handle: the sharing run tests", "Weak.*": "a handle: the sharing run tests",
	"Mutex.*": "a handle: the lock run tests", "RwLock.*": "a handle: the lock run tests",
	"Guard.*": "a lock guard: the lock run tests", "Channel.*": "a handle: the channel run tests",
	"JoinHandle.*": "a task: the async run tests", "Promise.*": "a promise: the promise run tests",
	"Scope.*":       "a task scope: the async run tests",
	"TcpListener.*": "network I/O: the net run tests", "TcpStream.*": "network I/O: the net run tests",
	"net.*": "network I/O: the net run tests", "http.*": "network I/O: the http run tests",
	"fs.*": "file I/O: the io run tests",
}

// planSweep is the sample call of a row, or why there is none ("" when nothing says why).
func planSweep(id builtin.ID, r *builtin.Row) (*sweepRow, string) {
	key := r.Of.String() + "." + r.Name
	if why, ok := sweepSkips[key]; ok {
		return nil, why
	}
	if why, ok := sweepSkips[r.Of.String()+".*"]; ok {
		return nil, why
	}
	if r.Module != 0 {
		return nil, "a type object or module"
	}
	if r.Lower.How == builtin.Constant {
		return nil, "a constant"
	}
	row := &sweepRow{id: id, label: fmt.Sprintf("%s.%s", r.Of, r.Name)}
	in := builtin.In{Fresh: func() types.Type { return types.I64 }}
	switch {
	case r.Of == builtin.Global:
		row.callee = r.Name
	case r.Static:
		obj, ok := sweepStatics[r.Of]
		if !ok {
			return nil, sweepKindReason(r.Of)
		}
		row.callee, row.header = obj.name+"."+r.Name, obj.header
	default:
		recv, ok := sweepReceivers[r.Of]
		if !ok {
			recv, ok = collectionReceiver(r.Of)
		}
		if !ok {
			return nil, sweepKindReason(r.Of)
		}
		row.setup, row.callee, row.header = recv.setup, "r."+r.Name, recv.header
		fresh := in.Fresh
		in = recv.in
		in.Fresh = fresh
	}
	if shape, ok := builtin.BitIntrinsic(id); ok {
		for range shape.Arity() {
			row.args = append(row.args, "6")
		}
		return row, ""
	}
	if r.Sig == nil {
		hand := row.label
		if r.Same != 0 { // Math.sqrt is sqrt
			hand = "." + builtin.Of(r.Same).Name
		}
		args, ok := sweepHandArgs[hand]
		if !ok {
			return nil, ""
		}
		row.args = args
		return row, ""
	}
	sig := r.Sig(in)
	for _, p := range sig.Params {
		if p == nil {
			p = types.I64
		}
		lit, ok := sampleOf(p)
		if !ok {
			return nil, fmt.Sprintf("no sample value of %s", p)
		}
		row.args = append(row.args, lit)
	}
	if sig.Variadic != nil {
		lit, ok := sampleOf(sig.Variadic)
		if !ok {
			return nil, fmt.Sprintf("no sample value of %s", sig.Variadic)
		}
		row.args = append(row.args, lit)
	}
	row.future = types.IsFuture(sig.Ret)
	return row, ""
}

// sweepKindReason is why the rows of a kind are not swept: every kind is either swept or has
// a reason in sweepSkips; the others are standard modules and objects the thread and
// Collections run tests call.
func sweepKindReason(k builtin.Kind) string {
	if why, ok := sweepSkips[k.String()+".*"]; ok {
		return why
	}
	return "a standard module's object: its run tests (" + k.String() + ")"
}

// sampleOf is a literal of type t, or false when there is none to write.
func sampleOf(t types.Type) (string, bool) {
	switch t := t.(type) {
	case *types.Basic:
		switch {
		case types.IsFloat(t):
			return "2.5", true
		case types.IsInteger(t):
			return "2", true
		}
		switch t.Kind {
		case types.Bool:
			return "true", true
		case types.String:
			return `"ab"`, true
		case types.Char:
			return "'c'", true
		case types.Any:
			return "2", true
		}
	case *types.Array:
		e, ok := sampleOf(t.Elem)
		return "[" + e + ", " + e + "]", ok
	case *types.SetT:
		e, ok := sampleOf(t.Elem)
		return "set([" + e + "])", ok
	case *types.MapT:
		k, ok1 := sampleOf(t.Key)
		v, ok2 := sampleOf(t.Val)
		return "{" + k + ": " + v + "}", ok1 && ok2
	case *types.Optional:
		return sampleOf(t.Elem)
	case *types.Tuple:
		var es []string
		for _, e := range t.Elems {
			s, ok := sampleOf(e)
			if !ok {
				return "", false
			}
			es = append(es, s)
		}
		return "(" + strings.Join(es, ", ") + ")", true
	case *types.Func:
		var ps []string
		for i, p := range t.Params {
			if types.IsFuture(p) {
				return "", false
			}
			ps = append(ps, fmt.Sprintf("p%d: %s", i, p))
		}
		sig := "(" + strings.Join(ps, ", ") + ")"
		if t.Ret == nil || types.IsUnit(t.Ret) {
			return sig + " => {}", true
		}
		ret, ok := sampleOf(t.Ret)
		return sig + ": " + t.Ret.String() + " => " + ret, ok
	}
	return "", false
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
