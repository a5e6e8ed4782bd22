package lower

import (
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
	"adesh2go/lower/machine"
)

// buildStateMachine builds the state struct, Poll and Drop of spec (package machine) and returns
// the struct type.
func (l *lowerer) buildStateMachine(spec *machine.Spec) ir.Type {
	if l.opts.BeforeMachine != nil {
		l.opts.BeforeMachine(spec.Name, spec.Body)
	}
	spec.Debug = l.opts.Debug
	return machine.Build(machineHooks{l}, l.prog, spec)
}

// machineHooks is what the state-machine pass asks of the lowerer.
type machineHooks struct{ l *lowerer }

func (h machineHooks) ValueType(t types.Type) ir.Type           { return h.l.valueType(t) }
func (h machineHooks) FallOffEnd(ret types.Type) ir.Stmt        { return h.l.fallOffEnd(ret) }
func (h machineHooks) IsStruct(name string) bool                { return h.l.isStruct(name) }
func (h machineHooks) Temp(want string, t ir.Type) *ir.Local    { return h.l.temp(want, t) }
func (h machineHooks) ReleaseCall(x ir.Expr, t ir.Type) ir.Expr { return releaseCall(x, t) }
