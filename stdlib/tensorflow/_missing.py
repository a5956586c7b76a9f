"""The one list of TensorFlow names Ingot does not have yet, by module.

Naming one is a located "not supported yet" error that names it (`tf.distribute`),
not the AttributeError of a typo: each module of the stdlib's TensorFlow sets
`__ingot_missing__ = _missing.names(__name__)`, which the interpreter consults
when an attribute is missing (compiler/vm/eval.c). A name not listed, and not in the
module, is an AttributeError with CPython 3.12's "Did you mean" suggestion.
"""

MISSING = {
    "tensorflow": (
        "py_function", "numpy_function",
        "io", "image", "strings", "linalg", "signal", "sparse", "lite", "summary", "test",
        "experimental", "estimator", "feature_column", "lookup", "queue", "ragged", "sets",
        "audio", "bitwise", "compat", "debugging", "nest", "dtypes", "xla", "tpu", "types",
        "TensorArray", "SparseTensor", "RaggedTensor", "IndexedSlices", "Graph", "Operation",
        "device", "init_scope", "control_dependencies", "vectorized_map",
        "map_fn", "scan", "foldl", "foldr", "switch_case", "case", "group", "no_op",
        "sort", "argsort", "unique", "searchsorted", "einsum", "linspace", "meshgrid", "norm",
        "tensordot", "scatter_nd", "gather_nd", "tensor_scatter_nd_update", "boolean_mask",
        "reverse", "roll", "pad", "split", "repeat", "cumsum", "cumprod", "ensure_shape",
        "histogram_fixed_width", "clip_by_average_norm", "squared_difference", "truncatemod",
        "realdiv", "complex", "bitcast", "saturate_cast", "fingerprint", "timestamp",
        "get_logger", "random_normal_initializer",
        "random_uniform_initializer", "zeros_initializer", "ones_initializer",
        "constant_initializer", "float16", "bfloat16", "int8", "int16", "uint8", "uint16",
        "uint32", "uint64", "complex64", "complex128", "variant", "resource", "qint8",
        "DType", "Tensor", "VariableAggregation", "VariableSynchronization", "AggregationMethod",
        "OptionalSpec", "RaggedTensorSpec", "SparseTensorSpec", "TypeSpec", "autodiff",
        "recompute_grad", "hessians", "gradients", "batch_to_space", "space_to_batch",
        "depth_to_space", "space_to_depth", "guarantee_const", "matrix_square_root",
    ),
    "tensorflow.keras": (
        "regularizers", "constraints", "utils",
        "datasets", "backend", "mixed_precision", "preprocessing", "applications",
        "saving", "export", "dtensor", "experimental", "wrappers", "estimator",
    ),
    "tensorflow.keras.optimizers": (
        "Adadelta", "Adamax", "Nadam", "Ftrl", "AdamW", "Lion", "Adafactor", "legacy",
        "experimental", "serialize", "deserialize", "get",
    ),
    "tensorflow.keras.layers": (
        "Conv1D", "Conv3D", "Conv2DTranspose", "DepthwiseConv2D", "SeparableConv2D",
        "MaxPooling1D", "MaxPooling3D", "AveragePooling1D", "GlobalAveragePooling1D",
        "LayerNormalization",
        "LSTM", "GRU", "SimpleRNN", "RNN", "Bidirectional", "TimeDistributed", "Attention",
        "MultiHeadAttention", "Multiply", "Average", "Maximum",
        "LeakyReLU", "PReLU", "ELU", "ZeroPadding2D", "UpSampling2D", "Cropping2D",
        "SpatialDropout2D", "GaussianNoise", "Masking", "Permute", "RepeatVector",
        "Normalization", "Rescaling", "Resizing", "CenterCrop", "RandomFlip",
        "RandomRotation", "TextVectorization", "StringLookup", "IntegerLookup",
        "experimental", "concatenate", "add",
    ),
    "tensorflow.keras.losses": (
        "Huber", "LogCosh", "KLDivergence", "Poisson", "CosineSimilarity", "Hinge",
        "SquaredHinge", "CategoricalHinge", "MeanSquaredLogarithmicError",
        "MeanAbsolutePercentageError", "Reduction", "huber", "log_cosh", "kl_divergence",
        "poisson", "cosine_similarity", "hinge", "serialize", "deserialize",
    ),
    "tensorflow.keras.metrics": (
        "AUC", "Precision", "Recall", "TopKCategoricalAccuracy",
        "SparseTopKCategoricalAccuracy", "MeanSquaredError", "RootMeanSquaredError",
        "MeanAbsoluteError", "MeanIoU", "Sum", "TruePositives", "FalsePositives",
        "TrueNegatives", "FalseNegatives", "PrecisionAtRecall", "RecallAtPrecision",
        "SensitivityAtSpecificity", "SpecificityAtSensitivity", "CosineSimilarity",
        "KLDivergence", "LogCoshError", "Poisson", "Hinge", "SquaredHinge",
        "CategoricalHinge", "MeanRelativeError", "MeanTensor", "F1Score", "FBetaScore",
        "R2Score", "serialize", "deserialize", "get",
    ),
    "tensorflow.keras.callbacks": (
        "TensorBoard", "CSVLogger", "LearningRateScheduler", "ReduceLROnPlateau",
        "LambdaCallback", "TerminateOnNaN", "ProgbarLogger", "RemoteMonitor",
        "BackupAndRestore", "CallbackList", "experimental",
    ),
    "tensorflow.keras.models": (
        "load_model", "save_model", "clone_model", "model_from_json",
    ),
    "tensorflow.data": (
        "TFRecordDataset", "TextLineDataset", "FixedLengthRecordDataset", "Options",
        "Iterator", "DatasetSpec", "ThreadingOptions", "experimental",
    ),
    "tensorflow.train": (
        "ExponentialMovingAverage", "Example", "SequenceExample", "Feature", "Features",
        "FeatureList", "FeatureLists", "BytesList", "FloatList", "Int64List",
        "list_variables", "load_checkpoint", "load_variable", "CheckpointOptions",
        "CheckpointView", "Coordinator", "ClusterSpec", "ServerDef", "experimental",
        "checkpoints_iterator", "get_checkpoint_state",
    ),
    "tensorflow.nn": (
        "leaky_relu", "relu6", "crelu", "elu", "selu", "gelu", "silu", "swish", "softplus",
        "softsign", "l2_normalize", "l2_loss", "log_poisson_loss", "embedding_lookup",
        "embedding_lookup_sparse", "conv1d", "conv3d", "convolution", "depthwise_conv2d",
        "separable_conv2d", "conv2d_transpose", "conv1d_transpose", "conv3d_transpose",
        "atrous_conv2d", "max_pool1d", "max_pool3d", "avg_pool1d",
        "avg_pool3d", "pool", "max_pool_with_argmax", "fractional_max_pool",
        "local_response_normalization", "lrn", "normalize_moments", "weighted_moments",
        "fused_batch_norm", "top_k", "in_top_k", "weighted_cross_entropy_with_logits",
        "ctc_loss", "ctc_greedy_decoder", "ctc_beam_search_decoder", "nce_loss",
        "sampled_softmax_loss", "scale_regularization_loss",
        "safe_embedding_lookup_sparse", "sufficient_statistics", "experimental",
        "isotonic_regression", "approx_max_k", "approx_min_k", "collapse_repeated",
    ),
    "tensorflow.math": (
        "cumsum", "cumprod", "cumulative_logsumexp", "reduce_logsumexp", "reduce_euclidean_norm",
        "reduce_std", "reduce_variance", "top_k", "in_top_k", "bincount", "confusion_matrix",
        "segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod",
        "unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max",
        "unsorted_segment_min", "unsorted_segment_prod", "softplus", "softsign", "erf",
        "erfc", "erfinv", "lgamma", "digamma", "igamma", "igammac", "betainc", "polygamma",
        "zeta", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "asinh",
        "acosh", "atanh", "expm1", "log_sigmoid", "log_softmax", "softmax", "is_nan", "is_inf",
        "is_finite", "is_non_decreasing", "is_strictly_increasing", "count_nonzero",
        "multiply_no_nan", "xdivy", "xlogy", "xlog1py", "truediv",
        "truncatediv", "truncatemod", "mod", "polyval", "rint", "nextafter",
        "conj", "real", "imag", "angle", "l2_normalize", "accumulate_n", "add_n", "scalar_mul",
        "logical_xor", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "ndtri",
        "sobol_sample", "special",
    ),
    "tensorflow.random": (
        "shuffle", "categorical", "gamma", "poisson", "stateless_uniform", "stateless_normal",
        "stateless_truncated_normal", "stateless_categorical", "stateless_binomial",
        "stateless_gamma", "stateless_poisson", "experimental", "fold_in", "split",
        "create_rng_state", "learned_unigram_candidate_sampler", "log_uniform_candidate_sampler",
        "uniform_candidate_sampler", "fixed_unigram_candidate_sampler", "all_candidate_sampler",
        "Algorithm",
    ),
    "tensorflow.config": (
        "list_physical_devices", "list_logical_devices", "set_visible_devices",
        "get_visible_devices", "experimental", "threading", "optimizer",
        "set_soft_device_placement", "get_soft_device_placement", "LogicalDevice",
        "PhysicalDevice", "LogicalDeviceConfiguration", "experimental_connect_to_cluster",
        "experimental_connect_to_host", "experimental_run_functions_eagerly",
    ),
    "tensorflow.distribute": (
        "TPUStrategy", "CentralStorageStrategy", "ParameterServerStrategy",
        "OneDeviceStrategy", "experimental", "cluster_resolver", "coordinator",
        "CrossDeviceOps", "NcclAllReduce", "HierarchicalCopyAllReduce",
        "ReductionToOneDevice", "InputContext", "InputOptions", "InputReplicationMode",
        "RunOptions", "StrategyExtended", "DistributedIterator", "DistributedValues",
        "experimental_set_strategy",
    ),
    "tensorflow.autograph": (
        "to_graph", "set_verbosity", "trace",
    ),
}


def names(module):
    """The names module (its __name__) lacks, as a tuple: () when it lacks none."""
    return MISSING.get(module, ())
