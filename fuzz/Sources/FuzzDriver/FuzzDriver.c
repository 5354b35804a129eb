// The header is the module: libFuzzer supplies the function.
