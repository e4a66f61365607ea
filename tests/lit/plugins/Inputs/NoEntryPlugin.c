/* A shared module that is no plugin at all: no neverc_plugin_entry. */
__attribute__((visibility("default"))) int not_a_plugin(void) { return 42; }
