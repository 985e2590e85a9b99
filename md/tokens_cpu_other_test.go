//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package md_test

import "time"

// processCPU is unknown here: benchmarks report no CPU time.
func processCPU() time.Duration { return 0 }
