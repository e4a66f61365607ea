/* A module from the prototype ABI era: it exports only the removed
 * nevercGetPluginInfo entry. The host must refuse it without calling it. */
#include <stdio.h>

__attribute__((visibility("default"))) int nevercGetPluginInfo(void *Info) {
  (void)Info;
  fprintf(stderr, "prototype: nevercGetPluginInfo ran\n");
  return 0;
}
