package syntax

import (
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Kind is the type of a token; it doubles as participle's lexer.TokenType.
type Kind = lexer.TokenType

// Token kinds. Every operator and keyword has its own kind so that the hand-written parts of the
// parser switch on an integer instead of comparing strings.
const (
	tEOF     Kind = lexer.EOF
	tInvalid Kind = 0 // not a token: reported and skipped by the scanner

	tIdent Kind = iota + 1
	tInt
	tFloat
	tString   // "…", r"…", r#"…"#
	tChar     // 'a'
	tFString  // f"…{x}…"
	tTemplate // `…${x}…`

	// punctuation
	tLParen    // (
	tRParen    // )
	tLBrack    // [
	tRBrack    // ]
	tLBrace    // {
	tRBrace    // }
	tComma     // ,
	tSemi      // ;
	tColon     // :
	tColon2    // ::
	tDot       // .
	tDot2      // ..
	tDot3      // ...
	tQuestion  // ?
	tQuestion2 // ??
	tArrow     // ->
	tFatArrow  // =>
	tAssign    // =
	tPlus      // +
	tMinus     // -
	tStar      // *
	tSlash     // /
	tPercent   // %
	tAmp       // &
	tPipe      // |
	tCaret     // ^
	tTilde     // ~
	tBang      // !
	tLess      // <
	tGreater   // > (always single: `>>` is two adjacent `>` so that `Box<Box<T>>` closes twice)
	tLessEq    // <=
	tGreaterEq // >=
	tEq        // ==
	tNotEq     // !=
	tAndAnd    // &&
	tOrOr      // ||
	tShl       // <<
	tInc       // ++
	tDec       // --
	tPlusAssign
	tMinusAssign
	tStarAssign
	tSlashAssign
	tPercentAssign
	tAmpAssign
	tPipeAssign
	tCaretAssign
	tShlAssign // <<=
	// `>>=` is `>` followed by `>=`, joined by the expression parser.

	// keywords
	kwFirst
	kwFn
	kwAsync
	kwAwait
	kwSpawn
	kwLet
	kwMut
	kwConst
	kwShare
	kwStrong
	kwWeak
	kwStruct
	kwEnum
	kwExtend
	kwOn
	kwImpl
	kwIf
	kwElse
	kwElif
	kwWhile
	kwFor
	kwIn
	kwMatch
	kwReturn
	kwBreak
	kwContinue
	kwDefer
	kwTry
	kwCatch
	kwThrow
	kwTrue
	kwFalse
	kwNull
	kwAs
	kwNew
	kwImport
	kwExport
	kwLast

	kindCount
)

// tok is a token as the hand-written parser sees it (24 bytes, no pointers: the garbage
// collector never scans the token array); participle's lexer.Token (64 bytes) is made only
// for the part of a file that participle parses itself (see chunk.go). Its text is p.val(t).
type tok struct {
	Type Kind
	Pos  tokPos
	n    int // length in bytes
}

type tokPos struct{ Offset int }

// end is the offset just past t.
func (t *tok) end() int { return t.Pos.Offset + t.n }

// keywords maps each reserved word of LANGUAGE.md §1 to its kind. `self` and `this` are names
// (the receiver), not keywords: `this` is read as `self` by the parser.
var keywords = map[string]Kind{
	"fn": kwFn, "async": kwAsync, "await": kwAwait, "spawn": kwSpawn, "let": kwLet, "mut": kwMut,
	"const": kwConst, "share": kwShare, "strong": kwStrong, "weak": kwWeak, "struct": kwStruct,
	"enum": kwEnum, "extend": kwExtend, "on": kwOn, "impl": kwImpl, "if": kwIf, "else": kwElse,
	"elif": kwElif, "while": kwWhile, "for": kwFor, "in": kwIn, "match": kwMatch,
	"return": kwReturn, "break": kwBreak, "continue": kwContinue, "defer": kwDefer, "try": kwTry,
	"catch": kwCatch, "throw": kwThrow, "true": kwTrue, "false": kwFalse, "null": kwNull,
	"as": kwAs, "new": kwNew, "import": kwImport, "export": kwExport,
}

func isKeyword(k Kind) bool { return k > kwFirst && k < kwLast }

// symbols are the names participle's grammar uses for token kinds.
var symbols = map[string]Kind{
	"EOF": tEOF, "Ident": tIdent, "Int": tInt, "Float": tFloat, "String": tString, "Char": tChar,
	"FString": tFString, "Template": tTemplate,
}

// describe names a token for an error message: "`}`", "a name", "the end of the file".
func describe(t *tok, text string) string {
	switch t.Type {
	case tEOF:
		return "the end of the file"
	case tIdent:
		return "name `" + clip(text) + "`"
	case tInt, tFloat:
		return "number `" + clip(text) + "`"
	case tString, tFString, tTemplate:
		return "string " + clip(text)
	case tChar:
		return "character " + text
	}
	if isKeyword(t.Type) {
		return "keyword `" + text + "`"
	}
	return "`" + text + "`"
}

// clip shortens a long token for an error message, cutting at a character boundary.
func clip(s string) string {
	const max = 24
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
