package main

import (
	"path/filepath"
	"strings"
	"testing"

	"adesh2go"
	"adesh2go/frontend"
)

// TestExplainTypesListsFallbacks checks that `check --explain-types` names every place that fell
// back to the dynamic type, with its reason, in source order.
func TestExplainTypesListsFallbacks(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "dyn.adesh", `fn show(x) { print(x); }
show(1);
show("two");
let mixed = [1, "a"];
let rec = {"name": "Ada", "age": 36};
let f = fn(v) { return v; };
let g = (w) => w;
fn same(a, b) { return a + b; }
print(same(1, 2), same(3, 4), f(1), f("one"), mixed, rec);
fn pick(k: i64) { if k > 0 { return 1; } return "one"; }
fn maybe(k: i64) { if k > 0 { return 1; } return null; }
print(pick(1), maybe(1));
`)
	out, errs, code := cli(t, "check", "--explain-types", file)
	if code != 0 || errs != "" {
		t.Fatalf("check failed (status %d):\n%s", code, errs)
	}
	want := []string{
		"dyn.adesh:1:9: `x` is dynamic (any): its uses and call sites disagree: `i64` and `string`",
		"dyn.adesh:4:13: `array literal` is dynamic (any): its elements have different types",
		"dyn.adesh:5:11: `object literal` is dynamic (any): its fields have different types (an object used as a record)",
		"dyn.adesh:6:12: `v` is dynamic (any): its uses and call sites disagree: `i64` and `string`",
		"dyn.adesh:7:10: `w` is dynamic (any): a lambda parameter without a type, in a place that does not say what it receives",
		"dyn.adesh:10:4: `the result of pick` is dynamic (any): its returns have different types: `i64` and `string`",
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasSuffix(lines[i], w) {
			t.Errorf("line %d:\n got  %s\n want …%s", i+1, lines[i], w)
		}
	}
	// `same` is called with integers only: its parameters are typed, so they are not listed;
	// `maybe` returns an optional, a static type.
	if strings.Contains(out, "`a`") || strings.Contains(out, "`b`") {
		t.Errorf("agreeing call sites must give static types:\n%s", out)
	}
}

// TestTypedProgramsEmitNoDynamicValues checks the rule of §7 on the fully typed run programs:
// --explain-types finds nothing, and the Go they compile to never mentions the dynamic value
// type or its operations.
func TestTypedProgramsEmitNoDynamicValues(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/run/s_*.adesh")
	mains, _ := filepath.Glob("../../testdata/run/s_*/main.adesh")
	dynamic := map[string]bool{ // the programs about dynamic values
		"s_42_err_dynamic.adesh":            true,
		"s_44_everyday_dynamic.adesh":       true,
		"s_34_places.adesh":                 true, // its last function takes integers and floats
		"s_52_values_into_containers.adesh": true, // an [any] array
		"s_54_print_cycles.adesh":           true, // a record that contains itself
		"s_60_dynamic_array_order.adesh":    true, // [any] arrays
		"s_61_typeof_names":                 true, // typeof of dynamic values
		"s_62_truthy_predicates.adesh":      true, // predicates on [any]
		"s_63_gradual_results.adesh":        true, // functions whose returns disagree
		"s_65_lookup_default.adesh":         true, // lookups on dynamic maps and records
		"s_68_results_that_fall_off.adesh":  true, // a result that is any
		"s_70_library_spellings.adesh":      true, // the methods of dynamic arrays, strings, maps
	}
	checked := 0
	for _, f := range append(files, mains...) {
		name := filepath.Base(f)
		if name == "main.adesh" {
			name = filepath.Base(filepath.Dir(f)) // a program of several files
		}
		if dynamic[name] {
			continue
		}
		out, errs, code := cli(t, "check", "--explain-types", f)
		if code != 0 || strings.TrimSpace(out) != "every value has a static type: the program uses no dynamic values" {
			t.Errorf("%s: status %d, explain-types says:\n%s%s", f, code, out, errs)
			continue
		}
		prog := frontend.Load(f)
		src, err := adesh2go.GoSource(prog)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, dyn := range []string{"rt.Value", "rt.Dyn", "rt.AsInt", "rt.AsFloat", "rt.DynTo"} {
			if strings.Contains(string(src), dyn) {
				t.Errorf("%s: a fully typed program emits %s", f, dyn)
			}
		}
		checked++
	}
	if checked < 30 {
		t.Errorf("only %d typed programs found", checked)
	}
}
