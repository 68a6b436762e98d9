//! Operations: see ops/mod.rs.

use crate::app::Route;

pub fn routes() -> Vec<Route> {
    vec![]
}
