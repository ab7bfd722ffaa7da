//! Worked examples and degenerate cases of the money rules.
