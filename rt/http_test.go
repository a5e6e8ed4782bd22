package rt

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHTTPGetAndPost(t *testing.T) {
	noLeaks(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hello":
			w.Header().Set("X-Greeting", "hi")
			io.WriteString(w, "hello "+r.URL.Query().Get("name"))
		case "/chunked":
			for _, part := range []string{"one ", "two ", "three"} {
				io.WriteString(w, part)
				w.(http.Flusher).Flush() // forces chunked framing
			}
		case "/echo":
			b, _ := io.ReadAll(r.Body)
			io.WriteString(w, r.Method+" "+r.Header.Get("Content-Type")+" "+string(b))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	defer srv.CloseClientConnections()

	get := func(path string) Response {
		t.Helper()
		r := mustAwait[Result[Response, Error]](t, HTTPGet(srv.URL+path))
		if !r.IsOk {
			t.Fatalf("GET %s failed: %s", path, r.Err.Message)
		}
		return r.Val
	}
	r := get("/hello?name=ada")
	if r.Status != 200 || r.Body != "hello ada" || r.Headers.Get("x-greeting") != Some("hi") {
		t.Errorf("GET /hello gave %d %q, headers %v", r.Status, r.Body, Str(r.Headers))
	}
	if r := get("/chunked"); r.Body != "one two three" || r.Headers.Get("transfer-encoding") != Some("chunked") {
		t.Errorf("GET /chunked gave %q, headers %v", r.Body, Str(r.Headers))
	}
	if r := get("/missing"); r.Status != 404 {
		t.Errorf("GET /missing gave %d", r.Status)
	}
	post := mustAwait[Result[Response, Error]](t, HTTPPost(srv.URL+"/echo", "the body"))
	if want := "POST text/plain; charset=utf-8 the body"; !post.IsOk || post.Val.Body != want {
		t.Errorf("POST gave %+v, want the body %q", post, want)
	}
}

// A server that frames its response by closing the connection, and one that closes early.
func TestHTTPResponseEndsWithConnection(t *testing.T) {
	noLeaks(t)
	for _, tc := range []struct{ reply, body, err string }{
		{"HTTP/1.0 200 OK\r\nServer: raw\r\n\r\nuntil the end", "until the end", ""},
		{"HTTP/1.1 200 OK\nContent-Length: 2\n\nok", "ok", ""},
		{"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", "", errEarlyClose},
		{"SSH-2.0-OpenSSH\r\n\r\n", "", `http: not an HTTP/1.x response: "SSH-2.0-OpenSSH"`},
	} {
		addr, done := goPeer(t, func(c net.Conn) {
			buf := make([]byte, 4096)
			c.Read(buf) // the request
			io.WriteString(c, tc.reply)
		})
		r := mustAwait[Result[Response, Error]](t, HTTPGet("http://"+addr+"/"))
		<-done
		switch {
		case tc.err != "" && (r.IsOk || r.Err.Message != tc.err):
			t.Errorf("reply %q gave %+v, want the error %q", tc.reply, r, tc.err)
		case tc.err == "" && (!r.IsOk || r.Val.Body != tc.body):
			t.Errorf("reply %q gave %+v, want the body %q", tc.reply, r, tc.body)
		}
	}
}

func TestHTTPErrors(t *testing.T) {
	noLeaks(t)
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	closedAddr := ln.Addr().String()
	ln.Close()
	for url, want := range map[string]string{
		"https://example.com/":    "https URLs are not supported (plain http only): https://example.com/",
		"ftp://example.com/":      `bad URL "ftp://example.com/": the scheme must be http`,
		"http://":                 `bad URL "http://": no host`,
		"http://" + closedAddr:    "connect " + closedAddr + ": connection refused",
		"http://[::1:80/":         `bad URL "http://[::1:80/": missing ']' in host`,
		"http://127.0.0.1:999999": `bad address "127.0.0.1:999999": unknown port "999999"`,
	} {
		r := mustAwait[Result[Response, Error]](t, HTTPGet(url))
		if r.IsOk || r.Err.Message != want {
			t.Errorf("GET %s gave %+v, want the error %q", url, r, want)
		}
	}
}

func TestResponseParserChunksInPieces(t *testing.T) {
	reply := "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nSet-Cookie: a\r\nSet-Cookie: b\r\n\r\n" +
		"5\r\nhello\r\n1;ext=1\r\n \r\n6\r\nworld!\r\n0\r\nTrailer: x\r\n\r\n"
	// Fed one byte at a time, the parser must give the same response as fed at once.
	for _, step := range []int{1, 7, len(reply)} {
		var p responseParser
		var done bool
		for i := 0; i < len(reply) && !done; i += step {
			var err string
			done, err = p.feed(reply[i:min(i+step, len(reply))])
			if err != "" {
				t.Fatalf("step %d: %s", step, err)
			}
		}
		r := p.response()
		if !done || r.Body != "hello world!" || r.Headers.Get("set-cookie") != Some("a, b") {
			t.Fatalf("step %d: done %v, body %q, headers %s", step, done, r.Body, Str(r.Headers))
		}
	}
	if !strings.Contains(Str(Response{Status: 200, Headers: NewMap[string, string](), Body: "x"}), "200") {
		t.Errorf("a Response does not print its status")
	}
}

// hostileServer answers every connection with head, then writes piece every pause until the
// connection fails; it stops when the test ends.
func hostileServer(t *testing.T, head, piece string, pause time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				c.Read(make([]byte, 4096))
				if _, err := io.WriteString(c, head); err != nil {
					return
				}
				for {
					if _, err := io.WriteString(c, piece); err != nil {
						return
					}
					time.Sleep(pause)
				}
			}()
		}
	}()
	return "http://" + ln.Addr().String() + "/"
}

// A server that sends a body without end, fast or one byte at a time, or a head without end,
// gives an Err: the body's limit (ADESH_HTTP_MAX_BODY) and the request's timeout
// (ADESH_HTTP_TIMEOUT), which covers reading the body, stop it.
func TestHTTPClientDoesNotTrustTheServer(t *testing.T) {
	noLeaks(t)
	t.Setenv(httpMaxBodyEnv, "1000000")
	t.Setenv(httpTimeoutEnv, "300")
	endless := strings.Repeat("x", 64<<10)
	for _, c := range []struct {
		what, head, piece string
		pause             time.Duration
		want              string
	}{
		{"an endless body", "HTTP/1.1 200 OK\r\n\r\n", endless, 0, "http: the response's body is longer than 1000000 bytes"},
		{"an endless chunked body", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "10000\r\n" + endless + "\r\n", 0, "http: the response's body is longer than 1000000 bytes"},
		{"a body longer than the limit", "HTTP/1.1 200 OK\r\nContent-Length: 5000000\r\n\r\n", endless, 0, "http: the response's body is longer than 1000000 bytes"},
		{"an endless head", "HTTP/1.1 200 OK\r\n", "X-A: " + endless + "\r\n", 0, "http: the response's head is longer than"},
		{"a body a byte at a time", "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", "x", 20 * time.Millisecond, "timed out"},
	} {
		r := mustAwait[Result[Response, Error]](t, HTTPGet(hostileServer(t, c.head, c.piece, c.pause)))
		if r.IsOk || !strings.HasPrefix(r.Err.Message, c.want) {
			t.Errorf("%s: gave %v, want the error %q", c.what, r.Err.Message, c.want)
		}
	}
}
