#include <criterion/criterion.h>
Test(parser, placeholder) { cr_assert(1); }
