//go:build race

package rt

// stressScale divides the stress tests' counts under the race detector (about 10× slower), to
// keep `go test -race ./rt/` well under a minute on two cores.
const stressScale = 10
