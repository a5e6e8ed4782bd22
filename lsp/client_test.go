package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// client drives a Server through the protocol over in-process pipes, as an editor would.
type client struct {
	t      testing.TB
	w      io.WriteCloser
	nextID int
	in     chan map[string]json.RawMessage // every message the server sent, in order
	done   chan error
	notes  []map[string]json.RawMessage // notifications received while waiting for a response
	// capabilities are what the server answered to initialize.
	capabilities map[string]json.RawMessage
}

const testURI = "file:///work/prog.adesh"

func newClient(t testing.TB) *client {
	t.Helper()
	return newClientIn(t, "")
}

// newClientIn starts a server whose workspace folder is root ("" for none).
func newClientIn(t testing.TB, root string) *client {
	t.Helper()
	clientR, serverW := io.Pipe()
	serverR, clientW := io.Pipe()
	c := &client{t: t, w: clientW, in: make(chan map[string]json.RawMessage, 1000), done: make(chan error, 1)}
	go func() {
		err := NewServer().Serve(serverR, serverW)
		serverW.Close()
		c.done <- err
	}()
	go func() {
		r := bufio.NewReader(clientR)
		for {
			body, err := readMessage(r)
			if err != nil {
				close(c.in)
				return
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(body, &m); err != nil {
				panic(err)
			}
			c.in <- m
		}
	}()
	t.Cleanup(func() {
		c.call("shutdown", nil, nil)
		c.notify("exit", nil)
		select {
		case err := <-c.done:
			if err != nil {
				t.Errorf("the server ended with %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("the server did not exit")
		}
		clientW.Close()
	})
	var init struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	var rootURI any
	if root != "" {
		rootURI = uriOf(root)
	}
	c.call("initialize", map[string]any{"processId": nil, "rootUri": rootURI, "capabilities": map[string]any{}}, &init)
	if init.Capabilities == nil {
		t.Fatalf("initialize answered no capabilities")
	}
	c.capabilities = init.Capabilities
	c.notify("initialized", map[string]any{})
	return c
}

func (c *client) send(m map[string]any) {
	m["jsonrpc"] = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) notify(method string, params any) {
	c.send(map[string]any{"method": method, "params": params})
}

// call sends a request and decodes its result into result; a response error fails the test
// unless result is an *rpcError.
func (c *client) call(method string, params any, result any) {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"id": id, "method": method, "params": params})
	for m := range c.in {
		if _, isNote := m["method"]; isNote {
			c.notes = append(c.notes, m)
			continue
		}
		if string(m["id"]) != fmt.Sprint(id) {
			c.t.Fatalf("a response to %s for another request: %s", method, m["id"])
		}
		if e, ok := m["error"]; ok {
			if re, ok := result.(*rpcError); ok {
				json.Unmarshal(e, re)
				return
			}
			c.t.Fatalf("%s failed: %s", method, e)
		}
		if result != nil {
			if err := json.Unmarshal(m["result"], result); err != nil {
				c.t.Fatalf("%s: %v in %s", method, err, m["result"])
			}
		}
		return
	}
	c.t.Fatalf("the server closed the connection during %s", method)
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// published waits for the next diagnostics the server publishes.
func (c *client) published() publishedDiags {
	c.t.Helper()
	for len(c.notes) > 0 {
		m := c.notes[0]
		c.notes = c.notes[1:]
		if string(m["method"]) == `"textDocument/publishDiagnostics"` {
			return decodeDiags(c.t, m)
		}
	}
	for m := range c.in {
		if string(m["method"]) == `"textDocument/publishDiagnostics"` {
			return decodeDiags(c.t, m)
		}
	}
	c.t.Fatal("the server closed the connection before publishing diagnostics")
	return publishedDiags{}
}

type publishedDiags struct {
	URI         string       `json:"uri"`
	Version     int          `json:"version"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

type diagnostic struct {
	Range    rng    `json:"range"`
	Severity int    `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Related  []struct {
		Message string `json:"message"`
	} `json:"relatedInformation"`
}

type pos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type rng struct {
	Start pos `json:"start"`
	End   pos `json:"end"`
}

type location struct {
	URI   string `json:"uri"`
	Range rng    `json:"range"`
}

func decodeDiags(t testing.TB, m map[string]json.RawMessage) publishedDiags {
	var p publishedDiags
	if err := json.Unmarshal(m["params"], &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func (c *client) open(text string) publishedDiags {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": testURI, "languageId": "adesh", "version": 1, "text": text}})
	return c.published()
}

func (c *client) change(version int, changes ...map[string]any) publishedDiags {
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": testURI, "version": version}, "contentChanges": changes})
	return c.published()
}

// at is the position of the first occurrence of marker in text, plus delta characters (the
// test texts are ASCII).
func at(t testing.TB, text, marker string, delta int) map[string]any {
	t.Helper()
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("%q is not in the text", marker)
	}
	i += delta
	line := strings.Count(text[:i], "\n")
	char := i - (strings.LastIndex(text[:i], "\n") + 1)
	return map[string]any{"line": line, "character": char}
}

func (c *client) at(text, marker string, delta int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": testURI}, "position": at(c.t, text, marker, delta)}
}

// openAt opens the document uri holding text and returns its diagnostics.
func (c *client) openAt(uri, text string) publishedDiags {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "adesh", "version": 1, "text": text}})
	got := c.published()
	if got.URI != uri {
		c.t.Fatalf("diagnostics published for %s, want %s", got.URI, uri)
	}
	return got
}

// atIn is c.at in the document uri.
func (c *client) atIn(uri, text, marker string, delta int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at(c.t, text, marker, delta)}
}
