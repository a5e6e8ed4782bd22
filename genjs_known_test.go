package adesh2go_test

// jsKnown lists the programs of TestNodeOracle that fail today, each with the compiler bug it
// hits (the smallest program that shows it follows the bug). The test reports any other failure,
// and a listed program that passes. Seeds 1–400 pass (2026-12-07); the default run covers the
// first 12.
var jsKnown = map[string]string{}
