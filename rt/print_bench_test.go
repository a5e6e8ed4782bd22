package rt

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
)

// Printing against the Go a programmer would write by hand: fmt.Fprintln to a bufio.Writer.

func BenchmarkPrintIntVsFmt(b *testing.B) {
	withOutput(b, io.Discard, io.Discard, false)
	w := bufio.NewWriter(io.Discard)
	versus(b,
		func(i int) { Print(int64(i)) },
		func(i int) { fmt.Fprintln(w, int64(i)) })
}

func BenchmarkPrintIntUnboxedVsFmt(b *testing.B) {
	withOutput(b, io.Discard, io.Discard, false)
	w := bufio.NewWriter(io.Discard)
	versus(b,
		func(i int) { PrintInt(int64(i)) },
		func(i int) { fmt.Fprintln(w, int64(i)) })
}

func BenchmarkPrintMixedVsFmt(b *testing.B) {
	withOutput(b, io.Discard, io.Discard, false)
	w := bufio.NewWriter(io.Discard)
	versus(b,
		func(i int) { Print("item", int64(i), "costs", 2.5, true) },
		func(i int) { fmt.Fprintln(w, "item", int64(i), "costs", 2.5, true) })
}

func BenchmarkPrintArrayVsFmt(b *testing.B) {
	withOutput(b, io.Discard, io.Discard, false)
	w := bufio.NewWriter(io.Discard)
	xs := []int64{1, 2, 3, 4, 5, 6, 7, 8}
	versus(b,
		func(int) { Print(xs) },
		func(int) { fmt.Fprintln(w, xs) })
}

func BenchmarkFormatFloatVsStrconv(b *testing.B) {
	fs := []float64{0.1, 3, 123.456, 1e-7, 1e21, 0.30000000000000004, 98765.4321}
	versus(b,
		func(i int) { FormatFloat(fs[i%len(fs)]) },
		func(i int) { strconv.FormatFloat(fs[i%len(fs)], 'g', -1, 64) })
}

func BenchmarkStrStructVsSprintf(b *testing.B) {
	c := config{"localhost", 8080}
	var sink string
	versus(b,
		func(int) { sink = Str(c) },
		func(int) { sink = fmt.Sprintf("Config { host: %q, port: %d }", c.host, c.port) })
	_ = sink
}

func BenchmarkArrJoinVsStringsJoin(b *testing.B) {
	xs := []int64{1, 22, 333, 4444, 55555}
	versus(b,
		func(int) { ArrJoin(xs, ", ") },
		func(int) {
			parts := make([]string, len(xs))
			for i, x := range xs {
				parts[i] = strconv.FormatInt(x, 10)
			}
			strings.Join(parts, ", ")
		})
}
