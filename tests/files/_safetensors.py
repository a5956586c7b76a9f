"""Reading a safetensors file with NumPy alone, as a user of Ingot's checkpoints would:
an 8-byte little-endian header length, a JSON header, the tensors' raw bytes."""
import json
import struct

import numpy as np

DTYPES = {"F32": "<f4", "F64": "<f8", "I32": "<i4", "I64": "<i8", "BOOL": "|b1"}


def load(path):
    """{name: array} of the file at path; raises ValueError on a malformed file."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 8:
        raise ValueError(f"{path}: {len(data)} bytes, no header length")
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    body = data[8 + n:]
    arrays = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        begin, end = entry["data_offsets"]
        if end > len(body):
            raise ValueError(f"{path}: tensor {name} ends at {end}, the data has {len(body)}")
        dtype = np.dtype(DTYPES[entry["dtype"]])
        arrays[name] = np.frombuffer(body[begin:end], dtype=dtype).reshape(entry["shape"])
    return arrays
