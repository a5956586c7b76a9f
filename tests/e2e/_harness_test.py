#!/usr/bin/env python3
"""Unit tests of run_e2e.py's golden comparison: what a float tolerance forgives and
what it never does, what mask-timings hides, and where a header may be. Entry point:
unittest's main; standard library only."""

import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_e2e import (HeaderError, Result, Spec, check_dot_renders, masked,  # noqa: E402
                     outputs_match, parse_header)


class OutputsMatch(unittest.TestCase):
    def test_exact_without_tolerance(self):
        self.assertTrue(outputs_match("a 1.5\n", "a 1.5\n", 0.0))
        self.assertFalse(outputs_match("8.33999443\n", "8.34002\n", 0.0))

    def test_float32_sum_order_within_tolerance(self):
        # The digits oneDNN's AVX-512 and AVX2 sums print for the same sum.
        self.assertTrue(outputs_match("[[8.33999443 8.33999443]]\n",
                                      "[[8.34002 8.34002]]\n", 1e-5))
        self.assertTrue(outputs_match("mean: 1.01532567\n", "mean: 1.01532519\n", 1e-5))

    def test_float_outside_tolerance(self):
        self.assertFalse(outputs_match("mean: 1.0153\n", "mean: 1.0155\n", 1e-5))
        self.assertFalse(outputs_match("0\n", "1e-9\n", 1e-5))

    def test_integers_and_text_stay_exact(self):
        self.assertFalse(outputs_match("count: 14129\n", "count: 14130\n", 1e-5))
        self.assertFalse(outputs_match("mean: 1.5\n", "Mean: 1.5\n", 1e-5))
        self.assertFalse(outputs_match("1.5 2.5\n", "1.5\n", 1e-5))
        self.assertFalse(outputs_match("1.5\n", "1.5\n\n", 1e-5))

    def test_exponents_and_infinities(self):
        self.assertTrue(outputs_match("1.0000001e-07\n", "1.0000002e-07\n", 1e-5))
        self.assertTrue(outputs_match("inf\n", "inf\n", 1e-5))
        self.assertFalse(outputs_match("-1.5\n", "1.5\n", 1e-5))


class Timings(unittest.TestCase):
    def test_masked_durations_only(self):
        spec = Spec(mask_timings=True)
        line = "22/22 [=====] - 0s 2ms/step - loss: 0.1234 - ETA: 1:05 - 41us/epoch\n"
        self.assertEqual(masked(line, spec),
                         "22/22 [=====] - <t> <t>/step - loss: 0.1234 - ETA: <t> - <t>/epoch\n")
        self.assertEqual(masked(line, Spec()), line)

    def test_masked_floats_leave_integers_and_names(self):
        spec = Spec(mask_timings=True, mask_floats=True)
        line = "Epoch 1/2 conv2d_1 (None, 28) - 0s - loss: 1.3803 - lr: 3e-05 - at least 0.65 -> 1\n"
        self.assertEqual(masked(line, spec), "Epoch 1/2 conv2d_1 (None, 28) - <t> - loss: <f> - "
                                             "lr: <f> - at least <f> -> 1\n")


@unittest.skipUnless(shutil.which("dot"), "Graphviz's dot is not installed")
class DotRenders(unittest.TestCase):
    def test_valid_dot_passes(self):
        res = Result("t")
        check_dot_renders(res, "dot", "digraph g { a -> b; }\n")
        self.assertEqual(res.failures, [])
        self.assertEqual(res.checks, ["dot -Tsvg"])

    def test_syntax_error_fails(self):
        res = Result("t")
        check_dot_renders(res, "dot", "digraph g { a -> ; }\n")
        self.assertEqual(len(res.failures), 1)
        self.assertIn("dot -Tsvg rejects", res.failures[0][0])

    def test_a_warning_fails_too(self):
        res = Result("t")
        check_dot_renders(res, "dot", "digraph g { a [shape=nosuchshape]; }\n")
        self.assertEqual(len(res.failures), 1, res.failures)


class DotMissing(unittest.TestCase):
    def test_without_dot_a_note_says_so(self):
        res = Result("t")
        saved = shutil.which
        shutil.which = lambda name: None
        try:
            check_dot_renders(res, "dot", "digraph g { }\n")
        finally:
            shutil.which = saved
        self.assertEqual(res.failures, [])
        self.assertEqual(res.checks, [])
        self.assertIn("not installed", res.notes[0])


class Header(unittest.TestCase):
    def header_of(self, text):
        with tempfile.TemporaryDirectory() as d:
            script = Path(d) / "t.py"
            script.write_text(text)
            return parse_header(script, False)

    def test_first_line_only(self):
        self.assertEqual(self.header_of("# ingot-test: exit=3\nx = 1\n").exit, 3)
        with self.assertRaises(HeaderError):
            self.header_of("# a comment\n# ingot-test: exit=3\n")


if __name__ == "__main__":
    unittest.main()
