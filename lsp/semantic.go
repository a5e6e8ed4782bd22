package lsp

import (
	"sort"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/builtin"
	"adesh2go/frontend/syntax"
	"adesh2go/frontend/types"
)

// Semantic tokens (the whole document): every keyword, literal and comment as the lexer reads
// it, and every name as the checker resolved it (a parameter, a field, a type, an enum's
// variant, a builtin…), so that an editor without the TextMate grammar (Neovim) colours
// AdeshLang, and one with it tells apart what the grammar cannot.

// The legend: the indices of these lists are what the tokens carry.
var (
	tokenTypes = []string{"namespace", "type", "struct", "enum", "enumMember", "function", "method",
		"parameter", "variable", "property", "keyword", "string", "number", "comment"}
	tokenModifiers = []string{"declaration", "readonly", "async", "defaultLibrary"}
)

const (
	tokNamespace = iota
	tokType
	tokStruct
	tokEnum
	tokEnumMember
	tokFunction
	tokMethod
	tokParameter
	tokVariable
	tokProperty
	tokKeyword
	tokString
	tokNumber
	tokComment
)

const (
	modDeclaration = 1 << iota
	modReadonly
	modAsync
	modDefaultLibrary
)

func semanticLegend() protocol.SemanticTokensLegend {
	return protocol.SemanticTokensLegend{TokenTypes: tokenTypes, TokenModifiers: tokenModifiers}
}

func (s *Server) semanticTokensFull(ctx *glsp.Context, p *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	_, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	return &protocol.SemanticTokens{Data: snap.semanticTokens()}, nil
}

// semanticToken is one token: a byte range of the text and its type and modifiers.
type semanticToken struct {
	start, end int
	typ, mods  int
}

// semanticTokens lists the document's tokens in the protocol's encoding: five numbers a
// token, its line and start relative to the token before, its length, type and modifiers, in
// UTF-16 units; a token over several lines (a block comment) is given line by line.
func (s *snapshot) semanticTokens() []protocol.UInteger {
	var toks []semanticToken
	names := map[int]*nameRef{} // by start offset
	for _, r := range s.names {
		names[s.file.Offset(r.id.Start)] = r
	}
	contextual := map[string]bool{"self": true, "this": true}
	for _, w := range syntax.ContextualKeywords() {
		contextual[w] = true
	}
	for _, l := range syntax.Lexemes(s.text) {
		switch l.Class {
		case syntax.LexKeyword:
			toks = append(toks, semanticToken{l.Start, l.End, tokKeyword, 0})
		case syntax.LexNumber:
			toks = append(toks, semanticToken{l.Start, l.End, tokNumber, 0})
		case syntax.LexComment:
			toks = append(toks, semanticToken{l.Start, l.End, tokComment, 0})
		case syntax.LexString:
			toks = append(toks, s.stringTokens(l.Start, l.End)...)
		case syntax.LexName:
			if r := names[l.Start]; r != nil {
				if typ, mods, ok := s.classify(r); ok {
					toks = append(toks, semanticToken{l.Start, l.End, typ, mods})
				}
			} else if contextual[s.text[l.Start:l.End]] {
				toks = append(toks, semanticToken{l.Start, l.End, tokKeyword, 0})
			}
		}
	}
	return s.encode(toks)
}

// stringTokens are the tokens of a literal: string, but for the names interpolated in it
// (`f"{total}"`), which are coloured as names.
func (s *snapshot) stringTokens(start, end int) []semanticToken {
	var out []semanticToken
	at := start
	from := sort.Search(len(s.names), func(i int) bool { return s.file.Offset(s.names[i].id.Start) >= start })
	for _, r := range s.names[from:] {
		off := s.file.Offset(r.id.Start)
		if off >= end {
			break
		}
		if off < at {
			continue
		}
		typ, mods, ok := s.classify(r)
		if !ok {
			continue
		}
		if off > at {
			out = append(out, semanticToken{at, off, tokString, 0})
		}
		at = s.file.Offset(r.id.End)
		out = append(out, semanticToken{off, at, typ, mods})
	}
	if at < end {
		out = append(out, semanticToken{at, end, tokString, 0})
	}
	return out
}

// classify gives the token type and modifiers of a name by what it denotes.
func (s *snapshot) classify(r *nameRef) (typ, mods int, ok bool) {
	if s.decls[r.key] == r {
		mods |= modDeclaration
	}
	switch k := r.key.(type) {
	case *types.Object:
		switch k.Kind {
		case types.ObjVar:
			return tokVariable, mods, true
		case types.ObjParam:
			return tokParameter, mods, true
		case types.ObjConst:
			return tokVariable, mods | modReadonly, true
		case types.ObjFunc:
			typ = tokFunction
			if k.Sig != nil && k.Sig.Recv != nil {
				typ = tokMethod
			}
			if k.Sig != nil && k.Sig.Async {
				mods |= modAsync
			}
			return typ, mods, true
		case types.ObjType:
			switch {
			case k.Def != nil && k.Def.Enum:
				return tokEnum, mods, true
			case k.Def != nil:
				return tokStruct, mods, true
			}
			return tokType, mods, true
		case types.ObjVariant:
			return tokEnumMember, mods, true
		case types.ObjImport:
			return tokNamespace, mods, true
		case types.ObjBuiltin:
			if builtin.TypeObject(k.Builtin) != builtin.Global {
				return tokNamespace, mods | modDefaultLibrary, true // `thread`, `Math`, `Mutex`
			}
			return tokFunction, mods | modDefaultLibrary, true
		}
	case *types.FieldDef:
		return tokProperty, mods, true
	case *types.VariantDef:
		return tokEnumMember, mods, true
	case builtinRef:
		return tokMethod, mods | modDefaultLibrary, true
	case nil:
		if r.typ {
			return tokType, modDefaultLibrary, true // i64, string, Map…
		}
	}
	return 0, 0, false
}

// encode turns tokens (in source order) into the protocol's numbers.
func (s *snapshot) encode(toks []semanticToken) []protocol.UInteger {
	data := []protocol.UInteger{}
	prevLine, prevChar := 0, 0
	emit := func(start, end, typ, mods int) {
		line, char := lineChar(s.text, s.lines, start)
		_, endChar := lineChar(s.text, s.lines, end)
		if line != prevLine {
			prevChar = 0
		}
		data = append(data, protocol.UInteger(line-prevLine), protocol.UInteger(char-prevChar),
			protocol.UInteger(endChar-char), protocol.UInteger(typ), protocol.UInteger(mods))
		prevLine, prevChar = line, char
	}
	for _, t := range toks {
		for start := t.start; start < t.end; {
			line, _ := lineChar(s.text, s.lines, start)
			end := t.end
			if line+1 < len(s.lines) && s.lines[line+1] <= end {
				end = s.lines[line+1] - 1 // to the end of the line, its newline left out
			}
			if end > start {
				emit(start, end, t.typ, t.mods)
			}
			if line+1 >= len(s.lines) || s.lines[line+1] >= t.end {
				break
			}
			start = s.lines[line+1]
		}
	}
	return data
}
