#define TRACED 7
