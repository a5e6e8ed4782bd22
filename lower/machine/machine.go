// Package machine is the state-machine pass: it turns the body of an async fn, async block or
// the program's top level, lowered to IR as if it were synchronous, into a state struct and its
// Poll, catch_ and Drop methods. It works on the IR alone; what it asks of the lowerer is the
// Lowerer interface.
package machine

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// A state machine is built from a body lowered as if it were synchronous. Every statement that
// awaits (directly or in a nested statement) is "exploded" into cases of one switch on the state
// tag; statements that do not await are kept as they are, inside the current case. A jump
// between cases sets the tag and continues the dispatch loop (or falls through into the next
// case):
//
//	func (f *fooFuture) Poll(cx *rt.Context) rt.Poll[T] {
//	poll_:
//		for {
//			switch f.state {
//			case 0: …; f.sub1_ = bar(x); f.state = 1; fallthrough
//			case 1: step_ := f.sub1_.Poll(cx); if !step_.Ready { return rt.Pending[T]() } …
//			}
//		}
//	}
//
// Locals live across an await (read in a case entered by resuming) become fields of the state
// struct; the others are Go locals of Poll (machine_live.go). try/finally: machine_try.go;
// closures in loops: machine_cells.go; the final tidying: machine_tidy.go; the struct, Poll,
// catch_ and Drop: machine_emit.go.

// Spec describes a state machine to build: an async fn, an async block, an async lambda or
// the top-level statements.
type Spec struct {
	Name       string
	Doc        string
	TypeParams []*ir.TypeParam
	Fields     []*ir.Local // parameters and captures, stored by the constructor
	// ByPointer holds the fields stored as a pointer to the local's type: the receiver of a
	// method that changes self (the future changes the value it was called on).
	ByPointer map[*ir.Local]bool
	Body      []ir.Stmt // the body lowered as if synchronous, with Await, Defer and Try nodes
	Ret       types.Type
	Line      *ir.Line
	// What names the future in the error of an await after it completed (`work`, the async
	// block), and Pos is where it is written; empty for the program's own future.
	What string
	Pos  ir.Expr
	// Debug shows the locals kept in the state struct to a debugger (machine_debug.go).
	Debug bool
}

// Lowerer is what the pass asks of the lowerer that calls it.
type Lowerer interface {
	// ValueType is the Go type of a value of an AdeshLang type.
	ValueType(t types.Type) ir.Type
	// FallOffEnd is the statement ending a body whose end control cannot reach.
	FallOffEnd(ret types.Type) ir.Stmt
	// IsStruct reports whether a type of the program is a struct (not an enum's interface).
	IsStruct(name string) bool
	// Temp is a fresh compiler temporary.
	Temp(want string, t ir.Type) *ir.Local
	// ReleaseCall releases a guard, share or option of one held (its type t).
	ReleaseCall(x ir.Expr, t ir.Type) ir.Expr
}

type mcase struct {
	id    int
	stmts []ir.Stmt
	succ  []*mcase
	try   *mtry // the try region the case belongs to, if any
	// resumed is true for cases entered in a later call of Poll (after an await, a caught error).
	resumed bool
	// sub is the sub-future field this case polls (for Drop).
	sub *ir.FieldDecl
	// seq orders the cases as their code was written, for the output.
	seq int
	// about says what the state is, for a reader of the output (the case's comment).
	about string
}

type mloop struct {
	exploded bool
	brk      *mcase
	cont     *mcase
	label    string // a Go loop's label, when the body names it
	fins     int    // len(machine.fins) when the loop started: the finallys a jump out of it runs
}

type mtry struct {
	handler *mcase
	outer   *mtry
}

