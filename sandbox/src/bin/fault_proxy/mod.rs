//! The parts of `wallet-fault-proxy`: raw HTTP/1.1 and the armed rules.

pub mod http;
pub mod rules;
