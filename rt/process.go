package rt

import "os"

// Args is AdeshLang's `args()`: the program's command-line arguments, without the program's
// own name.
func Args() []string {
	if len(os.Args) < 2 {
		return []string{}
	}
	return append([]string(nil), os.Args[1:]...)
}

// Env is AdeshLang's `env(name)`: the environment variable, or None when it is not set.
func Env(name string) Option[string] {
	if v, ok := os.LookupEnv(name); ok {
		return Some(v)
	}
	return None[string]()
}