type machine struct {
	l           Lowerer
	prog        *ir.Program
	spec        *Spec
	self        ir.Type // the state struct type
	resultT     ir.Type
	cases       []*mcase
	cur         *mcase
	loops       []*mloop
	try         *mtry
	subs        []*ir.FieldDecl
	defers      *ir.Local // the state struct's pending defers, when it has any
	err         *ir.Local // the error being handled by a catch
	fins        []*mfin
	ret         *ir.Local          // the value a return keeps while finally blocks run
	extra       []*ir.Local        // fields of finally blocks
	cells       map[*ir.Local]bool // bindings closures capture (boxed when declared in an exploded loop)
	funcLitRefs map[*ir.Local]bool // the cells a function literal uses (closureCaptured)
	results     map[*ir.Local]bool // the res_ variables of returns
	cellRefs    []cellRef
	hoisted     []*ir.Local
	locals      map[*ir.Local]bool // locals declared at the exploded level
	usesJump    bool
	jumps       []*jumpRef
	seq         int
	nsub        int
	nfin        int
}

// Build builds the state struct, Poll and Drop of spec, adds them to prog and returns the
// struct type.
func Build(l Lowerer, prog *ir.Program, spec *Spec) ir.Type {
	var targs []ir.Type
	for _, tp := range spec.TypeParams {
		targs = append(targs, goType(tp.Name))
	}
	m := &machine{l: l, prog: prog, spec: spec, self: &ir.TName{Name: spec.Name, Args: targs}, resultT: l.ValueType(spec.Ret),
		locals: map[*ir.Local]bool{}, results: map[*ir.Local]bool{}}
	if ir.HasDefer(spec.Body) {
		m.defers = &ir.Local{Name: "defers_", Type: rtType("Defers"), Field: true}
		// A defer in a try that does not await sits in the try's closure, out of rewrite's
		// reach: every defer becomes a push onto the future's list here.
		spec.Body = ir.ReplaceDefers(spec.Body, func(d *ir.Defer) ir.Stmt { return ir.DeferCall(d, m.defers) })
	}
	m.cells, m.funcLitRefs = closureCaptured(spec.Body)
	m.cur = m.newCase()
	m.cur.about = "start"
	m.explode(spec.Body)
	if m.cur != nil {
		// Falling off the end returns (), or null for an optional or dynamic result; with
		// another result, the checker proved it unreachable (every path returns or throws, as
		// after a try whose body and catch both leave).
		if types.IsUnit(spec.Ret) || types.IsNever(spec.Ret) {
			m.emitReturn(nil)
		} else if r, ok := m.l.FallOffEnd(spec.Ret).(*ir.Return); ok {
			m.emitReturn(r)
		} else {
			m.emit(ir.Unreachable())
			m.cur = nil
		}
	}
	m.compact()
	m.decideFields()
	for _, c := range m.cases {
		c.stmts = m.inlineResults(c.stmts)
	}
	for _, c := range m.cellRefs {
		c.cell.Field = c.v.Field
	}
	// The struct first, then Poll and Drop and their helpers, for a reader of the output.
	start := len(prog.Decls)
	poll := m.pollFunc()
	drop := m.dropFunc()
	helpers := append([]ir.Decl(nil), prog.Decls[start:]...)
	prog.Decls = append(prog.Decls[:start], m.structDecl(),
		&ir.VarDecl{Name: m.doneName(), Value: &ir.Lit{Text: ir.Itoa(m.done())}, Const: true}, poll, drop)
	prog.Decls = append(prog.Decls, helpers...)
	return m.self
}

func (m *machine) newCase() *mcase {
	c := &mcase{id: len(m.cases), try: m.try}
	m.cases = append(m.cases, c)
	return c
}

// done is the state of a completed (or dropped) future.
func (m *machine) done() int { return len(m.cases) }

// doneName names the done state: a constant beside the state struct.
func (m *machine) doneName() string { return m.self.(*ir.TName).Name + "Done_" }

