package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The base protocol: JSON-RPC 2.0 messages framed by a Content-Length header. glsp's own
// server reads os.Stdin and writes os.Stdout only; this loop serves any reader and writer, so
// that the tests drive the very same code through in-process pipes, and it dispatches through
// glsp's protocol handler.

type message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  any              `json:"result,omitempty"`
	Error   *responseError   `json:"error,omitempty"`
}

type responseError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// JSON-RPC error codes.
const (
	codeParseError     = -32700
	codeInvalidParams  = -32602
	codeMethodNotFound = -32601
	codeInternalError  = -32603
)

// conn writes messages; writes from the loop and from notifications do not interleave.
type conn struct {
	mu sync.Mutex
	w  io.Writer
}

func (c *conn) send(m any) error {
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = c.w.Write(body)
	return err
}

func (c *conn) notify(method string, params any) {
	c.send(struct {
		JSONRPC string `json:"jsonrpc"`
		Method  string `json:"method"`
		Params  any    `json:"params"`
	}{"2.0", method, params})
}

// readMessage reads one framed message.
func readMessage(r *bufio.Reader) ([]byte, error) {
	headers, err := textproto.NewReader(r).ReadMIMEHeader()
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(headers.Get("Content-Length")))
	if err != nil || n < 0 {
		return nil, fmt.Errorf("a message without a valid Content-Length header")
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// serve reads messages from r until the client sends exit or r ends, and answers on w.
func serve(r io.Reader, w io.Writer, h *protocol.Handler) error {
	in := bufio.NewReader(r)
	out := &conn{w: w}
	for {
		body, err := readMessage(in)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			out.send(message{JSONRPC: "2.0", Error: &responseError{codeParseError, err.Error()}, ID: nullID()})
			continue
		}
		if m.Method == "" {
			continue // a response to a request of ours: the server sends none
		}
		ctx := &glsp.Context{Method: m.Method, Params: m.Params, Notify: out.notify,
			Call: func(string, any, any) {}}
		result, rerr := dispatch(h, ctx)
		if m.ID != nil {
			reply := map[string]any{"jsonrpc": "2.0", "id": m.ID}
			if rerr != nil {
				reply["error"] = rerr
			} else {
				reply["result"] = result
			}
			if err := out.send(reply); err != nil {
				return err
			}
		}
		if m.Method == protocol.MethodExit {
			return nil
		}
	}
}

func nullID() *json.RawMessage {
	id := json.RawMessage("null")
	return &id
}

// dispatch runs a handler; a panic in one is an internal error of that request, not the end
// of the server.
func dispatch(h *protocol.Handler, ctx *glsp.Context) (result any, rerr *responseError) {
	defer func() {
		if p := recover(); p != nil {
			result, rerr = nil, &responseError{codeInternalError, fmt.Sprintf("internal error: %v", p)}
		}
	}()
	r, validMethod, validParams, err := h.Handle(ctx)
	switch {
	case !validMethod:
		return nil, &responseError{codeMethodNotFound, "method not supported: " + ctx.Method}
	case !validParams:
		msg := "invalid parameters"
		if err != nil {
			msg = err.Error()
		}
		return nil, &responseError{codeInvalidParams, msg}
	case err != nil:
		return nil, &responseError{codeInternalError, err.Error()}
	}
	return r, nil
}
