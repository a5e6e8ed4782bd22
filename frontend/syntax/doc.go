// Package syntax turns AdeshLang source into the syntax tree of package ast.
//
// ParseFile scans the file's tokens once (lexer.go: by hand, no regular expressions, a compact
// pointer-free form), parses its items chunk by chunk (parseItems), then desugars the classes
// that had to wait for the whole file. A token reaches the tree by one of four ways:
//
//  1. The participle grammar (grammar.go, one tagged struct per production) parses items:
//     declarations (fn, struct, enum, extend/impl, import, export) and top-level statements.
//     It is LL(1) (participle.UseLookahead(0)), and its reflection costs about a microsecond
//     per production, so it gets a chunk of items at a time with every `{ … }` that it does
//     not parse itself collapsed into one token (chunk.go; bench/README.md).
//  2. The hand-written parsers, which participle calls as custom productions (custom.go,
//     adapted by hand in chunk.go): blocks and their statements (stmt.go), expressions by
//     precedence climbing (expr.go, primary.go, lambda.go, match.go), types, patterns,
//     parameter lists, struct and enum bodies. In a block the rare statements (defer, try,
//     throw, nested declarations) go back to participle's statement production;
//     TestHandMatchesGrammar keeps the two ways in step. Above each parse function is the
//     production it parses, in EBNF, as in Go's own parser.
//  3. Contextual names: words that are keywords in some places only and names elsewhere, so
//     that programs using them as names still parse. At the start of a statement
//     parseIdentStmt (everyday.go) tells class, interface, abstract class, type, test, `do {`
//     and `a, b =` by the name and the tokens after it; inside a form, the function that
//     parses it checks the word (extends, implements and member modifiers in class.go; of,
//     move, typeof, or, and, None(); finally in tryG).
//  4. Desugaring: the interpreter's forms (EVERYDAY.md) become nodes that the compiler
//     already has, so that no new node kind reaches the checker: do … while, parallel
//     assignment, several variables in one let, `for (x in xs)` (everyday.go); classes and
//     interfaces (class.go, class_iface.go), and inheritance once the whole file is parsed
//     (finishClasses in class_inherit.go, then rewriteClassUses).
//
// A new statement form therefore goes in one of two places. A keyword form: its keyword in
// token.go and startsStatement (recover.go, a recovery point), and one parse function called
// from parseBlockStmt (in blocks) and from everydayStmtProd (at the top level). A form that
// begins with a contextual name: parseIdentStmt. If it desugars into existing nodes, only the
// formatter must learn to copy it as written (frontend/format/everyday.go, desugared); a new
// node kind joins the lists of ast/kinds.go, and the tests of internal/kindcover then fail at
// every switch that must handle it.
//
// Errors: one per line at most, in words (never grammar rule names); after a broken statement
// or item the parser skips to the next statement by bracket matching (recover.go) and goes on.
// Nesting deeper than maxDepth is an error, not a stack overflow. A large file's chunks are
// parsed on every CPU at once and joined in order (parallel.go).
package syntax