// zero is the zero value of t as a reader expects it: `T{}` for a struct of the program (a
// state struct, a user struct), where ir.ZeroOf, which cannot tell it from an enum's interface,
// gives `*new(T)`.
func (m *machine) zero(t ir.Type) ir.Expr {
	if n, ok := t.(*ir.TName); ok && n.Pkg == "" && m.l.IsStruct(n.Name) {
		return &ir.Composite{Type: t}
	}
	return ir.ZeroOf(t)
}

// at is ` at FILE:LINE`, where a state's code comes from, or nothing.
func at(l *ir.Line) string {
	if l == nil {
		return ""
	}
	return " at " + path.Base(l.File) + ":" + ir.Itoa(l.Line)
}

func (m *machine) emit(s ...ir.Stmt) {
	if m.cur == nil {
		return // unreachable code after a jump
	}
	if m.cur.seq == 0 {
		m.seq++
		m.cur.seq = m.seq
	}
	m.cur.stmts = append(m.cur.stmts, s...)
}

func stateRef() ir.Expr { return &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "state"} }

// jumpStmts sets the state and goes round the dispatch loop.
func (m *machine) jumpStmts(to *mcase) []ir.Stmt {
	m.cur.succ = append(m.cur.succ, to)
	j := &jumpRef{set: &ir.Lit{}, br: &ir.Branch{Tok: "continue", Label: "poll_"}, to: to}
	m.jumps = append(m.jumps, j)
	return []ir.Stmt{&ir.Assign{Lhs: []ir.Expr{stateRef()}, Op: "=", Rhs: []ir.Expr{j.set}}, j.br}
}

// jump ends the current case with a jump to another.
func (m *machine) jump(to *mcase) {
	if m.cur == nil {
		return
	}
	m.emit(m.jumpStmts(to)...)
	m.cur = nil
}

// suspends reports whether a statement awaits, directly or in a nested statement (not in a
// function literal).
func suspends(s ir.Stmt) bool {
	found := false
	ir.WalkStmts([]ir.Stmt{s}, false, func(x ir.Stmt) {
		switch x.(type) {
		case *ir.Await, *ir.Try:
			found = true
		}
	})
	return found
}

func (m *machine) explode(list []ir.Stmt) {
	for _, s := range list {
		m.explodeStmt(s)
	}
}

func (m *machine) explodeStmt(s ir.Stmt) {
	if m.cur == nil {
		return
	}
	if !suspends(s) {
		r := m.rewrite(s, 0)
		if blk, ok := r.(*ir.Block); ok && len(blk.Stmts) == 0 {
			return
		}
		m.emit(r)
		if ir.Terminates([]ir.Stmt{r}) {
			m.cur = nil // what follows a return, a jump or a throw is unreachable
		}
		return
	}
	switch s := s.(type) {
	case *ir.Await:
		m.await(s)
	case *ir.Block:
		m.explode(s.Stmts)
	case *ir.If:
		if s.Init != nil {
			m.explodeStmt(s.Init)
		}
		elseC := m.newCase()
		after := m.newCase()
		elseC.about, after.about = "else of the if"+at(s.Line), "after the if"+at(s.Line)
		m.emit(&ir.If{Cond: ir.Not(s.Cond), Then: &ir.Block{Stmts: m.jumpStmts(elseC)}, Line: s.Line})
		m.explode(s.Then.Stmts)
		m.jump(after)
		m.cur = elseC
		if s.Else != nil {
			m.explodeStmt(s.Else)
		}
		m.jump(after)
		m.cur = after
	case *ir.For:
		m.explodeFor(s)
	case *ir.ForRange:
		m.explodeFor(m.rangeToFor(s))
	case *ir.Switch:
		m.explodeSwitch(s)
	case *ir.Try:
		m.explodeTry(s)
	default:
		m.emit(m.rewrite(s, 0))
	}
}

