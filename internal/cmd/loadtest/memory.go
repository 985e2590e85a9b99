package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// memory is a process's resident memory, in bytes: its peak (VmHWM) and
// its current size (VmRSS).
type memory struct{ peak, now int64 }

// readMemory reads a process's memory from /proc/PID/status (Linux).
func readMemory(pid int) (memory, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return memory{}, fmt.Errorf("memory of process %d: %w", pid, err)
	}
	defer f.Close()
	m, err := parseStatus(f)
	if err != nil {
		return m, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return m, nil
}

// parseStatus reads the VmHWM and VmRSS lines of a /proc/PID/status file.
func parseStatus(r io.Reader) (memory, error) {
	var m memory
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		name, val, ok := strings.Cut(sc.Text(), ":")
		if !ok || (name != "VmHWM" && name != "VmRSS") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(val), " kB"), 10, 64)
		if err != nil {
			return m, fmt.Errorf("%s %q: %w", name, val, err)
		}
		if name == "VmHWM" {
			m.peak = kb << 10
		} else {
			m.now = kb << 10
		}
	}
	if err := sc.Err(); err != nil {
		return m, err
	}
	if m.peak == 0 {
		return m, errors.New("no VmHWM line")
	}
	return m, nil
}
