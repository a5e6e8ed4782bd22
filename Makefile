# adesh2go — see README.md. `make test` is what CI runs.
GO      ?= go
GOFILES := $(shell git ls-files '*.go' 2>/dev/null | grep -v '^golden/' | grep -v '^testdata/')

.PHONY: all test fmt vet unit race golden bench fuzz install

all: test

test: fmt vet unit race

fmt:
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "not gofmt-clean:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	@# rt is copied next to every generated program: it (and its tests) must build on the
	@# kqueue systems and behind the portable fallback too, not only on Linux. The command and
	@# the build driver differ only where there is no exec (windows): vetting them for the
	@# unix systems again would type-check the whole compiler twice more for nothing.
	for os in darwin freebsd; do GOOS=$$os GOARCH=amd64 $(GO) vet ./rt/... || exit 1; done
	GOOS=windows GOARCH=amd64 $(GO) vet ./rt/... ./cmd/... ./gobuild/...

# The root package builds and runs every test program: on a cold Go cache and a loaded machine it
# can pass go test's default 10 minutes per package, which would fail it half-way.
unit:
	$(GO) test -timeout 25m ./...

race:
	$(GO) test -race ./rt/...
	$(GO) test -race ./lsp/...
	$(GO) test -race -tags adesh_futex_table -run 'Mutex|RwLock|Share|Weak|Futex' ./rt/...
	$(GO) test -race -tags adesh_portable_io ./rt/...

# Rewrite the golden files (then read `git diff golden/` before committing).
golden:
	$(GO) test ./... -update

bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m ./bench/...

# The fuzz targets, one after the other (go test fuzzes one target at a time).
fuzz:
	$(GO) test ./frontend/syntax -run '^$$' -fuzz FuzzParse -fuzztime 60s
	$(GO) test ./frontend/format -run '^$$' -fuzz FuzzFormat -fuzztime 60s
	$(GO) test . -run '^$$' -fuzz FuzzCompile -fuzztime 60s
	@# More of TestNodeOracle's programs than make test runs (where node is installed).
	ADESH_JSPROGS=200 $(GO) test . -run '^TestNodeOracle$$' -count=1 -timeout 30m

install:
	$(GO) install ./cmd/adesh2go
