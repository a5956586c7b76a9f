"""Ingot's own additions to the TensorFlow API (flags, loaders): later issues."""
