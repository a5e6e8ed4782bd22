package rt

import (
	"maps"
	"reflect"
	"strconv"
	"strings"
)

// ExportMark starts the Go name of a generated type, function, variable, field or method whose
// AdeshLang name Go would not export, in a program split into several Go packages (a large
// one: see emitgo/split.go): `Ξname`. AdeshLang names are ASCII, so none starts with it, and
// what reflection reads back is the AdeshLang name with the mark taken off.
const ExportMark = "Ξ"

// adeshName is the AdeshLang name of a generated Go name.
func adeshName(goName string) string { return strings.TrimPrefix(goName, ExportMark) }

// structField is the field of the struct rv that has the AdeshLang name name (invalid if none).
func structField(rv reflect.Value, name string) reflect.Value {
	if f := rv.FieldByName(name); f.IsValid() {
		return f
	}
	return rv.FieldByName(ExportMark + name)
}

// lineBases maps the file a split program's //line directives give one declaration
// ("prog.adesh@Ξdescribe14", whose lines count from 1 at the declaration's first line) to that
// first line: the positions the parts' source holds are relative, so that a line added above
// a declaration does not change its package (see emitgo/positions.go).
var lineBases map[string]int

// LineBases adds declarations' first lines; the positions package of each part of a split
// program calls it in its init, before main starts.
func LineBases(bases map[string]int) {
	if lineBases == nil {
		lineBases = make(map[string]int, len(bases))
	}
	maps.Copy(lineBases, bases)
}

// sourcePosition is the AdeshLang "file:line" of a position in the generated code.
func sourcePosition(file string, line int) string {
	if at := strings.LastIndexByte(file, '@'); at >= 0 {
		if first, ok := lineBases[file]; ok {
			return file[:at] + ":" + strconv.Itoa(first+line-1)
		}
	}
	return file + ":" + strconv.Itoa(line)
}
