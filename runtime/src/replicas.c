/* replicas.c — the program as one replica of several (tf.distribute): which one it is,
 * and the collectives across the replicas. Alone (no tf.distribute, eager mode, one
 * replica) the program is rank 0 of 1 and a collective is its input; a distributed
 * program's main() starts MPI (src/mpi/), which installs its transport here, so the
 * runtime itself never links MPI.
 * Entry points: ig_replica_rank, ig_replica_count, ig_all_reduce, ig_replica_id, and
 * internal.h's ig_replicas_*. Memory owner: none (the transport is static data). */
#include <string.h>

#include "internal.h"

/* Global mutable state: set once, before the program runs (ig_mpi_start), read after. */
static const IgReplicaTransport *g_transport;
static int g_rank;
static int g_count = 1;

void ig_replicas_install(const IgReplicaTransport *transport, int rank, int count)
{
    g_transport = transport;
    g_rank = rank;
    g_count = count;
}

int ig_replica_rank(void) { return g_rank; }

int ig_replica_count(void) { return g_count; }

bool ig_replica_is_chief(void) { return g_rank == 0; }

IgTensor *ig_all_reduce(IgSite *site, const IgTensor *x)
{
    if (x->dtype == IG_BOOL || x->dtype == IG_STRING)
        ig_fatal(site, "all_reduce: a %s tensor has no sum", ig_dtype_name(x->dtype));
    if (g_transport == NULL) {
        IgTensor *same = (IgTensor *)x; /* immutable: sharing it is a copy */
        ig_retain(same);
        return same;
    }
    IgTensor *sum = ig_tensor_make(site, "all_reduce", x->dtype, x->rank, x->shape);
    memcpy(sum->data, x->data, (size_t)x->size * ig_dtype_size(x->dtype));
    g_transport->all_reduce_sum(site, sum->data, sum->size, sum->dtype);
    return sum;
}

IgTensor *ig_replica_id(IgSite *site)
{
    IgTensor *id = ig_tensor_make(site, "replica_id", IG_INT32, 0, NULL);
    *(int32_t *)id->data = g_rank;
    return id;
}

void ig_replicas_broadcast(const IgSite *site, IgTensor *value)
{
    if (g_transport == NULL || value->dtype == IG_STRING) return;
    g_transport->broadcast(site, value->data, value->size * (int64_t)ig_dtype_size(value->dtype));
}

void ig_replicas_barrier(const IgSite *site)
{
    if (g_transport != NULL) g_transport->barrier(site);
}

void ig_replicas_abort_others(void)
{
    if (g_transport != NULL) g_transport->abort();
}
