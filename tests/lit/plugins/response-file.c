// BUG (tools/neverc/main.cpp, extractPluginFlags / main): the reserved
// -fplugin* flags and plugin-registered spellings are taken out of the raw
// argv before response files are expanded, so inside an @file they reach
// clang's option table: '-fplugin=' is taken as clang's own plugin flag,
// and the plugin's spellings / -fplugin-arg= are "unknown argument"s.
// Build systems pass long command lines through @files (the hooks test
// shows neverc itself expands them for the raw_arguments phase), so the
// plugin flags must be honoured there exactly as on the command line
// (core.md §12: process them before ordinary option parsing).
//
// RUN: rm -rf %t && mkdir %t
// RUN: echo "-fplugin=%plugins/DriverTracePlugin.so --driver-trace" > %t/plugin.rsp
// RUN: %neverc @%t/plugin.rsp -c %s -o %t/a.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: driver-trace: job 1
// RUN: test -f %t/a.o
//
// RUN: echo "-fplugin-arg=org.neverc.example.driver-trace:driver-trace" > %t/arg.rsp
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so @%t/arg.rsp -c %s -o %t/b.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test -f %t/b.o
//
// ... and a plugin argument in an @file without any plugin is still the
// hard error of H34.
// RUN: not %neverc @%t/arg.rsp -c %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=NOPLUGIN --implicit-check-not=error:
// NOPLUGIN: neverc: error: '-fplugin-arg=org.neverc.example.driver-trace:driver-trace' given but no plugin is loaded (use -fplugin=<path>)
// RUN: not test -e %t/c.o
int response_file;
