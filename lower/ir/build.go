package ir

// Builders for the nodes every pass writes.

// RTType is the type rt.name[args].
func RTType(name string, args ...Type) *TName {
	return &TName{Pkg: "rt", Name: name, Args: args}
}

// GoType is a predeclared Go type or a type of the program.
func GoType(name string) *TName { return &TName{Name: name} }

// RTCall is the call rt.name(args).
func RTCall(name string, args ...Expr) *Call {
	return &Call{Fun: &Ident{Pkg: "rt", Name: name}, Args: args}
}

// RTCallT is the call rt.name[targs](args).
func RTCallT(name string, targs []Type, args ...Expr) *Call {
	return &Call{Fun: &Ident{Pkg: "rt", Name: name}, TypeArgs: targs, Args: args}
}

// The types the passes compare by identity (IsUnitValue compares with TUnit).
var (
	TBool   = GoType("bool")
	TInt64  = GoType("int64")
	TInt    = GoType("int")
	TString = GoType("string")
	TF64    = GoType("float64")
	TUnit   = RTType("Unit")
	TValue  = RTType("Value")
	TError  = RTType("Error")
	TChar   = RTType("Char")
	TAnyGo  = GoType("any")
)
