package rt

// http.get and http.post: a small HTTP/1.1 client over the TCP futures, so a request is one
// more task waiting in the reactor, with no goroutine of its own, and dropping its future
// (a cancelled task, a lost select) closes its connection like any socket.
//
// Why not Go's net/http bridged through a OneShot: net/http would add about 2.6 MB to every
// generated binary (rt is linked into every program, whether it makes requests or not), run
// each request on a goroutine of its own beside the workers, and bring a second connection
// pool and timeout model. The cost of this choice: plain http:// only (no TLS: https URLs give
// an Err), no redirects followed (a 3xx response is returned as it is), and one connection per
// request ("Connection: close", no keep-alive). Responses may be framed by Content-Length,
// chunked, or the end of the connection.
//
// A server is not trusted: a response whose body is longer than ADESH_HTTP_MAX_BODY bytes
// (default 64 MiB) or whose head is longer than 1 MiB is an Err, read no further, and the
// whole request (connecting, sending, the head and every byte of the body) must be done within
// ADESH_HTTP_TIMEOUT milliseconds (default 60,000), else it is an Err "timed out".

import (
	"bytes"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// The limits of a request, and the variables that change them.
const (
	httpMaxBodyEnv     = "ADESH_HTTP_MAX_BODY"
	httpTimeoutEnv     = "ADESH_HTTP_TIMEOUT"
	httpDefaultMaxBody = 64 << 20
	httpDefaultTimeout = 60_000 // milliseconds
	httpMaxHead        = 1 << 20
)

// httpLimit reads a positive whole number from the environment variable name, else gives def.
func httpLimit(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// Response is AdeshLang's Response: the status code, the headers (names in lower case,
// repeated headers joined with ", ") and the body.
type Response struct {
	Status  int64
	Headers *Map[string, string]
	Body    string
}

// HTTPFuture is a request under way.
type HTTPFuture struct {
	state   uint8
	failure string // why the request could not even start (a bad URL)
	addr    string
	request string
	connect ConnectFuture
	conn    *TcpStream
	write   WriteFuture
	read    ReadFuture
	resp    responseParser
	timer   *SleepFuture // the whole request's deadline, from its first poll
}

const (
	httpStart = iota
	httpConnecting
	httpWriting
	httpReading
	httpDone
)

// HTTPGet is `http.get(url)`.
func HTTPGet(rawURL string) HTTPFuture { return newRequest("GET", rawURL, "", false) }

// HTTPPost is `http.post(url, body)`: the body is sent as text/plain.
func HTTPPost(rawURL, body string) HTTPFuture { return newRequest("POST", rawURL, body, true) }

func newRequest(method, rawURL, body string, hasBody bool) HTTPFuture {
	u, err := url.Parse(rawURL)
	switch {
	case err != nil:
		return HTTPFuture{failure: "bad URL " + strconv.Quote(rawURL) + ": " + urlErrorText(err)}
	case u.Scheme == "https":
		return HTTPFuture{failure: "https URLs are not supported (plain http only): " + rawURL}
	case u.Scheme != "http":
		return HTTPFuture{failure: "bad URL " + strconv.Quote(rawURL) + ": the scheme must be http"}
	case u.Hostname() == "":
		return HTTPFuture{failure: "bad URL " + strconv.Quote(rawURL) + ": no host"}
	}
	port := u.Port()
	if port == "" {
		port = "80"
	}
	var b strings.Builder
	b.WriteString(method + " " + u.RequestURI() + " HTTP/1.1\r\n")
	b.WriteString("Host: " + u.Host + "\r\n")
	b.WriteString("User-Agent: adesh2go\r\nAccept: */*\r\nConnection: close\r\n")
	if hasBody {
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
		b.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n")
	}
	b.WriteString("\r\n")
	b.WriteString(body)
	return HTTPFuture{addr: net.JoinHostPort(u.Hostname(), port), request: b.String(),
		resp: responseParser{head: method == "HEAD", maxBody: httpLimit(httpMaxBodyEnv, httpDefaultMaxBody)}}
}

func urlErrorText(err error) string {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err.Error()
	}
	return err.Error()
}

// Poll drives the request; any failure becomes the Err of the result.
func (f *HTTPFuture) Poll(cx *Context) (p Poll[Result[Response, Error]]) {
	if f.failure != "" {
		f.state = httpDone
		return Ready(Err[Response](Error{Message: f.failure}))
	}
	defer func() {
		if r := recover(); r != nil {
			th, ok := r.(*Thrown)
			if !ok {
				panic(r)
			}
			f.Drop()
			p = Ready(Err[Response](th.Err))
		}
	}()
	for {
		if f.state != httpStart && timedOut(cx, f.timer) {
			throwIO(TimedOut)
		}
		switch f.state {
		case httpStart:
			f.timer = withTimeout(int64(httpLimit(httpTimeoutEnv, httpDefaultTimeout)))
			f.connect = NetConnect(f.addr)
			f.state = httpConnecting
		case httpConnecting:
			c := f.connect.Poll(cx)
			if !c.Ready {
				return Pending[Result[Response, Error]]()
			}
			f.conn = c.Value
			f.write = f.conn.Write(f.request)
			f.request = ""
			f.state = httpWriting
		case httpWriting:
			if !f.write.Poll(cx).Ready {
				return Pending[Result[Response, Error]]()
			}
			f.read = f.conn.readRaw(ioChunk)
			f.state = httpReading
		case httpReading:
			r := f.read.Poll(cx)
			if !r.Ready {
				return Pending[Result[Response, Error]]()
			}
			done, err := f.resp.feed(r.Value)
			if err != "" {
				throwIO(err)
			}
			if !done {
				f.read = f.conn.readRaw(ioChunk)
				continue
			}
			f.conn.Close()
			f.conn = nil
			dropTimer(f.timer)
			f.timer = nil
			f.state = httpDone
			return Ready(Ok[Response, Error](f.resp.response()))
		default:
			panic("rt: HTTPFuture polled after it completed")
		}
	}
}

// Drop abandons the request and closes its connection.
func (f *HTTPFuture) Drop() {
	switch f.state {
	case httpConnecting:
		f.connect.Drop()
	case httpWriting:
		f.write.Drop()
	case httpReading:
		f.read.Drop()
	}
	if f.conn != nil {
		f.conn.Close()
		f.conn = nil
	}
	dropTimer(f.timer)
	f.timer = nil
	f.state = httpDone
}

// responseParser takes the response as it arrives ("" at the end of the connection) and
// reports when it is complete.
type responseParser struct {
	head    bool // a HEAD request: no body whatever the headers say
	maxBody int  // the longest body taken (0: httpDefaultMaxBody)

	buf     []byte // what has arrived and is not parsed yet
	gotHead bool
	status  int64
	headers *Map[string, string]
	body    []byte

	framing  uint8
	length   int // the body's length (framing by length), or the current chunk's rest
	inChunk  bool
	trailers bool
}

const (
	framedByLength = iota
	framedByChunks
	framedByClose
)

const errEarlyClose = "http: the connection closed before the end of the response"

func (p *responseParser) feed(data string) (done bool, err string) {
	eof := data == ""
	p.buf = append(p.buf, data...)
	for !p.gotHead {
		end, sep := headerEnd(p.buf)
		if end < 0 {
			if eof {
				return false, errEarlyClose
			}
			if len(p.buf) > httpMaxHead {
				return false, "http: the response's head is longer than " + strconv.Itoa(httpMaxHead) + " bytes"
			}
			return false, ""
		}
		if err := p.parseHead(p.buf[:end]); err != "" {
			return false, err
		}
		p.buf = p.buf[end+sep:]
		if p.status >= 100 && p.status < 200 {
			p.gotHead = false // an interim response (100 Continue): the real one follows
		}
	}
	limit := p.maxBody
	if limit == 0 {
		limit = httpDefaultMaxBody
	}
	if p.framing == framedByLength && p.length > limit || p.framing != framedByLength && len(p.body)+len(p.buf) > limit {
		return false, "http: the response's body is longer than " + strconv.Itoa(limit) + " bytes (" + httpMaxBodyEnv + " sets the limit)"
	}
	switch p.framing {
	case framedByLength:
		if len(p.buf) >= p.length {
			p.body = p.buf[:p.length]
			return true, ""
		}
	case framedByChunks:
		if done, err := p.decodeChunks(); done || err != "" {
			return done, err
		}
	case framedByClose:
		if eof {
			p.body = p.buf
			return true, ""
		}
		return false, ""
	}
	if eof {
		return false, errEarlyClose
	}
	return false, ""
}

// headerEnd finds the blank line that ends the head: its offset and length (4 for CRLFCRLF,
// 2 for a bare LFLF), or -1.
func headerEnd(b []byte) (int, int) {
	crlf := bytes.Index(b, []byte("\r\n\r\n"))
	lf := bytes.Index(b, []byte("\n\n"))
	switch {
	case crlf >= 0 && (lf < 0 || crlf < lf):
		return crlf, 4
	case lf >= 0:
		return lf, 2
	}
	return -1, 0
}

func (p *responseParser) parseHead(head []byte) string {
	lines := strings.Split(strings.ReplaceAll(string(head), "\r\n", "\n"), "\n")
	status := strings.SplitN(lines[0], " ", 3)
	if len(status) < 2 || !strings.HasPrefix(status[0], "HTTP/1.") {
		return "http: not an HTTP/1.x response: " + strconv.Quote(lines[0])
	}
	code, err := strconv.Atoi(status[1])
	if err != nil || code < 100 || code > 999 {
		return "http: bad status line: " + strconv.Quote(lines[0])
	}
	p.status = int64(code)
	p.headers = NewMap[string, string]()
	for _, line := range lines[1:] {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return "http: bad header line: " + strconv.Quote(line)
		}
		name = strings.ToLower(strings.TrimSpace(name))
		value = strings.TrimSpace(value)
		if old := p.headers.Get(name); old.Some {
			value = old.Val + ", " + value
		}
		p.headers.Set(name, value)
	}
	p.gotHead = true
	switch {
	case p.head || code == 204 || code == 304 || code < 200:
		p.framing, p.length = framedByLength, 0
	case strings.Contains(strings.ToLower(p.headers.Get("transfer-encoding").Val), "chunked"):
		p.framing = framedByChunks
	case p.headers.Has("content-length"):
		n, err := strconv.Atoi(p.headers.Get("content-length").Val)
		if err != nil || n < 0 {
			return "http: bad Content-Length " + strconv.Quote(p.headers.Get("content-length").Val)
		}
		p.framing, p.length = framedByLength, n
	default:
		p.framing = framedByClose
	}
	return ""
}

// decodeChunks moves the complete chunks of buf into the body.
func (p *responseParser) decodeChunks() (done bool, err string) {
	for {
		if p.inChunk {
			if len(p.buf) < p.length+2 {
				return false, ""
			}
			p.body = append(p.body, p.buf[:p.length]...)
			if p.buf[p.length] == '\n' { // a bare LF after the data
				p.buf = p.buf[p.length+1:]
			} else {
				p.buf = p.buf[p.length+2:]
			}
			p.inChunk = false
			continue
		}
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			return false, ""
		}
		line := strings.TrimSpace(string(p.buf[:i]))
		p.buf = p.buf[i+1:]
		if p.trailers {
			if line == "" {
				return true, ""
			}
			continue
		}
		sizeText, _, _ := strings.Cut(line, ";")
		size, perr := strconv.ParseInt(strings.TrimSpace(sizeText), 16, 64)
		if perr != nil || size < 0 || size > maxLineBytes*64 {
			return false, "http: bad chunk size " + strconv.Quote(line)
		}
		if size == 0 {
			p.trailers = true
			continue
		}
		p.length, p.inChunk = int(size), true
	}
}

func (p *responseParser) response() Response {
	return Response{Status: p.status, Headers: p.headers, Body: string(p.body)}
}
