/* This Source Code Form is subject to the terms of the Mozilla Public
 * License, v. 2.0. If a copy of the MPL was not distributed with this
 * file, You can obtain one at http://mozilla.org/MPL/2.0/. */

pub mod initial;

pub mod general;
// pub mod grouped;
// pub mod initial;
//
// pub use uniffi_internal_macros::Node;
// pub use uniffi_pipeline::Pipeline;
