//! pyo3 layer (in progress).
