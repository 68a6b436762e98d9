//! The process-wide panic policy (its own test binary: it installs panic hooks). A panic the SDK
//! catches reaches the caller as fixed text and is never printed; its own text goes to the
//! `wallet_sdk::panic` debug log, scrubbed. Every other panic still reaches the hook the
//! application installed.

use std::sync::{Arc, Mutex};

use tracing_subscriber::layer::SubscriberExt;

/// Every event of the `wallet_sdk::panic` target, as text.
#[derive(Clone, Default)]
struct Logged(Arc<Mutex<Vec<String>>>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Logged {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        if event.metadata().target() == "wallet_sdk::panic" {
            struct Text<'a>(&'a mut String);
            impl tracing::field::Visit for Text<'_> {
                fn record_debug(&mut self, _: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                    self.0.push_str(&format!("{value:?}"));
                }
            }
            let mut text = String::new();
            event.record(&mut Text(&mut text));
            self.0.lock().unwrap().push(text);
        }
    }
}

#[test]
fn caught_panics_are_quiet_and_logged_scrubbed_and_others_reach_the_applications_hook() {
    // the application's own hook, installed first
    let printed = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = printed.clone();
    std::panic::set_hook(Box::new(move |info| seen.lock().unwrap().push(info.to_string())));
    let logged = Logged::default();
    let _guard = tracing::subscriber::set_default(tracing_subscriber::registry().with(logged.clone()));

    let phrase = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";
    let e = wallet_sdk::panic::catch(|| -> u8 { panic!("answer held {phrase}") }).unwrap_err();
    assert_eq!(e, wallet_sdk::panic::INTERNAL_ERROR);
    assert!(!e.contains("wrist"));
    // on the SDK's runtime threads too (the runtime catches a task's panic)
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).thread_name("wallet-sdk").build().unwrap();
    let task = runtime.spawn(async { panic!("in a task: {}", "wrist") });
    assert!(runtime.block_on(task).unwrap_err().is_panic());
    assert!(printed.lock().unwrap().is_empty(), "printed: {:?}", printed.lock().unwrap());
    let logs = logged.0.lock().unwrap().clone();
    assert!(logs.iter().any(|l| l.contains("answer held [REDACTED]")), "{logs:?}");
    assert!(logs.iter().all(|l| !l.contains("wrist disorder")), "{logs:?}");

    // a panic of the application's own, outside the SDK: its hook is told, as before
    let _ = std::panic::catch_unwind(|| panic!("the application's own"));
    assert_eq!(printed.lock().unwrap().len(), 1);
    assert!(printed.lock().unwrap()[0].contains("the application's own"));
}
