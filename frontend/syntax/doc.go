// Package syntax turns AdeshLang source into the syntax tree of package ast.
//
// How the work is shared:
//
//   - lexer.go: a hand-written scanner (no regular expressions) makes the file's tokens once,
//     in a compact pointer-free form; it also implements participle's lexer.Definition.
//   - grammar.go: participle's struct-tag grammar of items, declarations (fn, struct, enum,
//     extend/impl, import, export) and statements drives the parse. It is LL(1)
//     (participle.UseLookahead(0)): once a production took a token, a failure is an error.
//   - Custom productions (participle.ParseTypeWith, adapted by hand in chunk.go) parse what a
//     struct-tag grammar does badly or slowly: expressions by precedence climbing (expr.go),
//     types, patterns, names, parameter lists, struct and enum bodies, and blocks (custom.go).
//   - Inside blocks the frequent statements are parsed by hand (stmt.go), the same way as the
//     grammar says; the rare ones (defer, try, throw, nested declarations) go back to
//     participle's statement production. TestHandMatchesGrammar keeps the two in step.
//   - chunk.go: participle gets the file a chunk of items at a time, with every `{ … }` group
//     that it does not parse itself collapsed into one token. Its reflection costs about a
//     microsecond per production, so it sees item structure only; see bench/README.md.
//
// Errors: one per line at most, in words (never grammar rule names); after a broken statement
// or item the parser skips to the next statement by bracket matching (parser.go) and goes on.
// Nesting deeper than maxDepth is an error, not a stack overflow.
package syntax
