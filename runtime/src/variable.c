/* variable.c — tf.Variable at run time: a variable owns one reference to an
 * immutable tensor; reads hand out new references, assigns swap the pointer.
 * Entry points: ig_var_init, ig_var_initialize, ig_var_read, ig_var_assign,
 * ig_var_assign_add, ig_var_assign_sub, ig_var_release. Memory owner: each IgVar owns its
 * value, never an immortal one. */
#include <string.h>

#include "internal.h"

/* The tensor a variable given value holds, with a reference of its own: value retained,
 * or a copy of an immortal one. An immortal tensor is a site's constant and dies with
 * its site (ig_site_release, a thread's shutdown); in a library a site is _Thread_local,
 * so its thread may end while the model, and its variables, live on. A copy is made
 * once, when the variable takes the constant; a read hands out the copy. The same for
 * a tensor over a caller's memory (ig_tensor_wrap). */
static IgTensor *var_hold(IgTensor *value)
{
    /* Nor a wrapped one: that memory is a library caller's, theirs to free or reuse; nor
     * one in a call's arena, which would stay taken while the variable holds it. */
    if (value->refcount < 0 || ig_tensor_is_wrapped(value) || ig_tensor_in_arena(value))
        return ig_tensor_copy(value);
    ig_retain(value);
    return value;
}

/* The compiler proves dtypes and static dims; an unknown dim of the value is only
 * known here. The messages are TensorFlow's (AssignVariableOp, AssignAddVariableOp). */
static void var_check(IgSite *site, const IgVar *var, const IgTensor *value, bool update)
{
    const IgTensor *cur = var->value;
    IG_RT_ASSERT(cur != NULL && value != NULL);
    if (value->dtype != cur->dtype)
        ig_fatal(site, "InvalidArgumentError: variable '%s' is %s, cannot %s it with a %s tensor",
                 var->name, ig_dtype_name(cur->dtype), update ? "update" : "assign",
                 ig_dtype_name(value->dtype));
    if (!ig_shape_equal(cur->rank, cur->shape, value->rank, value->shape)) {
        char want[IG_SHAPE_STR_MAX], got[IG_SHAPE_STR_MAX];
        ig_shape_str(want, cur->rank, cur->shape);
        ig_shape_str(got, value->rank, value->shape);
        if (update)
            ig_fatal(site,
                     "InvalidArgumentError: cannot update variable '%s' with shape %s using a "
                     "tensor with "
                     "shape %s, shapes must be equal",
                     var->name, want, got);
        ig_fatal(site,
                 "InvalidArgumentError: trying to assign variable '%s' with wrong shape: expected "
                 "%s, got %s",
                 var->name, want, got);
    }
}

void ig_var_init(IgVar *var, IgTensor *value)
{
    IG_RT_ASSERT(var != NULL && value != NULL);
    IgTensor *held = var_hold(value);
    ig_release(var->value);
    var->value = held;
}

void ig_var_initialize(IgSite *site, IgVar *var, IgTensor *value)
{
    IG_RT_ASSERT(var != NULL && var->value == NULL); /* the compiler makes one, once */
    if (ig_replica_count() == 1 || value->dtype == IG_STRING) {
        ig_var_init(var, value);
        return;
    }
    /* One replica of several (tf.distribute): every replica starts from rank 0's value,
       received into a tensor of the variable's own (value may be shared). */
    IgTensor *own = ig_tensor_make(site, "variable", value->dtype, value->rank, value->shape);
    memcpy(own->data, value->data, (size_t)value->size * ig_dtype_size(value->dtype));
    ig_replicas_broadcast(site, own);
    ig_var_init(var, own);
    ig_release(own);
}

IgTensor *ig_var_read(IgSite *site, IgVar *var)
{
    (void)site;
    IG_RT_ASSERT(var != NULL && var->value != NULL); /* init() runs before the program */
    ig_retain(var->value);
    return var->value;
}

void ig_var_assign(IgSite *site, IgVar *var, IgTensor *value)
{
    var_check(site, var, value, false);
    /* Hold first: assigning the variable's own value must not free it. */
    IgTensor *held = var_hold(value);
    ig_release(var->value);
    var->value = held;
}

/* var = op(var, delta), as a new tensor: whoever read the old value keeps it. */
static void var_update(IgSite *site, IgVar *var, const IgTensor *delta, bool add)
{
    var_check(site, var, delta, true);
    IgTensor *next = add ? ig_add(site, var->value, delta) : ig_sub(site, var->value, delta);
    ig_release(var->value);
    var->value = next;
}

void ig_var_assign_add(IgSite *site, IgVar *var, const IgTensor *delta) {
    var_update(site, var, delta, true);
}

void ig_var_assign_sub(IgSite *site, IgVar *var, const IgTensor *delta) {
    var_update(site, var, delta, false);
}

void ig_var_release(IgVar *var)
{
    if (var == NULL) return;
    ig_release(var->value);
    var->value = NULL;
}