// await suspends until a future is ready: store it, then poll it in a case of its own.
func (m *machine) await(a *ir.Await) {
	field := m.subField(a.FutType)
	sub := &ir.Sel{X: &ir.Ident{Name: "f"}, Name: field.Name}
	m.emit(&ir.Assign{Lhs: []ir.Expr{sub}, Op: "=", Rhs: []ir.Expr{a.Future}, Line: a.Line})
	next := m.newCase()
	next.about = "after the await" + at(a.Line)
	next.resumed = true
	next.sub = field
	m.jump(next)
	m.cur = next
	p := &ir.Local{Name: "step_", Type: rtType("Poll", a.Result), Reads: 1}
	m.emit(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: p}}, Op: ":=", Rhs: []ir.Expr{&ir.Call{Fun: &ir.Sel{X: sub, Name: "Poll"}, Args: []ir.Expr{&ir.Ident{Name: "cx"}}}}, Line: a.Line})
	pending := []ir.Stmt{&ir.Return{Results: []ir.Expr{rtCallT("Pending", []ir.Type{m.resultT})}}}
	if n, ok := a.FutType.(*ir.TName); !ok || n.Pkg != "" {
		// For the task dump. The state machine of an async fn or block records its own, deeper
		// site: the innermost await is where the task waits.
		pending = append([]ir.Stmt{&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "cx"}, Name: "SuspendedAt"}, Args: []ir.Expr{&ir.Lit{Text: strconv.Quote(a.Site)}}}}}, pending...)
	}
	m.emit(&ir.If{Cond: &ir.Unary{Op: "!", X: &ir.Sel{X: &ir.Ref{V: p}, Name: "Ready"}}, Then: &ir.Block{Stmts: pending}})
	m.emit(&ir.Assign{Lhs: []ir.Expr{sub}, Op: "=", Rhs: []ir.Expr{m.zero(a.FutType)}})
	if a.Dst != nil {
		m.emit(&ir.Assign{Lhs: []ir.Expr{a.Dst}, Op: "=", Rhs: []ir.Expr{&ir.Sel{X: &ir.Ref{V: p}, Name: "Value"}}})
	}
}

// subField is the field an awaited sub-future of type t is stored in. A future awaits one thing
// at a time, so every await of one type shares one field.
func (m *machine) subField(t ir.Type) *ir.FieldDecl {
	key := typeKey(t)
	for _, f := range m.subs {
		if typeKey(f.Type) == key {
			return f
		}
	}
	m.nsub++
	f := &ir.FieldDecl{Name: "sub" + ir.Itoa(m.nsub) + "_", Type: t}
	m.subs = append(m.subs, f)
	return f
}

// typeKey writes a Go type out, to compare types.
func typeKey(t ir.Type) string {
	var b strings.Builder
	var w func(ir.Type)
	list := func(ts []ir.Type) {
		for i, x := range ts {
			if i > 0 {
				b.WriteByte(',')
			}
			w(x)
		}
	}
	w = func(t ir.Type) {
		switch t := t.(type) {
		case *ir.TName:
			b.WriteString(t.Pkg + "." + t.Name)
			if len(t.Args) > 0 {
				b.WriteByte('[')
				list(t.Args)
				b.WriteByte(']')
			}
		case *ir.TPtr:
			b.WriteByte('*')
			w(t.Elem)
		case *ir.TSlice:
			b.WriteString("[]")
			w(t.Elem)
		case *ir.TFunc:
			b.WriteString("func(")
			list(t.Params)
			b.WriteString(")(")
			list(t.Results)
			b.WriteByte(')')
		default:
			fmt.Fprintf(&b, "%p", t) // struct and interface literals: only identical nodes match
		}
	}
	w(t)
	return b.String()
}

