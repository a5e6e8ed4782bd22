package editors

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
)

// A small TextMate engine, enough for this grammar: match rules with captures, begin/end rules
// with nested patterns, and includes of the repository. (VS Code uses Oniguruma; the grammar
// keeps to regular expressions that Go's RE2 reads the same way: no lookaround, no
// backreferences, which this engine checks by compiling them.)

type capture struct {
	Name string `json:"name"`
}

type rule struct {
	Name          string             `json:"name"`
	Match         string             `json:"match"`
	Begin         string             `json:"begin"`
	End           string             `json:"end"`
	Include       string             `json:"include"`
	Patterns      []*rule            `json:"patterns"`
	Captures      map[string]capture `json:"captures"`
	BeginCaptures map[string]capture `json:"beginCaptures"`
	EndCaptures   map[string]capture `json:"endCaptures"`

	match, begin, end *regexp.Regexp
}

type grammar struct {
	ScopeName  string           `json:"scopeName"`
	Patterns   []*rule          `json:"patterns"`
	Repository map[string]*rule `json:"repository"`
}

const grammarFile = "vscode/syntaxes/adesh.tmLanguage.json"

func loadGrammar(t *testing.T) *grammar {
	t.Helper()
	data, err := os.ReadFile(grammarFile)
	if err != nil {
		t.Fatal(err)
	}
	var g grammar
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("%s: %v", grammarFile, err)
	}
	var compile func(r *rule, where string)
	compile = func(r *rule, where string) {
		var err error
		re := func(s string) *regexp.Regexp {
			if s == "" {
				return nil
			}
			x, e := regexp.Compile(s)
			if e != nil {
				err = e
			}
			return x
		}
		r.match, r.begin, r.end = re(r.Match), re(r.Begin), re(r.End)
		if err != nil {
			t.Errorf("%s: %v", where, err)
		}
		if (r.begin == nil) != (r.end == nil) {
			t.Errorf("%s: a begin without an end, or an end without a begin", where)
		}
		if r.Include != "" {
			if _, ok := g.Repository[strings.TrimPrefix(r.Include, "#")]; !ok {
				t.Errorf("%s: includes %s, which the repository lacks", where, r.Include)
			}
		}
		for i, p := range r.Patterns {
			compile(p, fmt.Sprintf("%s.patterns[%d]", where, i))
		}
	}
	for name, r := range g.Repository {
		compile(r, "repository."+name)
	}
	for i, r := range g.Patterns {
		compile(r, fmt.Sprintf("patterns[%d]", i))
	}
	return &g
}

// expand resolves includes into the concrete rules (match or begin) they stand for.
func (g *grammar) expand(rules []*rule) []*rule {
	var out []*rule
	for _, r := range rules {
		switch {
		case r.Include != "":
			out = append(out, g.expand([]*rule{g.Repository[strings.TrimPrefix(r.Include, "#")]})...)
		case r.match != nil || r.begin != nil:
			out = append(out, r)
		default:
			out = append(out, g.expand(r.Patterns)...)
		}
	}
	return out
}

type frame struct {
	rule     *rule // nil for the top level
	patterns []*rule
	scopes   []string
}

// tokenize gives the scopes of every byte of src, and the frames left open at its end.
func (g *grammar) tokenize(src string) (scopes [][]string, open []frame) {
	scopes = make([][]string, len(src))
	stack := []frame{{patterns: g.expand(g.Patterns), scopes: []string{g.ScopeName}}}
	set := func(from, to int, s []string) {
		for i := from; i < to; i++ {
			scopes[i] = s
		}
	}
	with := func(s []string, name string) []string {
		if name == "" {
			return s
		}
		return append(append([]string(nil), s...), name)
	}
	setCaptures := func(base int, loc []int, caps map[string]capture, s []string) {
		for k, c := range caps {
			var i int
			fmt.Sscan(k, &i)
			if 2*i+1 < len(loc) && loc[2*i] >= 0 {
				set(base+loc[2*i], base+loc[2*i+1], with(s, c.Name))
			}
		}
	}
	lineStart := 0
	for _, line := range strings.SplitAfter(src, "\n") {
		text := strings.TrimSuffix(line, "\n")
		for pos := 0; pos <= len(text); {
			top := stack[len(stack)-1]
			bestStart, bestLoc, best, isEnd := -1, []int(nil), (*rule)(nil), false
			consider := func(re *regexp.Regexp, r *rule, end bool) {
				loc := re.FindStringSubmatchIndex(text[pos:])
				if loc != nil && (bestStart < 0 || loc[0] < bestStart) {
					bestStart, bestLoc, best, isEnd = loc[0], loc, r, end
				}
			}
			if top.rule != nil {
				consider(top.rule.end, top.rule, true)
			}
			for _, r := range top.patterns {
				if r.match != nil {
					consider(r.match, r, false)
				} else {
					consider(r.begin, r, false)
				}
			}
			if best == nil {
				set(lineStart+pos, lineStart+len(text), top.scopes)
				break
			}
			at := lineStart + pos
			set(at, at+bestStart, top.scopes)
			mStart, mEnd := at+bestLoc[0], at+bestLoc[1]
			switch {
			case isEnd:
				set(mStart, mEnd, top.scopes)
				setCaptures(at, bestLoc, best.EndCaptures, top.scopes)
				stack = stack[:len(stack)-1]
			case best.match != nil:
				s := with(top.scopes, best.Name)
				set(mStart, mEnd, s)
				setCaptures(at, bestLoc, best.Captures, s)
			default:
				s := with(top.scopes, best.Name)
				set(mStart, mEnd, s)
				setCaptures(at, bestLoc, best.BeginCaptures, s)
				stack = append(stack, frame{rule: best, patterns: g.expand(best.Patterns), scopes: s})
			}
			next := pos + bestLoc[1]
			if next == pos {
				next++ // an empty match must not stall
			}
			pos = next
		}
		set(lineStart+len(text), lineStart+len(line), stack[len(stack)-1].scopes)
		lineStart += len(line)
	}
	return scopes, stack[1:]
}

