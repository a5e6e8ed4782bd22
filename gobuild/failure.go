package gobuild

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"adesh2go/emitgo"
)

// environmentCauses are what a tool prints when the machine, not the program or adesh2go, is
// why a build failed, with what to tell the user.
var environmentCauses = []struct{ printed, cause string }{
	{"no space left on device", "the disk is full"},
	{"disk quota exceeded", "the disk quota is used up"},
	{"read-only file system", "a folder the build writes is read-only"},
	{"permission denied", "a folder the build writes may not be written"},
	{"GOCACHE is not defined", "the go command has no build cache: set HOME, XDG_CACHE_HOME or GOCACHE"},
	{"cannot find GOROOT", "Go's installation cannot be found"},
	{"unsupported GOOS/GOARCH", "GOOS and GOARCH name a system Go does not build for"},
	{"cannot allocate memory", "the machine is out of memory"},
}

// toolFailure is the error of a tool of the build (go env, go list, the linker) that failed: a
// failure of the environment when what it printed says so, else a bug in adesh2go.
func toolFailure(what string, err error, printed []byte) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return fmt.Errorf("cannot run %s (is Go installed and on PATH?): %v", what, err)
	}
	text := strings.TrimSpace(string(printed))
	if cause := environmentCause(text); cause != "" {
		return fmt.Errorf("%s failed, because %s:\n%s", what, cause, text)
	}
	return fmt.Errorf("%s failed (this is a bug in adesh2go): %v\n%s", what, err, text)
}

// goErrorPos is the position that starts a message of the Go compiler: FILE:LINE:COL: or
// FILE:LINE: (FILE is the AdeshLang file where a //line directive maps the Go).
var goErrorPos = regexp.MustCompile(`^(.+?):(\d+)(?::\d+)?: `)

// compileFailure is the error of the Go compiler refusing a package's generated Go. A checked
// program must build, so this is a bug in adesh2go: each of the compiler's messages comes with
// the AdeshLang line it points to and the generated Go that line became, which is where the bug
// shows.
func compileFailure(err error, printed, src []byte) error {
	text := strings.TrimSpace(string(printed))
	if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) || text == "" || environmentCause(text) != "" {
		return toolFailure("go tool compile", err, printed)
	}
	var b strings.Builder
	b.WriteString("the Go compiler refused the generated Go (this is a bug in adesh2go):")
	for _, msg := range strings.Split(text, "\n") {
		b.WriteString("\n" + msg)
		m := goErrorPos.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		file := m[1]
		line, _ := strconv.Atoi(m[2])
		if source, ok := sourceLine(file, line); ok {
			fmt.Fprintf(&b, "\n    AdeshLang %s:%d: %s", file, line, source)
		}
		goLines := strings.Split(string(src), "\n")
		for i, n := range emitgo.GeneratedLines(src, file, line) {
			if i == 3 {
				b.WriteString("\n    …")
				break
			}
			fmt.Fprintf(&b, "\n    Go line %d: %s", n, strings.TrimSpace(goLines[n-1]))
		}
	}
	return errors.New(b.String())
}

// environmentCause is the failure of the environment a tool's output names, or "".
func environmentCause(text string) string {
	for _, c := range environmentCauses {
		if strings.Contains(text, c.printed) {
			return c.cause
		}
	}
	return ""
}

// sourceLine reads line n of an AdeshLang file, trimmed, for a message.
func sourceLine(file string, n int) (string, bool) {
	if !strings.HasSuffix(file, ".adesh") {
		return "", false
	}
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() || info.Size() > 64<<20 {
		return "", false
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", false
	}
	lines := strings.Split(string(b), "\n")
	if n < 1 || n > len(lines) {
		return "", false
	}
	return strings.TrimSpace(lines[n-1]), true
}