// explodeFor explodes a loop whose body awaits.
func (m *machine) explodeFor(s *ir.For) {
	if s.Init != nil {
		m.explodeStmt(m.defineOf(s.Init))
	}
	head := m.newCase()
	post := m.newCase()
	exit := m.newCase()
	head.about, post.about, exit.about = "head of the loop"+at(s.Line), "next turn of the loop"+at(s.Line), "after the loop"+at(s.Line)
	m.jump(head)
	m.cur = head
	if s.Cond != nil {
		m.emit(&ir.If{Cond: ir.Not(s.Cond), Then: &ir.Block{Stmts: m.jumpStmts(exit)}, Line: s.Line})
	}
	m.loops = append(m.loops, &mloop{exploded: true, brk: exit, cont: post, label: s.Label, fins: len(m.fins)})
	m.explode(s.Body.Stmts)
	m.loops = m.loops[:len(m.loops)-1]
	m.jump(post)
	m.cur = post
	if s.Post != nil {
		m.emit(ir.OnLine(m.rewrite(m.defineOf(s.Post), 0), s.Line))
	}
	m.jump(head)
	m.cur = exit
}

// defineOf turns `i := 0` of a for header into an assignment of the hoisted variable.
func (m *machine) defineOf(s ir.Stmt) ir.Stmt {
	if a, ok := s.(*ir.Assign); ok && a.Op == ":=" && len(a.Lhs) == 1 {
		if r, ok := a.Lhs[0].(*ir.Ref); ok {
			return &ir.Define{V: r.V, Value: a.Rhs[0]}
		}
	}
	return s
}

// rangeToFor turns a range loop into an index loop that survives suspensions: over a slice, the
// entries of a map, or the characters of a string.
func (m *machine) rangeToFor(s *ir.ForRange) *ir.For {
	l := m.l
	var seq ir.Expr = s.X
	var elemT ir.Type
	isMap := false
	if x, ok := s.X.(*ir.Call); ok {
		if sel, ok := x.Fun.(*ir.Sel); ok && sel.Name == "All" {
			if s.Value == nil {
				// The keys of a map: iterate over a snapshot of them.
				seq = &ir.Call{Fun: &ir.Sel{X: sel.X, Name: "Keys"}}
				s = &ir.ForRange{Label: s.Label, Value: s.Key, X: seq, Body: s.Body, Line: s.Line}
			} else {
				// A map: iterate over a snapshot of its entries.
				seq = &ir.Call{Fun: &ir.Sel{X: sel.X, Name: "Entries"}}
				elemT = rtType("Tuple2", s.Key.Type, s.Value.Type)
				isMap = true
			}
		}
	}
	if s.Value != nil {
		if n, ok := s.Value.Type.(*ir.TName); ok && n.Name == "rune" && n.Pkg == "" {
			seq = &ir.Conv{Type: &ir.TSlice{Elem: goType("rune")}, X: s.X}
		}
	}
	items := l.Temp("items", nil)
	it := l.Temp("i", tInt)
	it.Reads += 3
	items.Reads += 2
	var body []ir.Stmt
	if isMap {
		entry := &ir.Index{X: &ir.Ref{V: items}, Index: &ir.Ref{V: it}}
		body = append(body, &ir.Define{V: s.Key, Value: &ir.Sel{X: entry, Name: "F0"}})
		if s.Value != nil {
			body = append(body, &ir.Define{V: s.Value, Value: &ir.Sel{X: entry, Name: "F1"}})
		}
		items.Type = &ir.TSlice{Elem: elemT}
	} else {
		if s.Key != nil {
			body = append(body, &ir.Define{V: s.Key, Value: &ir.Conv{Type: tInt64, X: &ir.Ref{V: it}}})
		}
		if s.Value != nil {
			body = append(body, &ir.Define{V: s.Value, Value: &ir.Index{X: &ir.Ref{V: items}, Index: &ir.Ref{V: it}}})
			items.Type = &ir.TSlice{Elem: s.Value.Type}
		}
		if items.Type == nil {
			items.Type = tValue
		}
	}
	return &ir.For{
		Label: s.Label,
		Init:  &ir.Block{Stmts: []ir.Stmt{&ir.Define{V: items, Value: seq}, &ir.Define{V: it, Value: &ir.Lit{Text: "0"}}}},
		Cond:  &ir.Binary{Op: "<", X: &ir.Ref{V: it}, Y: &ir.Call{Fun: &ir.Ident{Name: "len"}, Args: []ir.Expr{&ir.Ref{V: items}}}},
		Post:  &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: it}}, Op: "+=", Rhs: []ir.Expr{&ir.Lit{Text: "1"}}},
		Body:  &ir.Block{Stmts: append(body, s.Body.Stmts...)},
		Line:  s.Line,
	}
}

