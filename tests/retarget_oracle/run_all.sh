#!/bin/sh
# Runs limb_check.py on every pair and prints one table row per pair.
# Usage: run_all.sh [CLI] [--mode keep-rest] [more limb_check options]
# Exit 0 when every pair passes, 1 when any is outside the thresholds, 2 when any run had trouble.
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-${BONESCOPE_CLI:-bonescope-cli}}
[ $# -gt 0 ] && shift
out=$(mktemp -d)
worst=0
printf '%-28s %-10s %8s %8s %8s %8s %8s %8s  %s\n' pair mode median max ends_med ends_max travel dev result
for pair in "$here"/pairs/*.json; do
    name=$(basename "$pair" .json)
    python3 "$here/limb_check.py" "$pair" --cli "$cli" --keep "$out/$name" "$@" > "$out/$name.json"
    rc=$?
    [ $rc -gt $worst ] && worst=$rc
    python3 - "$out/$name.json" "$rc" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); rc = int(sys.argv[2])
f = lambda x: "-" if x is None else ("%.1f" % x if isinstance(x, float) else str(x))
if "trouble" in r or "skipped" in r:
    print("%-28s %-10s %s" % (r["pair"].replace(".json", ""), r["mode"], "TROUBLE: " + r.get("trouble", r.get("skipped", ""))[:300]))
    sys.exit()
if "overall" not in r:  # failed outright
    print("%-28s %-10s FAIL: %s" % (r["pair"], r["mode"], "; ".join(r["failures"]).replace("\n", " ")[:160]))
    sys.exit()
o, e, t = r["overall"] or {}, r["ends_overall"] or {}, r["travel"]
print("%-28s %-10s %8s %8s %8s %8s %8s %8s  %s" % (r["pair"], r["mode"], f(o.get("median")), f(o.get("max")),
      f(e.get("median")), f(e.get("max")), "%.2f" % t["ratio"] if t.get("ratio") is not None else "-",
      "%.2f" % t["deviation"] if "deviation" in t else "-", "pass" if rc == 0 else "FAIL") + ("  (not measured: " + ", ".join(r["unmeasured"]) + ")" if r.get("unmeasured") else ""))
PY
done
echo "per-pair JSON: $out"
exit $worst
