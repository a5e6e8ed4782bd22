package builtin

// The methods of string and char (docs/language.md §14, Strings and Characters).

var (
	StringLen     = method(Strings, "len|length", 0, fixed(sig(i64)), rtFn("StrLen"))
	StringByteLen = method(Strings, "byte_len", 0, fixed(sig(i64)), rtFn("StrByteLen"))
	StringIsEmpty = method(Strings, "is_empty", 0, fixed(sig(boolean)), hook)
	StringChars   = method(Strings, "chars", 0, fixed(sig(arrayOf(char))), rtFn("Chars"))
	StringCharAt  = method(Strings, "char_at", 0, fixed(sig(char, i64)), rtFn("CharAt").withPos())
	// s.charAt(i) is JavaScript's: a one-character string (EVERYDAY.md §7, item 8 of issue 30).
	StringCharAtString    = method(Strings, "charAt", 0, fixed(sig(str, i64)), rtFn("CharAtString").withPos())
	StringSplit           = method(Strings, "split", 0, fixed(sig(arrayOf(str), str)), rtFn("Split"))
	StringSplitWhitespace = method(Strings, "split_whitespace", 0, fixed(sig(arrayOf(str))),
		rtFn("SplitWhitespace"))
	StringLines      = method(Strings, "lines", 0, fixed(sig(arrayOf(str))), rtFn("Lines"))
	StringTrim       = method(Strings, "trim", 0, fixed(sig(str)), rtFn("Trim"))
	StringTrimStart  = method(Strings, "trim_start|trimStart", 0, fixed(sig(str)), rtFn("TrimStart"))
	StringTrimEnd    = method(Strings, "trim_end|trimEnd", 0, fixed(sig(str)), rtFn("TrimEnd"))
	StringToUpper    = method(Strings, "to_upper|to_uppercase|toUpperCase", 0, fixed(sig(str)), rtFn("ToUpper"))
	StringToLower    = method(Strings, "to_lower|to_lowercase|toLowerCase", 0, fixed(sig(str)), rtFn("ToLower"))
	StringContains   = method(Strings, "contains|includes", 0, fixed(sig(boolean, str)), rtFn("StrContains"))
	StringStartsWith = method(Strings, "starts_with|startsWith", 0, fixed(sig(boolean, str)),
		rtFn("StartsWith"))
	StringEndsWith = method(Strings, "ends_with|endsWith", 0, fixed(sig(boolean, str)), rtFn("EndsWith"))
	StringIndexOf  = method(Strings, "index_of|indexOf|find", 0, fixed(sig(i64, str)), rtFn("StrIndexOf"))
	StringReplace  = method(Strings, "replace|replace_all|replaceAll", 0, fixed(sig(str, str, str)),
		rtFn("Replace"))
	StringRepeat = method(Strings, "repeat", 0, fixed(sig(str, i64)), rtFn("Repeat").withPos())
	// substring(a) runs to the end.
	StringSubstring = method(Strings, "substring|slice|substr", 0, fixed(sig(str, i64, i64).opt(1)), hook)
	// pad_start(n) pads with spaces.
	StringPadStart   = method(Strings, "pad_start|padStart", 0, fixed(sig(str, i64, str).opt(1)), hook)
	StringPadEnd     = method(Strings, "pad_end|padEnd", 0, fixed(sig(str, i64, str).opt(1)), hook)
	StringReverse    = method(Strings, "reverse|reversed", 0, fixed(sig(str)), rtFn("StrReverse"))
	StringParseInt   = method(Strings, "parse_int", 0, fixed(sig(optional(i64))), rtFn("ParseInt"))
	StringParseFloat = method(Strings, "parse_float", 0, fixed(sig(optional(f64))), rtFn("ParseFloat"))

	CharIsDigit        = method(Chars, "is_digit", 0, fixed(sig(boolean)), rtFn("CharIsDigit"))
	CharIsAlpha        = method(Chars, "is_alpha|is_alphabetic", 0, fixed(sig(boolean)), rtFn("CharIsAlpha"))
	CharIsAlphanumeric = method(Chars, "is_alphanumeric", 0, fixed(sig(boolean)), rtFn("CharIsAlphanumeric"))
	CharIsWhitespace   = method(Chars, "is_whitespace", 0, fixed(sig(boolean)), rtFn("CharIsWhitespace"))
	CharIsUpper        = method(Chars, "is_upper", 0, fixed(sig(boolean)), rtFn("CharIsUpper"))
	CharIsLower        = method(Chars, "is_lower", 0, fixed(sig(boolean)), rtFn("CharIsLower"))
	CharToUpper        = method(Chars, "to_upper|to_uppercase", 0, fixed(sig(char)), rtFn("CharToUpper"))
	CharToLower        = method(Chars, "to_lower|to_lowercase", 0, fixed(sig(char)), rtFn("CharToLower"))
)