// explodeSwitch explodes a switch (a match) whose arms await.
func (m *machine) explodeSwitch(s *ir.Switch) {
	after := m.newCase()
	after.about = "after the match" + at(s.Line)
	sw := &ir.Switch{Tag: s.Tag, Line: s.Line}
	var bodies []*mcase
	hasDefault := false
	for _, c := range s.Cases {
		bc := m.newCase()
		bc.about = "an arm of the match" + at(s.Line)
		bodies = append(bodies, bc)
		sw.Cases = append(sw.Cases, &ir.Case{Exprs: c.Exprs, Body: m.jumpStmts(bc)})
		if len(c.Exprs) == 0 {
			hasDefault = true
		}
	}
	m.emit(sw)
	if !hasDefault {
		m.emit(m.jumpStmts(after)...)
	}
	m.cur = nil
	m.loops = append(m.loops, &mloop{exploded: false, label: s.Label, fins: len(m.fins)})
	for i, c := range s.Cases {
		m.cur = bodies[i]
		m.explode(c.Body)
		m.jump(after)
	}
	m.loops = m.loops[:len(m.loops)-1]
	m.cur = after
}

// rewrite adapts a statement that does not await to the state machine: a return completes the
// future, a defer goes to the state struct, a break or continue of an exploded loop jumps, a
// local declared at the exploded level is hoisted. depth counts the Go loops and switches
// around s within the case.
func (m *machine) rewrite(s ir.Stmt, depth int) ir.Stmt {
	switch s := s.(type) {
	case *ir.Return:
		saved := m.cur
		tmp := &mcase{id: saved.id}
		m.cur = tmp
		if p, ok := m.pinCells(s).(*ir.Block); ok {
			// A closure returned keeps the cells it captures (`return () => k`).
			m.emit(p.Stmts[:len(p.Stmts)-1]...)
		}
		if len(m.fins) > 0 {
			m.finallyReturn(s)
		} else {
			m.emitReturn(s)
		}
		saved.succ = append(saved.succ, tmp.succ...)
		m.cur = saved
		return &ir.Block{Stmts: tmp.stmts}
	case *ir.Defer:
		if m.defers == nil {
			m.defers = &ir.Local{Name: "defers_", Type: rtType("Defers"), Field: true}
		}
		return m.pinCells(ir.DeferCall(s, m.defers))
	case *ir.ExprStmt:
		return m.pinCells(s)
	case *ir.Branch:
		return m.branch(s, depth)
	case *ir.Define:
		if depth == 0 {
			m.locals[s.V] = true
			if m.cells[s.V] && (m.inExplodedLoop() || !s.V.Global && m.funcLitRefs[s.V]) {
				return m.defineCell(s)
			}
			if s.Value == nil && s.V.Temp {
				return &ir.Block{} // assigned before it is read
			}
			if s.Value == nil {
				return &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: s.V}}, Op: "=", Rhs: []ir.Expr{m.zero(s.V.Type)}, Line: s.Line}
			}
			return m.pinCells(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: s.V}}, Op: "=", Rhs: []ir.Expr{s.Value}, Line: s.Line})
		}
		if p, ok := m.pinCells(s).(*ir.Block); ok {
			// The variable must stay in its scope: pin inside a function that makes the value.
			val := &ir.FuncLit{Results: []ir.Type{s.V.Type}, Body: &ir.Block{Stmts: append(p.Stmts[:len(p.Stmts)-1], &ir.Return{Results: []ir.Expr{s.Value}})}}
			return &ir.Define{V: s.V, Value: &ir.Call{Fun: val}, Line: s.Line}
		}
	case *ir.Assign:
		if depth == 0 && s.Op == ":=" {
			// `code_, caught_ := rt.TryCatchCode(…)` at the exploded level: hoist its variables.
			for _, x := range s.Lhs {
				if r, ok := x.(*ir.Ref); ok {
					m.locals[r.V] = true
				}
			}
			return &ir.Assign{Lhs: s.Lhs, Op: "=", Rhs: s.Rhs, Line: s.Line}
		}
		if s.Op != ":=" {
			return m.pinCells(s)
		}
	case *ir.Block:
		for i, x := range s.Stmts {
			s.Stmts[i] = m.rewrite(x, depth)
		}
	case *ir.If:
		if s.Init != nil {
			s.Init = m.rewrite(s.Init, depth+1)
		}
		m.rewrite(s.Then, depth+1)
		if s.Else != nil {
			s.Else = m.rewrite(s.Else, depth+1)
		}
	case *ir.For:
		m.loops = append(m.loops, &mloop{label: s.Label})
		m.rewrite(s.Body, depth+1)
		m.loops = m.loops[:len(m.loops)-1]
	case *ir.ForRange:
		m.loops = append(m.loops, &mloop{label: s.Label})
		m.rewrite(s.Body, depth+1)
		m.loops = m.loops[:len(m.loops)-1]
	case *ir.Switch:
		m.loops = append(m.loops, &mloop{label: s.Label})
		for _, c := range s.Cases {
			for i, x := range c.Body {
				c.Body[i] = m.rewrite(x, depth+1)
			}
		}
		m.loops = m.loops[:len(m.loops)-1]
	case *ir.TypeSwitch:
		m.loops = append(m.loops, &mloop{})
		for _, c := range s.Cases {
			for i, x := range c.Body {
				c.Body[i] = m.rewrite(x, depth+1)
			}
		}
		m.loops = m.loops[:len(m.loops)-1]
	}
	return s
}

