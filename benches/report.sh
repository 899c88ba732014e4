#!/usr/bin/env bash
# Reruns the paired comparisons of every bench and prints their tables (Markdown), with the
# machine and crate versions they were measured with.
#
# Only the paired reports run, not criterion's full measurements: each report times both
# sides in alternating rounds within one run (benches/paired/mod.rs), which is what the
# ratios in BENCHMARKS.md come from, and all of them take a few minutes where criterion's
# runs take most of an hour. For criterion's own figures: cargo bench -p replan-benches --bench NAME.
#
# Usage: benches/report.sh [BENCH...]     (default: grid puzzle dstar_lite)
# The maze512 row uses every REPLAN_MAZE_STRIDE-th scenario (default here 60); the grid's
# seven-map A* rows every REPLAN_MOVINGAI_STRIDE-th of each map (default 20; 1 for all).
set -euo pipefail
cd "$(dirname "$0")/.."

benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(grid puzzle dstar_lite)
export REPLAN_MAZE_STRIDE="${REPLAN_MAZE_STRIDE:-60}"

version_of() { # the version of a package in Cargo.lock
    awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}
echo "machine: $(nproc) cores, $(uname -sm); $(rustc --version)"
echo "crates: replan $(version_of replan), pathfinding $(version_of pathfinding), petgraph $(version_of petgraph)"

cargo bench -p replan-benches --no-run "${benches[@]/#/--bench=}" >/dev/null 2>&1 ||
    cargo bench -p replan-benches --no-run "${benches[@]/#/--bench=}"
for bench in "${benches[@]}"; do
    echo
    echo "## $bench"
    echo
    echo "| input | ours | ms per pass | theirs | ms per pass | theirs / ours (median) | rounds, lowest–highest |"
    echo "|---|---|---|---|---|---|---|"
    # The reports go to stderr; criterion's filter `paired` matches none of its benchmarks.
    cargo bench -p replan-benches --bench "$bench" -- paired 2>&1 >/dev/null | sed -n 's/^PAIRED //p'
done
