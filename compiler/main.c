/* main.c — the ingot executable; everything else is the ingotc library. */
#include "driver.h"

int main(int argc, char **argv) { return driver_main(argc, argv); }
