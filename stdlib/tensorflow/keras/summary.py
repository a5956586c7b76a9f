"""Model.summary(): Keras's table of layers, output shapes and parameter counts,
printed when the script is built. Columns and wrapping as Keras 2.11 prints them:
three columns for a model whose layers form a chain, a fourth ("Connected to") for a
functional model that branches or merges."""


def _print_row(out, fields, positions):
    """One row: each field in its column, two spaces between columns; a field too long
    for its column goes on in the same column on the next line (Keras breaks it after
    "),", "},", "],", "'," when it can)."""
    left = [str(f) for f in fields]
    while any(left):
        line = ""
        for col in range(len(left)):
            start = positions[col - 1] if col > 0 else 0
            space = 2 if col != len(positions) - 1 else 0
            cutoff = positions[col] - start - space
            fit = left[col][:cutoff]
            breaks = [fit.find(b) + len(b) for b in ("),", "},", "],", "',") if fit.find(b) >= 0]
            if breaks:
                cutoff = min(breaks)
                fit = fit[:cutoff]
            if col == 0:
                line += " "
            line += fit + " " * space
            left[col] = left[col][cutoff:]
            line += " " * (positions[col] - len(line))
        out(line)


def _count(variables):
    total = 0
    for v in variables:
        n = 1
        for d in v.shape:
            n *= d
        total += n
    return total


def print_summary(model, layers, graph, line_length=None, positions=None, print_fn=None):
    out = print if print_fn is None else print_fn
    chain = graph is None or graph.is_sequential_like()
    if chain:
        line_length = line_length or 65
        positions = positions or [0.45, 0.85, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #"]
    else:
        line_length = line_length or 98
        positions = positions or [0.33, 0.55, 0.67, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
    if positions[-1] <= 1:
        positions = [int(line_length * p) for p in positions]
    out('Model: "%s"' % model.name)
    out("_" * line_length)
    _print_row(out, header, positions)
    out("=" * line_length)
    for layer in layers:
        fields = ["%s (%s)" % (layer.name, type(layer).__name__),
                  getattr(layer, "_output_shape", "?"), layer.count_params()]
        if not chain:
            fields.append(graph.connections(layer))
        _print_row(out, fields, positions)
        out(" " * line_length)
    out("=" * line_length)
    total = _count(model.variables)
    trainable = _count(model.trainable_variables)
    out("Total params: {:,}".format(total))
    out("Trainable params: {:,}".format(trainable))
    out("Non-trainable params: {:,}".format(total - trainable))
    out("_" * line_length)
