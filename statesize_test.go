package adesh2go_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adesh2go"
	"adesh2go/frontend"
	"adesh2go/lower"
	"adesh2go/lower/ir"
)

// stateStructCase is a program and the exact fields its state structs must have: the tag, the
// parameters, the locals live across an await, the sub-futures (one field per type), defers
// and the error being handled. A local used only before or only after its awaits must not be
// there.
type stateStructCase struct {
	name   string
	src    string
	fields map[string][]string
}

var stateStructCases = []stateStructCase{
	{
		name: "liveness",
		src: `
async fn step(x: i64): i64 {
    await yield_now();
    return x;
}

// before is dead at the await, kept lives across it, v/after/label are born after it.
async fn mix(a: i64, b: string): string {
    let before = a * 2;
    let kept = f"{b}!";
    let v = await step(before);
    let after = v + 1;
    let label = f"{kept}{after}";
    return label;
}

async fn main() { print(await mix(20, "x")); }
`,
		fields: map[string][]string{
			"stepFuture": {"state", "x", "sub1_"},
			"mixFuture":  {"state", "a", "b", "kept", "sub1_"},
			"mainFuture": {"state", "sub1_"},
		},
	},
	{
		name: "loops",
		src: `
async fn step(x: i64): i64 {
    await yield_now();
    return x;
}

// The loop's counter and bound live across the await; sq and the loop variable do not.
async fn total(n: i64): i64 {
    let sum = 0;
    for i in 0..n {
        let sq = i * i;
        sum += await step(sq);
    }
    return sum;
}

// Two awaits of one future type share one field.
async fn twice(): i64 {
    let a = await step(1);
    let b = await step(2);
    return a + b;
}

async fn main() { print(await total(4), await twice()); }
`,
		fields: map[string][]string{
			"stepFuture":  {"state", "x", "sub1_"},
			"totalFuture": {"state", "n", "i_", "n_", "sum", "sub1_"},
			"twiceFuture": {"state", "a", "sub1_"},
			// The first argument waits in its await temporary while the second is awaited.
			"mainFuture": {"state", "aw_", "sub1_", "sub2_"},
		},
	},
	{
		name: "cleanup",
		src: `
async fn step(x: i64): i64 {
    await yield_now();
    return x;
}

// A share parameter, pending defers and a catch: local is read before the await only.
async fn guarded(s: Share<i64>): i64 {
    defer print("done");
    let local = *s + 1;
    try {
        let r = await step(local);
        return r;
    } catch (e) {
        print(e.message);
        return -1;
    }
}

async fn main() {
    share let s: Share<i64> = share 41;
    print(await guarded(s));
}
`,
		fields: map[string][]string{
			"stepFuture":    {"state", "x", "sub1_"},
			"guardedFuture": {"state", "s", "sub1_", "defers_", "err_"},
			"mainFuture":    {"state", "s", "sub1_"},
		},
	},
}

// TestStateStructFields checks the exact field set of the state structs of small programs, and
// reports their unsafe.Sizeof as the compiled programs see it (all built in one go command).
func TestStateStructFields(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string][]byte{}
	for _, c := range stateStructCases {
		entry := filepath.Join(dir, c.name+".adesh")
		if err := os.WriteFile(entry, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		prog := frontend.Load(entry)
		if prog.Diags.HasErrors() {
			var b bytes.Buffer
			prog.Diags.WriteText(&b)
			t.Fatalf("%s does not compile:\n%s", c.name, b.String())
		}
		ir, err := lower.Lower(prog.Info, prog.Fset)
		if err != nil {
			t.Fatal(err)
		}
		got := stateStructs(ir)
		for name, want := range c.fields {
			fields, ok := got[name]
			if !ok {
				t.Errorf("%s: no state struct %s; have %v", c.name, name, keys(got))
				continue
			}
			if !slices.Equal(fields, want) {
				t.Errorf("%s: %s has fields %v, want %v", c.name, name, fields, want)
			}
		}
		if srcs[c.name], err = adesh2go.GoSource(prog); err != nil {
			t.Fatal(err)
		}
	}
	if testing.Short() {
		return
	}
	sizes := stateStructSizes(t, dir, srcs)
	for _, c := range stateStructCases {
		for _, name := range keys(c.fields) {
			t.Logf("%s: unsafe.Sizeof(%s{}) = %d bytes, fields %v", c.name, name, sizes[c.name][name], c.fields[name])
		}
	}
}

// stateStructs lists the fields of every state struct of a lowered program.
func stateStructs(p *ir.Program) map[string][]string {
	out := map[string][]string{}
	for _, d := range p.Decls {
		td, ok := d.(*ir.TypeDecl)
		if !ok || !strings.Contains(td.Doc, "is the state machine of") {
			continue
		}
		st, ok := td.Type.(*ir.TStruct)
		if !ok {
			continue
		}
		var names []string
		for _, f := range st.Fields {
			names = append(names, f.Name)
		}
		out[td.Name] = names
	}
	return out
}

func keys(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// stateStructSizes builds every program with a file that prints unsafe.Sizeof of its state
// structs, runs them and reads what they print: program → struct → size.
func stateStructSizes(t *testing.T, dir string, srcs map[string][]byte) map[string]map[string]int {
	mod := filepath.Join(dir, "mod")
	if err := writeTestModule(mod, srcs); err != nil {
		t.Fatal(err)
	}
	for _, c := range stateStructCases {
		var b strings.Builder
		b.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"unsafe\"\n)\n\nfunc init() {\n\tif os.Getenv(\"ADESH_SIZES\") == \"\" {\n\t\treturn\n\t}\n")
		for _, n := range keys(c.fields) {
			b.WriteString("\tfmt.Println(\"" + n + "\", unsafe.Sizeof(" + n + "{}))\n")
		}
		b.WriteString("\tos.Exit(0)\n}\n")
		if err := os.WriteFile(filepath.Join(mod, "progs", c.name, "sizes.go"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "bin")
	goCmd(t, mod, "build", "-trimpath", "-o", bin+string(filepath.Separator), "./progs/...")
	all := map[string]map[string]int{}
	for _, c := range stateStructCases {
		cmd := exec.Command(filepath.Join(bin, c.name))
		cmd.Env = append(os.Environ(), "ADESH_SIZES=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		sizes := map[string]int{}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) == 2 {
				sizes[f[0]], _ = strconv.Atoi(f[1])
			}
		}
		if len(sizes) != len(c.fields) {
			t.Fatalf("%s printed %q", c.name, out)
		}
		all[c.name] = sizes
	}
	return all
}
