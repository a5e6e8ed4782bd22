// Package shapes is a third-party module of the test: a struct with methods, a constructor
// that fails, a sentinel error, and a type from another module (units).
package shapes

import (
	"errors"
	"strings"

	"example.com/units"
)

// ErrNegative is returned for a negative side.
var ErrNegative = errors.New("shapes: negative side")

// Rect is a rectangle.
type Rect struct {
	W, H units.Metres
	Name string
}

// NewSquare returns a square of side s.
func NewSquare(s float64) (*Rect, error) {
	if s < 0 {
		return nil, ErrNegative
	}
	return &Rect{W: units.Metres(s), H: units.Metres(s), Name: "square"}, nil
}

// Area is the rectangle's area.
func (r *Rect) Area() float64 { return float64(r.W) * float64(r.H) }

// Grow makes the rectangle larger by d on each side.
func (r *Rect) Grow(d float64) { r.W += units.Metres(d); r.H += units.Metres(d) }

// Perimeter is the rectangle's perimeter as a length.
func (r Rect) Perimeter() units.Metres { return 2 * (r.W + r.H) }

// Label names shapes, upper-cased.
func Label(names []string) string { return strings.ToUpper(strings.Join(names, "+")) }
