# Sourced by the fake-apt tests (fetch-source-test.sh, install-deps-test.sh):
# each check prints "ok   NAME" or "FAIL NAME" with what differed, and
# counts into CHECKS and FAILS.

CHECKS=0
FAILS=0
check() { # NAME WANT GOT
  CHECKS=$((CHECKS + 1))
  if [ "$2" == "$3" ]; then
    echo "ok   $1"
  else
    FAILS=$((FAILS + 1))
    echo "FAIL $1"
    diff <(echo "$2") <(echo "$3") | sed 's/^/     /'
  fi
}
has_line() { # NAME FILE LINE: FILE has exactly LINE
  CHECKS=$((CHECKS + 1))
  if grep -Fxq -- "$3" "$2"; then
    echo "ok   $1"
  else
    FAILS=$((FAILS + 1))
    echo "FAIL $1: no line '$3' in:"
    sed 's/^/     /' "$2"
  fi
}
lacks() { # NAME FILE STRING: FILE does not contain STRING
  CHECKS=$((CHECKS + 1))
  if ! grep -Fq -- "$3" "$2"; then
    echo "ok   $1"
  else
    FAILS=$((FAILS + 1))
    echo "FAIL $1: '$3' found in:"
    sed 's/^/     /' "$2"
  fi
}
