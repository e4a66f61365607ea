#!/usr/bin/env bash
# What a compiler does to an output path that is not a plain regular file:
#   special-outputs.sh COMPILER WORKDIR [LINK_FLAGS]
# For every output kind neverc writes (cc1 object, -S, -E, the integrated
# assembler for .s / .S / stdin / -save-temps, the -MF dependency file, a
# link, a shared link) and every special target (/dev/null itself, a FIFO, a
# symlink to /dev/null, a symlink to a regular file, a dangling symlink) it
# prints one line: the exit code, what the path is afterwards and what the
# symlink's target holds. Run once with clang-22 and once with neverc, the
# two reports must be equal (tests/lit/source/special-outputs.test).
# LINK_FLAGS go to the link cases only (clang-22 needs -fuse-ld=lld there to
# be comparable with neverc's in-process lld).
#
# SPECIAL_TARGETS="..." limits the targets.
# /dev/null is used itself only when we are root (else nothing can replace
# it); if a compiler replaced it, it is recreated and the line says so.
set -u
CC=$1
W=$2
LINK=${3:-}
mkdir -p "$W"
cd "$W" || exit 1
# Inputs live in src/: -save-temps writes a.i, a.bc and a.s into the
# current directory.
mkdir -p src
printf 'int f(void) { return 42; }\nint main(void) { return f() - 42; }\n' > src/a.c
printf '.text\n.globl g\ng:\n  ret\n' > src/b.s
printf '#define RET ret\n.text\n.globl h\nh:\n  RET\n' > src/c.S

kinds="cc1-obj asm pp as-s as-S as-stdin save-temps dep link shared"
targets="fifo link-devnull link-regular link-dangling"
[ "$(id -u)" = 0 ] && targets="devnull $targets"
targets=${SPECIAL_TARGETS:-$targets} # e.g. SPECIAL_TARGETS=devnull

# compile KIND OUT: runs the compiler so that OUT is the output of KIND.
compile() {
  case $1 in
  cc1-obj) "$CC" -c src/a.c -o "$2" ;;
  asm) "$CC" -S src/a.c -o "$2" ;;
  pp) "$CC" -E src/a.c -o "$2" ;;
  as-s) "$CC" -c src/b.s -o "$2" ;;
  as-S) "$CC" -c src/c.S -o "$2" ;;
  # zstd's makefile probe for assembler flags.
  as-stdin) echo | "$CC" -Wa,--noexecstack -x assembler -Werror -c - -o "$2" ;;
  save-temps) "$CC" -save-temps -c src/a.c -o "$2" ;;
  dep) "$CC" -c src/a.c -o dep.o -MD -MF "$2" ;;
  link) "$CC" $LINK src/a.c -o "$2" ;;
  shared) "$CC" $LINK -shared -fPIC src/a.c -o "$2" ;;
  esac
}

# What a path is: char, fifo, symlink, regular, missing.
kind_of() {
  if [ -L "$1" ]; then echo symlink
  elif [ -c "$1" ]; then echo char
  elif [ -p "$1" ]; then echo fifo
  elif [ -f "$1" ]; then echo regular
  elif [ -e "$1" ]; then echo other
  else echo missing
  fi
}

# The first bytes of a file as a word: ELF, text, empty, missing, old.
content() {
  if [ ! -e "$1" ]; then echo missing; return; fi
  local head
  head=$(head -c 4 "$1" | od -An -c | tr -d ' \n')
  case $head in
  177ELF) echo ELF ;;
  old*) echo old ;;
  "") echo empty ;;
  *) echo text ;;
  esac
}

for k in $kinds; do
  for t in $targets; do
    rm -rf out real fifo-data dep.o a.i a.bc a.s
    reader=
    case $t in
    devnull) out=/dev/null ;;
    fifo)
      out=$W/out
      mkfifo out
      # A reader, so that the writer's open() returns; it ends when the
      # writer closes, or is killed below if nobody ever opened the FIFO.
      cat out > fifo-data &
      reader=$!
      ;;
    link-devnull) out=$W/out; ln -s /dev/null out ;;
    link-regular) out=$W/out; echo old > real; ln -s real out ;;
    link-dangling) out=$W/out; ln -s real out ;;
    esac
    compile "$k" "$out" </dev/null >/dev/null 2>&1
    rc=$?
    extra=
    if [ -n "$reader" ]; then
      for _ in $(seq 50); do kill -0 "$reader" 2>/dev/null || break; sleep 0.1; done
      if kill -0 "$reader" 2>/dev/null; then
        kill "$reader" 2>/dev/null
        extra=" fifo-never-written"
      fi
      wait "$reader" 2>/dev/null
      extra="$extra read=$(content fifo-data)"
    fi
    after=$(kind_of "$out")
    if [ "$t" = devnull ] && [ "$after" != char ]; then
      rm -f /dev/null && mknod -m 666 /dev/null c 1 3
      extra=" DEVNULL-REPLACED(recreated)"
    fi
    case $t in link-*) extra="$extra target=$(content real)" ;; esac
    echo "$k $t: rc=$rc path=$after$extra"
  done
done
