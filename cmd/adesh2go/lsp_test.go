package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestLSPCommand runs `adesh2go lsp` on a scripted session: initialize, open a file with an
// error, shut down, exit. The server's protocol is tested in package lsp.
func TestLSPCommand(t *testing.T) {
	var in bytes.Buffer
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///p.adesh","languageId":"adesh","version":1,"text":"let x: i64 = \"a\";\n"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	} {
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	var out bytes.Buffer
	cmd := lspCmd(&in, &out)
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"id":1,"jsonrpc":"2.0","result":{"capabilities"`, `"method":"textDocument/publishDiagnostics"`, `"code":"E0705"`, `"id":2,"jsonrpc":"2.0","result":null`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the session's output lacks %s:\n%s", want, out.String())
		}
	}
}
