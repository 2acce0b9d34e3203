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

// The web layer's statics (the executor's exchange, the card and literal
// caches) hold JS values and are sound only where wasm code runs on one
// thread; each `unsafe impl Sync` behind them is compiled only there, and this
// says why the build stops.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
compile_error!("magisterium-a2a supports single-threaded wasm only: build without the `atomics` target feature");

#[cfg(any(test, target_arch = "wasm32"))]
mod executor;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// The bundle's allocator: talc, growing linear memory as it needs. talc's
/// `new_wasm` refuses (at compile time) a target other than single-threaded
/// wasm, where its unlocked `Sync` would not hold. (std, when linked, brings
/// its own allocator.)
#[cfg(all(feature = "bundle", target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: talc::cell::TalcSyncCell<talc::wasm::WasmGrowAndClaim, talc::wasm::WasmBinning> =
    talc::cell::TalcSyncCell::new_wasm(talc::wasm::WasmGrowAndClaim);

/// In the bundle a panic only traps: nothing is formatted, so no formatting
/// code is linked. The core is written never to panic on outside data; the
/// native tests and the fuzzer hold it to that.
#[cfg(all(feature = "bundle", target_arch = "wasm32"))]
#[panic_handler]
fn panic(_: &::core::panic::PanicInfo<'_>) -> ! {
    ::core::arch::wasm32::unreachable()
}
