package editors

import (
	"archive/zip"
	"context"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// The extension is packaged as a user packages it (`npm run package`, which bundles it with
// esbuild and runs vsce), in a copy of editors/vscode, with npm's packages taken from its cache
// only: the test never reaches the network, and skips when npm is absent or its cache lacks a
// package (one `npm install` in editors/vscode, online, fills it).

const extensionDir = "vscode"

// vsixFiles is exactly what the package holds: the bundle, the manifests, the grammar and the
// licence; the extension's source and node_modules stay out (.vscodeignore).
var vsixFiles = []string{
	"[Content_Types].xml",
	"extension.vsixmanifest",
	"extension/LICENSE.txt",
	"extension/dist/extension.js",
	"extension/language-configuration.json",
	"extension/package.json",
	"extension/syntaxes/adesh.tmLanguage.json",
}

func TestVscePackage(t *testing.T) {
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not installed: the VS Code extension is not packaged")
	}
	dir := filepath.Join(t.TempDir(), "vscode")
	copyExtension(t, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	run := func(args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, npm, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "npm_config_update_notifier=false")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	// --ignore-scripts: esbuild's install script would fetch its binary if the platform's
	// package were missing; the package itself is what is installed here.
	if out, err := run("install", "--offline", "--ignore-scripts", "--no-audit", "--no-fund", "--no-package-lock"); err != nil {
		if strings.Contains(out, "ENOTCACHED") {
			t.Skip("the extension's npm packages (@vscode/vsce, esbuild, vscode-languageclient) are not all in npm's cache, and the test does not fetch them: run `npm install` in editors/vscode once")
		}
		t.Fatalf("npm install --offline: %v\n%s", err, out)
	}
	out, err := run("run", "package")
	if err != nil {
		t.Fatalf("npm run package: %v\n%s", err, out)
	}
	if strings.Contains(out, "WARNING") {
		t.Errorf("vsce warns:\n%s", out)
	}
	vsix, err := zip.OpenReader(filepath.Join(dir, "adesh2go.vsix"))
	if err != nil {
		t.Fatalf("the package: %v\nnpm run package said:\n%s", err, out)
	}
	defer vsix.Close()
	var got []string
	for _, f := range vsix.File {
		got = append(got, f.Name)
		if f.Name == "extension/dist/extension.js" {
			checkBundleLoads(t, ctx, f)
		}
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(vsixFiles, "\n") {
		t.Errorf("the package holds\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(vsixFiles, "\n"))
	}
}

// vscodeStub stands for the module that only VS Code provides: any member, called or
// constructed, is another stub, so the bundle loads as it would there.
const vscodeStub = `const stub = { get: (_, key) => key === "__esModule" ? false : fake(), apply: () => fake(), construct: () => fake() };
function fake() { return new Proxy(function () {}, stub); }
module.exports = fake();
`

// checkBundleLoads loads the packaged bundle in node, with a stub for the vscode module: every
// other module it needs must be inside it (node_modules is not packaged), and it must export
// the extension's activate and deactivate.
func checkBundleLoads(t *testing.T, ctx context.Context, bundle *zip.File) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Errorf("npm is installed without node: %v", err)
		return
	}
	dir := t.TempDir()
	r, err := bundle.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	code, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	stubDir := filepath.Join(dir, "modules", "vscode")
	if err := os.MkdirAll(stubDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{filepath.Join(dir, "extension.js"): string(code), filepath.Join(stubDir, "index.js"): vscodeStub} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.CommandContext(ctx, node, "-e", `const m = require("./extension.js"); console.log(typeof m.activate, typeof m.deactivate);`)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(dir, "modules"))
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "function function" {
		t.Errorf("the packaged bundle does not load as an extension (%v):\n%s", err, out)
	}
}

// copyExtension copies the extension's own files (not what a local npm install or build left
// beside them) into dir.
func copyExtension(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(extensionDir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(extensionDir, path)
		if err != nil {
			return err
		}
		if e.IsDir() {
			if rel == "node_modules" || rel == "dist" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if strings.HasSuffix(rel, ".vsix") || rel == "package-lock.json" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
