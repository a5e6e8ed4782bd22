// Package diag holds the diagnostics every stage of adesh2go reports, and renders them as text
// (file:line:col: error[CODE]: message, the source line and a caret) or as JSON.
package diag

import (
	"fmt"
	"slices"
	"sort"

	"adesh2go/frontend/source"
)

// Severity of a diagnostic.
type Severity uint8

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Codes of the language reference, §10.
const (
	Syntax            = "E0600" // the lexer and the parser
	Import            = "E0601" // a file that cannot be read or imported
	AwaitOutsideAsync = "E0700"
	NotSend           = "E0701"
	BorrowEscapes     = "E0702"
	ScopeConflict     = "E0703"
	AwaitInDefer      = "E0704"
	Type              = "E0705"
	FutureNotAwaited  = "W0706"
	GuardAcrossAwait  = "W0707"
	LockWhileHeld     = "E0708"
	GoCallBlocks      = "W0709" // a Go call that may block, in async code, not awaited
)

// Note is a secondary position that explains a diagnostic ("guard acquired here").
type Note struct {
	Pos     source.Pos
	Message string
}

// Diagnostic is one finding. End may be NoPos; then the caret marks one character.
type Diagnostic struct {
	Pos      source.Pos
	End      source.Pos
	Severity Severity
	Code     string
	Message  string
	Notes    []Note
	Help     string
	// Fixes are the edits the help names, for an editor to offer as quick fixes (the first
	// is the preferred one); the text rendering shows the help only.
	Fixes []Fix
	// File names the file of a diagnostic about a whole file (it cannot be read), which has no
	// position in it.
	File string
}

// Fix is one way to mend a diagnostic: edits of the program's files, made together.
type Fix struct {
	Title string
	Edits []Edit
}

// Edit replaces the text from Pos to End (Pos itself: an insertion) by Text.
type Edit struct {
	Pos, End source.Pos
	Text     string
}

// WithFix adds a fix of one edit to d.
func (d *Diagnostic) WithFix(title string, pos, end source.Pos, text string) *Diagnostic {
	return d.WithFixEdits(title, Edit{Pos: pos, End: end, Text: text})
}

// WithFixEdits adds a fix of several edits to d (none: no fix).
func (d *Diagnostic) WithFixEdits(title string, edits ...Edit) *Diagnostic {
	if len(edits) > 0 {
		d.Fixes = append(d.Fixes, Fix{Title: title, Edits: edits})
	}
	return d
}

// MaxErrors bounds the errors kept for one program, so a megabyte of garbage cannot produce a
// megabyte of diagnostics. The last one kept says that more were dropped.
const MaxErrors = 100

// List collects the diagnostics of one program.
type List struct {
	Files   *source.FileSet
	Items   []Diagnostic
	errors  int
	dropped int
}

// NewList returns an empty list for the files of fset.
func NewList(fset *source.FileSet) *List { return &List{Files: fset} }

// Add records d, unless too many errors were recorded already.
func (l *List) Add(d Diagnostic) *Diagnostic {
	if d.Severity == Error {
		if l.errors >= MaxErrors {
			l.dropped++
			return &Diagnostic{}
		}
		l.errors++
	}
	l.Items = append(l.Items, d)
	return &l.Items[len(l.Items)-1]
}

// Errorf records an error with a code and returns it so that the caller can attach notes and
// help.
func (l *List) Errorf(pos, end source.Pos, code, format string, args ...any) *Diagnostic {
	return l.Add(Diagnostic{Pos: pos, End: end, Severity: Error, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Warnf records a warning.
func (l *List) Warnf(pos, end source.Pos, code, format string, args ...any) *Diagnostic {
	return l.Add(Diagnostic{Pos: pos, End: end, Severity: Warning, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Note appends a secondary position to d.
func (d *Diagnostic) Note(pos source.Pos, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, Note{Pos: pos, Message: fmt.Sprintf(format, args...)})
	return d
}

// WithHelp sets the one line saying how to fix d.
func (d *Diagnostic) WithHelp(format string, args ...any) *Diagnostic {
	d.Help = fmt.Sprintf(format, args...)
	return d
}

// HasErrors reports whether any error (not warning) was recorded.
func (l *List) HasErrors() bool { return l.errors > 0 }

// ErrorCount is the number of errors recorded, dropped ones included.
func (l *List) ErrorCount() int { return l.errors + l.dropped }

// Dropped is the number of errors beyond MaxErrors that were not kept.
func (l *List) Dropped() int { return l.dropped }

// Sort orders the diagnostics by position (stable, so one position keeps its report order).
func (l *List) Sort() {
	sort.SliceStable(l.Items, func(i, j int) bool { return l.Items[i].Pos < l.Items[j].Pos })
	// A stage that looks at one construct twice (a global's type annotation is resolved when
	// its name is declared and again when it is checked) reports what it finds there once.
	kept := l.Items[:0]
	for _, d := range l.Items {
		if repeats(kept, d) {
			if d.Severity == Error {
				l.errors--
			}
			continue
		}
		kept = append(kept, d)
	}
	l.Items = kept
}

// repeats reports whether d is among the sorted diagnostics at its position.
func repeats(sorted []Diagnostic, d Diagnostic) bool {
	for i := len(sorted) - 1; i >= 0 && sorted[i].Pos == d.Pos; i-- {
		if sameDiagnostic(sorted[i], d) {
			return true
		}
	}
	return false
}

func sameDiagnostic(a, b Diagnostic) bool {
	return a.Pos == b.Pos && a.End == b.End && a.Severity == b.Severity && a.Code == b.Code &&
		a.Message == b.Message && a.Help == b.Help && slices.Equal(a.Notes, b.Notes)
}

// Merge appends the diagnostics of other (which must share the file set).
func (l *List) Merge(other *List) {
	for _, d := range other.Items {
		l.Add(d)
	}
	l.dropped += other.dropped
}

// Plural is "s" unless n is 1: `%d parameter%s`.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
