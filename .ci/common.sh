# Sourced by .ci/run, .ci/package and .ci/rpm: the version configure.ac
# gives, and the timing of their steps ("ci: WHAT", then "ci: WHAT: N s").
ci_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(sed -n 's/^AC_INIT(\[hwnoisetop\], \[\([^]]*\)\].*/\1/p' "$ci_top/configure.ac")
step() { t0=$(date +%s); echo "ci: $*"; }
took() { echo "ci: $1: $(( $(date +%s) - t0 )) s"; }
