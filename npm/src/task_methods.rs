//! The methods both client classes share — `sendMessage`, `getTask`,
//! `cancelTask`, `waitForTask` — written once, exported on each class
//! (wasm-bindgen has no inheritance for exported classes).

/// Adds the shared task methods to a client class with a `session` field.
macro_rules! task_methods {
    ($class:ident) => {
        #[wasm_bindgen::prelude::wasm_bindgen]
        impl $class {
            /// `message/send`: resolves with the task (or, from a generic agent, a message) as sent.
            #[wasm_bindgen(js_name = sendMessage)]
            pub fn send_message(&self, message: JsValue, options: JsValue) -> js_sys::Promise {
                $crate::call_future::start(
                    &self.session,
                    $crate::arguments::ClientMethod::SendMessage,
                    &message,
                    &options,
                )
            }

            /// `tasks/get`: resolves with the task.
            #[wasm_bindgen(js_name = getTask)]
            pub fn get_task(&self, id: JsValue, options: JsValue) -> js_sys::Promise {
                $crate::call_future::start(&self.session, $crate::arguments::ClientMethod::GetTask, &id, &options)
            }

            /// `tasks/cancel`: resolves with the canceled task.
            #[wasm_bindgen(js_name = cancelTask)]
            pub fn cancel_task(&self, id: JsValue, options: JsValue) -> js_sys::Promise {
                $crate::call_future::start(&self.session, $crate::arguments::ClientMethod::CancelTask, &id, &options)
            }

            /// Polls `tasks/get` until the task is terminal or needs the caller.
            #[wasm_bindgen(js_name = waitForTask)]
            pub fn wait_for_task(&self, id: JsValue, options: JsValue) -> js_sys::Promise {
                $crate::call_future::start(&self.session, $crate::arguments::ClientMethod::WaitForTask, &id, &options)
            }
        }
    };
}

pub(crate) use task_methods;
