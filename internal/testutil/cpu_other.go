//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package testutil

import "time"

// ProcessCPU is unknown here: benchmarks report no CPU time.
func ProcessCPU() time.Duration { return 0 }
