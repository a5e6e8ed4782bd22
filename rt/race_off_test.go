//go:build !race

package rt

// stressScale divides the stress tests' counts (see race_on_test.go).
const stressScale = 1
