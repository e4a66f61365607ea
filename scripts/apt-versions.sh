# Sourced by scripts/install-deps.sh and tests/conformance/fetch-source.sh:
# the one ordering of Debian versions both use.

# Reads versions on stdin; prints them newest first, dpkg-equal ones once.
sort_versions() {
  local v i sorted=() dup
  while IFS= read -r v; do
    [ -n "$v" ] || continue
    dup=0
    for ((i = 0; i < ${#sorted[@]}; i++)); do
      if dpkg --compare-versions "$v" eq "${sorted[i]}"; then
        dup=1
        break
      fi
      dpkg --compare-versions "$v" gt "${sorted[i]}" && break
    done
    [ $dup = 1 ] && continue
    sorted=("${sorted[@]:0:i}" "$v" "${sorted[@]:i}")
  done
  [ ${#sorted[@]} = 0 ] || printf '%s\n' "${sorted[@]}"
}
