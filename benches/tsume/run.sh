#!/bin/sh
# The tsume solver on the 193 valid problems of 将棋図巧 and 将棋無双 (../shared/tsume/open-tsume.tsv):
# one `hayanagi mate dfpn` per problem with a time limit and a table size, results in a TSV and a
# summary against KomoringHeights' baseline on stderr.
#   benches/tsume/run.sh [time_ms (15000)] [table_mb (512)] [out (target/tsume-bench.tsv)] [extra run.py options]
set -eu
cd "$(dirname "$0")/../.."
time_ms=${1:-15000}
table_mb=${2:-512}
out=${3:-target/tsume-bench.tsv}
[ $# -ge 3 ] && shift 3 || shift $#
data=${TSUME_DATA:-}
if [ -z "$data" ]; then
  for d in ../shared/tsume ../../shared/tsume; do [ -f "$d/open-tsume.tsv" ] && data=$d && break; done
fi
nice -n 5 cargo build --release -q -p hayanagi-cli
python3 benches/tsume/run.py --bin target/release/hayanagi --data "$data" --out "$out" \
  --time-ms "$time_ms" --table-mb "$table_mb" "$@"
