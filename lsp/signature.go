package lsp

import (
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/syntax"
	"adesh2go/frontend/types"
)

// Signature help: inside the parentheses of a call, the callee's signature with the argument
// the cursor is in. The call is being typed and does not parse, so it is found in the tokens
// before the cursor (the innermost unclosed parenthesis, and the commas at its depth), and
// the callee by its name, as completion finds the value before a dot.

func (s *Server) signatureHelp(ctx *glsp.Context, p *protocol.SignatureHelpParams) (*protocol.SignatureHelp, error) {
	d, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	off := snap.offsetOf(p.Position)
	call, ok := openCallAt(snap.text, off)
	if !ok {
		return nil, nil
	}
	label, spans, ok := d.signatureOf(snap, call)
	if !ok {
		return nil, nil
	}
	info := protocol.SignatureInformation{Label: label}
	for _, sp := range spans {
		info.Parameters = append(info.Parameters, protocol.ParameterInformation{Label: label[sp[0]:sp[1]]})
	}
	active := protocol.UInteger(min(call.commas, max(len(spans)-1, 0)))
	zero := protocol.UInteger(0)
	return &protocol.SignatureHelp{Signatures: []protocol.SignatureInformation{info}, ActiveSignature: &zero, ActiveParameter: &active}, nil
}

// openCall is a call the cursor is inside: where its callee's name is and what qualifies it
// (`q.name(` or `q::name(`), and the commas before the cursor at its depth.
type openCall struct {
	nameStart int
	name      string
	qual      string
	commas    int
}

// openCallAt finds the innermost unclosed `(` before off that follows a name.
func openCallAt(text string, off int) (openCall, bool) {
	type frame struct {
		open   int // the index of the opening lexeme
		paren  bool
		commas int
	}
	lexemes := syntax.Lexemes(text)
	var stack []frame
	n := 0
	for ; n < len(lexemes) && lexemes[n].Start < off; n++ {
		l := lexemes[n]
		if l.Class != syntax.LexOther {
			continue
		}
		switch text[l.Start:l.End] {
		case "(", "[", "{":
			stack = append(stack, frame{open: n, paren: text[l.Start] == '('})
		case ")", "]", "}":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ",":
			if len(stack) > 0 {
				stack[len(stack)-1].commas++
			}
		}
	}
	for i := len(stack) - 1; i >= 0; i-- {
		f := stack[i]
		if !f.paren || f.open == 0 || lexemes[f.open-1].Class != syntax.LexName {
			continue
		}
		name := lexemes[f.open-1]
		call := openCall{nameStart: name.Start, name: text[name.Start:name.End], commas: f.commas}
		if f.open >= 3 {
			sep, q := lexemes[f.open-2], lexemes[f.open-3]
			if s := text[sep.Start:sep.End]; (s == "." || s == "::") && q.Class == syntax.LexName {
				call.qual = text[q.Start:q.End]
			}
		}
		return call, true
	}
	return openCall{}, false
}

// signatureOf is the label of the callee's signature and its parameters' spans in it: from
// the name's own resolution where the text parsed, else from what its name (and qualifier)
// denoted before the cursor.
func (d *document) signatureOf(snap *snapshot, call openCall) (string, [][2]int, bool) {
	if ref := snap.nameAt(call.nameStart); ref != nil && ref.key != nil && ref.id.Name == call.name {
		if label, spans, ok := signatureOfKey(ref.key, call.name, snap.checkedCall(ref)); ok {
			return label, spans, true
		}
	}
	if call.qual == "" {
		ref := d.lookup(call.name, call.nameStart)
		if ref == nil {
			if id := builtin.Predeclared(call.name); id != 0 {
				return builtinSignature(id, builtin.In{}, nil)
			}
			return "", nil, false
		}
		return signatureOfKey(ref.key, call.name, nil)
	}
	q := d.lookup(call.qual, call.nameStart)
	if q == nil {
		if id := builtin.Predeclared(call.qual); id != 0 { // Mutex::new(
			if m := builtin.Member(builtin.TypeObject(id), call.name); m != 0 {
				return builtinSignature(m, builtin.In{}, nil)
			}
		}
		return "", nil, false
	}
	obj, _ := q.key.(*types.Object)
	switch {
	case obj != nil && obj.Kind == types.ObjImport && obj.Members != nil:
		if m := obj.Members.LookupLocal(call.name); m != nil {
			return signatureOfKey(m, call.name, nil)
		}
	case obj != nil && obj.Kind == types.ObjType && obj.Def != nil:
		if v := obj.Def.Variant(call.name); v != nil {
			return signatureOfKey(v, call.name, nil)
		}
	case obj != nil && obj.Kind == types.ObjBuiltin:
		if m := builtin.Member(builtin.TypeObject(obj.Builtin), call.name); m != 0 {
			return builtinSignature(m, builtin.In{}, nil)
		}
	default:
		var t types.Type
		if obj != nil {
			t = obj.Type
		}
		if t == nil {
			t = q.id.TypeOf()
		}
		t = types.Resolve(t)
		if n, ok := t.(*types.Named); ok && n.Def != nil {
			if fd, ok := n.Def.Methods[call.name].(*ast.FuncDecl); ok && fd.Obj != nil {
				return signatureOfKey(fd.Obj, call.name, nil)
			}
		}
		if kind, in, ok := builtin.Receiver(t); ok {
			if m := builtin.Method(kind, call.name); m != 0 {
				return builtinSignature(m, in, nil)
			}
		}
		if m := builtin.Method(builtin.Values, call.name); m != 0 {
			return builtinSignature(m, builtin.In{Recv: t}, nil)
		}
	}
	return "", nil, false
}

