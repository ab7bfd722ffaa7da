//! Property tests of the money rules.
