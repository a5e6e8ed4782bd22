package gobuild

// BuildSettings say how a program's Go is compiled and linked: the compiler and linker flags
// that change the executable, not what it does.
type BuildSettings struct {
	// Debug keeps what a debugger needs: DWARF and the symbol table, and code compiled without
	// optimisation or inlining, so that every line and variable is where the source says.
	Debug bool
	// ProgramDir is the folder of the program's entry file: a program that imports Go packages
	// outside the standard library is built in the Go module around it (GOINTEROP.md §6).
	// It names no setting of the compiler: the modules' packages are in the executable's key.
	ProgramDir string
}

// compileFlags are the compiler's flags for a program's package. Without Debug the compiler
// writes no DWARF, as the go command does under -ldflags=-w (15-20 % of its time on a
// 10,000-line main.go).
func (s BuildSettings) compileFlags() []string {
	if s.Debug {
		return []string{"-N", "-l"}
	}
	return []string{"-dwarf=false"}
}

// linkFlags are the linker's flags. Without Debug, -s -w: a program's symbol table and DWARF
// are half of its link time, and a Go panic's stack trace does not need them.
func (s BuildSettings) linkFlags() []string {
	if s.Debug {
		return nil
	}
	return []string{"-s", "-w"}
}

// key names the settings in the cache keys of executables and compiled packages.
func (s BuildSettings) key() string {
	if s.Debug {
		return "debug"
	}
	return "release"
}
