//! `magisterium-a2a`: a typed, Promise-returning browser client for the
//! Magisterium AI A2A endpoint (JSON-RPC 2.0 over `fetch`).
//!
//! Two layers:
//! - [`core`]: pure Rust (wire format, decoding, errors, validation, retry
//!   policy), tested natively, never panicking on any input;
//! - [`web`] (wasm32 only): the thin `#[wasm_bindgen]` boundary that converts
//!   between JS values and the core, and talks to `fetch`.
#![deny(missing_docs)]
#![cfg_attr(feature = "bundle", no_std)]

extern crate alloc;

pub mod core;
pub mod heap;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// The bundle's allocator (std, when linked, brings its own).
#[cfg(all(feature = "bundle", target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: heap::Heap<heap::LinearMemory> = heap::Heap::new(heap::LinearMemory);

/// In the bundle a panic only traps: nothing is formatted, so no formatting
/// code is linked. The core is written never to panic on outside data; the
/// native tests and the fuzzer hold it to that.
#[cfg(all(feature = "bundle", target_arch = "wasm32"))]
#[panic_handler]
fn panic(_: &::core::panic::PanicInfo<'_>) -> ! {
    ::core::arch::wasm32::unreachable()
}
