// Package editors holds editor support for AdeshLang: vscode/ is a VS Code extension (a
// TextMate grammar, and a client that starts `adesh2go lsp`). The grammar is also what other
// editors that read TextMate grammars use. Its test runs the grammar over the examples of the
// docs and compares what it calls comments, strings and keywords with what the parser finds;
// another packages the extension with vsce, where npm and its cache have what it needs.
package editors
