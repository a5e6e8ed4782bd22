package machine

import (
	"strings"

	"adesh2go/lower/ir"
)

// In a debug build (Spec.Debug) the locals an async fn keeps in its state struct are shown to a
// debugger as Go locals of their own names: Poll declares a mirror of each (`var count int64`)
// and copies the fields into the mirrors when a state begins and after each statement of the
// user's, so that a stop on a line shows the values as they are before it runs. Delve's
// `locals` (and an editor's Variables pane) lists them beside the locals Poll has anyway; the
// fields stay where the code reads and writes them (the receiver f shows them too).

// mirrored lists the fields a user would call locals: parameters, captures and the locals
// kept across awaits, not the state, the sub-futures or the compiler's temporaries.
func (m *machine) mirrored() []*ir.FieldDecl {
	var out []*ir.FieldDecl
	for _, f := range m.fields() {
		if f.Name == "state" || strings.HasSuffix(f.Name, "_") {
			continue
		}
		out = append(out, f)
	}
	return out
}

// mirrorDecls declares the mirrors.
func mirrorDecls(fields []*ir.FieldDecl) []ir.Stmt {
	var out []ir.Stmt
	for _, f := range fields {
		out = append(out, &ir.Define{V: &ir.Local{Name: f.Name, Type: f.Type, Reads: 1}})
	}
	return out
}

// mirrorRefresh copies the fields into the mirrors.
func mirrorRefresh(fields []*ir.FieldDecl) ir.Stmt {
	s := &ir.Assign{Op: "="}
	for _, f := range fields {
		s.Lhs = append(s.Lhs, &ir.Ident{Name: f.Name})
		s.Rhs = append(s.Rhs, &ir.Sel{X: &ir.Ident{Name: "f"}, Name: f.Name})
	}
	return s
}

// withMirrors refreshes the mirrors after each statement of the user's in a list (and in the
// lists inside it), where control goes on after it.
func withMirrors(list []ir.Stmt, fields []*ir.FieldDecl) []ir.Stmt {
	out := make([]ir.Stmt, 0, 2*len(list))
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Block:
			s.Stmts = withMirrors(s.Stmts, fields)
		case *ir.If:
			mirrorIf(s, fields)
		case *ir.For:
			s.Body.Stmts = withMirrors(s.Body.Stmts, fields)
		case *ir.ForRange:
			s.Body.Stmts = withMirrors(s.Body.Stmts, fields)
		case *ir.Switch:
			for _, c := range s.Cases {
				c.Body = withMirrors(c.Body, fields)
			}
		case *ir.TypeSwitch:
			for _, c := range s.Cases {
				c.Body = withMirrors(c.Body, fields)
			}
		}
		out = append(out, s)
		switch s.(type) {
		case *ir.Return, *ir.Branch:
			continue
		}
		if ir.LineOf(s) != nil {
			out = append(out, mirrorRefresh(fields))
		}
	}
	return out
}

func mirrorIf(s *ir.If, fields []*ir.FieldDecl) {
	s.Then.Stmts = withMirrors(s.Then.Stmts, fields)
	switch e := s.Else.(type) {
	case *ir.Block:
		e.Stmts = withMirrors(e.Stmts, fields)
	case *ir.If:
		mirrorIf(e, fields)
	}
}
