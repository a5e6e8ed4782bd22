package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// Tests (EVERYDAY.md §4, §7.7): `test fn name() { … }` and the functions of `test Group { … }`
// are checked as top-level functions, sync or async, that `adesh2go test` starts each as a task
// of its own. They are functions too, as in the interpreter: `name` (`Group__name` in a group)
// may be called or passed as a value in its file, and `export test fn` from an importing file
// (`lib.test_twice()`); a normal run runs none of them itself. A test takes nothing and returns
// nothing: it fails by a failing assertion or an error it throws.

// Test is one test function of the program.
type Test struct {
	Name  string // `name`, or `Group.name` in a group
	Decl  *ast.TestDecl
	Func  *FuncInfo
	Entry bool // declared in the entry file: `adesh2go test FILE` runs it
	// Used: code other than the test itself names it (a call, a function value), so that a
	// normal run, which runs no test, still has it.
	Used bool
}

// collectTests declares the tests of every file, after the functions (a test's signature may
// name any type of its file). The entry file's tests are Info.Tests, in declaration order.
func (c *checker) collectTests() {
	for _, f := range c.files {
		scope := c.fileScope[f]
		first := map[string]*ast.FuncDecl{}
		for _, it := range f.Items {
			td, ok := it.(*ast.TestDecl)
			if !ok {
				continue
			}
			for _, fd := range td.Funcs {
				c.collectTest(f, scope, td, fd, first)
			}
		}
	}
}

func (c *checker) collectTest(f *ast.File, scope *types.Scope, td *ast.TestDecl, fd *ast.FuncDecl, first map[string]*ast.FuncDecl) {
	name := td.TestName(fd)
	if prev := first[name]; prev != nil {
		c.errorf(fd.Name, "test `%s` is declared twice", name).Note(prev.Name.Pos(), "`%s` was first declared here", name)
	} else {
		first[name] = fd
	}
	if len(fd.TypeParams) > 0 {
		c.errorf(fd.TypeParams[0], "a test has no type parameters: `adesh2go test` runs it as it is")
	}
	if len(fd.Params) > 0 {
		c.errorf(fd.Params[0], "a test takes no parameters: `adesh2go test` calls it with none").
			WithHelp("set up what the test needs inside its body, or at the top level of the file")
	}
	if fd.Ret != nil {
		c.errorf(fd.Ret, "a test returns nothing: it fails by a failing assert, assert_eq or assert_ne, or by an error it throws")
	}
	callName := fd.Name.Name
	if td.Group != nil {
		callName = td.Group.Name + "__" + fd.Name.Name // the interpreter's name of a group's test
	}
	obj := &types.Object{Name: callName, Kind: types.ObjFunc, Decl: fd, Global: true}
	if scope.LookupLocal(callName) == nil {
		scope.Insert(obj) // callable by name; a declaration of the same name keeps it
	}
	if td.Export {
		c.exportedTests[fd] = true
	}
	fd.Obj = obj
	fd.Name.Obj = obj
	c.fileOf[obj] = f
	obj.Sig = c.signature(fd, scope, nil)
	obj.Type = sigType(obj.Sig)
	fi := c.newFuncInfo(fd, name, obj.Sig, nil)
	fi.Test = &Test{Name: name, Decl: td, Func: fi, Entry: f == c.files[0]}
	if fi.Test.Entry {
		c.info.Tests = append(c.info.Tests, fi.Test)
	}
}

// checkTestResults reports a test whose body returns a value (its result type, when not
// written, is what its returns give).
func (c *checker) checkTestResults() {
	for _, fi := range c.info.Funcs {
		fd, ok := fi.Node.(*ast.FuncDecl)
		if fi.Test == nil || !ok || fd.Ret != nil {
			continue
		}
		if ret := types.Resolve(fi.Ret); ret != nil && !types.IsUnit(ret) && !types.IsNever(ret) && !types.IsInvalid(ret) {
			c.errorf(fd.Name, "a test returns nothing, but `%s` returns `%s`: it fails by a failing assert, assert_eq or assert_ne, or by an error it throws", fi.Test.Name, typeString(ret))
		}
	}
}

// noteTestUse marks a test named by code other than its own body: a normal run keeps it.
func (c *checker) noteTestUse(obj *types.Object) {
	fd, ok := obj.Decl.(*ast.FuncDecl)
	if !ok {
		return
	}
	if fi := c.info.FuncOf[fd]; fi != nil && fi.Test != nil {
		for in := c.fn; in != nil; in = in.Parent {
			if in == fi {
				return // a test calling itself
			}
		}
		fi.Test.Used = true
	}
}
