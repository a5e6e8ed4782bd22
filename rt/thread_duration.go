package rt

import (
	"math"
	"math/big"
	"time"
)

// Millis is a millisecond argument of the thread module given in another form (EVERYDAY.md
// §7.3): a number of milliseconds, a BigInt of nanoseconds, an object with millis, seconds or
// nanos (their sum, when it has several), or a Go time.Duration.
func Millis(v Value, pos string) int64 {
	switch x := v.(type) {
	case time.Duration:
		return x.Milliseconds()
	case BigInt:
		ms := new(big.Int).Quo(x.big(), big.NewInt(int64(time.Millisecond)))
		if !ms.IsInt64() {
			Fail(pos, "duration "+x.String()+"ns is too long")
		}
		return ms.Int64()
	case *Record, dynMap:
		return millisOfObject(v, pos)
	}
	switch n := toNum(v); n.kind {
	case signedNum, unsignedNum:
		return n.int()
	case floatNum:
		return FloatToInt[int64](n.f)
	}
	Fail(pos, "expected a duration (milliseconds, a BigInt of nanoseconds, {millis}, {seconds} or {nanos}), found "+describe(v))
	return 0
}

// millisOfObject sums an object's millis, seconds and nanos.
func millisOfObject(v Value, pos string) int64 {
	units := []struct {
		name string
		ms   float64
	}{{"millis", 1}, {"seconds", 1000}, {"nanos", 1e-6}}
	total, found := 0.0, false
	for _, u := range units {
		f := DynLookup(v, u.name, pos)
		if f == nil {
			continue
		}
		n := toNum(f)
		if b, ok := f.(BigInt); ok {
			n = num{kind: floatNum, f: b.Float()}
		}
		if n.kind == notNum {
			Fail(pos, "the duration's "+u.name+" must be a number, found "+describe(f))
		}
		total += n.float() * u.ms
		found = true
	}
	if !found {
		Fail(pos, "expected a duration object with millis, seconds or nanos, found "+describe(v))
	}
	if math.IsNaN(total) {
		return 0
	}
	return FloatToInt[int64](math.Floor(total))
}
