package check

import (
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/types"
)

// basicTypeNames maps the spellings of the predeclared types.
var basicTypeNames = map[string]types.Type{
	"i8": types.Typ[types.Int8], "i16": types.Typ[types.Int16], "i32": types.Typ[types.Int32],
	"i64": types.I64, "int": types.I64, "u8": types.Typ[types.Uint8], "u16": types.Typ[types.Uint16],
	"u32": types.Typ[types.Uint32], "u64": types.Typ[types.Uint64], "f32": types.Typ[types.Float32],
	"f64": types.F64, "float": types.F64, "number": types.F64, "bool": types.BoolType,
	"boolean": types.BoolType, "string": types.StringType, "str": types.StringType, "String": types.StringType, "char": types.CharType,
	"any": types.AnyType, "Error": types.ErrorType, "TcpListener": types.Typ[types.TcpListener],
	"TcpStream": types.Typ[types.TcpStream], "Response": types.Typ[types.Response],
	"void": types.UnitType, "bigint": types.BigIntType,
}

// genericTypeArity is the number of type arguments of the builtin generic types.
var genericTypeArity = map[string]int{
	"Result": 2, "Option": 1, "Map": 2, "Future": 1, "Promise": 1, "JoinHandle": 1,
	"Share": 1, "Weak": 1, "Mutex": 1, "RwLock": 1, "Channel": 1, "MutexGuard": 1,
	"ReadGuard": 1, "WriteGuard": 1, "Array": 1, "Vec": 1,
}

// newUniverse declares the predeclared functions and type objects of the builtin table, each
// under every spelling.
func newUniverse() *types.Scope {
	u := types.NewScope(nil)
	for id, r := range builtin.All() {
		if r.Of != builtin.Global {
			continue
		}
		for _, name := range append([]string{r.Name}, r.Aliases...) {
			u.Insert(&types.Object{Name: name, Kind: types.ObjBuiltin, Builtin: id})
		}
	}
	return u
}