func has(scopes []string, prefixes ...string) bool {
	for _, s := range scopes {
		for _, p := range prefixes {
			if strings.HasPrefix(s, p) {
				return true
			}
		}
	}
	return false
}

// examples are the programs of the docs (every ```adesh block of docs/*.md and README.md),
// examples/*.adesh and the run tests.
func examples(t *testing.T) map[string]string {
	out := map[string]string{}
	pages, _ := filepath.Glob("../docs/*.md")
	pages = append(pages, "../README.md")
	fence := regexp.MustCompile("(?ms)^```adesh[^\n]*\n(.*?)^```")
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range fence.FindAllStringSubmatch(string(data), -1) {
			out[fmt.Sprintf("%s#%03d", p, i)] = m[1]
		}
	}
	files, _ := filepath.Glob("../examples/*.adesh")
	runs, _ := filepath.Glob("../testdata/run/*.adesh")
	files = append(files, runs...)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = string(data)
	}
	if len(out) < 50 {
		t.Fatalf("only %d examples: the paths are wrong", len(out))
	}
	return out
}

// TestGrammarOnDocExamples runs the grammar over every example and checks it against the
// parser: each comment the lexer sees starts in a comment scope, and the grammar puts no
// code in one; each string, character and template literal starts in a string scope; each
// keyword outside literals and comments is scoped as a keyword; no string or comment is left
// open at the end.
func TestGrammarOnDocExamples(t *testing.T) {
	g := loadGrammar(t)
	keywords := map[string]bool{}
	for _, k := range syntax.Keywords() {
		keywords[k] = true
	}
	word := regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	names := make([]string, 0)
	ex := examples(t)
	for n := range ex {
		names = append(names, n)
	}
	sort.Strings(names)
	checked := 0
	for _, name := range names {
		src := ex[name]
		scopes, open := g.tokenize(src)
		for _, f := range open {
			if has([]string{f.rule.Name}, "string", "comment") {
				t.Errorf("%s: the grammar leaves a %s open at the end", name, f.rule.Name)
			}
		}
		fset := source.NewFileSet()
		file := fset.Add(name, name, []byte(src))
		diags := diag.NewList(fset)
		tree := syntax.ParseFile(file, diags)
		if diags.HasErrors() {
			continue // a fragment or a syntax-error example: only the check above applies
		}
		checked++
		inLiteral := make([]bool, len(src))
		inComment := make([]bool, len(src))
		report := func(at int, format string, args ...any) {
			p := file.Position(at)
			t.Errorf("%s:%d:%d: %s (scopes %v)", name, p.Line, p.Col, fmt.Sprintf(format, args...), scopes[at])
		}
		for _, c := range syntax.Comments(src) {
			for i := c.Start; i < c.End; i++ {
				inComment[i] = true
			}
			if !has(scopes[c.Start], "comment") {
				report(c.Start, "the comment %q is not scoped as a comment", c.Text)
			}
		}
		ast.Inspect(tree, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.StringLit, *ast.Template, *ast.CharLit:
				s, e := file.Offset(n.Pos()), file.Offset(n.EndPos())
				if first := src[s]; first != '"' && first != '`' && first != '\'' && !((first == 'r' || first == 'f') && s+1 < e && (src[s+1] == '"' || src[s+1] == '#')) {
					return true // a map key written as a name: `{a: 1}`, also `{first: 1}`
				}
				for i := s; i < e; i++ {
					inLiteral[i] = true
				}
				if !has(scopes[s], "string") {
					report(s, "the literal %q is not scoped as a string", src[s:e])
				}
			}
			return true
		})
		for i := range src {
			if has(scopes[i], "comment") && !inComment[i] {
				report(i, "code is scoped as a comment")
				break
			}
		}
		for _, loc := range word.FindAllStringIndex(src, -1) {
			s, e := loc[0], loc[1]
			w := src[s:e]
			if !keywords[w] || inLiteral[s] || inComment[s] || s > 0 && src[s-1] == '.' || s > 1 && src[s-2:s] == "::" {
				continue
			}
			if !has(scopes[s], "keyword", "storage", "constant.language") {
				report(s, "the keyword %s is not scoped as a keyword", w)
			}
		}
	}
	t.Logf("%d examples run through the grammar, %d checked against the parser", len(names), checked)
}

// TestGrammarKnowsEveryKeyword keeps the grammar in step with the lexer's reserved words and
// the parser's contextual ones (class, extends, implements…).
func TestGrammarKnowsEveryKeyword(t *testing.T) {
	g := loadGrammar(t)
	var kw []*regexp.Regexp
	for _, r := range g.Repository["keywords"].Patterns {
		kw = append(kw, r.match)
	}
	for _, k := range append(syntax.Keywords(), syntax.ContextualKeywords()...) {
		found := false
		for _, re := range kw {
			found = found || re.FindString(k) == k
		}
		if !found {
			t.Errorf("the grammar's keywords lack %s", k)
		}
	}
}
