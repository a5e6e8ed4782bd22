package docs

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The Neovim snippets of editors.md are run: each ```lua block marked nvim=X.Y (the oldest
// Neovim it is for) is the init.lua of a headless Neovim, when the installed one is that recent,
// that opens a file with a type error and a loose layout, in a project, with the adesh2go
// built from this tree on its PATH. The server's diagnostic must reach the buffer, and a
// snippet that formats on save must format the file when it is written.

const editorsPage = "editors.md"

// neovimSnippet is a ```lua block of editors.md and the oldest Neovim it is for.
type neovimSnippet struct {
	line         int
	major, minor int
	text         string
}

var luaFence = regexp.MustCompile("^```lua nvim=(\\d+)\\.(\\d+)$")

func neovimSnippets(t *testing.T) []neovimSnippet {
	t.Helper()
	src, err := os.ReadFile(editorsPage)
	if err != nil {
		t.Fatal(err)
	}
	var out []neovimSnippet
	var cur *neovimSnippet
	for i, l := range strings.Split(string(src), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```lua"):
			m := luaFence.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("%s:%d: a Lua block says which Neovim it is for: ```lua nvim=0.10", editorsPage, i+1)
			}
			major, _ := strconv.Atoi(m[1])
			minor, _ := strconv.Atoi(m[2])
			cur = &neovimSnippet{line: i + 1, major: major, minor: minor}
		case cur != nil && l == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += l + "\n"
		}
	}
	return out
}

// installedNeovim is the version of the nvim on the PATH.
func installedNeovim(t *testing.T, nvim string) (major, minor int) {
	t.Helper()
	out, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		t.Fatalf("nvim --version: %v", err)
	}
	m := regexp.MustCompile(`NVIM v(\d+)\.(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("nvim --version printed no version: %s", out)
	}
	major, _ = strconv.Atoi(string(m[1]))
	minor, _ = strconv.Atoi(string(m[2]))
	return major, minor
}

// The page has a snippet for the Neovim of Debian 12, 0.7.
func TestNeovimSnippetsCoverDebian(t *testing.T) {
	for _, s := range neovimSnippets(t) {
		if s.major == 0 && s.minor <= 7 {
			return
		}
	}
	t.Errorf("%s has no Lua block marked nvim=0.7", editorsPage)
}

// checkScript runs after the file is loaded: it waits for the server's diagnostics, writes the
// file (which formats it, where the snippet formats on save) and reports what the buffer got.
const checkScript = `
local buf = vim.api.nvim_get_current_buf()
vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
local out = { "filetype=" .. vim.bo[buf].filetype }
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(out, string.format("%d:%d %s", d.lnum, d.col, d.message))
end
vim.cmd("write")
vim.fn.writefile(out, vim.env.ADESH_RESULT)
vim.cmd("qall!")
`

func TestNeovimSnippets(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (Debian: apt-get install neovim): the Neovim snippets of editors.md are not run")
	}
	major, minor := installedNeovim(t, nvim)
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "adesh2go"), "adesh2go/cmd/adesh2go")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building adesh2go: %v\n%s", err, out)
	}
	ran := 0
	for _, s := range neovimSnippets(t) {
		if major < s.major || major == s.major && minor < s.minor {
			t.Logf("%s:%d is for Neovim %d.%d, this one is %d.%d: not run", editorsPage, s.line, s.major, s.minor, major, minor)
			continue
		}
		ran++
		t.Run(strconv.Itoa(s.line), func(t *testing.T) { runNeovimSnippet(t, nvim, bin, s) })
	}
	if ran == 0 {
		t.Errorf("no snippet of %s is for Neovim %d.%d", editorsPage, major, minor)
	}
}

func runNeovimSnippet(t *testing.T, nvim, bin string, s neovimSnippet) {
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(project, "prog.adesh")
	files := map[string]string{
		filepath.Join(dir, "init.lua"):  s.text,
		filepath.Join(dir, "check.lua"): checkScript,
		prog:                            "let   x: i64 = \"a\";\nprint(x);\n",
	}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	result := filepath.Join(dir, "result")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "-u", filepath.Join(dir, "init.lua"),
		"prog.adesh", "-c", "luafile "+filepath.Join(dir, "check.lua"))
	cmd.Dir = project
	// Neovim's own folders (its LSP log among them) are the test's, not the user's.
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "ADESH_RESULT="+result,
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_DATA_HOME="+filepath.Join(dir, "data"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s:%d: nvim: %v\n%s", editorsPage, s.line, err, out)
	}
	got, err := os.ReadFile(result)
	if err != nil {
		t.Fatalf("%s:%d: the check script wrote nothing (%v); nvim said:\n%s", editorsPage, s.line, err, out)
	}
	report := string(got)
	if !strings.HasPrefix(report, "filetype=adesh\n") {
		t.Errorf("%s:%d: the buffer is not an adesh one:\n%s", editorsPage, s.line, report)
	}
	if !strings.Contains(report, "0:15 mismatched types: expected `i64`, found `string`") {
		t.Errorf("%s:%d: the server's diagnostic did not reach the buffer:\n%s\nnvim said:\n%s", editorsPage, s.line, report, out)
	}
	if strings.Contains(s.text, "BufWritePre") {
		text, err := os.ReadFile(prog)
		if err != nil {
			t.Fatal(err)
		}
		if want := "let x: i64 = \"a\";\nprint(x);\n"; string(text) != want {
			t.Errorf("%s:%d: formatting on save wrote %q, want %q", editorsPage, s.line, text, want)
		}
	}
}
