package lower

import (
	"strconv"
	"strings"
)

// reserved are the names an AdeshLang identifier may not keep in Go: Go's keywords and
// predeclared identifiers, the packages generated code imports, the functions Go treats
// specially, and the names generated code uses for itself.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		break case chan const continue default defer else fallthrough for func go goto if import
		interface map package range return select struct switch type var
		any append bool byte cap clear close complex complex128 complex64 comparable copy delete
		error false float32 float64 imag int int16 int32 int64 int8 iota len make max min new nil
		panic print println real recover rune string true uint uint16 uint32 uint64 uint8 uintptr
		rt strings cmp math init main
		f cx p state Poll Drop`) {
		reserved[w] = true
	}
}

// goName maps an AdeshLang identifier to a Go identifier that cannot collide with a Go keyword,
// a predeclared name, an import or a helper: a reserved name, or one that already ends in `_`,
// gets a `_` appended. Generated helper names end in a single `_` after a non-reserved word, so
// no user name can take them.
func goName(name string) string {
	if reserved[name] || strings.HasSuffix(name, "_") {
		return name + "_"
	}
	return name
}

// namer hands out unique Go names in one namespace (the package, or one function).
type namer struct {
	parent *namer
	used   map[string]bool
}

func newNamer(parent *namer) *namer {
	n := &namer{parent: parent, used: map[string]bool{}}
	if parent == nil {
		// The locals a state machine's Poll declares itself: temporaries must not take them.
		for _, name := range machineLocals {
			n.used[name] = true
		}
	}
	return n
}

// machineLocals are the Go locals the state machine builder writes into Poll methods.
var machineLocals = []string{"step_", "thrown_", "rethrow_", "res_", "result_"}

func (n *namer) taken(name string) bool {
	for s := n; s != nil; s = s.parent {
		if s.used[name] {
			return true
		}
	}
	return false
}

// fresh returns want, or want with a numeric suffix, whichever is free, and takes it.
func (n *namer) fresh(want string) string {
	name := want
	for i := 1; n.taken(name); i++ {
		name = want + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}

// user names a user identifier: its mangled form, made unique.
func (n *namer) user(name string) string {
	g := goName(name)
	if !n.taken(g) {
		n.used[g] = true
		return g
	}
	return n.fresh(g + "_")
}

// temp names a compiler temporary: `want_`, `want1_`, … (never a user name, see goName).
func (n *namer) temp(want string) string {
	name := want + "_"
	for i := 1; n.taken(name); i++ {
		name = want + strconv.Itoa(i) + "_"
	}
	n.used[name] = true
	return name
}

// camel turns snake_case into lowerCamelCase for the names of generated types.
func camel(s string) string {
	parts := strings.Split(s, "_")
	var b strings.Builder
	for i, p := range parts {
		if p == "" {
			continue
		}
		if i > 0 && b.Len() > 0 {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		} else {
			b.WriteString(p)
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}