// checkedCall is what the checker knew of the call whose callee ref names, if it parsed.
func (s *snapshot) checkedCall(ref *nameRef) *callTypes {
	if ref.call == nil || s.info == nil {
		return nil
	}
	if ci := s.info.Calls[ref.call]; ci != nil && ci.Params != nil {
		return &callTypes{ci.Params, ci.Ret}
	}
	return nil
}

// callTypes are the parameter and result types of one checked call.
type callTypes struct {
	params []types.Type
	ret    types.Type
}

// signatureOfKey is the signature of what a callee's name denotes.
func signatureOfKey(key any, name string, checked *callTypes) (string, [][2]int, bool) {
	switch k := key.(type) {
	case *types.Object:
		if k.Sig != nil {
			label, spans := signatureLabel(k.Name, k.Sig)
			return label, spans, true
		}
		if f, ok := types.Resolve(k.Type).(*types.Func); ok { // a function value
			label, spans := typesLabel(name, typeParts(f.Params), f.Ret)
			return label, spans, true
		}
	case *types.VariantDef:
		label := name
		if k.Enum != nil {
			label = k.Enum.Name + "::" + name
		}
		label, spans := typesLabel(label, typeParts(k.Payload), nil)
		return label, spans, true
	case builtinRef:
		return builtinSignature(k.id, builtin.In{}, checked)
	}
	return "", nil, false
}

// builtinSignature is the signature of a builtin: the types of a checked call of it, or else
// those its row gives the receiver in (unknowns shown as `any`).
func builtinSignature(id types.Builtin, in builtin.In, checked *callTypes) (label string, spans [][2]int, ok bool) {
	row := builtin.Of(id)
	if checked != nil {
		label, spans = typesLabel(row.Name, typeParts(checked.params), checked.ret)
		return label, spans, true
	}
	if row.Sig == nil {
		return "", nil, false
	}
	defer func() {
		if recover() != nil { // a row that needs more of the receiver than is known here
			label, spans, ok = "", nil, false
		}
	}()
	in.Fresh = func() types.Type { return types.AnyType }
	sig := row.Sig(in)
	parts := typeParts(sig.Params)
	if sig.Variadic != nil {
		parts = append(parts, "…"+describeType(sig.Variadic))
	}
	label, spans = typesLabel(row.Name, parts, sig.Ret)
	return label, spans, true
}

// typesLabel is `name(A, B): R` for parameters known by their types only, and the spans of
// the parameters in it.
func typesLabel(name string, parts []string, ret types.Type) (string, [][2]int) {
	var spans [][2]int
	at := len(name) + 1
	for _, p := range parts {
		spans = append(spans, [2]int{at, at + len(p)})
		at += len(p) + len(", ")
	}
	label := name + "(" + strings.Join(parts, ", ") + ")"
	if ret != nil && !types.IsUnit(types.Resolve(ret)) {
		label += ": " + describeType(ret)
	}
	return label, spans
}

// typeParts names parameter types; a nil one takes an argument of any type.
func typeParts(params []types.Type) []string {
	parts := make([]string, len(params))
	for i, t := range params {
		parts[i] = "_"
		if t != nil {
			parts[i] = describeType(t)
		}
	}
	return parts
}
