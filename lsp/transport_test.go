package lsp

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
)

// A message with a broken header is answered with a parse error and the session goes on: the
// request after it is answered (the server is not initialized: that is its answer).
func TestMalformedHeaderIsAnsweredAndTheSessionGoesOn(t *testing.T) {
	shutdown := `{"jsonrpc":"2.0","id":7,"method":"shutdown"}`
	in := "Content-Length: abc\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}" +
		"Content-Length: " + strconv.Itoa(len(shutdown)) + "\r\n\r\n" + shutdown +
		"Content-Length: 33\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"
	var out strings.Builder
	if err := NewServer().Serve(strings.NewReader(in), &out); err != nil {
		t.Fatalf("the server ended with %v", err)
	}
	r := bufio.NewReader(strings.NewReader(out.String()))
	var replies []map[string]json.RawMessage
	for {
		body, err := readMessage(r)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		json.Unmarshal(body, &m)
		replies = append(replies, m)
	}
	if len(replies) != 2 {
		t.Fatalf("got %d replies, want 2: %s", len(replies), out.String())
	}
	if string(replies[0]["id"]) != "null" || !strings.Contains(string(replies[0]["error"]), "-32700") || !strings.Contains(string(replies[0]["error"]), "abc") {
		t.Errorf("the broken message's answer: %v", replies[0])
	}
	if string(replies[1]["id"]) != "7" {
		t.Errorf("the next request was not answered: %v", replies[1])
	}
}
