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

// headerError is a message whose header is broken: it is answered, and the session goes on.
type headerError struct{ msg string }

func (e *headerError) Error() string { return e.msg }

// readMessage reads one framed message.
func readMessage(r *bufio.Reader) ([]byte, error) {
	headers, err := textproto.NewReader(r).ReadMIMEHeader()
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(headers.Get("Content-Length")))
	if err != nil || n < 0 {
		return nil, &headerError{fmt.Sprintf("a message without a valid Content-Length header (%q)", headers.Get("Content-Length"))}
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
		var bad *headerError
		if errors.As(err, &bad) {
			// Its body's length is unknown: it is skipped up to the next message's header.
			if err := out.send(message{JSONRPC: "2.0", Error: &responseError{codeParseError, bad.msg}, ID: nullID()}); err != nil {
				return err
			}
			if in, err = skipToHeader(in); err != nil {
				return nil // the input ended inside the broken message
			}
			continue
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

// skipToHeader reads up to the next "Content-Length:" and returns a reader that starts there.
func skipToHeader(in *bufio.Reader) (*bufio.Reader, error) {
	const mark = "Content-Length:"
	matched := 0
	for matched < len(mark) {
		c, err := in.ReadByte()
		if err != nil {
			return nil, err
		}
		switch {
		case c == mark[matched]:
			matched++
		case c == mark[0]:
			matched = 1
		default:
			matched = 0
		}
	}
	return bufio.NewReader(io.MultiReader(strings.NewReader(mark), in)), nil
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
