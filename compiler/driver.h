/* driver.h — the ingot command line: parses arguments and runs the pipeline.
 * Entry point: driver_main.
 * Memory owner: one Arena per compilation, created and freed here. */
#ifndef INGOT_DRIVER_H
#define INGOT_DRIVER_H

int driver_main(int argc, char **argv);

#endif
