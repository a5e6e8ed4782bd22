module example.com/adeshprog

go 1.26

require (
	example.com/shapes v0.0.0
	example.com/units v0.0.0
)

// Local modules, so that the test builds offline; a program would `go get` them.
replace (
	example.com/shapes => ./shapes
	example.com/units => ./units
)
