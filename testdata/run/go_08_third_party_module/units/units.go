// Package units names lengths; shapes imports it, so a program importing shapes links it too.
package units

import "fmt"

// Metres is a length.
type Metres float64

// String prints a length with its unit.
func (m Metres) String() string { return fmt.Sprintf("%.1f m", float64(m)) }
