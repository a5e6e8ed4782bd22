package syntax

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

// ParallelMinChunks is how many chunks (of about chunkTokens tokens) a file needs before its
// chunks are parsed on several CPUs: below it, starting the workers costs more than it saves.
// Benchmarks set it out of reach to measure a parse in order.
var ParallelMinChunks = 8

// chunkResult is what one chunk parsed to, kept until the chunks are joined in order.
type chunkResult struct {
	items   []ast.Node
	diags   *diag.List
	classes map[source.Pos]*classParts
	ifaces  map[source.Pos]*ifaceParts
}

// parseChunksInParallel parses the chunks on every CPU, each worker with a parser of its own
// that reads the shared tokens, then joins their items and diagnostics in source order, so the
// result is the one parsing them in order gives.
func (p *parser) parseChunksInParallel(bounds [][2]int, out *ast.File) {
	p.file.Position(0) // builds the line table now: the workers only read it
	results := make([]chunkResult, len(bounds))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(bounds)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := getParser()
			defer putParser(q)
			q.fork(p)
			defer q.releaseFork()
			for {
				c := int(next.Add(1) - 1)
				if c >= len(bounds) {
					return
				}
				results[c] = q.parseChunkAlone(bounds[c][0], bounds[c][1])
			}
		}()
	}
	wg.Wait()
	for _, r := range results {
		out.Items = append(out.Items, r.items...)
		// One error per line, as report keeps it: a line where one chunk ends and the next
		// begins may have had an error in each.
		kept := r.diags.Items[:0]
		for _, d := range r.diags.Items {
			line := p.lineOf(int(d.Pos - p.base))
			if _, dup := p.errored[line]; !dup {
				p.errored[line] = struct{}{}
				kept = append(kept, d)
			}
		}
		r.diags.Items = kept
		p.diags.Merge(r.diags)
		for at, c := range r.classes {
			p.classes[at] = c
		}
		for at, in := range r.ifaces {
			p.ifaces[at] = in
		}
	}
}

// parseChunkAlone parses one chunk into items and diagnostics of its own. A bug in the parser
// is reported at the chunk, as ParseFile reports one at the file.
func (p *parser) parseChunkAlone(from, to int) (r chunkResult) {
	p.diags = diag.NewList(p.diags.Files)
	p.errored = map[int]struct{}{}
	p.classes, p.ifaces = map[source.Pos]*classParts{}, map[source.Pos]*ifaceParts{}
	p.depth, p.lastEnd, p.interp = 0, 0, false
	if from > 0 {
		p.lastEnd = p.tokens[from-1].end() // where the chunk before left it
	}
	part := &ast.File{}
	defer func() {
		if e := recover(); e != nil {
			p.diags.Errorf(p.base+source.Pos(p.tokens[from].Pos.Offset), source.NoPos, diag.Syntax, "%s", fmt.Sprintf("internal error in the parser: %v (please report this)", e))
		}
		r = chunkResult{items: part.Items, diags: p.diags, classes: p.classes, ifaces: p.ifaces}
	}()
	p.parseChunk(from, to, part)
	return
}

// fork points p at the file another parser lexed: the tokens, brackets and doc comments are shared
// and only read.
func (p *parser) fork(of *parser) {
	p.file, p.diags, p.src, p.base = of.file, of.diags, of.src, of.base
	p.tokens, p.closers, p.docs, p.lexedToEnd = of.tokens, of.closers, of.docs, of.lexedToEnd
}

// releaseFork drops what fork shared: unlike release, it keeps none of the tables, which belong
// to the parser that lexed them.
func (p *parser) releaseFork() {
	p.file, p.diags, p.src, p.docs, p.errored = nil, nil, "", nil, nil
	p.classes, p.ifaces = nil, nil
	p.tokens, p.closers = nil, nil
}
