package rt

import (
	"bufio"
	"os"
	"strings"
	"sync"
)

// stdin is the program's standard input, read a line at a time by input(); the mutex keeps
// lines whole when several threads read.
var stdin struct {
	mu sync.Mutex
	r  *bufio.Reader
}

// Input is input() and input(prompt): the next line of standard input without its line end,
// or null at the end of the input. The prompt goes to stdout first, flushed so that it shows
// before the program waits. It blocks the calling thread.
func Input(prompt ...string) Option[string] {
	if len(prompt) > 0 {
		stdio.mu.Lock()
		stdio.out.WriteString(prompt[0])
		stdio.out.Flush()
		stdio.mu.Unlock()
	} else {
		FlushOutput()
	}
	stdin.mu.Lock()
	defer stdin.mu.Unlock()
	if stdin.r == nil {
		stdin.r = bufio.NewReader(os.Stdin)
	}
	line, err := stdin.r.ReadString('\n')
	if err != nil && line == "" {
		return None[string]()
	}
	line = strings.TrimSuffix(line, "\n")
	return Some(strings.TrimSuffix(line, "\r"))
}
