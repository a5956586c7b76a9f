#!/usr/bin/env python3
"""Writes the small data files the tests in tests/e2e/data read: good ones and one of
each kind of damage. Python's standard library only (the .npy and IDX headers are
written by hand, as the formats define them), so the files are the same on every
machine. Run it (`python3 _make_files.py`) from this directory after changing it; the files are committed."""
import gzip
import json
import struct

TABLE = "x,y,label\n1.5,2,0\n-3,4.25,1\n\n5e-1,6,2\n"


def write(name, data, gz=False):
    if isinstance(data, str):
        data = data.encode()
    if gz:
        data = gzip.compress(data, mtime=0)
    with open(name, "wb") as f:
        f.write(data)


def npy(descr, shape, payload, version=1):
    dims = "".join("%d, " % d for d in shape).rstrip(" ") if len(shape) != 1 else "%d," % shape[0]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    prefix_len = 10 if version == 1 else 12
    total = (prefix_len + len(header) + 1 + 63) // 64 * 64
    header = header + " " * (total - prefix_len - len(header) - 1) + "\n"
    size = struct.pack("<H", len(header)) if version == 1 else struct.pack("<I", len(header))
    return b"\x93NUMPY" + bytes([version, 0]) + size + header.encode() + payload


def idx(code, fmt, shape, values):
    head = bytes([0, 0, code, len(shape)]) + b"".join(struct.pack(">I", d) for d in shape)
    return head + b"".join(struct.pack(">" + fmt, v) for v in values)


def safetensors(entries):
    """entries: (name, dtype, shape, payload bytes), in order."""
    header, offset = {}, 0
    for name, dtype, shape, payload in entries:
        header[name] = {"dtype": dtype, "shape": list(shape),
                        "data_offsets": [offset, offset + len(payload)]}
        offset += len(payload)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + b"".join(e[3] for e in entries)


COUNTER = ("save_counter", "I64", (), struct.pack("<q", 4))
W = ("w", "F32", (2, 3), struct.pack("<6f", 1, 2, 3, 4, 5, 6))
B = ("b", "F32", (3,), struct.pack("<3f", 0.5, -0.5, 0.25))
write("ckpt_good", safetensors([COUNTER, W, B]))
write("ckpt_missing_b", safetensors([COUNTER, W]))
write("ckpt_wrong_shape", safetensors([COUNTER, ("w", "F32", (3, 2), W[3]), B]))
write("ckpt_wrong_dtype", safetensors([COUNTER, ("w", "F64", (2, 3), struct.pack("<6d", *range(6))),
                                       B]))
write("ckpt_truncated", safetensors([COUNTER, W, B])[:-6])
write("ckpt_not_json", struct.pack("<Q", 8) + b"{nope}  ")

write("table.csv", TABLE)
write("table.csv.gz", TABLE, gz=True)
write("semicolons.txt", "1;2;3\n4;5;6\n")
write("crlf.csv", "1,2\r\n3,4\r\n")
write("int64.csv", "9007199254740993,-9223372036854775808\n9223372036854775807,3.0\n")
write("int64_overflow.csv", "1,9223372036854775808\n")
write("bad_field.csv", "1,2,3\n4,five,6\n")
write("ragged.csv", "1,2,3\n4,5,6\n7,8\n")
write("empty.csv", "")
write("header_only.csv", "a,b\n")
write("truncated.csv.gz", gzip.compress(TABLE.encode() * 50, mtime=0)[:60])

write("f64.npy", npy("<f8", (2, 3), struct.pack("<6d", 0.5, 1, 1.5, 2, 2.5, 3)))
write("i32.npy", npy("<i4", (4,), struct.pack("<4i", -2, 0, 7, 2147483647)))
write("u8.npy.gz", npy("|u1", (2, 2), bytes([0, 1, 128, 255])), gz=True)
write("bools.npy", npy("|b1", (3,), bytes([1, 0, 1]), version=2))
write("scalar.npy", npy("<f4", (), struct.pack("<f", 42.5)))
write("truncated.npy", npy("<f4", (10,), struct.pack("<4f", 1, 2, 3, 4)))
write("wrong_magic.npy", b"NUMPY\x93" + npy("<f4", (1,), struct.pack("<f", 1))[6:])
write("big_endian.npy", npy(">f4", (1,), struct.pack(">f", 1)))

write("labels.idx1", idx(0x08, "B", (5,), [3, 1, 4, 1, 5]))
write("images.idx3.gz", idx(0x08, "B", (2, 2, 3), range(12)), gz=True)
write("floats.idx2", idx(0x0D, "f", (2, 2), [0.25, -1, 8, 1.5]))
write("truncated.idx3", idx(0x08, "B", (2, 3, 3), range(18))[:20])
write("wrong_magic.idx1", b"\x01" + idx(0x08, "B", (2,), [1, 2])[1:])
