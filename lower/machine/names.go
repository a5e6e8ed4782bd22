package machine

import "adesh2go/lower/ir"

// The short names lower uses too (TestRTNamesExist reads the names passed to rtCall and rtType).
var (
	rtType  = ir.RTType
	goType  = ir.GoType
	rtCall  = ir.RTCall
	rtCallT = ir.RTCallT
	tBool   = ir.TBool
	tInt64  = ir.TInt64
	tInt    = ir.TInt
	tUnit   = ir.TUnit
	tValue  = ir.TValue
	tAnyGo  = ir.TAnyGo
)
