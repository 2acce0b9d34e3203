//! The npm package `magisterium-a2a`: the `#[wasm_bindgen]` classes
//! (`MagisteriumClient`, `A2AClient`, `MagisteriumError`) over the
//! [`magisterium_a2a`] core, with what only the shipped bundle needs: its
//! executor, allocator and panic handler, and the JS glue of `js/`. Built by
//! `cargo xtask build` (wasm-bindgen, then binaryen and esbuild) into `pkg/`.
//!
//! Each entry of the package has a `.wasm` of its own, built with its
//! feature: `magisterium` (`MagisteriumClient`, the entry `magisterium-a2a`)
//! or `agents` (`A2AClient`, the entry `magisterium-a2a/agents`). What only
//! `A2AClient` needs (discovery, streams, `listTasks`, the A2A dialect and
//! version) is compiled only with `agents`, so the `.wasm` most pages load
//! carries none of it. A third `.wasm`, built with `protocol` alone, holds
//! what an `A2AClient` needs only once it speaks A2A 1.0 or opens a stream
//! (the core's result shape and event-stream reader, [`protocol`]): the
//! entry's `js/agent-protocol.js` loads it then.
//!
//! Nothing here decides protocol behaviour: options and arguments are read
//! from JS values into the core's types, the core's call loop runs each call
//! over a [`js_platform::JsPlatform`], and outcomes become JS objects.
#![cfg_attr(all(feature = "bundle", target_arch = "wasm32"), no_std)]

extern crate alloc;

// The statics here (the executor's exchange, the card and literal caches)
// hold JS values and are sound only where wasm code runs on one thread; each
// `unsafe impl Sync` behind them is compiled only there, and this says why
// the build stops.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
compile_error!("magisterium-a2a supports single-threaded wasm only: build without the `atomics` target feature");

#[cfg(any(test, all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents"))))]
mod executor;
#[cfg(any(test, all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents"))))]
mod failure;

#[cfg(all(target_arch = "wasm32", feature = "agents"))]
mod a2a_client;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod arguments;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod call_future;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents", feature = "protocol")))]
mod caller_values;
#[cfg(all(target_arch = "wasm32", feature = "agents"))]
mod discovery;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod driver;
#[cfg(all(target_arch = "wasm32", feature = "agents"))]
mod event_reader;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents", feature = "protocol")))]
mod js_error;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod js_globals;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod js_platform;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod js_results;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod js_url;
#[cfg(target_arch = "wasm32")]
mod json_view;
#[cfg(all(target_arch = "wasm32", feature = "magisterium"))]
mod magisterium_client;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod options;
#[cfg(all(target_arch = "wasm32", feature = "protocol"))]
mod protocol;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents", feature = "protocol")))]
mod reply_headers;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod task_methods;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
mod transport;

#[cfg(all(target_arch = "wasm32", feature = "agents"))]
pub use a2a_client::A2AClient;
#[cfg(all(target_arch = "wasm32", any(feature = "magisterium", feature = "agents")))]
pub use js_error::MagisteriumError;
#[cfg(all(target_arch = "wasm32", feature = "magisterium"))]
pub use magisterium_client::MagisteriumClient;

/// The bundle's allocator: talc, growing linear memory as it needs. talc's
/// `new_wasm` refuses (at compile time) a target other than single-threaded
/// wasm, where its unlocked `Sync` would not hold.
#[cfg(all(feature = "bundle", target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: talc::cell::TalcSyncCell<talc::wasm::WasmGrowAndClaim, talc::wasm::WasmBinning> =
    talc::cell::TalcSyncCell::new_wasm(talc::wasm::WasmGrowAndClaim);

/// In the bundle a panic only traps: nothing is formatted, so no formatting
/// code is linked. The core is written never to panic on outside data; its
/// native tests and the fuzzer hold it to that.
#[cfg(all(feature = "bundle", target_arch = "wasm32"))]
#[panic_handler]
fn panic(_: &::core::panic::PanicInfo<'_>) -> ! {
    ::core::arch::wasm32::unreachable()
}
