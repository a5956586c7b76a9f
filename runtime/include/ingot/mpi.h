/* ingot/mpi.h — starting a distributed program (tf.distribute) as one replica of
 * several over MPI: what the main() of such a program calls, from libingot_mpi.
 * The replicas' collectives themselves are the runtime's (ig_all_reduce in rt.h). */
#ifndef INGOT_MPI_H
#define INGOT_MPI_H

#ifdef __cplusplus
extern "C" {
#endif

/* After ig_flags_parse: joins the other replicas (MPI_Init) when mpirun or srun
 * started the program, and checks that they are `replicas` processes running the same
 * build (build_id) with the same arguments, else refuses, saying how it was built.
 * A program built for one replica and started on its own runs without MPI. */
void ig_mpi_start(int argc, char **argv, int replicas, const char *build_id);
/* At the program's end, before ig_runtime_shutdown: waits for the other replicas and
 * leaves MPI (MPI_Finalize). */
void ig_mpi_finish(void);

#ifdef __cplusplus
}
#endif

#endif
