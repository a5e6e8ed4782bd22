package rt

import (
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
)

// The Math module's functions that AdeshLang has no predeclared function for.

func MathSin(x float64) float64   { return math.Sin(x) }
func MathCos(x float64) float64   { return math.Cos(x) }
func MathTan(x float64) float64   { return math.Tan(x) }
func MathExp(x float64) float64   { return math.Exp(x) }
func MathAsin(x float64) float64  { return math.Asin(x) }
func MathAcos(x float64) float64  { return math.Acos(x) }
func MathAtan(x float64) float64  { return math.Atan(x) }
func MathSinh(x float64) float64  { return math.Sinh(x) }
func MathCosh(x float64) float64  { return math.Cosh(x) }
func MathTanh(x float64) float64  { return math.Tanh(x) }
func MathAsinh(x float64) float64 { return math.Asinh(x) }
func MathAcosh(x float64) float64 { return math.Acosh(x) }
func MathAtanh(x float64) float64 { return math.Atanh(x) }
func MathLog10(x float64) float64 { return math.Log10(x) }
func MathLog2(x float64) float64  { return math.Log2(x) }
func MathTrunc(x float64) float64 { return math.Trunc(x) }
func MathCbrt(x float64) float64  { return math.Cbrt(x) }

func MathAtan2(y, x float64) float64 { return math.Atan2(y, x) }
func MathHypot(x, y float64) float64 { return math.Hypot(x, y) }

// MathLog is the natural logarithm, or the logarithm in the base given.
func MathLog(x float64, base ...float64) float64 {
	if len(base) > 0 {
		return math.Log(x) / math.Log(base[0])
	}
	return math.Log(x)
}

// MathSign is -1, 0 or 1 (NaN for NaN).
func MathSign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x
}

func MathDegToRad(d float64) float64 { return d * math.Pi / 180 }
func MathRadToDeg(r float64) float64 { return r * 180 / math.Pi }

// MathClamp is x within lo and hi.
func MathClamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(x, hi)) }

// MathLerp is a + (b - a) * t.
func MathLerp(a, b, t float64) float64 { return a + (b-a)*t }

// MathGcd is the greatest common divisor of |a| and |b|.
func MathGcd(a, b int64) int64 {
	a, b = max(a, -a), max(b, -b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// MathLcm is the least common multiple of |a| and |b| (0 when either is 0).
func MathLcm(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	return max(a, -a) / MathGcd(a, b) * max(b, -b)
}

// MathFactorial is n!, failing for a negative n; it wraps past 20!, as i64 arithmetic does.
func MathFactorial(n int64, pos string) int64 {
	natural("Math.factorial", n, pos)
	f := int64(1)
	for i := int64(2); i <= n; i++ {
		f *= i
	}
	return f
}

// MathPerm is n! / (n-k)!: the ordered choices of k among n (0 when k > n).
func MathPerm(n, k int64, pos string) int64 {
	natural("Math.perm", n, pos)
	natural("Math.perm", k, pos)
	if k > n {
		return 0
	}
	p := int64(1)
	for i := n - k + 1; i <= n; i++ {
		p *= i
	}
	return p
}

// MathComb is n choose k (0 when k > n).
func MathComb(n, k int64, pos string) int64 {
	natural("Math.comb", n, pos)
	natural("Math.comb", k, pos)
	if k > n {
		return 0
	}
	k = min(k, n-k)
	c := int64(1)
	for i := int64(1); i <= k; i++ {
		c = c * (n - k + i) / i
	}
	return c
}

// MathIsqrt is the largest integer whose square is at most n.
func MathIsqrt(n int64, pos string) int64 {
	natural("Math.isqrt", n, pos)
	r := int64(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// natural fails unless n is a whole number (0 or more).
func natural(fn string, n int64, pos string) {
	if n < 0 {
		Fail(pos, fn+": expected a non-negative integer, found "+strconv.FormatInt(n, 10))
	}
}

// mathRand is the source of Math.random and its kin: the global one until Math.seed(n) makes
// the sequence repeatable.
var mathRand struct {
	mu     sync.Mutex
	seeded *rand.Rand
}

// MathSeed makes the random numbers that follow a repeatable sequence.
func MathSeed(n int64) {
	mathRand.mu.Lock()
	mathRand.seeded = rand.New(rand.NewPCG(uint64(n), uint64(n)))
	mathRand.mu.Unlock()
}

// MathRandom is a number in [0, 1), as JavaScript's Math.random.
func MathRandom() float64 {
	mathRand.mu.Lock()
	defer mathRand.mu.Unlock()
	if mathRand.seeded != nil {
		return mathRand.seeded.Float64()
	}
	return rand.Float64()
}

// MathRandomInt is a whole number from lo to hi, both included.
func MathRandomInt(lo, hi int64) int64 {
	if hi < lo {
		lo, hi = hi, lo
	}
	return lo + int64(MathRandom()*float64(hi-lo+1))
}

// MathRandomRange is a number in [lo, hi).
func MathRandomRange(lo, hi float64) float64 { return lo + MathRandom()*(hi-lo) }
