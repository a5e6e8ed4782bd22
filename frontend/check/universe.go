package check

import (
	"adesh2go/frontend/types"
)

// Builtin functions and the builtin "type objects" that have static members (Mutex::new,
// Promise.all). Their Builtin id is what the emitter switches on.
const (
	BNone types.Builtin = iota
	BPrint
	BPrintln
	BEprint
	BLen
	BStr
	BRange
	BSleep
	BYieldNow
	BJoin
	BJoinAll
	BSelect
	BTimeout
	BScope
	BSpawnBlocking
	BSetTimeout
	BSetInterval
	BClearTimeout
	BClearInterval
	BChannel
	BError
	BOk
	BErr
	BSome
	BNoneVal
	BAssert
	BArgs
	BEnv
	BExit
	BParseInt
	BParseFloat
	BAbs
	BMin
	BMax
	BSqrt
	BFloor
	BCeil
	BRound
	BPow
	BTypeOf
	// type objects
	BMutexType
	BRwLockType
	BShareType
	BPromiseType
	BMapType
	BChannelType
	BNet
	BHTTP
	BFS
)

var builtinFuncs = map[string]types.Builtin{
	"print": BPrint, "println": BPrintln, "eprint": BEprint, "eprintln": BEprint, "len": BLen,
	"str": BStr, "range": BRange, "sleep": BSleep, "yield_now": BYieldNow, "join": BJoin,
	"join_all": BJoinAll, "select": BSelect, "timeout": BTimeout, "scope": BScope,
	"spawn_blocking": BSpawnBlocking, "setTimeout": BSetTimeout, "setInterval": BSetInterval,
	"clearTimeout": BClearTimeout, "clearInterval": BClearInterval, "channel": BChannel,
	"Error": BError, "Ok": BOk, "Err": BErr, "Some": BSome, "None": BNoneVal, "assert": BAssert,
	"args": BArgs, "env": BEnv, "exit": BExit, "parse_int": BParseInt, "parse_float": BParseFloat,
	"abs": BAbs, "min": BMin, "max": BMax, "sqrt": BSqrt, "floor": BFloor, "ceil": BCeil,
	"round": BRound, "pow": BPow, "typeof": BTypeOf,
	"Mutex": BMutexType, "RwLock": BRwLockType, "Share": BShareType, "Promise": BPromiseType,
	"Map": BMapType, "Channel": BChannelType, "net": BNet, "http": BHTTP, "fs": BFS,
}

// basicTypeNames maps the spellings of the predeclared types.
var basicTypeNames = map[string]types.Type{
	"i8": types.Typ[types.Int8], "i16": types.Typ[types.Int16], "i32": types.Typ[types.Int32],
	"i64": types.I64, "int": types.I64, "u8": types.Typ[types.Uint8], "u16": types.Typ[types.Uint16],
	"u32": types.Typ[types.Uint32], "u64": types.Typ[types.Uint64], "f32": types.Typ[types.Float32],
	"f64": types.F64, "float": types.F64, "number": types.F64, "bool": types.BoolType,
	"boolean": types.BoolType, "string": types.StringType, "char": types.CharType,
	"any": types.AnyType, "Error": types.ErrorType, "TcpListener": types.Typ[types.TcpListener],
	"TcpStream": types.Typ[types.TcpStream], "Response": types.Typ[types.Response],
	"void": types.UnitType,
}

// genericTypeArity is the number of type arguments of the builtin generic types.
var genericTypeArity = map[string]int{
	"Result": 2, "Option": 1, "Map": 2, "Future": 1, "Promise": 1, "JoinHandle": 1,
	"Share": 1, "Weak": 1, "Mutex": 1, "RwLock": 1, "Channel": 1, "MutexGuard": 1,
	"ReadGuard": 1, "WriteGuard": 1, "Array": 1, "Vec": 1,
}

func newUniverse() *types.Scope {
	u := types.NewScope(nil)
	for name, b := range builtinFuncs {
		u.Insert(&types.Object{Name: name, Kind: types.ObjBuiltin, Builtin: b})
	}
	return u
}

// Builtin names for diagnostics and for the emitter.
func BuiltinName(b types.Builtin) string {
	for name, id := range builtinFuncs {
		if id == b && name != "println" && name != "eprintln" {
			return name
		}
	}
	return "?"
}
