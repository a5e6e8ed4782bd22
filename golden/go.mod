// The golden files are expected compiler output, not part of the build: this file makes the
// go command treat the folder as a module of its own, which ./... patterns skip.
module adesh2go/golden

go 1.26
