//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package testutil

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time the process has used so far. On a shared
// machine it measures what a benchmark costs better than the wall clock.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