// branch rewrites a break or continue: of an exploded loop it becomes a jump.
func (m *machine) branch(s *ir.Branch, depth int) ir.Stmt {
	if s.Tok != "break" && s.Tok != "continue" {
		return s
	}
	var target *mloop
	for i := len(m.loops) - 1; i >= 0; i-- {
		lp := m.loops[i]
		if s.Label != "" && lp.label != s.Label {
			continue
		}
		target = lp
		break
	}
	if target == nil || !target.exploded {
		return s
	}
	to := target.brk
	if s.Tok == "continue" {
		to = target.cont
	}
	return &ir.Block{Stmts: m.leave(to, target.fins)}
}

// emitReturn completes the future: run the pending defers, clear the state, return the value.
func (m *machine) emitReturn(r *ir.Return) {
	var line *ir.Line // the return's, or, falling off the end, the line before
	if r != nil {
		line = r.Line
	}
	var value ir.Expr = &ir.Composite{Type: tUnit}
	if r != nil && len(r.Results) > 0 {
		value = r.Results[0]
	}
	if _, constant := value.(*ir.Lit); !constant && !ir.IsUnitValue(value) {
		// complete_() clears the fields the value may read: take it first (inlineResults
		// undoes this where it reads no field).
		res := &ir.Local{Name: "res_", Type: m.resultT, Reads: 1}
		m.results[res] = true
		m.emit(&ir.Define{V: res, Value: value, Line: line})
		value = &ir.Ref{V: res}
	}
	m.emit(&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "complete_"}}, Line: line})
	m.emit(&ir.Return{Results: []ir.Expr{rtCallT("Ready", []ir.Type{m.resultT}, value)}})
	m.cur = nil
}
