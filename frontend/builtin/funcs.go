package builtin

import "adesh2go/frontend/types"

// The predeclared functions (docs/language.md §13), the type objects, and the static members of
// the type objects (Mutex::new, Promise.all). A nil signature is decided by the checker's switch
// on the ID: those take their types from the expected type (Ok, Some, channel), from futures
// (join, select) or check what their argument is (len, abs).

var (
	FnPrint  = function("print|println", fixed(Sig{Variadic: types.AnyType, Ret: unit}), hook)
	FnEprint = function("eprint|eprintln", fixed(Sig{Variadic: types.AnyType, Ret: unit}), hook)
	FnLen    = function("len", nil, hook)
	FnStr    = function("str|string", fixed(sig(str, nil)), hook)
	// int(x), float(x), bool(x) convert (EVERYDAY.md §7.5): a number, a bigint, a string read
	// as a number, a bool as 1 or 0; bool(x) is x's truth.
	FnInt    = function("int", fixed(sig(i64, nil)), hook)
	FnFloat  = function("float", fixed(sig(f64, nil)), hook)
	FnBool   = function("bool", fixed(sig(boolean, nil)), hook)
	FnTypeOf = function("typeof|type", fixed(sig(str, nil)), hook)
	// sizeof(x) is the size in bytes of a value of x's static type.
	FnSizeOf = function("sizeof", nil, hook)
	// keys(o), values(o), hasKey(o, k): of a map, or of a record held in a dynamic value.
	FnKeys   = function("keys", nil, hook)
	FnValues = function("values", nil, hook)
	FnHasKey = function("hasKey", nil, hook)
	// set(xs), Set(xs), new Set(xs): a set of an array's elements; set() is an empty set.
	FnSet = function("set|Set", nil, hook)
	// range(n) is 0 up to n.
	FnRange         = function("range", fixed(sig(arrayOf(i64), i64, i64).opt(1)), hook)
	FnSleep         = function("sleep", fixed(sig(future(unit, SrcSleep), i64)), hook)
	FnYieldNow      = function("yield_now", fixed(sig(future(unit, SrcYield))), hook)
	FnJoin          = function("join", nil, hook)
	FnJoinAll       = function("join_all", nil, hook)
	FnSelect        = function("select", nil, hook)
	FnTimeout       = function("timeout", nil, hook)
	FnScope         = function("scope", nil, hook)
	FnSpawnBlocking = function("spawn_blocking", nil, rtFn("SpawnBlocking", FuncResult))
	// setTimeout(f) runs f after 0 ms.
	FnSetTimeout    = function("setTimeout", fixed(sig(i64, fn(unit), i64).opt(1)), hook)
	FnSetInterval   = function("setInterval", fixed(sig(i64, fn(unit), i64).opt(1)), hook)
	FnClearTimeout  = function("clearTimeout", fixed(sig(unit, i64)), rtFn("ClearTimeout"))
	FnClearInterval = function("clearInterval", fixed(sig(unit, i64)), rtFn("ClearInterval"))
	FnChannel       = function("channel", nil, hook)
	FnError         = function("Error", fixed(sig(types.ErrorType, str)), rtFn("NewError"))
	FnOk            = function("Ok", nil, hook)
	FnErr           = function("Err", nil, hook)
	FnSome          = function("Some", nil, hook)
	FnNone          = function("None", nil, hook)
	// assert(c) fails with "Test failed: Assertion failed: condition is false" (§7.7).
	FnAssert     = function("assert", fixed(sig(unit, boolean, str).opt(1)), hook)
	FnArgs       = function("args", fixed(sig(arrayOf(str))), rtFn("Args"))
	FnEnv        = function("env", fixed(sig(optional(str), str)), rtFn("Env"))
	FnExit       = function("exit", fixed(sig(types.NeverType, i64).opt(1)), hook)
	FnParseInt   = function("parse_int", fixed(sig(optional(i64), str)), rtFn("ParseInt"))
	FnParseFloat = function("parse_float", fixed(sig(optional(f64), str)), rtFn("ParseFloat"))
	FnAbs        = function("abs", nil, hook)
	FnMin        = function("min", nil, hook)
	FnMax        = function("max", nil, hook)
	FnSqrt       = function("sqrt", nil, hook)
	FnFloor      = function("floor", nil, hook)
	FnCeil       = function("ceil", nil, hook)
	FnRound      = function("round", nil, hook)
	FnPow        = function("pow", nil, hook)

	MutexObj   = typeObject("Mutex", Mutexes)
	RwLockObj  = typeObject("RwLock", RwLocks)
	ShareObj   = typeObject("Share", Shares)
	PromiseObj = typeObject("Promise", Promises)
	MapObj     = typeObject("Map", Maps)
	ChannelObj = typeObject("Channel", Channels)
	NetObj     = typeObject("net", Net)
	HTTPObj    = typeObject("http", HTTP)
	FSObj      = typeObject("fs", FS)

	// The static members of the type objects take their element type from the expected type or
	// the type arguments: the checker decides their signatures.
	MutexNew       = static(Mutexes, "new", nil, hook)
	RwLockNew      = static(RwLocks, "new", nil, hook)
	ShareNew       = static(Shares, "new", nil, hook)
	PromiseNew     = static(Promises, "new", nil, hook)
	PromiseResolve = static(Promises, "resolve", nil, hook)
	PromiseReject  = static(Promises, "reject", nil, hook)
	PromiseAll     = static(Promises, "all", nil, rtFn("PromiseAll"))
	PromiseRace    = static(Promises, "race", nil, rtFn("PromiseRace"))
	PromiseAny     = static(Promises, "any", nil, rtFn("PromiseAny"))
	// allSettled gives JavaScript's outcome objects, records of `status` and `value` or `reason`.
	PromiseAllSettled = static(Promises, "allSettled", nil, rtFn("PromiseAllSettled"))
	MapNew            = static(Maps, "new", nil, hook)
	ChannelNew        = static(Channels, "new", nil, hook)
)

// TypeObject is the kind whose static members the type object id has, or Global when id is not
// a type object.
func TypeObject(id ID) Kind { return Of(id).Module }
